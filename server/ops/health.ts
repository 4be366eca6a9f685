/**
 * Health endpoints for load balancers and orchestrators, answered ahead of the page cache and
 * Express (cheap, never cached, never logged per request):
 * - /healthz: the process runs and its event loop answers (liveness);
 * - /readyz: the store answers a trivial query, its schema is at the version this release
 *   knows, and it takes writes (a small committed write, its answer kept a few seconds; a write
 *   refused for lack of space in the last half minute counts too): a 503 with Retry-After and a
 *   short reason otherwise, never a stack.
 */
import type http from "node:http";
import { isStoreFull } from "../content/db/errors";
import type { MigrationReport } from "../content/db/migration";

export const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

/** What readiness needs of the store: a trivial query and the migrations applied at open. */
export interface ReadinessSource {
  ping(): Promise<void>;
  /** A small committed write; without it, readiness does not ask whether the store takes writes. */
  probeWrite?(): Promise<void>;
  readonly migrations: MigrationReport;
}

/** A write probe's answer is reused this long: load balancers poll every few seconds, each poll need not write. */
export const WRITE_PROBE_TTL_MS = 5000;
/**
 * After a request's write was refused for lack of space, the store counts as not writable
 * this long, whatever the probe says (its one small row may still fit where a lead did not).
 */
export const FULL_WINDOW_MS = 30_000;

/** How long a load balancer should wait before asking again after a 503, in seconds. */
export const READY_RETRY_AFTER_S = 5;
/** A store slower than this to answer `SELECT 1` is as good as unreachable for a visitor. */
export const READY_PING_TIMEOUT_MS = 2000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Checks the store: reachable within the timeout, and migrated to the latest version this code knows. */
export async function checkReadiness(store: ReadinessSource, timeoutMs = READY_PING_TIMEOUT_MS): Promise<Readiness> {
  const { current, latest } = store.migrations;
  // A newer schema (rolling deploy, a newer release migrated first) is fine: migrations only add.
  if (current < latest) return { ready: false, reason: `schema at version ${current}, this release needs ${latest}` };
  try {
    await within(store.ping(), timeoutMs);
    return { ready: true };
  } catch (error) {
    return {
      ready: false,
      reason: (error as Error)?.message === "timeout" ? "store did not answer in time" : "store unreachable",
    };
  }
}

/** Whether the store takes a write: its probe within the timeout, and no lack of space reported lately. */
export async function checkWritable(
  store: ReadinessSource,
  options: { lastFullAt?: number; now?: number; timeoutMs?: number } = {},
): Promise<Readiness> {
  const now = options.now ?? Date.now();
  if (options.lastFullAt !== undefined && now - options.lastFullAt < FULL_WINDOW_MS)
    return { ready: false, reason: "store not writable: no space left" };
  if (!store.probeWrite) return { ready: true };
  try {
    await within(store.probeWrite(), options.timeoutMs ?? READY_PING_TIMEOUT_MS);
    return { ready: true };
  } catch (error) {
    if ((error as Error)?.message === "timeout") return { ready: false, reason: "store did not answer in time" };
    return { ready: false, reason: isStoreFull(error) ? "store not writable: no space left" : "store not writable" };
  }
}

async function within(work: Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function send(res: http.ServerResponse, status: number, body: object, headers: http.OutgoingHttpHeaders = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

/**
 * Answers /healthz and /readyz (GET or HEAD); returns false for every other request. The path
 * is matched exactly (a query string is allowed), so no page can shadow them. `lastFullAt` says
 * when a request's write was last refused for lack of space (the content service knows).
 */
export function createHealthHandler(store: ReadinessSource, options: { lastFullAt?: () => number | undefined } = {}) {
  let draining = false;
  let probe: { at: number; answer: Promise<Readiness> } | undefined;
  /** The write probe's answer, kept WRITE_PROBE_TTL_MS; a reported lack of space is read fresh each time. */
  const writable = (): Promise<Readiness> => {
    const now = Date.now();
    const lastFullAt = options.lastFullAt?.();
    if (lastFullAt !== undefined && now - lastFullAt < FULL_WINDOW_MS) return checkWritable(store, { lastFullAt, now });
    if (!probe || now - probe.at >= WRITE_PROBE_TTL_MS) probe = { at: now, answer: checkWritable(store, { now }) };
    return probe.answer;
  };
  const handle = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (!HEALTH_PATHS.has(pathname)) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(res, 405, { status: "error", reason: "method not allowed" }, { allow: "GET, HEAD" });
      return true;
    }
    if (pathname === "/healthz") {
      send(res, 200, { status: "ok" });
      return true;
    }
    // A stopping process finishes what it has but takes nothing new: the load balancer moves on.
    const checked: Promise<Readiness> = draining
      ? Promise.resolve({ ready: false, reason: "shutting down" })
      : checkReadiness(store).then((readiness) => (readiness.ready ? writable() : readiness));
    void checked.then((readiness) => {
      if (readiness.ready) send(res, 200, { status: "ready" });
      else
        send(
          res,
          503,
          { status: "unavailable", reason: readiness.reason },
          { "retry-after": String(READY_RETRY_AFTER_S) },
        );
    });
    return true;
  };
  return Object.assign(handle, {
    /** From now on /readyz answers 503 "shutting down" (SIGTERM); /healthz stays 200. */
    drain() {
      draining = true;
    },
  });
}
