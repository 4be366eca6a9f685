/**
 * Health endpoints for load balancers and orchestrators, answered ahead of the page cache and
 * Express (cheap, never cached, never logged per request):
 * - /healthz: the process runs and its event loop answers (liveness);
 * - /readyz: the store answers a trivial query and its schema is at the version this release
 *   knows (readiness): a 503 with Retry-After and a short reason otherwise, never a stack.
 */
import type http from "node:http";
import type { MigrationReport } from "../content/db/migration";

export const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

/** What readiness needs of the store: a trivial query and the migrations applied at open. */
export interface ReadinessSource {
  ping(): Promise<void>;
  readonly migrations: MigrationReport;
}

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
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      store.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
    return { ready: true };
  } catch (error) {
    return {
      ready: false,
      reason: (error as Error)?.message === "timeout" ? "store did not answer in time" : "store unreachable",
    };
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
 * is matched exactly (a query string is allowed), so no page can shadow them.
 */
export function createHealthHandler(store: ReadinessSource) {
  let draining = false;
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
      : checkReadiness(store);
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
