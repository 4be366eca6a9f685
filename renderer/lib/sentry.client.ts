/**
 * Browser error reports (site.md §9: trace sampling 0.1, replay on error 1) with Sentry's browser
 * SDK. The root writes this module as a script of its own only when the page names a DSN (`<html data-sentry>`,
 * written by the root from SENTRY_DSN): without one the SDK is never downloaded. Importing it
 * starts reporting (no call in the entry: bytes every public page would carry). Replays record only around an error
 * (none of ordinary sessions), every text and input masked and media blocked; no personal data
 * is collected (docs/decisions.md, "Error reporting").
 */
import { browserTracingIntegration, captureConsoleIntegration, init, replayIntegration } from "@sentry/browser";

/** A DSN: `https://<key>@<host>/<project id>`. */
const DSN = /^https?:\/\/[^/@\s]+@[^/\s]+\/(?:\S*\/)?\d+$/;

/**
 * The settings the server wrote into the page (`<html data-sentry>`), checked by hand:
 * zod here would make the public pages' entry list its shared chunk beside this module, bytes
 * every page pays (the home page has none to spare).
 */
export function parseSettings(raw: string): { dsn: string; environment: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const { dsn, environment } = (value ?? {}) as Record<string, unknown>;
  if (typeof dsn !== "string" || !DSN.test(dsn) || typeof environment !== "string") return undefined;
  return { dsn, environment };
}

declare global {
  interface Window {
    /** Set once reports are on. */
    __errorReporting?: boolean;
  }
}

/** Starts reporting from the page's settings; returns whether it did. */
export function startErrorReporting(raw: string): boolean {
  const settings = parseSettings(raw);
  if (!settings || window.__errorReporting) return false;
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    tracesSampleRate: 0.1,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 1,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    integrations: [
      browserTracingIntegration(),
      // No compression worker: the CSP allows no blob: workers (the events are small).
      replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true, useCompression: false }),
      // Errors React (and React Router's error boundaries) catch are written with console.error.
      captureConsoleIntegration({ levels: ["error"] }),
    ],
  });
  window.__errorReporting = true;
  return true;
}

if (typeof document !== "undefined") {
  const raw = document.documentElement.dataset.sentry;
  if (raw) startErrorReporting(raw);
}
