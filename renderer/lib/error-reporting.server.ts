/**
 * Browser error reports (SENTRY_DSN) are announced in the document the server sends, after
 * React has rendered it: the settings on `<html data-sentry>` and the reporting module as a
 * script of its own (renderer/lib/sentry.client.ts, an entry of the build). Without a DSN the
 * page has neither, and the client's code has no byte for them (the home page has no margin
 * under its 150 KB budget). The <html> element keeps server attributes through hydration.
 */
import type { ErrorReportingSettings } from "./context";

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function withErrorReporting(
  html: string,
  settings: ErrorReportingSettings | undefined,
  script: string | undefined,
  nonce: string,
): string {
  if (!settings || !script) return html;
  const open = html.indexOf("<html");
  const close = html.lastIndexOf("</body>");
  if (open < 0 || close < 0) return html;
  const attribute = ` data-sentry="${escapeAttribute(JSON.stringify(settings))}"`;
  const tag = `<script type="module" src="${escapeAttribute(script)}" nonce="${escapeAttribute(nonce)}" async></script>`;
  const at = open + "<html".length;
  return `${html.slice(0, at)}${attribute}${html.slice(at, close)}${tag}${html.slice(close)}`;
}
