/** Pure helpers of the members, partners and testimonials blocks (blocks.md §4, §9). */
import { describe, expect, it } from "vitest";
import {
  filterByOffice,
  hasMorePages,
  memberCardsPerPage,
  memberCardTier,
  memberMoreTier,
  officePagingReducer,
  teamClampLines,
  visiblePage,
} from "../renderer/blocks/members/logic";
import {
  collectTags,
  filterBanksByName,
  filterByTags,
  normaliseForSearch,
  toggleTag,
  visiblePartners,
} from "../renderer/blocks/partners/logic";
import {
  collapseHeight,
  filledStars,
  formatAverage,
  formatCount,
  formatReviewDate,
  roundTo2,
  shouldCollapse,
  toPlainText,
  visibleTestimonials,
} from "../renderer/blocks/testimonials/logic";
import { avatarFallback } from "../renderer/lib/avatars";
import { overflows } from "../renderer/lib/overflow";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("member cards paging", () => {
  it("uses 16 / 12 / 8 / 6 cards per page by breakpoint", () => {
    expect(memberCardsPerPage(1920)).toBe(16);
    expect(memberCardsPerPage(1440)).toBe(16);
    expect(memberCardsPerPage(1439)).toBe(12);
    expect(memberCardsPerPage(1200)).toBe(12);
    expect(memberCardsPerPage(992)).toBe(12);
    expect(memberCardsPerPage(991)).toBe(8);
    expect(memberCardsPerPage(768)).toBe(8);
    expect(memberCardsPerPage(767)).toBe(6);
    expect(memberCardsPerPage(320)).toBe(6);
  });
  it("shows whole pages and knows when more remain", () => {
    expect(visiblePage(range(20), 1, 6)).toEqual(range(6));
    expect(visiblePage(range(20), 2, 6)).toEqual(range(12));
    expect(visiblePage(range(5), 3, 6)).toEqual(range(5));
    expect(visiblePage(range(20), 0, 6)).toHaveLength(6);
    expect(hasMorePages(13, 2, 6)).toBe(true);
    expect(hasMorePages(12, 2, 6)).toBe(false);
    expect(hasMorePages(0, 1, 6)).toBe(false);
  });
  it("marks each card and the load-more button with the page sizes that show them", () => {
    // One page: cards 0-5 show at every width, 6-7 from md (8), 8-11 from lg (12), 12-15 at xxl.
    expect([0, 5, 6, 7, 8, 11, 12, 15].map((i) => memberCardTier(i, 1))).toEqual([6, 6, 8, 8, 12, 12, 16, 16]);
    // Two pages: 12 cards at the narrowest, 16 from md.
    expect([11, 12, 15, 16, 23, 24].map((i) => memberCardTier(i, 2))).toEqual([6, 8, 8, 12, 12, 16]);
    // 12 members: more below lg only (6 and 8 per page), none at 12 or 16.
    expect(memberMoreTier(12, 1)).toBe(8);
    expect(memberMoreTier(13, 1)).toBe(12);
    expect(memberMoreTier(17, 1)).toBe(16);
    expect(memberMoreTier(6, 1)).toBeUndefined();
    expect(memberMoreTier(12, 2)).toBeUndefined();
  });
  it("changing the office goes back to page 1; load more adds one page", () => {
    let state = { office: "", pages: 1 };
    state = officePagingReducer(state, { type: "more" });
    state = officePagingReducer(state, { type: "more" });
    expect(state).toEqual({ office: "", pages: 3 });
    state = officePagingReducer(state, { type: "office", office: "levis" });
    expect(state).toEqual({ office: "levis", pages: 1 });
    state = officePagingReducer(state, { type: "more" });
    state = officePagingReducer(state, { type: "office", office: "levis" });
    expect(state.pages).toBe(1);
  });
  it("filters by office, empty meaning all", () => {
    const items = [{ office_id: "a" }, { office_id: "b" }, {}, { office_id: "a" }];
    expect(filterByOffice(items, "a")).toHaveLength(2);
    expect(filterByOffice(items, "")).toHaveLength(4);
    expect(filterByOffice(items, "z")).toEqual([]);
  });
  it("clamps team descriptions at 7 lines from xxxl, else 5", () => {
    expect(teamClampLines(1680)).toBe(7);
    expect(teamClampLines(1679)).toBe(5);
    expect(teamClampLines(414)).toBe(5);
  });
});

describe("partners filters", () => {
  const partners = [
    { name: "A", tags_repeater: [{ name: "Notaires" }] },
    { name: "B", tags_repeater: [{ name: " notaires " }, { name: "Financement" }] },
    { name: "C", tags_repeater: [{ name: "Déménagement" }] },
    { name: "D" },
  ];
  it("normalises case, accents and spaces", () => {
    expect(normaliseForSearch("  Côté   MORIN ")).toBe("cote morin");
    expect(normaliseForSearch("Lévis")).toBe(normaliseForSearch("LEVIS"));
  });
  it("collects distinct tags in order of first appearance", () => {
    expect(collectTags(partners)).toEqual([
      { key: "notaires", name: "Notaires" },
      { key: "financement", name: "Financement" },
      { key: "demenagement", name: "Déménagement" },
    ]);
  });
  it("shows partners having any selected tag, all when none", () => {
    expect(filterByTags(partners, new Set()).map((p) => p.name)).toEqual(["A", "B", "C", "D"]);
    expect(filterByTags(partners, new Set(["notaires"])).map((p) => p.name)).toEqual(["A", "B"]);
    expect(filterByTags(partners, new Set(["financement", "demenagement"])).map((p) => p.name)).toEqual(["B", "C"]);
  });
  it("toggles a tag without mutating the selection", () => {
    const selected = new Set(["a"]);
    expect([...toggleTag(selected, "b")]).toEqual(["a", "b"]);
    expect([...toggleTag(selected, "a")]).toEqual([]);
    expect([...selected]).toEqual(["a"]);
  });
  it("shows 6 partners until show more", () => {
    expect(visiblePartners(range(8), false)).toHaveLength(6);
    expect(visiblePartners(range(8), true)).toHaveLength(8);
    expect(visiblePartners(range(4), false)).toHaveLength(4);
  });
  it("filters banks by name, accent- and case-insensitive", () => {
    const banks = [
      { name: "Caisse Desjardins de Lévis" },
      { name: "Banque Laurentienne" },
      { name: "Banque Nationale" },
    ];
    expect(filterBanksByName(banks, "levis")).toEqual([banks[0]]);
    expect(filterBanksByName(banks, "BANQUE").map((b) => b.name)).toEqual(["Banque Laurentienne", "Banque Nationale"]);
    expect(filterBanksByName(banks, "  ")).toHaveLength(3);
    expect(filterBanksByName(banks, "royale")).toEqual([]);
  });
});

describe("testimonials helpers", () => {
  it("rounds the average to 2 decimals and always shows 2", () => {
    expect(roundTo2(4.8736)).toBe(4.87);
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(4.875)).toBe(4.88);
    expect(formatAverage(4.8736, "fr")).toBe("4,87");
    expect(formatAverage(4.8736, "en")).toBe("4.87");
    expect(formatAverage(5, "en")).toBe("5.00");
    expect(formatAverage(4.1, "fr")).toBe("4,10");
  });
  it("groups counts of reviews the locale's way", () => {
    expect(formatCount(1250, "fr")).toBe("1\u00a0250");
    expect(formatCount(1250, "en")).toBe("1,250");
    expect(formatCount(87, "fr")).toBe("87");
  });
  it("fills whole stars out of 5, clamped", () => {
    expect(filledStars(4)).toBe(4);
    expect(filledStars(4.6)).toBe(5);
    expect(filledStars(7)).toBe(5);
    expect(filledStars(-2)).toBe(0);
    expect(filledStars(undefined)).toBe(0);
    expect(filledStars(Number.NaN)).toBe(0);
  });
  it("collapses at 256 px from lg, else 128, only when taller", () => {
    expect(collapseHeight(992)).toBe(256);
    expect(collapseHeight(991)).toBe(128);
    expect(shouldCollapse(300, 256)).toBe(true);
    expect(shouldCollapse(256, 256)).toBe(false);
    expect(shouldCollapse(100, 128)).toBe(false);
  });
  it("decides truncation by overflow with 1 px tolerance", () => {
    expect(overflows(200, 150)).toBe(true);
    expect(overflows(151, 150)).toBe(false);
    expect(overflows(150, 150)).toBe(false);
  });
  it("turns Google review HTML into plain text", () => {
    expect(toPlainText("Très <b>bien</b>!<br>Merci &amp; bravo")).toBe("Très bien!\nMerci & bravo");
    expect(toPlainText('<p>Un</p><p>Deux</p><script>alert("x")</script>')).toBe("Un\nDeux");
    expect(toPlainText('<img src=x onerror="alert(1)">Salut')).toBe("Salut");
    expect(toPlainText("Note 3 < 5 et 5 > 3")).toBe("Note 3 < 5 et 5 > 3");
    expect(toPlainText("&lt;b&gt; &#233;t&#xE9;")).toBe("<b> été");
    expect(toPlainText(undefined)).toBe("");
  });
  it("formats review dates in UTC in the visitor's locale", () => {
    expect(formatReviewDate("2025-03-14", "fr")).toBe("14 mars 2025");
    expect(formatReviewDate("2025-03-14", "en")).toBe("March 14, 2025");
    expect(formatReviewDate("pas une date", "fr")).toBe("");
    expect(formatReviewDate(undefined, "fr")).toBe("");
  });
  it("shows 3 testimonials until show more", () => {
    expect(visibleTestimonials(range(5), false)).toEqual([0, 1, 2]);
    expect(visibleTestimonials(range(5), true)).toHaveLength(5);
  });
});

describe("avatar fallbacks", () => {
  it("points to the broker and team avatars, decorative", () => {
    expect(avatarFallback("broker")).toMatchObject({ url: "/images/avatar-broker.svg", alt: "" });
    expect(avatarFallback("team")).toMatchObject({ url: "/images/avatar-team.svg", alt: "" });
    const a = avatarFallback("team");
    a.url = "/changed.svg";
    expect(avatarFallback("team").url).toBe("/images/avatar-team.svg");
  });
});
