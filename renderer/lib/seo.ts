/** The head of a content page from its SEO data (site.md §3 SEO): title, description, OG, Twitter, canonical, hreflang, robots. */
import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, isLocale, metaLocale, otherLocale } from "../../schema/locales";
import { getI18n, hasMessages } from "./i18n";
import type { PageView } from "./page-loader.server";

export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

// By view: on the server a page's view is kept per content version, language, path and origin.
const metaOfView = new WeakMap<PageView, MetaDescriptor[]>();

/** The head of a content page (shared between calls: never mutate it). */
export function pageMeta(view: PageView): MetaDescriptor[] {
  let out = metaOfView.get(view);
  if (!out) {
    out = buildPageMeta(view);
    metaOfView.set(view, out);
  }
  return out;
}

function buildPageMeta(view: PageView): MetaDescriptor[] {
  const { locale, page, origin, path } = view;
  const seo = page.seo;
  const global = seo?.global?.[locale];
  const facebook = seo?.facebook?.[locale];
  const twitter = seo?.twitter?.[locale];
  const title = global?.title || global?.og_title || page.title?.[locale] || "";
  const description = global?.description || global?.og_description || "";
  const canonical = absoluteUrl(origin, seo?.canonical_url?.[locale] || path);
  const image = facebook?.og_image ?? global?.og_image;
  const out: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "robots", content: seo?.robots_index_rule ?? "index, follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: facebook?.og_title || title },
    { property: "og:description", content: facebook?.og_description || description },
    { property: "og:type", content: facebook?.og_type || "website" },
    { property: "og:locale", content: facebook?.og_locale || metaLocale(locale) },
    { property: "og:url", content: facebook?.og_url || canonical },
    { name: "twitter:card", content: twitter?.og_image || image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: twitter?.og_title || title },
    { name: "twitter:description", content: twitter?.og_description || description },
  ];
  if (facebook?.fb_app_id) out.push({ property: "fb:app_id", content: facebook.fb_app_id });
  if (image) {
    out.push({ property: "og:image", content: absoluteUrl(origin, image.url) });
    if (image.type) out.push({ property: "og:image:type", content: image.type });
    if (image.width) out.push({ property: "og:image:width", content: String(image.width) });
    if (image.height) out.push({ property: "og:image:height", content: String(image.height) });
  }
  const twitterImage = twitter?.og_image ?? image;
  if (twitterImage) out.push({ name: "twitter:image", content: absoluteUrl(origin, twitterImage.url) });
  for (const alternate of page.alternate_paths) {
    out.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: `${alternate.locale}-CA`,
      href: absoluteUrl(origin, alternate.path),
    });
  }
  const french = page.alternate_paths.find((a) => a.locale === "fr");
  if (french)
    out.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(origin, french.path) });
  for (const alternate of page.alternate_paths.filter((a) => a.locale !== locale)) {
    out.push({ property: "og:locale:alternate", content: metaLocale(alternate.locale) });
  }
  for (const tag of page.metadata.tags) out.push({ name: tag.name, content: tag.content });
  return out;
}

/** Head of an error page: its title in the visitor's language, and never indexed. */
export function errorMeta(error: unknown): MetaDescriptor[] {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object"
      ? (error.data as { locale?: unknown })
      : {};
  const wanted = isLocale(data.locale) ? data.locale : DEFAULT_LOCALE;
  // In the browser only the page's own language may be loaded.
  const t = getI18n(hasMessages(wanted) ? wanted : otherLocale(wanted)).t;
  const title = !isRouteErrorResponse(error)
    ? t("errors.fatal-title")
    : status === 503
      ? t("errors.503-title")
      : t("blocks.block-error.default-title", { statusCode: status });
  return [{ title }, { name: "robots", content: "noindex" }];
}
