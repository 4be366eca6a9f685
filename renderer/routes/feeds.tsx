/**
 * The listing feed's screen (/fr/qa/flux, /en/qa/feed), a QA section of the studio for signed-in
 * editors (its settings for administrators; anyone else is sent to the sign-in page). The
 * server renders a loading shell; the screen (studio/feeds) loads through the dynamic import
 * below after hydration, so no public page carries it.
 */
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { isLocale } from "../../schema/locales";
import { servicesContext } from "../lib/context";
import { signInUrl } from "../lib/studio-paths";
import type { Route } from "./+types/feeds";

export const FEED_PATHS = { fr: "/fr/qa/flux", en: "/en/qa/feed" } as const;

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const lang = params.lang;
  // /fr/qa/flux and /en/qa/feed only (`url`: without the `.data` of a client navigation's request).
  if (!isLocale(lang) || url.pathname.replace(/\/$/, "") !== FEED_PATHS[lang]) {
    throw data(
      { locale: isLocale(lang) ? lang : "fr", status: 404, message: "This page could not be found" },
      { status: 404 },
    );
  }
  const { content, editorOf } = context.get(servicesContext);
  const editor = editorOf ? await editorOf(request) : null;
  if (!editor) throw redirect(signInUrl(lang, FEED_PATHS[lang]));
  const first = await content.firstLoad(url.hostname);
  return { locale: lang, site: { site_id: first.site_id }, role: editor.role };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.locale === "en" ? "Listing feed · Studio" : "Flux d'inscriptions · Studio";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

type FeedsProps = import("../../studio/feeds/Feeds").FeedsProps;
const Feeds = lazy(() => import("../../studio/feeds/Feeds")) as unknown as ComponentType<FeedsProps>;

function LoadingShell() {
  const { t } = useTranslation();
  return (
    <main id="main-content" tabIndex={-1} className="studio-loading">
      <p role="status">{t("studio.loading")}</p>
    </main>
  );
}

export default function FeedsRoute({ loaderData }: Route.ComponentProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <LoadingShell />;
  const { locale } = loaderData;
  return (
    <Suspense fallback={<LoadingShell />}>
      <Feeds
        locale={locale}
        site={loaderData.site}
        role={loaderData.role}
        studioHref={`/${locale}/qa/sections`}
        otherHref={FEED_PATHS[locale === "fr" ? "en" : "fr"]}
        selfHref={FEED_PATHS[locale]}
      />
    </Suspense>
  );
}
