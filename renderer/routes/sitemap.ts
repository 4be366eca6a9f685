/**
 * sitemap.xml: a sitemap index (sitemaps.org) of the site's pages and posts
 * (/sitemaps/pages.xml) and its listings (/sitemaps/listings/N.xml, 25,000 listings and
 * 50,000 URLs at most per file, the protocol's limit), so a portal-sized catalogue fits.
 */
import { listingSitemapAnswerSchema } from "../../schema/api";
import { servicesContext } from "../lib/context";
import { absoluteUrl } from "../lib/seo";
import type { Route } from "./+types/sitemap";

export const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=600" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const origin = services.config.publicOrigin || url.origin;
  const site = await services.content.firstLoad(url.host);
  const response = await services.content.fetch(`/api/swc/${site.microsite_id}/properties/sitemap?page=1`, {
    headers: { "x-site-key": site.site_key },
  });
  const pages = response.ok ? listingSitemapAnswerSchema.parse(await response.json()).pages : 0;
  const files = ["/sitemaps/pages.xml", ...Array.from({ length: pages }, (_, i) => `/sitemaps/listings/${i + 1}.xml`)];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files
    .map((f) => `<sitemap><loc>${escapeXml(absoluteUrl(origin, f))}</loc></sitemap>`)
    .join("")}</sitemapindex>\n`;
  return new Response(xml, { headers: XML_HEADERS });
}
