/** /sitemaps/pages.xml: every visible page and blog post in both languages, each with its hreflang alternates. */
import { archivePath, postPath } from "../features/blog/format";
import { servicesContext } from "../lib/context";
import { absoluteUrl } from "../lib/seo";
import type { Route } from "./+types/sitemap-pages";

import { escapeXml } from "./sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const origin = services.config.publicOrigin || url.origin;
  const site = await services.content.firstLoad(url.host);
  const pages = (await services.content.listPages(site)).filter((p) => !p.hidden);
  const entries = pages.flatMap((page) =>
    (["fr", "en"] as const).map((locale) => {
      const alternates = (["fr", "en"] as const)
        .map(
          (alt) =>
            `<xhtml:link rel="alternate" hreflang="${alt}-CA" href="${escapeXml(absoluteUrl(origin, page.paths[alt]))}"/>`,
        )
        .join("");
      const lastmod = page.updated_at ? `<lastmod>${page.updated_at.slice(0, 10)}</lastmod>` : "";
      return `<url><loc>${escapeXml(absoluteUrl(origin, page.paths[locale]))}</loc>${lastmod}${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(origin, page.paths.fr))}"/></url>`;
    }),
  );
  // Blog articles: each language it exists in, with alternates only for existing translations.
  // A post page lives under the site's blog archive page: a site without one has no posts.
  const blogLocales = (["fr", "en"] as const).filter((l) => pages.some((p) => p.paths[l] === archivePath(l)));
  const articles = blogLocales.length ? await services.content.listArticles(site) : [];
  for (const article of articles) {
    const paths = blogLocales
      .filter((l) => article.slug[l])
      .map((l) => [l, postPath(l, article.slug[l] ?? "", article.id)] as const);
    const alternates = paths
      .map(([l, p]) => `<xhtml:link rel="alternate" hreflang="${l}-CA" href="${escapeXml(absoluteUrl(origin, p))}"/>`)
      .join("");
    for (const [, p] of paths) {
      entries.push(
        `<url><loc>${escapeXml(absoluteUrl(origin, p))}</loc><lastmod>${article.updated_at.slice(0, 10)}</lastmod>${alternates}</url>`,
      );
    }
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join("")}</urlset>\n`;
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
