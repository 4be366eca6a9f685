/** The production server as the benches run it: `server/main.ts` in a child process on a free port. */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built site with its data in `dataDir`; resolves once it answers. `env` adds to the
 * server's environment (e.g. `PAGE_CACHE_MB: "0"` to measure renders without the page cache).
 */
export async function startProductionServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The project's Node 24 (npm package `node`) even when the script is started outside npm.
      PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      // The studio bench signs in as a fixture editor.
      FIXTURE_EDITORS: "true",
      // One process, as the benches have always measured; pass WEB_CONCURRENCY in `env` for more.
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return { origin, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error("server did not start within 60 s");
}
