import { servicesContext } from "../lib/context";
import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.get(servicesContext).config.publicOrigin || new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /fr/qa/",
    "Disallow: /en/qa/",
    "Disallow: /api/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
