/**
 * Locale switch (site.md §2): the other locale's path for the current page (its
 * alternate path, else that locale's home), keeping the variant; a full page load when
 * scripts that vary by locale were injected (locale-scripts.ts).
 */
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { LOCALES, type Locale } from "../../schema/locales";
import { withVariant } from "../ui/SmartLink";
import { followLocaleSwitch, needsFullReload } from "./locale-scripts";
import { useSite } from "./site";

export function otherLocale(locale: Locale): Locale {
  return LOCALES.find((l) => l !== locale) ?? locale;
}

export function localeSwitchPath(
  target: Locale,
  alternatePaths: Partial<Record<Locale, string>>,
  variantId?: string,
): string {
  const path = alternatePaths[target]?.trim();
  const safe = path?.startsWith(`/${target}`) && !path.startsWith("//") ? path : `/${target}`;
  return withVariant(safe, variantId);
}

export interface LocaleSwitch {
  /** The locale to switch to. */
  locale: Locale;
  /** Its path for the current page. */
  to: string;
  /** For a router `<Link to={to} onClick={onClick}>`: turns the click into a full page load when needed. */
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Switches now (buttons, menus). */
  switchLocale: () => void;
}

export function useLocaleSwitch(): LocaleSwitch {
  const { locale, alternatePaths, variantId } = useSite();
  const navigate = useNavigate();
  const target = otherLocale(locale);
  const to = localeSwitchPath(target, alternatePaths, variantId);
  return {
    locale: target,
    to,
    onClick(event) {
      followLocaleSwitch(event, to);
    },
    switchLocale() {
      if (needsFullReload()) window.location.assign(to);
      else void navigate(to);
    },
  };
}
