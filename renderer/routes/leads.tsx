/**
 * The broker's inbox (/fr/qa/demandes, /en/qa/leads), a QA section of the studio. The server
 * renders a loading shell; the inbox (studio/leads) loads through the dynamic import below
 * after hydration, so no public page carries it.
 */
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { isLocale } from "../../schema/locales";
import { servicesContext } from "../lib/context";
import type { Route } from "./+types/leads";

export const INBOX_PATHS = { fr: "/fr/qa/demandes", en: "/en/qa/leads" } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = params.lang;
  // /fr/qa/demandes and /en/qa/leads only: /en/qa/demandes is not a page.
  if (!isLocale(lang) || new URL(request.url).pathname.replace(/\/$/, "") !== INBOX_PATHS[lang]) {
    throw data(
      { locale: isLocale(lang) ? lang : "fr", status: 404, message: "This page could not be found" },
      { status: 404 },
    );
  }
  const { content } = context.get(servicesContext);
  const first = await content.firstLoad(new URL(request.url).hostname);
  return { locale: lang, site: { site_id: first.site_id, site_key: first.site_key } };
}

export function meta() {
  return [{ title: "Leads · Studio" }, { name: "robots", content: "noindex, nofollow" }];
}

type InboxProps = import("../../studio/leads/Inbox").InboxProps;
const Inbox = lazy(() => import("../../studio/leads/Inbox")) as unknown as ComponentType<InboxProps>;

function LoadingShell() {
  const { t } = useTranslation();
  return (
    <main id="main-content" tabIndex={-1} className="studio-loading">
      <p role="status">{t("studio.loading")}</p>
    </main>
  );
}

export default function LeadsRoute({ loaderData }: Route.ComponentProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <LoadingShell />;
  const { locale } = loaderData;
  return (
    <Suspense fallback={<LoadingShell />}>
      <Inbox
        locale={locale}
        site={loaderData.site}
        studioHref={`/${locale}/qa/sections`}
        otherHref={INBOX_PATHS[locale === "fr" ? "en" : "fr"]}
      />
    </Suspense>
  );
}
