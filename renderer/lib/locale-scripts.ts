/**
 * Scripts that vary by locale (site.md §2: "a full page reload is forced when scripts that vary
 * by locale were injected"): a registry filled by the code that injects them (the captcha:
 * reCAPTCHA's script carries `hl`, the ALTCHA widget is made in one language), since a
 * client-side switch would leave them speaking the first language. The header's and the phone
 * panel's language links (`a[data-locale-switch]`) follow it.
 */

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

/**
 * Records that `name` was injected speaking `locale` (idempotent). The first one also makes every
 * language link of the page (`a[data-locale-switch]`: the header's, its phone panel's) a full
 * page load. Listening from here, not in the header, keeps this code out of pages that never
 * inject such a script (the home page's JavaScript has no margin).
 */
export function registerLocaleScript(name: string, locale: string): void {
  const scripts = registry();
  if (!scripts) return;
  if (scripts.size === 0) window.addEventListener("click", onLanguageLinkClick, true);
  scripts.set(name, locale);
}

/**
 * On `window` in the capture phase: before React Router's Link (React listens on the root), which
 * leaves a prevented click alone. A blog post's missing-translation warning listens the same way,
 * registered earlier, and prevents the click itself: that one is left to it.
 */
function onLanguageLinkClick(event: globalThis.MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-locale-switch]");
  if (!link || localeSwitchMode(event, localeScripts()) !== "reload") return;
  event.preventDefault();
  window.location.assign(link.href);
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
