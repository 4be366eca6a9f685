/**
 * The site shell around every page (site.md §2): site facts for blocks, the skip
 * link, the variant banner. Modals, toasts, the loading bar and breakpoints mount here.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "../../schema/common";
import type { PageView } from "../lib/page-loader.server";
import { type SiteInfo, SiteProvider } from "../lib/site";

export function useSiteInfo(): SiteInfo {
  const matches = useMatches();
  const view = matches.find((m) => m.id === "routes/page")?.loaderData as PageView | undefined;
  const lang = matches.map((m) => m.params.lang).find(isLocale) ?? DEFAULT_LOCALE;
  const page = view?.page;
  return {
    locale: view?.locale ?? lang,
    siteType: page?.site_type ?? "broker",
    variantId: page?.variant?.id,
    micrositeId: page?.microsite_id,
    siteId: page?.site_id,
    siteKey: page?.site_key,
    recaptchaSiteKey: page?.recaptcha?.site_key,
    config: {
      mapTileUrl: "",
      mapTileAttribution: "",
      publicOrigin: view?.origin ?? "",
      exposeErrors: view?.exposeErrors ?? false,
    },
    alternatePaths: Object.fromEntries((page?.alternate_paths ?? []).map((a) => [a.locale, a.path])),
  };
}

export function VariantBanner() {
  const { t } = useTranslation();
  const matches = useMatches();
  const view = matches.find((m) => m.id === "routes/page")?.loaderData as PageView | undefined;
  const variant = view?.page.variant;
  if (!variant) return null;
  return (
    <div className={`variant-banner variant-${variant.color}`} role="status">
      {t("site.variant-banner", { name: variant.name })}
    </div>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  return (
    <SiteProvider value={site}>
      <a className="skip-link" href="#main-content">
        {t("site.skip-to-content")}
      </a>
      <VariantBanner />
      {children}
    </SiteProvider>
  );
}
