/**
 * Locale switch (site.md §2): the other locale's path for the current page (its
 * alternate path, else that locale's home), keeping the variant. A full page
 * load is forced when scripts that vary by locale were injected
 * (`window.__localeScripts`, set with `markLocaleScripts()`).
 */
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { LOCALES, type Locale } from "../../schema/locales";
import { withVariant } from "../ui/SmartLink";
import { useSite } from "./site";

declare global {
  interface Window {
    /** Set when a script that varies by locale was injected: switching locale then reloads the page. */
    __localeScripts?: boolean;
  }
}

export function markLocaleScripts(): void {
  if (typeof window !== "undefined") window.__localeScripts = true;
}

export function needsFullReload(): boolean {
  return typeof window !== "undefined" && window.__localeScripts === true;
}

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
      if (!needsFullReload() || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      window.location.assign(to);
    },
    switchLocale() {
      if (needsFullReload()) window.location.assign(to);
      else void navigate(to);
    },
  };
}
