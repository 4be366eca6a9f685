/** /sitemaps/listings/N.xml: one file of the sitemap index's listings, each with its hreflang alternates. */
import { listingSitemapAnswerSchema } from "../../schema/api";
import { servicesContext } from "../lib/context";
import { absoluteUrl } from "../lib/seo";
import type { Route } from "./+types/sitemap-listings";
import { escapeXml, XML_HEADERS } from "./sitemap";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = /^([1-9]\d{0,4})\.xml$/.exec(params.file ?? "")?.[1];
  if (!page) return new Response("Not found", { status: 404 });
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const origin = services.config.publicOrigin || url.origin;
  const site = await services.content.firstLoad(url.host);
  const response = await services.content.fetch(`/api/swc/${site.microsite_id}/properties/sitemap?page=${page}`, {
    headers: { "x-site-key": site.site_key },
  });
  if (!response.ok) return new Response("Not found", { status: 404 });
  const answer = listingSitemapAnswerSchema.parse(await response.json());
  if (Number(page) > answer.pages) return new Response("Not found", { status: 404 });
  const entries: string[] = [];
  for (const listing of answer.data) {
    const fr = escapeXml(absoluteUrl(origin, listing.url.fr));
    const en = escapeXml(absoluteUrl(origin, listing.url.en));
    const alternates = `<xhtml:link rel="alternate" hreflang="fr-CA" href="${fr}"/><xhtml:link rel="alternate" hreflang="en-CA" href="${en}"/><xhtml:link rel="alternate" hreflang="x-default" href="${fr}"/>`;
    const lastmod = `<lastmod>${listing.listed_at.slice(0, 10)}</lastmod>`;
    entries.push(
      `<url><loc>${fr}</loc>${lastmod}${alternates}</url>`,
      `<url><loc>${en}</loc>${lastmod}${alternates}</url>`,
    );
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join("")}</urlset>\n`;
  return new Response(xml, { headers: XML_HEADERS });
}
