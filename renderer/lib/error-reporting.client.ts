/**
 * Browser error reports (site.md §9: trace sampling 0.1, replay on error 1) with Sentry's browser
 * SDK. entry.client.tsx imports this module only when the page names a DSN (the root writes it
 * from SENTRY_DSN): without one the SDK is never downloaded. Replays record only around an error
 * (none of ordinary sessions), every text and input masked and media blocked; no personal data
 * is collected (docs/decisions.md, "Error reporting").
 */
import { browserTracingIntegration, captureException, init, replayIntegration } from "@sentry/browser";
import * as z from "zod/mini";

const settingsSchema = z.object({
  dsn: z.url({ protocol: /^https?$/ }),
  environment: z.string(),
});

declare global {
  interface Window {
    /** Set once reports are on: errors React Router's boundaries catch are reported through it. */
    __reportError?: (error: unknown) => void;
  }
}

/** Starts reporting from the page's settings (`<meta name="error-reporting">`); returns whether it did. */
export function startErrorReporting(raw: string): boolean {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return false;
  }
  const settings = settingsSchema.safeParse(json);
  if (!settings.success) return false;
  init({
    dsn: settings.data.dsn,
    environment: settings.data.environment,
    tracesSampleRate: 0.1,
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 1,
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    integrations: [
      browserTracingIntegration(),
      // No compression worker: the CSP allows no blob: workers (the events are small).
      replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true, useCompression: false }),
    ],
  });
  window.__reportError = (error) => captureException(error);
  return true;
}
