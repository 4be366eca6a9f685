/**
 * The site shell around every page (site.md §2): site facts for blocks, the skip
 * link, the variant banner, the navigation loading bar, focus after navigation,
 * before-route-change callbacks, chunk-load recovery, toasts and the contact and
 * language-warning modals. Breakpoints need no provider (lib/breakpoints.ts).
 */
import { lazy, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMatches, useRouteLoaderData } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "../../schema/locales";
import { EditModeProvider } from "../lib/edit-mode";
import { findPageView } from "../lib/page-match";
import { type SiteInfo, SiteProvider } from "../lib/site";
import { findSiteFacts } from "../lib/site-facts";
import { ChunkReload } from "./shell/ChunkReload";
import { DeferredOverlay } from "./shell/DeferredOverlay";
import { IdlePrefetchLater } from "./shell/IdlePrefetchLater";
import { LoadingBar } from "./shell/LoadingBar";
import { NavigationFocus } from "./shell/NavigationFocus";
import { RouteChangeGuard } from "./shell/RouteChangeGuard";

// Overlays load on their first event (see DeferredOverlay).
const ContactModal = lazy(() => import("./shell/ContactModal").then((m) => ({ default: m.ContactModal })));
const LanguageWarningModal = lazy(() =>
  import("./shell/LanguageWarningModal").then((m) => ({ default: m.LanguageWarningModal })),
);
const ToastArea = lazy(() => import("./shell/ToastArea").then((m) => ({ default: m.ToastArea })));
const CONTACT_EVENTS = ["open-contact-modal"] as const;
const LANGUAGE_EVENTS = ["open-language-warning"] as const;
const TOAST_EVENTS = ["toast"] as const;

export function useSiteInfo(): SiteInfo {
  const matches = useMatches();
  const view = findPageView(matches);
  // Routes without a content page (the gallery, the studio) carry the site's facts themselves.
  const facts = view ? undefined : findSiteFacts(matches);
  const root = useRouteLoaderData("root") as { mapTiles?: { url: string; attribution: string } } | undefined;
  const lang = matches.map((m) => m.params.lang).find(isLocale) ?? DEFAULT_LOCALE;
  const tiles = root?.mapTiles;
  // One object while its sources are the same: blocks key their data effects on it.
  return useMemo(() => {
    const page = view?.page;
    const locale = view?.locale ?? lang;
    return {
      locale,
      siteType: page?.site_type ?? facts?.siteType ?? "broker",
      variantId: page?.variant?.id ?? facts?.variantId,
      micrositeId: page?.microsite_id ?? facts?.micrositeId,
      siteId: page?.site_id ?? facts?.siteId,
      siteKey: page?.site_key ?? facts?.siteKey,
      recaptchaSiteKey: page?.recaptcha?.site_key ?? facts?.recaptchaSiteKey,
      captcha: page ? page.captcha : facts?.captcha,
      siteName: page?.site_name ?? facts?.siteName,
      privacyPolicyPath: (page?.privacy_policy ?? facts?.privacyPolicy)?.[locale],
      config: {
        mapTileUrl: tiles?.url ?? "",
        mapTileAttribution: tiles?.attribution ?? "",
        publicOrigin: view?.origin ?? "",
        exposeErrors: view?.exposeErrors ?? false,
      },
      alternatePaths: Object.fromEntries((page?.alternate_paths ?? []).map((a) => [a.locale, a.path])),
    };
  }, [view, facts, tiles, lang]);
}

export function VariantBanner() {
  const { t } = useTranslation();
  const matches = useMatches();
  const view = findPageView(matches);
  // Routes without a content page (a listing) carry the variant in their site facts.
  const variant = view ? view.page.variant : findSiteFacts(matches)?.variant;
  if (!variant) return null;
  return (
    <div className={`variant-banner variant-${variant.color}`} role="status" data-variant-id={variant.id}>
      {t("site.variant-banner", { name: variant.name })}
    </div>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  return (
    <SiteProvider value={site}>
      <LoadingBar />
      <a className="skip-link" href="#main-content">
        {t("site.skip-to-content")}
      </a>
      <VariantBanner />
      <EditModeProvider>{children}</EditModeProvider>
      <DeferredOverlay events={CONTACT_EVENTS} component={ContactModal} />
      <DeferredOverlay events={LANGUAGE_EVENTS} component={LanguageWarningModal} />
      <DeferredOverlay events={TOAST_EVENTS} component={ToastArea} />
      <NavigationFocus />
      <RouteChangeGuard />
      <ChunkReload />
      <IdlePrefetchLater />
    </SiteProvider>
  );
}
