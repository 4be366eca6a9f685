/**
 * The error catalogue (site.md §8) through the real server rendering: a content service
 * answering a string body, a redirect without a location or an unlisted status shows the
 * catalogue's own message (not the generic server error), an unmatched route says the page
 * could not be found, and every error page offers both ways out.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { createContentClient } from "../renderer/lib/content-client";
import { createViewModules } from "../renderer/lib/view-modules.server";
import { createServices } from "../server/app";
import { createTestService, type TestService } from "./helpers/content-service";

const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

/** What the mock service answers for the page call of a path (else the real service answers). */
const ANSWERS: Record<string, (real: () => Promise<Response>) => Promise<Response>> = {
  "/fr/chaine": async () => Response.json("<html>not a page</html>"),
  "/en/text-body": async () => new Response("plain text, not JSON", { headers: { "content-type": "text/plain" } }),
  "/fr/redirection": async (real) => {
    const page = (await (await real()).json()) as Record<string, unknown>;
    return Response.json({ ...page, status: 301, location: undefined });
  },
  "/en/teapot": async () => Response.json({ message: "I'm a teapot" }, { status: 418 }),
};

describe.skipIf(!fs.existsSync(BUILD))("error messages (site.md §8)", () => {
  let ctx: TestService;
  let render: (pagePath: string) => Promise<Response>;

  beforeAll(async () => {
    const build = (await import(BUILD)) as ServerBuild;
    ctx = await createTestService();
    const services = createServices(ctx.config, ctx.service);
    services.content = createContentClient(async (request) => {
      if (request.method === "POST" && /\/page\//.test(new URL(request.url).pathname)) {
        const { path: pagePath } = (await request.clone().json()) as { path: string };
        const answer = ANSWERS[pagePath];
        if (answer) return answer(() => ctx.service.handle(request));
      }
      return ctx.service.handle(request);
    });
    services.viewModules = createViewModules(path.resolve(import.meta.dirname, "../build/client"));
    const handler = createRequestHandler(build, "production");
    const entry = build.entry.module as unknown as { servicesContext: Parameters<RouterContextProvider["set"]>[0] };
    render = (pagePath) => {
      const context = new RouterContextProvider();
      context.set(entry.servicesContext as never, services as never);
      return handler(new Request(`http://localhost${pagePath}`), context);
    };
  }, 120_000);
  afterAll(() => ctx?.cleanup());

  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;|&#39;/g, "'");

  it.each([
    ["/fr/chaine", 500, fr.errors["unexpected-string"]],
    ["/en/text-body", 500, en.errors["unexpected-string"]],
    ["/fr/redirection", 500, fr.errors["unexpected-redirect"]],
    ["/en/teapot", 418, en.errors["unexpected-status"]],
  ])("%s answers %i with its own message", async (pagePath, status, message) => {
    const response = await render(pagePath);
    expect(response.status).toBe(status);
    const body = text(await response.text());
    expect(body).toContain(message);
    const locale = pagePath.startsWith("/fr") ? fr : en;
    expect(body).not.toContain(locale.errors["500-message"]);
    // Both ways out, whatever the status.
    expect(body).toContain(locale.blocks["block-error"].refresh);
    expect(body).toContain(locale.blocks["block-error"].home);
  });

  it("says an unmatched route could not be found", async () => {
    const response = await render("/zz/nowhere");
    expect(response.status).toBe(404);
    const body = text(await response.text());
    expect(body).toMatch(new RegExp(`${fr.errors["not-found"]}|${en.errors["not-found"]}`));
  });
});
