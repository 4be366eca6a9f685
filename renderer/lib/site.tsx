/**
 * Site-wide facts every block may read: locale, site type, variant, public configuration; and
 * how the site's own links are followed (one navigate function for all, see SmartLink).
 */
import { createContext, type ReactNode, startTransition, useCallback, useContext } from "react";
import { UNSAFE_NavigationContext, useNavigate } from "react-router";
import type { Locale, SiteType } from "../../schema/common";
import type { CaptchaConfig } from "../../schema/page";
import type { PublicConfig } from "./context";

export interface SiteInfo {
  locale: Locale;
  siteType: SiteType;
  variantId?: string;
  micrositeId?: string;
  siteKey?: string;
  siteId?: string;
  recaptchaSiteKey?: string;
  /** The content service's captcha for forms (read by features/forms/useCaptcha.ts). */
  captcha?: CaptchaConfig;
  /** The site's privacy policy page in this locale, which every form links. */
  privacyPolicyPath?: string;
  /** The site's name (who sends the alert e-mails a visitor consents to). */
  siteName?: string;
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

/** Follows a link to a path of this site in the app, as React Router's <Link> does. */
export type FollowLink = (to: string) => void;

const FollowLinkContext = createContext<FollowLink | null>(null);

/** Inside the router, around everything that renders links (the root layout). */
export function FollowLinkProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { useTransitions } = useContext(UNSAFE_NavigationContext) as { useTransitions?: boolean };
  const follow = useCallback<FollowLink>(
    (to) => {
      // A link to the page already shown replaces its history entry, as <Link> does.
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const go = () => void navigate(to, { replace: here === to });
      if (useTransitions) startTransition(go);
      else go();
    },
    [navigate, useTransitions],
  );
  return <FollowLinkContext.Provider value={follow}>{children}</FollowLinkContext.Provider>;
}

/** Null outside the provider: links are then left to the browser. */
export function useFollowLink(): FollowLink | null {
  return useContext(FollowLinkContext);
}
