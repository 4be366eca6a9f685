/**
 * Where the editor pages live, per language (French and English slugs). Shared by the
 * server's redirects (studio loader) and the pages' links; no other code, so public pages
 * that link here load nothing of the studio.
 */
import type { Locale } from "../../schema/locales";

const SLUGS = {
  "sign-in": { fr: "connexion", en: "sign-in" },
  "sign-out": { fr: "deconnexion", en: "sign-out" },
  account: { fr: "compte", en: "account" },
  activation: { fr: "activation", en: "activation" },
} as const;

export type AuthPage = keyof typeof SLUGS;

export const authPath = (page: AuthPage, locale: Locale) => `/${locale}/qa/${SLUGS[page][locale]}`;

/** Which auth page a `:lang/qa/:slug` URL names, or undefined (a slug of the other language is not one). */
export function authPageOf(locale: Locale, slug: string): AuthPage | undefined {
  return (Object.keys(SLUGS) as AuthPage[]).find((page) => SLUGS[page][locale] === slug);
}

/** The studio's screens and their slugs per language (site.md §2 names the first two). */
const SCREENS = {
  sections: { fr: "sections", en: "sections" },
  pages: { fr: "pages", en: "pages" },
  redirects: { fr: "redirections", en: "redirects" },
  variants: { fr: "variantes", en: "variants" },
  settings: { fr: "parametres-generaux", en: "general-settings" },
} as const;

export type StudioScreen = keyof typeof SCREENS;

/** The route table's studio entries: one per distinct slug, its id naming the screen. */
export const STUDIO_SCREEN_ROUTES: readonly { slug: string; id: string }[] = (
  Object.keys(SCREENS) as StudioScreen[]
).flatMap((screen) => {
  const { fr, en } = SCREENS[screen];
  return fr === en
    ? [{ slug: fr, id: `studio-${screen}` }]
    : [
        { slug: fr, id: `studio-${screen}-fr` },
        { slug: en, id: `studio-${screen}-en` },
      ];
});

/** The screen a studio route's id names (`studio-settings-fr` → settings). */
export function studioScreenOf(routeId: string | undefined): StudioScreen {
  const name = routeId?.replace(/^studio-/, "").replace(/-(fr|en)$/, "");
  return name && name in SCREENS ? (name as StudioScreen) : "sections";
}

/** A studio screen's path: `/fr/qa/redirections`, `/en/qa/redirects`… (sections when unnamed). */
export const studioPath = (locale: Locale, screen: StudioScreen = "sections") =>
  `/${locale}/qa/${SCREENS[screen][locale]}`;

/** A same-site path to return to after signing in; anything else (another origin, `//host`) is dropped. */
export function safeNext(next: string | null | undefined, locale: Locale): string {
  if (next && /^\/(fr|en)\/qa\/[\w/-]*$/.test(next)) return next;
  return studioPath(locale);
}

/** The sign-in page that returns to `next` afterwards. */
export const signInUrl = (locale: Locale, next?: string) =>
  `${authPath("sign-in", locale)}${next ? `?next=${encodeURIComponent(next)}` : ""}`;
