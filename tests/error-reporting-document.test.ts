/** The server's announcement of browser error reports in the document (renderer/lib/error-reporting.server.ts). */
import { describe, expect, it } from "vitest";
import { withErrorReporting } from "../renderer/lib/error-reporting.server";

const html = '<!DOCTYPE html><html lang="fr-CA"><head></head><body><main>x</main><script>1</script></body></html>';
const settings = { dsn: "https://k@errors.example/7", environment: 'prod"<x>' };

describe("error reporting in the document", () => {
  it("adds nothing without a DSN or without the module", () => {
    expect(withErrorReporting(html, undefined, "/assets/sentry.client-a.js", "n")).toBe(html);
    expect(withErrorReporting(html, settings, undefined, "n")).toBe(html);
  });

  it("puts the settings on <html>, escaped, and the module last in the body under the nonce", () => {
    const out = withErrorReporting(html, settings, "/assets/sentry.client-a.js", "abc==");
    const attribute = /<html data-sentry="([^"]*)" lang="fr-CA">/.exec(out)?.[1];
    expect(attribute).toBeDefined();
    const decoded = attribute!
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
    expect(JSON.parse(decoded)).toEqual(settings);
    expect(out).toContain(
      '<script>1</script><script type="module" src="/assets/sentry.client-a.js" nonce="abc==" async></script></body></html>',
    );
  });
});
