/** RSS 2.0 feed of the blog per language (/fr/blogue/rss.xml, /en/blog/rss.xml): the 20 latest articles in that language. */
// Their messages load with them (renderer/messages).
import "../messages/blog";
import type { ArticleSitemapEntry } from "../../schema/api";
import type { Locale } from "../../schema/locales";
import { archivePath, postPath } from "../features/blog/format";
import { servicesContext } from "../lib/context";
import { getI18n } from "../lib/i18n";
import { absoluteUrl } from "../lib/seo";
import type { Route } from "./+types/feed";

export const FEED_SIZE = 20;

export const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function rssXml(options: {
  locale: Locale;
  origin: string;
  title: string;
  description: string;
  articles: readonly ArticleSitemapEntry[];
}): string {
  const { locale, origin } = options;
  const channelLink = absoluteUrl(origin, archivePath(locale));
  const self = absoluteUrl(origin, `${archivePath(locale)}/rss.xml`);
  const items = options.articles
    .filter((a) => a.slug[locale])
    .slice(0, FEED_SIZE)
    .map((a) => {
      const link = absoluteUrl(origin, postPath(locale, a.slug[locale] ?? "", a.id));
      return [
        "<item>",
        `<title>${escapeXml(a.title[locale] ?? "")}</title>`,
        `<link>${escapeXml(link)}</link>`,
        `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `<description>${escapeXml(a.excerpt[locale] ?? "")}</description>`,
        `<category>${escapeXml(a.category[locale])}</category>`,
        `<dc:creator>${escapeXml(a.author)}</dc:creator>`,
        `<pubDate>${new Date(a.published_at).toUTCString()}</pubDate>`,
        "</item>",
      ].join("");
    });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${escapeXml(options.title)}</title><link>${escapeXml(channelLink)}</link><description>${escapeXml(options.description)}</description><language>${locale}-CA</language><atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>${items.join("")}</channel></rss>
`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const locale: Locale = url.pathname.startsWith("/en/") ? "en" : "fr";
  const origin = services.config.publicOrigin || url.origin;
  const site = await services.content.firstLoad(url.host);
  const [articles, archive] = await Promise.all([
    services.content.listArticles(site),
    services.content.getPage(site, archivePath(locale), locale),
  ]);
  const t = getI18n(locale).t;
  const seo = archive.kind === "page" ? archive.page.seo?.global?.[locale] : undefined;
  const xml = rssXml({
    locale,
    origin,
    title: seo?.title || t("blog.blog"),
    description: seo?.description || t("blog.feed-description"),
    articles,
  });
  return new Response(xml, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
