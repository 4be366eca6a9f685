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

export const studioPath = (locale: Locale) => `/${locale}/qa/sections`;

/** A same-site path to return to after signing in; anything else (another origin, `//host`) is dropped. */
export function safeNext(next: string | null | undefined, locale: Locale): string {
  if (next && /^\/(fr|en)\/qa\/[\w/-]*$/.test(next)) return next;
  return studioPath(locale);
}

/** The sign-in page that returns to `next` afterwards. */
export const signInUrl = (locale: Locale, next?: string) =>
  `${authPath("sign-in", locale)}${next ? `?next=${encodeURIComponent(next)}` : ""}`;
