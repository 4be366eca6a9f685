/**
 * A preview link (issue 33): `/fr/apercu/{secret}` and `/en/preview/{secret}` show a page's draft
 * (or the version the link names) to anyone who has the link, read only, with a discreet banner
 * saying so. Never indexed (`noindex` in the head and `X-Robots-Tag`), never cached by anyone
 * (`Cache-Control: private, no-store`, and no `pageCache` handle: the rendered-page cache skips
 * it), its address never sent on (`Referrer-Policy: no-referrer`, entry.server.tsx), its secret
 * never logged (server/ops/request-log.ts). An unknown, expired or revoked link is a 404 like any
 * page that does not exist.
 */
import "../messages/preview";
import "./preview.css";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { isLocale, type Locale } from "../../schema/locales";
import { PREVIEW_TOKEN, type PreviewInfo, previewPath } from "../../schema/preview";
import { BlockList } from "../blocks/BlockList";
import { servicesContext } from "../lib/context";
import { type ErrorView, normalisePath, type PageView, viewOfAnswer } from "../lib/page-loader.server";
import { PreloadModules } from "../lib/preload";
import { pageMeta } from "../lib/seo";
import type { Route } from "./+types/preview";

/** Its view heads the document and feeds the shell, as a content page's does (no page cache). */
export const handle = { pageView: true };

export interface PreviewView extends PageView {
  preview: PreviewInfo;
}

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const locale: Locale = url.pathname.startsWith("/en/") ? "en" : "fr";
  const token = params.token ?? "";
  const notFound = () =>
    data({ locale, status: 404, message: "This page could not be found", header: [], footer: [] } satisfies ErrorView, {
      status: 404,
      headers: PRIVATE,
    });
  if (!isLocale(locale) || !PREVIEW_TOKEN.test(token)) throw notFound();
  const services = context.get(servicesContext);
  const site = await services.content.firstLoad(url.host);
  const answer = await services.content.getPreview(site, token, locale);
  if (!answer) throw notFound();
  // The language switch stays in the preview: its other language's address.
  const page = {
    ...answer.page,
    alternate_paths: [
      { locale: "fr" as const, path: previewPath("fr", token) },
      { locale: "en" as const, path: previewPath("en", token) },
    ],
  };
  const view = viewOfAnswer(services, page, url, locale, normalisePath(url.pathname));
  return data({ ...view, preview: answer.preview } satisfies PreviewView, { headers: PRIVATE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  // A preview has no canonical address: it is never to be indexed, and its own address is a secret.
  return pageMeta(loaderData as PreviewView).filter((m) => !("rel" in m && m.rel === "canonical"));
}

function PreviewBanner({ preview, locale }: { preview: PreviewInfo; locale: Locale }) {
  const { t } = useTranslation();
  const until = new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: "medium" }).format(new Date(preview.expires_at));
  return (
    <aside className="preview-banner" aria-label={t("preview.label")}>
      {preview.source === "version"
        ? t("preview.version", { version: preview.version })
        : t(`preview.${preview.source}`)}
      {" · "}
      {t("preview.until", { date: until })}
    </aside>
  );
}

export default function PreviewRoute({ loaderData }: Route.ComponentProps) {
  const view = loaderData as unknown as PreviewView;
  const { locale, page } = view;
  const lastHeader = view.header.at(-1)?.block_type;
  const pageTitle = page.title?.[locale];
  return (
    <>
      <PreloadModules hrefs={view.modules} />
      <PreviewBanner preview={view.preview} locale={locale} />
      <BlockList
        blocks={view.header}
        locale={locale}
        siteType={page.site_type}
        region="header"
        after={view.content[0]}
      />
      <main id="main-content" tabIndex={-1}>
        {view.title[locale].index < 0 && pageTitle ? <h1 className="visually-hidden">{pageTitle}</h1> : null}
        <BlockList
          blocks={view.content}
          locale={locale}
          siteType={page.site_type}
          region="content"
          before={lastHeader}
          pageTitle={view.title[locale]}
        />
      </main>
      {view.hideFooter ? null : (
        <BlockList blocks={view.footer} locale={locale} siteType={page.site_type} region="footer" />
      )}
    </>
  );
}
