/** Hero blocks: landing overlap (blocks.md §9), member sorting, filtering, programs and carousel limits. */
import { describe, expect, it } from "vitest";
import {
  carouselMembers,
  filterMemberOptions,
  isContained,
  landingOverlap,
  MEMBERS_SEARCH_MAX_CARDS,
  matchesMemberQuery,
  memberOptions,
  memberPrograms,
} from "../renderer/blocks/heroes/logic";
import type { MemberCard } from "../schema/blocks/heroes";
import { heroMembersSearchBlock } from "../schema/blocks/heroes";

const member = (person_name: string, extra: Partial<MemberCard> = {}): MemberCard => ({ person_name, ...extra });

describe("landingOverlap", () => {
  it("is 64 on small screens whatever the heights", () => {
    expect(landingOverlap({ large: false, formHeight: 900, infoHeight: 100 })).toBe(64);
    expect(landingOverlap({ large: false, formHeight: 0, infoHeight: 500 })).toBe(64);
  });
  it("is the form height minus the info height on large screens", () => {
    expect(landingOverlap({ large: true, formHeight: 500, infoHeight: 420 })).toBe(80);
    expect(landingOverlap({ large: true, formHeight: 541, infoHeight: 500 })).toBe(41);
  });
  it("clamps to 0–128", () => {
    expect(landingOverlap({ large: true, formHeight: 800, infoHeight: 300 })).toBe(128);
    expect(landingOverlap({ large: true, formHeight: 300, infoHeight: 800 })).toBe(0);
  });
  it("is ignored (0) when 40 or less", () => {
    expect(landingOverlap({ large: true, formHeight: 540, infoHeight: 500 })).toBe(0);
    expect(landingOverlap({ large: true, formHeight: 510, infoHeight: 500 })).toBe(0);
  });
  it("survives non-finite measures", () => {
    expect(landingOverlap({ large: true, formHeight: Number.NaN, infoHeight: 10 })).toBe(0);
  });
});

describe("member options", () => {
  const members = [
    member("Nicolas Bergeron"),
    member("émilie Bouchard"),
    member("Alexandre Côté"),
    member("  "),
    member("Éric Aubé"),
    member("Marc-André Gagnon"),
  ];
  it("sort by label in the locale, accents and case ignored, and skip members without a name", () => {
    const labels = memberOptions(members, "fr").map((o) => o.label);
    expect(labels).toEqual(["Alexandre Côté", "émilie Bouchard", "Éric Aubé", "Marc-André Gagnon", "Nicolas Bergeron"]);
  });
  it("keep the repeater position as a stable id", () => {
    const options = memberOptions(members, "en");
    expect(options.find((o) => o.label === "Nicolas Bergeron")?.id).toBe("member-0");
    expect(options.find((o) => o.label === "Marc-André Gagnon")?.id).toBe("member-5");
  });
  it("handle a missing repeater", () => {
    expect(memberOptions(undefined, "fr")).toEqual([]);
  });
  it("match typed words anywhere in the name, accents and case ignored", () => {
    expect(matchesMemberQuery("Émilie Bouchard", "emi")).toBe(true);
    expect(matchesMemberQuery("Émilie Bouchard", "BOUCH emil")).toBe(true);
    expect(matchesMemberQuery("Marc-André Gagnon", "andre")).toBe(true);
    expect(matchesMemberQuery("Marc-André Gagnon", "marc andré")).toBe(true);
    expect(matchesMemberQuery("Émilie Bouchard", "côté")).toBe(false);
    expect(matchesMemberQuery("Émilie Bouchard", "   ")).toBe(true);
  });
  it("filter options and keep the sorted order", () => {
    const options = memberOptions(members, "fr");
    expect(filterMemberOptions(options, "cot").map((o) => o.label)).toEqual(["Alexandre Côté"]);
    expect(filterMemberOptions(options, "b").map((o) => o.label)).toEqual([
      "émilie Bouchard",
      "Éric Aubé",
      "Nicolas Bergeron",
    ]);
  });
});

describe("programs and carousel", () => {
  it("count only programs with a description", () => {
    expect(
      memberPrograms(member("A", { program_items_repeater: [{ description: "Garantie" }, { description: " " }] })),
    ).toEqual(["Garantie"]);
    expect(memberPrograms(member("A"))).toEqual([]);
    expect(memberPrograms(undefined)).toEqual([]);
  });
  it("show at most 10 named cards in the editor's order", () => {
    const many = Array.from({ length: 14 }, (_, i) => member(i === 2 ? "" : `Courtier ${i}`));
    const cards = carouselMembers(many);
    expect(cards).toHaveLength(MEMBERS_SEARCH_MAX_CARDS);
    expect(cards[0]?.member.person_name).toBe("Courtier 0");
    expect(cards[2]?.index).toBe(3);
  });
  it("the example's members parse and sort", () => {
    const fr = heroMembersSearchBlock.fields.parse(heroMembersSearchBlock.example.fields.fr);
    const labels = memberOptions(fr.card_members_repeater, "fr").map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "fr")));
    expect(labels.length).toBeGreaterThan(1);
  });
});

describe("hero CTA contained mode", () => {
  it("applies right after a header block only", () => {
    expect(isContained("header_classic_block")).toBe(true);
    expect(isContained("text_block_1")).toBe(false);
    expect(isContained(undefined)).toBe(false);
  });
});
