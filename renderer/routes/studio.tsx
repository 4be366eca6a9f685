/**
 * The studio routes: its screens (/{lang}/qa/sections, pages, redirects, variants, general
 * settings; renderer/lib/studio-paths.ts names them in each language).
 * The server renders only a loading shell; the studio itself (store, dnd-kit, TipTap, Monaco)
 * is reachable only through the dynamic import below, mounted after hydration.
 */
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect, useMatches } from "react-router";
import { isLocale } from "../../schema/locales";
import { servicesContext } from "../lib/context";
import { siteFactsOf } from "../lib/site-facts";
import { type StudioScreen, signInUrl, studioScreenOf } from "../lib/studio-paths";
import type { Route } from "./+types/studio";

// The canvas renders every block: it needs the features' stylesheets, which public pages
// link only where their views use them.
import.meta.glob("../features/**/*.css", { eager: true });

export interface StudioSite {
  site_id: string;
  site_key: string;
  microsite_id: string;
  site_type: string;
  /** The site's theme, the preview's default. */
  theme: unknown;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = params.lang;
  if (!isLocale(lang))
    throw data({ locale: "fr", status: 404, message: "This page could not be found" }, { status: 404 });
  const { content, editorOf, config } = context.get(servicesContext);
  // The studio (and through it the page list) is for signed-in editors only.
  const editor = editorOf ? await editorOf(request) : null;
  if (!editor) throw redirect(signInUrl(lang, new URL(request.url).pathname));
  const host = new URL(request.url).hostname;
  const first = await content.firstLoad(host);
  let theme: unknown = null;
  try {
    const home = await content.getPage(first, `/${lang}`, lang);
    if (home.kind === "page") theme = home.page.theme;
  } catch {
    // The preview falls back to the default theme.
  }
  const site: StudioSite = {
    site_id: first.site_id,
    site_key: first.site_key,
    microsite_id: first.microsite_id,
    site_type: first.site_type,
    theme,
  };
  // The canvas's blocks that load their own data (blog, listings, forms) read these through the shell.
  // The embed warning says what the published page keeps (EMBED_FRAME_HOSTS: no secret).
  const frameHosts = config.embedFrameHosts ?? [];
  return { locale: lang, site, siteFacts: siteFactsOf(first), editor, frameHosts };
}

export function meta() {
  return [{ title: "Studio" }, { name: "robots", content: "noindex, nofollow" }];
}

type StudioAppProps = {
  locale: "fr" | "en";
  mode: StudioScreen;
  site: StudioSite;
  role: "admin" | "editor";
  editor: { id: string; name: string };
  frameHosts: readonly string[];
};
const StudioApp = lazy(() => import("../../studio/App")) as unknown as ComponentType<StudioAppProps>;

function LoadingShell() {
  const { t } = useTranslation();
  return (
    <main id="main-content" tabIndex={-1} className="studio-loading">
      <p role="status">{t("studio.loading")}</p>
    </main>
  );
}

export default function StudioRoute({ loaderData }: Route.ComponentProps) {
  const [mounted, setMounted] = useState(false);
  const screen = studioScreenOf(useMatches().at(-1)?.id);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <LoadingShell />;
  return (
    <Suspense fallback={<LoadingShell />}>
      <StudioApp
        locale={loaderData.locale}
        mode={screen}
        site={loaderData.site}
        role={loaderData.editor.role}
        editor={loaderData.editor}
        frameHosts={loaderData.frameHosts}
      />
    </Suspense>
  );
}
