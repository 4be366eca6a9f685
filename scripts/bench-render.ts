/**
 * `npm run bench:render`: what one server render costs, in CPU time, so the figure holds on a
 * machine shared with other work (the `ssr` section of `npm run bench` measures throughput,
 * which also depends on the load tool and whatever else runs on the same cores).
 *
 * Needs a production build (`npm run build`). For each path:
 *  - "handler": in this process, React Router's request handler alone (loaders, content
 *    service, React render, head) called with a Fetch Request, the body read to the end,
 *    one render after the other. Wall-clock and CPU ms per render.
 *  - "server": the production server (`server/main.ts`) in a child process, loaded by
 *    autocannon from this process (10 connections, gzip accepted, timed runs of --seconds); the server's own CPU time
 *    (Linux /proc, main thread and zlib threads) per request, and the requests per second of
 *    that run.
 * Each figure is the median of several rounds.
 *
 *   npm run bench:render                       /fr and /fr/a-propos
 *   npm run bench:render -- --n=500 --rounds=7 --seconds=5 /fr /en/about
 *   npm run bench:render -- --profile          also writes a CPU profile of the handler renders
 *                                              to bench-results/render_<path>.cpuprofile
 */
import "../server/env";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { createViewModules } from "../renderer/lib/view-modules.server";
import { createServices } from "../server/app";
import { loadConfig } from "../server/config";
import { createEmbeddedContentService } from "../server/content/index";
import { startProductionServer } from "./bench-server";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const N = option("n", 300);
const ROUNDS = option("rounds", 5);
/** Length of each timed run of the server stage. */
const SERVER_SECONDS = option("seconds", 3);
const profile = args.includes("--profile");
const paths = args.filter((a) => a.startsWith("/"));
if (!paths.length) paths.push("/fr", "/fr/a-propos");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fixed = (value: number) => value.toFixed(2).padStart(6);

/** User + system CPU time of a process in ms (Linux), every thread included. */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

async function handlerStage(pagePath: string, once: () => Promise<number>) {
  for (let i = 0; i < 50; i++) await once(); // warm-up: JIT, caches
  const wall: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    for (let i = 0; i < N; i++) bytes = await once();
    const used = process.cpuUsage(startCpu);
    wall.push((performance.now() - start) / N);
    cpu.push((used.user + used.system) / 1000 / N);
  }
  console.log(
    `${`${pagePath} handler`.padEnd(26)} ${fixed(median(cpu))} ms CPU  ${fixed(median(wall))} ms wall  per render   HTML ${(bytes / 1024).toFixed(1)} KB  (CPU by round: ${cpu.map((c) => c.toFixed(2)).join(" ")})`,
  );
}

/** The node process under tsx's launcher: the one that serves. */
function serverPid(child: ChildProcess): number {
  const children = fs
    .readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return Number(children[0] ?? child.pid);
}

async function serverStage(origin: string, pid: number, pagePath: string) {
  const { default: autocannon } = await import("autocannon");
  const url = `${origin}${pagePath}`;
  // Timed runs: a run of a fixed number of requests ends on autocannon's next one-second tick,
  // so its requests per second came out as the number of requests over a whole number of seconds.
  const load = (duration: number) =>
    autocannon({ url, connections: 10, duration, headers: { "accept-encoding": "gzip" } });
  await load(1); // warm-up
  const cpu: number[] = [];
  const rps: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = processCpuMs(pid);
    const result = await load(SERVER_SECONDS);
    const done = result.requests.total;
    cpu.push((processCpuMs(pid) - before) / done);
    rps.push(result["2xx"] / SERVER_SECONDS);
    if (result.non2xx || result.errors) console.warn(`  ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  console.log(
    `${`${pagePath} server`.padEnd(26)} ${fixed(median(cpu))} ms CPU  ${median(rps).toFixed(0).padStart(6)} req/s       per request  (CPU by round: ${cpu.map((c) => c.toFixed(2)).join(" ")})`,
  );
}

async function main() {
  const file = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(file)) throw new Error("No build: run `npm run build` first.");
  const build = (await import(file)) as ServerBuild;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-render-"));
  const config = loadConfig({ ...process.env, NODE_ENV: "production", DATA_DIR: path.join(dataDir, "in-process") });
  const content = await createEmbeddedContentService(config);
  const services = createServices(config, content);
  services.viewModules = createViewModules(path.join(ROOT, "build/client"));
  const entry = build.entry.module as unknown as { servicesContext: Parameters<RouterContextProvider["set"]>[0] };
  const handler = createRequestHandler(build, "production");
  const session = profile ? new (await import("node:inspector/promises")).Session() : undefined;
  // Renders: the page cache would answer from memory.
  const { origin, child } = await startProductionServer(path.join(dataDir, "server"), { PAGE_CACHE_MB: "0" });
  try {
    const pid = serverPid(child);
    for (const pagePath of paths) {
      const status = (await fetch(`${origin}${pagePath}`)).status;
      if (status !== 200) console.warn(`${pagePath} answers ${status}`);
      if (session) {
        session.connect();
        await session.post("Profiler.enable");
        await session.post("Profiler.start");
      }
      await handlerStage(pagePath, async () => {
        const context = new RouterContextProvider();
        context.set(entry.servicesContext as never, services as never);
        const response = await handler(new Request(`http://localhost${pagePath}`), context);
        return (await response.arrayBuffer()).byteLength;
      });
      if (session) {
        const { profile: cpuProfile } = await session.post("Profiler.stop");
        const out = path.join(ROOT, "bench-results", `render${pagePath.replaceAll("/", "_")}.cpuprofile`);
        fs.mkdirSync(path.dirname(out), { recursive: true });
        fs.writeFileSync(out, JSON.stringify(cpuProfile));
        console.log(`  profile: ${path.relative(process.cwd(), out)}`);
        session.disconnect();
      }
      await serverStage(origin, pid, pagePath);
    }
  } finally {
    child.kill("SIGTERM");
    await content.storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
