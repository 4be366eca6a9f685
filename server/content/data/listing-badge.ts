/**
 * "Nouveau" means new (issue 34): a listing is new for NEW_LISTING_DAYS days after its listing
 * date, counted when a visitor asks, not when it was stored (FEEDS.md: new ← on market within N
 * days). A stored badge says what lasts (sold, open house, new build…); "new" takes the place
 * of the lesser ones (collection, commercial, rent) while it holds, as the generator always
 * ranked them, and a "new" stored by an import or an older seed goes once its days are over.
 */
import type { PropertyListing } from "../../../schema/api";

export const NEW_LISTING_DAYS = 7;
const NEW_MS = NEW_LISTING_DAYS * 86_400_000;

type Badge = PropertyListing["badge"];

/** What a visitor must know before that a listing is new. */
const BEFORE_NEW: ReadonlySet<string> = new Set(["sold", "foreclosed", "open_house", "new_build"]);

/** The badge a listing shows at `now` (ms), from its stored badge and its listing date. */
export function currentBadge(badge: Badge, listedAt: string | undefined, now: number): Badge {
  if (badge && BEFORE_NEW.has(badge)) return badge;
  const listed = listedAt === undefined ? Number.NaN : Date.parse(listedAt);
  if (now - listed < NEW_MS) return "new";
  return badge === "new" ? null : badge;
}

/** The listing with the badge it shows at `now`. */
export function withCurrentBadge<L extends { badge: Badge; listed_at?: string }>(listing: L, now: number): L {
  const badge = currentBadge(listing.badge, listing.listed_at, now);
  return badge === listing.badge ? listing : { ...listing, badge };
}
