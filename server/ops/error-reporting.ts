/**
 * Server error reports (site.md §9: trace sampling 0.1) with Sentry's Node SDK, only when
 * SENTRY_DSN is set: without it the SDK is never imported and nothing leaves the process.
 * Reports carry no personal data (`NO_PERSONAL_DATA`: no user fields or client address, no
 * cookies, headers, bodies or query strings); docs/decisions.md, "Error reporting".
 */
import type { Config } from "../config";
import { log } from "./log";

type SentryNode = typeof import("@sentry/node");

/** Trace sampling of site.md §9. */
export const TRACES_SAMPLE_RATE = 0.1;

/** What the SDK may collect about a request: nothing that names or follows a visitor. */
export const NO_PERSONAL_DATA = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
} as const;

export interface ErrorReporter {
  /** Reports an unexpected error (never a 4xx: those are the visitor's, not the site's). */
  report(error: unknown, request?: { method: string; url: string }): void;
  /** Sends what is queued (before a process stops), within `timeoutMs`. */
  flush(timeoutMs?: number): Promise<boolean>;
}

const NO_REPORTS: ErrorReporter = {
  report() {},
  flush: async () => true,
};

let started: Promise<ErrorReporter> | undefined;
let current: ErrorReporter = NO_REPORTS;

/** Reports through the process's reporter once started (the content service's unhandled errors). */
export function reportServerError(error: unknown, request?: { method: string; url: string }): void {
  current.report(error, request);
}

/** The process's reporter: Sentry's when SENTRY_DSN is set (initialised once), else one that sends nothing. */
export function startErrorReporting(
  config: Pick<Config, "SENTRY_DSN" | "SENTRY_ENVIRONMENT" | "NODE_ENV">,
): Promise<ErrorReporter> {
  const dsn = config.SENTRY_DSN;
  if (!dsn) return Promise.resolve(NO_REPORTS);
  started ??= import("@sentry/node").then((Sentry: SentryNode) => {
    Sentry.init({
      dsn,
      environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
      tracesSampleRate: TRACES_SAMPLE_RATE,
      dataCollection: { ...NO_PERSONAL_DATA, httpBodies: [] },
      // Our own logger says what happens; the SDK's console breadcrumbs would copy log lines.
      integrations: (defaults) => defaults.filter((i) => i.name !== "Console"),
    });
    log.info(`Error reports go to ${new URL(dsn).host}`);
    current = {
      report(error, request) {
        if (isVisitorError(error)) return;
        Sentry.withScope((scope) => {
          if (request) {
            // The path only: query strings may carry a visitor's data.
            const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
            scope.setContext("request", { method: request.method, path: url?.pathname ?? "" });
            scope.setTag("path", url?.pathname ?? "");
          }
          Sentry.captureException(error);
        });
      },
      flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
    };
    return current;
  });
  return started;
}

/** Responses thrown on purpose (404s, redirects) and client-side statuses are not the site's errors. */
function isVisitorError(error: unknown): boolean {
  if (error instanceof Response) return error.status < 500;
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}
