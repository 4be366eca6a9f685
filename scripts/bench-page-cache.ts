/**
 * The `pagecache` section of `npm run bench` (issue 20): anonymous pages served by the
 * rendered-page cache, side by side with the same pages rendered per request (PAGE_CACHE_MB=0)
 * and with a plain Node server sending the cache's own bytes from memory
 * (scripts/bench-static-server.ts), at 10 and 50 connections; then the first request after a
 * publish, idle and under load. Every server is a child process of its own; autocannon runs in
 * the bench's process, as for the `ssr` section. Each run also gives the server's CPU time per
 * request (Linux /proc), which holds better than requests/s when other work shares the cores.
 *
 * Requests accept "gzip, deflate, br" as a browser does: the cache and the static server send
 * Brotli.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import brokerSite from "../fixtures/sites/demo-broker/site.json";
import { signInCookie } from "../tests/helpers/contact-server";
import type { BenchRow, BenchSection } from "./bench";
import { freePort, startProductionServer } from "./bench-server";

const ROOT = path.resolve(import.meta.dirname, "..");
const PAGES = ["/fr", "/fr/a-propos"];
const CONNECTIONS = [10, 50];
const SECONDS = Number(process.env.BENCH_PAGE_CACHE_SECONDS ?? 5);
const ACCEPT = "gzip, deflate, br";
/** Goals of the issue: a quarter of the static server's rate, p99 under 10 ms at 10 connections. */
const SHARE_GOAL = 0.25;
const P99_GOAL_MS = 10;

interface Run {
  rps: number;
  /** Server CPU time per request, in µs (all its threads), when /proc can tell. */
  cpuUs?: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, options: http.RequestOptions = {}, payload?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** User + system CPU time of a process in ms, every thread included (Linux; undefined elsewhere). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** The node process tsx starts for `child`: the one that serves (Linux; undefined elsewhere). */
function servingPid(child: ChildProcess): number | undefined {
  try {
    const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/);
    return Number(children[0]) || child.pid;
  } catch {
    return undefined;
  }
}

/**
 * `duration` seconds of `connections` connections on `url`; with `pid`, the server's CPU time per
 * request too, a figure that holds better than requests/s on a machine shared with other work.
 */
async function load(url: string, connections: number, duration = SECONDS, pid?: number): Promise<Run> {
  const { default: autocannon } = await import("autocannon");
  const before = processCpuMs(pid);
  const result = await autocannon({ url, connections, duration, headers: { "accept-encoding": ACCEPT } });
  const after = processCpuMs(pid);
  return {
    rps: Math.round(result["2xx"] / duration),
    cpuUs:
      before !== undefined && after !== undefined && result.requests.total
        ? Math.round(((after - before) * 1000) / result.requests.total)
        : undefined,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The static yardstick serving `body` with `headers`, in a child process. */
async function startStaticServer(dir: string, body: Buffer, headers: Record<string, string>) {
  const port = await freePort();
  const bodyFile = path.join(dir, `static-${port}.bin`);
  const headersFile = path.join(dir, `static-${port}.json`);
  fs.writeFileSync(bodyFile, body);
  fs.writeFileSync(headersFile, JSON.stringify(headers));
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["scripts/bench-static-server.ts", String(port), bodyFile, headersFile],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await request(origin);
      return { origin, child };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill("SIGTERM");
  throw new Error("static server did not start");
}

/** The cached answer's headers a static server would send too (not the per-connection ones). */
function staticHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (["date", "connection", "keep-alive", "content-length", "transfer-encoding", "set-cookie"].includes(name)) {
      continue;
    }
    if (typeof value === "string") out[name] = value;
  }
  return out;
}

/** A fixture editor's session (the bench's servers run with FIXTURE_EDITORS), signed in once per server. */
const sessions = new Map<string, Promise<string>>();
async function editorHeaders(origin: string): Promise<Record<string, string>> {
  if (!sessions.has(origin)) sessions.set(origin, signInCookie(origin));
  return { "content-type": "application/json", cookie: await sessions.get(origin)!, origin };
}

/**
 * Publishes a new title of the about page's intro, then asks for the page until it shows it;
 * resolves with the time from the publish's answer to the new page, and how many requests that
 * took (1 when the next request sees it).
 */
async function publishAndWait(origin: string, title: string): Promise<{ ms: number; requests: number; state: string }> {
  const headers = await editorHeaders(origin);
  const stored = await request(`${origin}/api/pages/${brokerSite.site_id}/about`, { headers });
  const { page } = JSON.parse(stored.body.toString()) as {
    page: { version: number; content: { id: string; fields: { fr: { main_title: string } } }[] };
  };
  const intro = page.content.find((block) => block.id === "about-intro");
  if (!intro) throw new Error("no about-intro block");
  intro.fields.fr.main_title = title;
  const put = await request(
    `${origin}/api/pages/${brokerSite.site_id}/about`,
    { method: "PUT", headers },
    JSON.stringify({ page, base_version: page.version }),
  );
  if (put.status !== 200) throw new Error(`publish answered ${put.status}`);
  const start = performance.now();
  for (let requests = 1; requests <= 1000; requests++) {
    const answer = await request(`${origin}/fr/a-propos`, { headers: { "accept-encoding": "identity" } });
    if (answer.body.toString().includes(title)) {
      return {
        ms: performance.now() - start,
        requests,
        state: String(answer.headers["x-page-cache"] ?? ""),
      };
    }
  }
  throw new Error("the published title never showed");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const pageCacheSection: BenchSection = {
  id: "pagecache",
  title: "Rendered-page cache beside renders and a static server (one process each)",
  async run({ log }) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-page-cache-"));
    const children: ChildProcess[] = [];
    const rows: BenchRow[] = [];
    const loadBefore = os.loadavg()[0]!;
    try {
      const cached = await startProductionServer(path.join(dir, "cached"));
      children.push(cached.child);
      const uncached = await startProductionServer(path.join(dir, "uncached"), { PAGE_CACHE_MB: "0" });
      children.push(uncached.child);

      const table: string[] = [];
      for (const page of PAGES) {
        // The cache's own bytes for the static server, and a check that the cache answers.
        await request(`${cached.origin}${page}`, { headers: { "accept-encoding": ACCEPT } });
        const hit = await request(`${cached.origin}${page}`, { headers: { "accept-encoding": ACCEPT } });
        if (hit.headers["x-page-cache"] !== "HIT") log(`${page}: the cache answered ${hit.headers["x-page-cache"]}`);
        const yardstick = await startStaticServer(dir, hit.body, staticHeaders(hit.headers));
        children.push(yardstick.child);
        for (const origin of [cached.origin, uncached.origin, yardstick.origin]) await load(`${origin}${page}`, 10, 1);
        for (const connections of CONNECTIONS) {
          const cache = await load(`${cached.origin}${page}`, connections, SECONDS, servingPid(cached.child));
          const render = await load(`${uncached.origin}${page}`, connections, SECONDS, servingPid(uncached.child));
          const stat = await load(`${yardstick.origin}${page}`, connections, SECONDS, servingPid(yardstick.child));
          const share = stat.rps ? cache.rps / stat.rps : 0;
          const cpu = (run: Run) => (run.cpuUs === undefined ? "" : `, ${run.cpuUs} µs CPU/req`);
          const line = `${page} @${connections}: cache ${cache.rps}/s p99 ${cache.p99} ms${cpu(cache)} | render ${render.rps}/s p99 ${render.p99} ms${cpu(render)} | static ${stat.rps}/s p99 ${stat.p99} ms${cpu(stat)} | ${(share * 100).toFixed(0)}% of static, ${(cache.rps / Math.max(render.rps, 1)).toFixed(1)}× render`;
          log(line);
          table.push(line);
          const problems = [cache, render, stat].filter((run) => run.non2xx || run.errors).length;
          rows.push({
            section: "pagecache",
            metric: `${page} from the cache, ${connections} connections`,
            value: cache.rps,
            unit: "req/s",
            budget:
              connections === 10
                ? `≥ ${SHARE_GOAL * 100}% of static, p99 < ${P99_GOAL_MS} ms`
                : `≥ ${SHARE_GOAL * 100}% of static`,
            pass:
              share >= SHARE_GOAL &&
              (connections !== 10 || cache.p99 < P99_GOAL_MS) &&
              cache.non2xx === 0 &&
              cache.errors === 0,
            note: `p50 ${cache.p50} ms, p99 ${cache.p99} ms${cpu(cache)}; ${(share * 100).toFixed(0)}% of static`,
          });
          rows.push({
            section: "pagecache",
            metric: `${page} rendered (PAGE_CACHE_MB=0), ${connections} connections`,
            value: render.rps,
            unit: "req/s",
            note: `p50 ${render.p50} ms, p99 ${render.p99} ms${cpu(render)}; the cache is ${(cache.rps / Math.max(render.rps, 1)).toFixed(1)}×`,
          });
          rows.push({
            section: "pagecache",
            metric: `${page} static server (same ${hit.body.byteLength} B from memory), ${connections} connections`,
            value: stat.rps,
            unit: "req/s",
            note: `p50 ${stat.p50} ms, p99 ${stat.p99} ms${cpu(stat)}${problems ? `; ${problems} run(s) with errors` : ""}`,
          });
        }
      }

      // ---- 4 workers ---------------------------------------------------------------------
      // The same /fr runs with the cluster (issue 19): WEB_CONCURRENCY=4, each worker with its own
      // cache keyed on the store's revision. On a 2-core machine the load generator shares the
      // cores with four workers: read the figure beside the one-process one of the same run.
      const four = await startProductionServer(path.join(dir, "four"), { WEB_CONCURRENCY: "4" });
      children.push(four.child);
      // Warm every worker's cache (connections are spread over the workers).
      await load(`${four.origin}/fr`, 10, 1);
      for (const connections of CONNECTIONS) {
        const run = await load(`${four.origin}/fr`, connections, SECONDS);
        log(`/fr @${connections}, 4 workers: cache ${run.rps}/s p99 ${run.p99} ms`);
        rows.push({
          section: "pagecache",
          metric: `/fr from the cache, 4 workers, ${connections} connections`,
          value: run.rps,
          unit: "req/s",
          note: `p50 ${run.p50} ms, p99 ${run.p99} ms${run.non2xx || run.errors ? `; ${run.non2xx} non-2xx, ${run.errors} errors` : ""}; ${os.cpus().length} cores shared with the load generator`,
        });
      }

      // First request after a publish: the publish's answer, then the page until it shows.
      const idle: { ms: number; requests: number; state: string }[] = [];
      for (let i = 0; i < 5; i++) idle.push(await publishAndWait(cached.origin, `Bonjour ${i}, c'est Julie`));
      const idleMs = median(idle.map((r) => r.ms));
      rows.push({
        section: "pagecache",
        metric: "First request after a publish (idle): until the new page is served",
        value: Number(idleMs.toFixed(1)),
        unit: "ms",
        budget: "next request",
        pass: idle.every((r) => r.requests === 1),
        note: `median of 5; requests needed: ${idle.map((r) => r.requests).join(", ")}; answered ${[...new Set(idle.map((r) => r.state))].join("/")}`,
      });
      // Under load: 10 connections on the page while it is published.
      const { default: autocannon } = await import("autocannon");
      const busy = autocannon({
        url: `${cached.origin}/fr/a-propos`,
        connections: 10,
        duration: 3,
        headers: { "accept-encoding": ACCEPT },
      });
      await new Promise((r) => setTimeout(r, 1000));
      const underLoad = await publishAndWait(cached.origin, "Bonjour, Julie sous la charge");
      const busyResult = await busy;
      rows.push({
        section: "pagecache",
        metric: "First request after a publish (10 connections on the page)",
        value: Number(underLoad.ms.toFixed(1)),
        unit: "ms",
        budget: "next request",
        pass: underLoad.requests === 1,
        note: `answered ${underLoad.state}; load p99 ${busyResult.latency.p99} ms, ${busyResult.non2xx} non-2xx`,
      });

      const loadAfter = os.loadavg()[0]!;
      log(
        `load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, ${os.cpus().length} cores`,
      );
      rows.push({
        section: "pagecache",
        metric: "Machine load during the section (1-minute average, before / after)",
        value: Number(loadAfter.toFixed(2)),
        unit: "",
        note: `${loadBefore.toFixed(2)} before; ${os.cpus().length} cores; ${SECONDS} s per run`,
      });
      console.log(`\n${table.join("\n")}\n`);
      return rows;
    } finally {
      for (const child of children) child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
