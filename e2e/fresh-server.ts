/**
 * A production server of its own on a fresh store, as a first run is: no account yet, the setup
 * link printed on its console (e2e/auth.spec.ts, e2e/site-studio.spec.ts). Each caller names its
 * data folder (or database) and port offset, so two such servers never share either.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { recreateDatabase } from "../scripts/pg-cluster";
import { e2eOrigin } from "./studio-helpers";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * A server on a fresh store (a data folder, or on PostgreSQL an empty database of its own beside
 * the suite's); resolves with its origin and the setup link it printed.
 */
export async function freshServer(
  name = "fresh",
  portOffset = 1,
): Promise<{ child: ChildProcess; origin: string; setupLink: string }> {
  const port = Number(new URL(e2eOrigin()).port) + portOffset;
  const dataDir = path.join(ROOT, `${process.env.E2E_DATA_DIR ?? ".data-e2e"}-${name}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `${url.pathname}_${name.replaceAll("-", "_")}`;
    databaseUrl = url.toString();
    await recreateDatabase(databaseUrl);
  }
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      RECAPTCHA_OFFLINE: "true",
      FIXTURE_EDITORS: "false",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  // A server that never printed its link is stopped here: afterAll only knows servers that did.
  const setupLink = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no setup link within 90 s:\n${out}`)), 90_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(http:\/\/\S+\/fr\/qa\/activation#[A-Za-z0-9_-]{43})/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  }).catch((error: unknown) => {
    child.kill("SIGTERM");
    throw error;
  });
  return { child, origin: `http://localhost:${port}`, setupLink };
}
