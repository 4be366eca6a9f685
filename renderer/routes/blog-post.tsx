/**
 * A blog post (/fr/blogue/{slug}-{id}, /en/blog/{slug}-{id}; site.md §2, §3): the site's
 * header, footer and theme come from the blog archive page, the article from
 * GET /article/{id}. A wrong slug with a right id redirects (301) to the right one. When
 * the article has no translation in the other language, the locale switch opens the
 * language-warning modal (its link target stays that language's archive without JS).
 */
// Their messages load with them (renderer/messages).
import "../messages/blog";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { ArticleDetail } from "../../schema/api";
import { SAME_ORIGIN_ASSETS, withAssetUrls } from "../../schema/assets";
import { type Locale, otherLocale } from "../../schema/locales";
import { parseBlocks } from "../../schema/parse";
import { BlockList } from "../blocks/BlockList";
import { BlogPostView } from "../blocks/blog/BlogPostView";
import { preloadBlocks } from "../blocks/registry";
import { archivePath, formatDate, parseSlugId, postPath } from "../features/blog/format";
import { articleTag, pageTag, siteTag } from "../lib/cache-tags";
import { servicesContext } from "../lib/context";
import { useNonce } from "../lib/csp";
import { dispatchSiteEvent } from "../lib/events";
import { getI18n } from "../lib/i18n";
import { localeCookieHeaders } from "../lib/locale.server";
import { allowPageCache } from "../lib/page-cache.server";
import { type ErrorView, loadPage, type PageView, pageModules } from "../lib/page-loader.server";
import { PreloadModules, preloadModules } from "../lib/preload";
import { sanitizeBlocks } from "../lib/sanitize.server";
import { absoluteUrl } from "../lib/seo";
import { useSite } from "../lib/site";
import { InternalLink, withVariant } from "../ui/SmartLink";
import type { Route } from "./+types/blog-post";

/**
 * The shell, the head and error pages read this route's view like a content page's; anonymous
 * views are served from the page cache.
 */
export const handle = { pageView: true, pageCache: true };

export interface BlogPostPageView extends PageView {
  article: Omit<ArticleDetail, "body">;
}

function localeOf(url: URL): Locale {
  return url.pathname.startsWith("/en/") ? "en" : "fr";
}

// `url`, not `request.url`: on client navigations the request's URL ends in `.data`.
export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const locale = localeOf(url);
  const services = context.get(servicesContext);
  // The archive page gives the header, footer, theme and site facts (and its errors).
  const archiveUrl = new URL(archivePath(locale), url);
  // The variant viewed gives the archive's header and footer (and keeps its banner).
  const variant = url.searchParams.get("variant");
  if (variant) archiveUrl.searchParams.set("variant", variant);
  const archive = await loadPage(archiveUrl, locale, services);
  const notFound = () =>
    data(
      {
        locale,
        status: 404,
        message: "errors.404-message",
        header: archive.header,
        footer: archive.footer,
        page: archive.page,
        themeStyle: archive.themeStyle,
      } satisfies ErrorView,
      { status: 404 },
    );
  const parsed = parseSlugId(params.slugId ?? "");
  if (!parsed) throw notFound();
  const site = await services.content.firstLoad(url.host);
  const bases = services.config.assets ?? SAME_ORIGIN_ASSETS;
  const found = await services.content.getArticle(site, parsed.id, locale);
  const article = found && withAssetUrls(found, bases);
  const slug = article?.slug[locale];
  if (!article || !slug) throw notFound();
  if (parsed.slug !== slug) throw redirect(`${postPath(locale, slug, article.id)}${url.search}`, 301);

  const { blocks } = parseBlocks(article.body[locale] ?? [], (message) =>
    console.warn(`[article ${article.id} ${locale}] ${message}`),
  );
  const other = otherLocale(locale);
  const otherSlug = article.slug[other];
  const path = postPath(locale, slug, article.id);
  const { body: _body, ...meta } = article;
  const view: BlogPostPageView = {
    ...archive,
    path,
    page: {
      ...archive.page,
      title: {
        fr: article.title.fr ?? archive.page.title?.fr ?? "",
        en: article.title.en ?? archive.page.title?.en ?? "",
      },
      // The locale switch goes to the translation, or to the other archive (where the warning sends anyway).
      alternate_paths: [
        { locale, path },
        { locale: other, path: otherSlug ? postPath(other, otherSlug, article.id) : archivePath(other) },
      ],
    },
    content: withAssetUrls(
      sanitizeBlocks(blocks, {
        variantId: archive.page.variant?.id,
        frameHosts: services.config.embedFrameHosts,
      }),
      bases,
    ),
    hideFooter: false,
    article: meta,
    modules: pageModules(services, [archive.header, blocks, archive.footer], locale, "renderer/routes/blog-post.tsx"),
  };
  // The post shows the archive page's header and footer and the article.
  const siteId = archive.page.site_id ?? site.site_id;
  allowPageCache(context, locale, [
    siteTag(siteId),
    ...(archive.page.page_id ? [pageTag(siteId, archive.page.page_id)] : []),
    articleTag(siteId, article.id),
  ]);
  return data(view, { headers: localeCookieHeaders(request, locale) });
}

/** Client navigations: the post's block views load before it renders, so nothing suspends. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const view = (await serverLoader()) as unknown as BlogPostPageView;
  preloadModules(view.modules);
  await preloadBlocks([...view.header, ...view.content, ...view.footer].map((b) => b.block_type));
  return view;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const view = loaderData as BlogPostPageView | undefined;
  if (!view) return [];
  const { article, locale, origin, path } = view;
  const t = getI18n(locale).t;
  const title = article.title[locale] ?? "";
  const description = article.excerpt[locale] ?? "";
  const canonical = absoluteUrl(origin, path);
  const image = absoluteUrl(origin, article.thumbnails.url_large);
  const out: ReturnType<Route.MetaFunction> = [
    { title: `${title} | ${t("blog.blog")}` },
    { name: "description", content: description },
    { name: "robots", content: "index, follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "article" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:locale", content: `${locale}_CA` },
    { property: "article:published_time", content: article.published_at },
    { property: "article:modified_time", content: article.updated_at },
    { property: "article:section", content: article.category.label[locale] },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: t("blog.rss"),
      href: absoluteUrl(origin, `${archivePath(locale)}/rss.xml`),
    },
  ];
  // hreflang alternates only for the translations that exist.
  for (const l of article.translations) {
    const slug = article.slug[l];
    if (!slug) continue;
    out.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: `${l}-CA`,
      href: absoluteUrl(origin, postPath(l, slug, article.id)),
    });
    if (l !== locale) out.push({ property: "og:locale:alternate", content: `${l}_CA` });
  }
  const fallback = article.slug.fr ? "fr" : "en";
  out.push({
    tagName: "link",
    rel: "alternate",
    hrefLang: "x-default",
    href: absoluteUrl(origin, postPath(fallback, article.slug[fallback] ?? "", article.id)),
  });
  return out;
}

export function jsonLd(view: BlogPostPageView): string {
  const { article, locale, origin, path } = view;
  const t = getI18n(locale).t;
  const url = absoluteUrl(origin, path);
  return JSON.stringify([
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: article.title[locale],
      description: article.excerpt[locale],
      image: absoluteUrl(origin, article.thumbnails.url_large),
      datePublished: article.published_at,
      dateModified: article.updated_at,
      inLanguage: `${locale}-CA`,
      author: { "@type": "Person", name: article.author.name },
      articleSection: article.category.label[locale],
      keywords: (article.tags[locale] ?? []).join(", "),
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      url,
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: t("blog.home"), item: absoluteUrl(origin, `/${locale}`) },
        { "@type": "ListItem", position: 2, name: t("blog.blog"), item: absoluteUrl(origin, archivePath(locale)) },
        { "@type": "ListItem", position: 3, name: article.title[locale], item: url },
      ],
    },
  ]).replace(/</g, "\\u003c");
}

/** Locale-switch links (`data-locale-switch`) open the language warning when there is no translation. */
function useMissingTranslationWarning(locale: Locale, article: BlogPostPageView["article"]) {
  const other = otherLocale(locale);
  const missing = !article.slug[other];
  useEffect(() => {
    if (!missing) return;
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.(`a[data-locale-switch="${other}"]`);
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      dispatchSiteEvent("open-language-warning", { archiveUrl: archivePath(other) });
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [missing, other]);
}

function Breadcrumb({ view }: { view: BlogPostPageView }) {
  const { t } = useTranslation();
  const { variantId } = useSite();
  const { locale, article } = view;
  return (
    <nav className="container blog-breadcrumb" aria-label={t("blog.breadcrumb")}>
      <ol>
        <li>
          <InternalLink to={withVariant(`/${locale}`, variantId)}>{t("blog.home")}</InternalLink>
        </li>
        <li>
          <InternalLink to={withVariant(archivePath(locale), variantId)}>{t("blog.blog")}</InternalLink>
        </li>
        <li aria-current="page">{article.title[locale]}</li>
      </ol>
    </nav>
  );
}

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  const view = loaderData as unknown as BlogPostPageView;
  const { t } = useTranslation();
  const nonce = useNonce();
  const { locale, page, article } = view;
  useMissingTranslationWarning(locale, article);
  // Marks the page interactive (the locale-switch interception is in place), for tests.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const readTime = article.read_time[locale] ?? 1;
  return (
    <>
      <PreloadModules hrefs={view.modules} />
      <BlockList
        blocks={view.header}
        locale={locale}
        siteType={page.site_type}
        region="header"
        variantId={page.variant?.id}
      />
      <main id="main-content" tabIndex={-1} data-ready={ready ? "" : undefined}>
        <script type="application/ld+json" nonce={nonce} suppressHydrationWarning>
          {jsonLd(view)}
        </script>
        <Breadcrumb view={view} />
        <BlogPostView
          title={article.title[locale] ?? ""}
          authorName={article.author.name}
          authorAvatar={article.author.thumbnail ? { url: article.author.thumbnail, alt: "" } : undefined}
          items={[
            {
              icon: "calendar",
              description: t("blog.published-on", { date: formatDate(locale, article.published_at) }),
              dateTime: article.published_at,
            },
            { icon: "clock", description: t("blog.read-time", { count: readTime }) },
            { icon: "tag", description: t("blog.category", { label: article.category.label[locale] }) },
          ]}
          image={{ url: article.thumbnails.url_large, alt: "", width: 1200, height: 675 }}
          content={view.content}
          tags={article.tags[locale] ?? []}
        />
      </main>
      <BlockList
        blocks={view.footer}
        locale={locale}
        siteType={page.site_type}
        region="footer"
        variantId={page.variant?.id}
      />
    </>
  );
}
