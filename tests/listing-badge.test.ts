/** "Nouveau" means new (issue 34): the badge a listing shows is its age when asked, not a stored word. */
import { describe, expect, it } from "vitest";
import { currentBadge, NEW_LISTING_DAYS, withCurrentBadge } from "../server/content/data/listing-badge";

const NOW = Date.parse("2026-11-27T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

describe("currentBadge", () => {
  it("says new for the listing's first days only, whatever was stored", () => {
    expect(NEW_LISTING_DAYS).toBe(7);
    expect(currentBadge(null, daysAgo(0.1), NOW)).toBe("new");
    expect(currentBadge(null, daysAgo(6.9), NOW)).toBe("new");
    expect(currentBadge(null, daysAgo(7.1), NOW)).toBeNull();
    // A "new" stored by an import or an older seed goes once its days are over.
    expect(currentBadge("new", daysAgo(30), NOW)).toBeNull();
    expect(currentBadge("new", daysAgo(2), NOW)).toBe("new");
    expect(currentBadge(null, undefined, NOW)).toBeNull();
  });

  it("never hides what lasts: sold, foreclosed, open house, new build", () => {
    for (const badge of ["sold", "foreclosed", "open_house", "new_build"] as const) {
      expect(currentBadge(badge, daysAgo(1), NOW)).toBe(badge);
      expect(currentBadge(badge, daysAgo(100), NOW)).toBe(badge);
    }
  });

  it("takes the place of the lesser badges while it holds, which come back after", () => {
    for (const badge of ["collection", "commercial", "rent"] as const) {
      expect(currentBadge(badge, daysAgo(1), NOW)).toBe("new");
      expect(currentBadge(badge, daysAgo(8), NOW)).toBe(badge);
    }
  });

  it("keeps the listing object when its badge stands", () => {
    const listing = { uls: "1", badge: "sold" as const, listed_at: daysAgo(1) };
    expect(withCurrentBadge(listing, NOW)).toBe(listing);
    expect(withCurrentBadge({ ...listing, badge: null }, NOW)).toEqual({ ...listing, badge: "new" });
  });
});
