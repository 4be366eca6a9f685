/**
 * The broker's inbox (/fr/qa/demandes, /en/qa/leads), a QA section of the studio for signed-in
 * editors (anyone else is sent to the sign-in page). The server renders a loading shell; the inbox (studio/leads) loads through the dynamic import below
 * after hydration, so no public page carries it.
 */
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { isLocale } from "../../schema/locales";
import { servicesContext } from "../lib/context";
import { signInUrl } from "../lib/studio-paths";
import type { Route } from "./+types/leads";

export const INBOX_PATHS = { fr: "/fr/qa/demandes", en: "/en/qa/leads" } as const;

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const lang = params.lang;
  // /fr/qa/demandes and /en/qa/leads only: /en/qa/demandes is not a page. (`url`: without the
  // `.data` of a client navigation's request.)
  if (!isLocale(lang) || url.pathname.replace(/\/$/, "") !== INBOX_PATHS[lang]) {
    throw data(
      { locale: isLocale(lang) ? lang : "fr", status: 404, message: "This page could not be found" },
      { status: 404 },
    );
  }
  const { content, editorOf } = context.get(servicesContext);
  // Leads are for signed-in editors and admins; anyone else signs in first.
  const editor = editorOf ? await editorOf(request) : null;
  if (!editor) throw redirect(signInUrl(lang, INBOX_PATHS[lang]));
  const first = await content.firstLoad(url.hostname);
  return { locale: lang, site: { site_id: first.site_id } };
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
