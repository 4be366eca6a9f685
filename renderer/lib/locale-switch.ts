/**
 * Locale switch (site.md §2): the other locale's path for the current page (its
 * alternate path, else that locale's home), keeping the variant. A full page load is
 * forced when scripts that vary by locale were injected: a registry of them
 * (`registerLocaleScript`), filled by the code that injects them (the captcha: reCAPTCHA's
 * script carries `hl`, the ALTCHA widget its strings), since a client-side switch would
 * leave them speaking the first language.
 */
import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { LOCALES, type Locale } from "../../schema/locales";
import { withVariant } from "../ui/SmartLink";
import { useSite } from "./site";

declare global {
  interface Window {
    /** Scripts injected in one language (name → locale): switching locale then reloads the page. */
    __localeScripts?: Map<string, string>;
  }
}

/** The page's registry, on `window` so that every chunk (and a test) sees the same one. */
function registry(): Map<string, string> | undefined {
  if (typeof window === "undefined") return undefined;
  window.__localeScripts ??= new Map();
  return window.__localeScripts;
}

/** Records that `name` was injected speaking `locale` (idempotent). */
export function registerLocaleScript(name: string, locale: string): void {
  registry()?.set(name, locale);
}

/** The scripts injected so far, name → locale. */
export function localeScripts(): ReadonlyMap<string, string> {
  return registry() ?? new Map();
}

/**
 * Whether a switch must be a full page load: once any locale-dependent script is in the
 * page (they cannot be unloaded, and most read their language once).
 */
export function switchNeedsReload(scripts: ReadonlyMap<string, string>): boolean {
  return scripts.size > 0;
}

export function needsFullReload(): boolean {
  return switchNeedsReload(localeScripts());
}

interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * How a click on a locale-switch link is followed: "browser" (the browser's own: a new tab,
 * a download, or already handled), "reload" (a full page load) or "router" (client-side).
 */
export function localeSwitchMode(
  event: ClickLike,
  scripts: ReadonlyMap<string, string>,
): "browser" | "reload" | "router" {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return "browser";
  }
  return switchNeedsReload(scripts) ? "reload" : "router";
}

/** For a router `<Link>` to the other locale: turns the click into a full page load when needed. */
export function followLocaleSwitch(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (localeSwitchMode(event, localeScripts()) !== "reload") return;
  event.preventDefault();
  window.location.assign(href);
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
      followLocaleSwitch(event, to);
    },
    switchLocale() {
      if (needsFullReload()) window.location.assign(to);
      else void navigate(to);
    },
  };
}
