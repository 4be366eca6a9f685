/**
 * A submission answered with success is already durable (docs/architecture.md "Contracts the parts rely on"): a burst of 50
 * submissions to the embedded service in its own process, kill -9 right after the
 * last success answer, restart on the same data folder, and every acknowledged
 * submission is there.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ContactServer, startContactServer, storedSubmissions, submitContact } from "./helpers/contact-server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-durability-"));
const env = { DATA_DIR: dataDir, NODE_ENV: "test", CONTACT_RATE_LIMIT: "100000", FIXTURE_EDITORS: "true" };
let server: ContactServer | undefined;

afterAll(() => {
  server?.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("contact submissions survive kill -9", () => {
  it("stores every acknowledged submission of a burst of 50", { timeout: 20_000 }, async () => {
    server = await startContactServer(env);
    const marker = `burst-${Date.now()}`;
    const acknowledged: string[] = [];
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await submitContact(server!.origin, marker, i);
        const body = (await response.json()) as { status: string; id?: string };
        if (response.status === 200 && body.status === "success" && body.id) acknowledged.push(body.id);
      }),
    );
    // Right after the last success answer: no graceful shutdown, no checkpoint.
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server!.child.once("exit", resolve));
    expect(acknowledged).toHaveLength(50);

    server = await startContactServer(env);
    const stored = await storedSubmissions(server.origin);
    const storedIds = new Set(stored.map((s) => s.id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    const ours = stored.filter((s) => String(s.payload.message).startsWith(marker));
    expect(ours).toHaveLength(50);
    expect(ours.every((s) => s.type === "contact_form" && s.payload.first_name === "Marie")).toBe(true);
  });
});
