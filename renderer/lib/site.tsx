/** Site-wide facts every block may read: locale, site type, variant, public configuration. */
import { createContext, type ReactNode, useContext } from "react";
import type { Locale, SiteType } from "../../schema/common";
import type { PublicConfig } from "./context";

export interface SiteInfo {
  locale: Locale;
  siteType: SiteType;
  variantId?: string;
  micrositeId?: string;
  siteKey?: string;
  siteId?: string;
  recaptchaSiteKey?: string;
  config: PublicConfig;
  /** The page's path in each locale, for the locale switcher. */
  alternatePaths: Partial<Record<Locale, string>>;
}

const SiteContext = createContext<SiteInfo | null>(null);

export function SiteProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

const fallback: SiteInfo = {
  locale: "fr",
  siteType: "broker",
  config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
  alternatePaths: {},
};

export function useSite(): SiteInfo {
  return useContext(SiteContext) ?? fallback;
}
