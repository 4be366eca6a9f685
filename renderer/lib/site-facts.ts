/**
 * The site's facts for routes that show blocks without a content page: the block gallery
 * and the studio. Blocks that load their own data (blog, listings, forms) call the content
 * service with the site's microsite id and key; without them they stayed empty or on
 * "Chargement…" in previews. Such a route's loader returns `{ siteFacts }` (made from the
 * content service's first load), and the shell reads them when no page view carries them.
 */
import type { SiteType } from "../../schema/common";
import type { CaptchaConfig, Variant } from "../../schema/page";

export interface SiteFacts {
  siteId: string;
  siteKey: string;
  micrositeId: string;
  siteType: SiteType;
  variantId?: string;
  /** The variant shown (its banner), when the route's loader read one from a page answer. */
  variant?: Variant;
  recaptchaSiteKey?: string;
  captcha?: CaptchaConfig;
  siteName?: string;
  privacyPolicy?: Partial<Record<"fr" | "en", string>>;
}

/** The facts of a first-load answer (schema/page.ts `firstLoadSchema`). */
export function siteFactsOf(first: {
  site_id: string;
  site_key: string;
  microsite_id: string;
  site_type: SiteType;
  variant_id?: string | null;
  recaptcha?: { site_key?: string };
  captcha?: CaptchaConfig;
  site_name?: string;
  privacy_policy?: Partial<Record<"fr" | "en", string>>;
}): SiteFacts {
  return {
    siteId: first.site_id,
    siteKey: first.site_key,
    micrositeId: first.microsite_id,
    siteType: first.site_type,
    ...(first.variant_id ? { variantId: first.variant_id } : {}),
    ...(first.recaptcha?.site_key ? { recaptchaSiteKey: first.recaptcha.site_key } : {}),
    ...(first.captcha ? { captcha: first.captcha } : {}),
    ...(first.site_name ? { siteName: first.site_name } : {}),
    ...(first.privacy_policy ? { privacyPolicy: first.privacy_policy } : {}),
  };
}

/**
 * The page call's query for a route that borrows a content page's header and footer (listing,
 * favourites, blog post): the variant the visitor views, so they come from that variant.
 */
export function variantQuery(url: URL): Record<string, string> | undefined {
  const variant = url.searchParams.get("variant");
  return variant ? { variant } : undefined;
}

/** The facts with the variant a page answer shows (its id in links, its banner). */
export function withAnswerVariant(facts: SiteFacts, variant: Variant | null | undefined): SiteFacts {
  return variant ? { ...facts, variantId: variant.id, variant } : facts;
}

/** The facts a route's loader data carries, from the innermost route that has them. */
export function findSiteFacts(matches: readonly { loaderData?: unknown }[]): SiteFacts | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const facts = (matches[i]?.loaderData as { siteFacts?: SiteFacts } | null | undefined)?.siteFacts;
    if (facts && typeof facts.micrositeId === "string") return facts;
  }
  return undefined;
}
