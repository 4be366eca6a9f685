/** Pure navigation logic shared by the header and footer views (unit-tested in tests/headers.test.ts). */

import type { Image, Link } from "../../../schema/fields";
import { type Locale, otherLocale } from "../../../schema/locales";
import { type ColorScheme, isColorScheme, SCHEME_INFO } from "../../../schema/theme-values";
import { withVariant } from "../../ui/SmartLink";

export interface MenuEntry {
  link: Link;
  children: Link[];
  groups: MegaGroup[];
}

export interface MegaGroup {
  link: Link;
  image?: Image;
  title?: string;
  description?: string;
}

interface RawNavItem {
  menu_link?: Link;
  submenu?: { menu_link?: Link }[];
  group_menu_repeater?: {
    menu_link?: Link;
    featured_image?: Image;
    main_title?: string;
    description?: string;
  }[];
}

const hasText = (link: Link | undefined): link is Link => Boolean(link?.text?.trim());

/** Keeps items that have a label; drops empty submenu links and groups. */
export function menuEntries(items: readonly RawNavItem[] | undefined): MenuEntry[] {
  return (items ?? [])
    .filter((item) => hasText(item.menu_link))
    .map((item) => ({
      link: item.menu_link as Link,
      children: (item.submenu ?? []).map((sub) => sub.menu_link).filter(hasText),
      groups: (item.group_menu_repeater ?? [])
        .filter((group) => hasText(group.menu_link) || group.main_title)
        .map((group) => ({
          link: group.menu_link ?? { target: "_self" },
          image: group.featured_image?.url ? group.featured_image : undefined,
          title: group.main_title,
          description: group.description,
        })),
    }));
}

export function hasPopup(entry: MenuEntry): boolean {
  return entry.children.length > 0 || entry.groups.length > 0;
}

/** The localized home path (the logo link). */
export function homePath(locale: Locale): string {
  return `/${locale}`;
}

/**
 * The locale switcher's target: the page's alternate path, or the other locale's home when
 * there is none or it is not a path of that locale (a `//host` one would leave the site).
 */
export function localeSwitch(
  locale: Locale,
  alternatePaths: Partial<Record<Locale, string>>,
  variantId?: string,
): { locale: Locale; href: string } {
  const target = otherLocale(locale);
  const path = alternatePaths[target]?.trim();
  const safe = path?.startsWith(`/${target}`) && !path.startsWith("//") ? path : homePath(target);
  return { locale: target, href: withVariant(safe, variantId) };
}

/** While one item is hovered or open, every other item is dimmed. */
export function isDimmed(index: number, hovered: number | null, open: number | null): boolean {
  const active = open ?? hovered;
  return active !== null && active !== index;
}

/**
 * Whether the desktop links fit: the list's natural width against the slot width.
 * In fallback mode the hamburger takes room the links would get back, so it counts.
 */
export function linksFit(listWidth: number, slotWidth: number, reclaimable = 0): boolean {
  return listWidth <= slotWidth + reclaimable;
}

/**
 * The scheme a header draws in: its own when opaque; while transparent, the inverted
 * scheme over a dark next block, and a light one (its own, or normal) over a light block.
 */
export function headerScheme(own: unknown, opaque: boolean, nextScheme: unknown): ColorScheme {
  const scheme: ColorScheme = isColorScheme(own) ? own : "normal";
  if (opaque) return scheme;
  const next: ColorScheme = isColorScheme(nextScheme) ? nextScheme : "normal";
  if (SCHEME_INFO[next].dark) return "inverted";
  return SCHEME_INFO[scheme].dark ? "normal" : scheme;
}

/** Clamps the logo multiplier to a sane range. */
export function logoScale(multiplier: number | undefined): number {
  if (!multiplier || !Number.isFinite(multiplier)) return 1;
  return Math.min(3, Math.max(0.25, multiplier));
}

/** Copyright line parts: current year, agency text, rights text. */
export function copyrightYear(now: Date = new Date()): number {
  return now.getFullYear();
}

export function privacyPolicyPath(locale: Locale): string {
  return locale === "fr" ? "/fr/politique-confidentialite" : "/en/privacy-policy";
}
