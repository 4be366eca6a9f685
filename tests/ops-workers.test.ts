/**
 * `npm start`'s cluster: the real server (server/main.ts, production build) spawned with
 * WEB_CONCURRENCY=2 on a free port over SQLite in a temporary DATA_DIR. A publish made through
 * one request is seen on the next requests whichever worker answers (each worker has its own
 * page cache), and the contact rate limit (CONTACT_RATE_LIMIT, 10 a minute per address) holds
 * across the two workers. Which worker answered is read from the JSON access log, by the
 * request id each answer carries. Needs the production build (`npm run build`; skipped without one).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROKER, fixtureEditor } from "./helpers/content-service";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD = path.join(ROOT, "build/server/index.js");

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!fs.existsSync(BUILD))("two workers (cluster) on one store", () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let out = "";
  /** Request id → the worker (1 or 2) that logged it. */
  const workerOf = new Map<string, number>();
  /** Worker slot → the pid of its latest process. */
  const pidOf = new Map<number, number>();
  let cookie = "";

  /**
   * One request on a connection of its own (no keep-alive): the cluster hands each new
   * connection to the next worker, so consecutive requests reach both.
   */
  function send(method: string, target: string, headers: http.OutgoingHttpHeaders = {}, body?: string | Buffer) {
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: target, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** The worker that answered, from its access log line (written when the answer finished). */
  async function answeredBy(answer: Answer): Promise<number> {
    const id = String(answer.headers["x-request-id"]);
    for (let i = 0; i < 50 && !workerOf.has(id); i++) await new Promise((r) => setTimeout(r, 20));
    const worker = workerOf.get(id);
    if (worker === undefined) throw new Error(`no log line for request ${id}:\n${out.slice(-2000)}`);
    return worker;
  }

  beforeAll(async () => {
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ops-workers-"));
    child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        WEB_CONCURRENCY: "2",
        LOG_FORMAT: "json",
        FIXTURE_EDITORS: "true",
        RECAPTCHA_OFFLINE: "true",
        CONTACT_RATE_LIMIT: "10",
        TRUST_PROXY: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let pending = "";
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        try {
          const record = JSON.parse(line) as { msg?: string; request_id?: string; worker?: unknown; pid?: number };
          if (typeof record.worker === "number" && record.pid) pidOf.set(record.worker, record.pid);
          if (record.msg === "request" && record.request_id && typeof record.worker === "number") {
            workerOf.set(record.request_id, record.worker);
          }
        } catch {
          // not a log line
        }
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the cluster did not start within 90 s:\n${out}`)), 90_000);
      const check = () => {
        if (/Site ready on .*2 workers/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", check);
      child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
    });
    const { email, password } = fixtureEditor("editor");
    const origin = `http://127.0.0.1:${port}`;
    const signIn = await send(
      "POST",
      "/api/auth/sign-in",
      { "content-type": "application/json", origin },
      JSON.stringify({ email, password }),
    );
    expect(signIn.status).toBe(200);
    cookie = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("every worker answers, and a publish is seen on the next requests whichever worker answers", async () => {
    // Both workers render (and cache) the page as it is.
    const seenBefore = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const answer = await send("GET", "/en/about");
      expect(answer.status).toBe(200);
      seenBefore.add(await answeredBy(answer));
    }
    expect([...seenBefore].sort()).toEqual([1, 2]);

    const origin = `http://127.0.0.1:${port}`;
    const current = await send("GET", `/api/pages/${BROKER.site_id}/about`, { cookie, accept: "application/json" });
    expect(current.status).toBe(200);
    const page = JSON.parse(current.text).page;
    const intro = page.content.find((block: { id: string }) => block.id === "about-intro");
    const title = `Published across workers ${Date.now()}`;
    intro.fields.en.main_title = title;
    const saved = await send(
      "PUT",
      `/api/pages/${BROKER.site_id}/about`,
      { cookie, origin, "content-type": "application/json" },
      JSON.stringify({ page, base_version: page.version }),
    );
    expect(saved.status).toBe(200);
    const publishedBy = await answeredBy(saved);

    const seenAfter = new Map<number, number>();
    for (let i = 0; i < 20; i++) {
      const answer = await send("GET", "/en/about");
      expect(answer.status).toBe(200);
      expect(answer.text).toContain(title);
      const worker = await answeredBy(answer);
      seenAfter.set(worker, (seenAfter.get(worker) ?? 0) + 1);
    }
    // The worker that did not take the publish answered too, with the new title.
    expect(seenAfter.get(publishedBy === 1 ? 2 : 1)).toBeGreaterThan(0);
  }, 120_000);

  it("holds the contact rate limit across the two workers: the 11th post from one address is refused", async () => {
    const form = () => {
      const fields: Record<string, string> = {
        recaptcha_response: "offline-token-1",
        form_type: "contact_form",
        locale: "fr",
        full_name: "Marie Lavoie",
        first_name: "Marie",
        last_name: "Lavoie",
        phone: "(514) 555-0199",
        email: "marie.lavoie@example.com",
        message: "Bonjour, j'aimerais visiter la maison.",
        recipient_type: "broker",
        recipient_slug: "julie-tremblay",
      };
      return new URLSearchParams(fields).toString();
    };
    const post = () =>
      send(
        "POST",
        `/api/swc/${BROKER.microsite_id}/contact`,
        { "x-site-key": BROKER.site_key, "content-type": "application/x-www-form-urlencoded" },
        form(),
      );
    const workers = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const answer = await post();
      expect(answer.status, answer.text).toBe(200);
      workers.add(await answeredBy(answer));
    }
    // The ten accepted posts were spread over both workers: each alone would have allowed ten.
    expect([...workers].sort()).toEqual([1, 2]);
    // The next ones are refused, by whichever worker takes them (both, over a few connections).
    const refusedBy = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      refusedBy.add(await answeredBy(refused));
    }
    expect([...refusedBy].sort()).toEqual([1, 2]);
  }, 120_000);

  it("restarts a worker that dies, and both answer again", async () => {
    const victim = pidOf.get(1);
    expect(victim).toBeGreaterThan(0);
    process.kill(victim!, "SIGKILL");
    const deadline = Date.now() + 30_000;
    while (!/Worker 1 exited \(signal SIGKILL\)[^"]*restarting it/.test(out) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(out).toMatch(/Worker 1 exited \(signal SIGKILL\)[^"]*restarting it/);
    // Meanwhile and afterwards, every request is answered; worker 1 comes back as a new process.
    const seen = new Set<number>();
    while (Date.now() < deadline && !(seen.has(1) && pidOf.get(1) !== victim)) {
      const answer = await send("GET", "/healthz");
      expect(answer.status).toBe(200);
      const page = await send("GET", "/fr/a-propos");
      expect(page.status).toBe(200);
      seen.add(await answeredBy(page));
    }
    expect(seen.has(1)).toBe(true);
    expect(pidOf.get(1)).not.toBe(victim);
  }, 60_000);

  it("stops gracefully on SIGTERM: the workers finish, the server exits 0", async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // A request in flight while the signal arrives is still answered.
    const inFlight = send("GET", "/en/about");
    child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await exited).toBe(0);
    expect(out).toMatch(/SIGTERM: the workers finish/);
  }, 60_000);
});

describe.skipIf(!fs.existsSync(BUILD))("a cluster whose workers crash-loop", () => {
  it("gives up after repeated quick crashes, says so, and exits 1", async () => {
    // The port is taken: every worker fails as it starts listening.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ops-crash-"));
    let out = "";
    try {
      const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
        cwd: ROOT,
        env: {
          ...process.env,
          PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          WEB_CONCURRENCY: "2",
          LOG_FORMAT: "json",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      // Restarted with growing waits first, then given up on, clearly.
      expect(out).toMatch(/Worker 1 exited \(code 1\)[^"]*restarting it in 500 ms/);
      expect(out).toMatch(/Worker 1 exited \(code 1\)[^"]*restarting it in 1000 ms/);
      expect(out).toMatch(/Worker 1 crashed 5 times in a row[^"]*not restarting it/);
      expect(out).toMatch(/Every worker crash-looped: the server stops/);
      // The workers' own error is a JSON line too, with the cause.
      expect(out).toMatch(/"msg":"The server could not listen on 127\.0\.0\.1:\d+"[^\n]*"code":"EADDRINUSE"/);
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
