import { describe, expect, it } from "vitest";
import { gridCount } from "../renderer/blocks/blog/BlogGrid";
import { categoryCardMinHeight } from "../renderer/blocks/blog/CategoriesSlider";
import { featuredLayout } from "../renderer/blocks/blog/FeaturedPost";
import { allSelected, selectedIds, toggleCategory } from "../renderer/features/blog/categories";
import { parseSlugId, postPath, readMinutes, shareLinks } from "../renderer/features/blog/format";
import { articlesQuery, fetchDelay } from "../renderer/features/blog/request";
import { archiveReducer, initialArchiveState, requestFor } from "../renderer/features/blog/useArchive";
import { computeBreakpoints } from "../renderer/lib/breakpoints";
import { bodyToBlocks } from "../server/content/data/article-body";
import { readTime } from "../server/content/stores/articles";

const cats = (...selected: boolean[]) => selected.map((s, i) => ({ id: i + 1, selected: s }));
const ids = (list: { id: number; selected: boolean }[]) => list.filter((c) => c.selected).map((c) => c.id);

describe("category selection (site.md §4 Blog archive)", () => {
  it("clicking one while all are selected selects only it", () => {
    expect(ids(toggleCategory(cats(true, true, true), 2))).toEqual([2]);
  });
  it("otherwise toggles", () => {
    expect(ids(toggleCategory(cats(false, true, false), 3))).toEqual([2, 3]);
    expect(ids(toggleCategory(cats(false, true, true), 3))).toEqual([2]);
  });
  it("selects all again when none remain", () => {
    const next = toggleCategory(cats(false, true, false), 2);
    expect(allSelected(next)).toBe(true);
  });
  it("ignores unknown ids and omits ids when all are selected", () => {
    expect(ids(toggleCategory(cats(true, false), 9))).toEqual([1]);
    expect(selectedIds(cats(true, true))).toBeUndefined();
    expect(selectedIds(cats(true, false, true))).toEqual([1, 3]);
  });
});

describe("archive requests", () => {
  it("sends with_categories=1 on the first call only, categories omitted when all are selected", () => {
    const first = requestFor(initialArchiveState, "fr");
    expect(Object.fromEntries(articlesQuery(first))).toEqual({
      language: "fr",
      page: "1",
      limit: "6",
      order: "desc",
      with_categories: "1",
    });
    let state = archiveReducer(initialArchiveState, {
      type: "answer",
      seq: 0,
      total: 20,
      articles: [],
      categories: [1, 2, 3].map((id) => ({ id, label: { fr: `c${id}`, en: `c${id}` }, articles_count: 5 })),
    });
    state = archiveReducer(state, { type: "next-page" });
    expect(Object.fromEntries(articlesQuery(requestFor(state, "fr")))).toEqual({
      language: "fr",
      page: "2",
      limit: "6",
      order: "desc",
    });
    state = archiveReducer(state, { type: "answer", seq: state.seq, total: 20, articles: [] });
    state = archiveReducer(state, { type: "toggle", id: 2 });
    expect(state.page).toBe(1);
    expect(state.reason).toBe("filter");
    state = archiveReducer(state, { type: "toggle", id: 3 });
    expect(Object.fromEntries(articlesQuery(requestFor(state, "en")))).toEqual({
      language: "en",
      page: "1",
      limit: "6",
      order: "desc",
      categories: "2,3",
    });
    state = archiveReducer(state, { type: "order", order: "asc" });
    expect(articlesQuery(requestFor(state, "en")).get("order")).toBe("asc");
    expect(state.reason).toBe("sort");
  });

  it("narrows the first call to a category given in the URL and selects only it", () => {
    const first = requestFor(initialArchiveState, "fr", 4);
    expect(articlesQuery(first).get("categories")).toBe("4");
    expect(articlesQuery(first).get("with_categories")).toBe("1");
    const state = archiveReducer(initialArchiveState, {
      type: "answer",
      seq: 0,
      total: 3,
      articles: [],
      initial: 4,
      categories: [3, 4].map((id) => ({ id, label: { fr: "x", en: "x" }, articles_count: 3 })),
    });
    expect(ids(state.categories)).toEqual([4]);
  });

  it("keeps reset disabled (no-op) while fetching or when all are selected, and ignores stale answers", () => {
    expect(archiveReducer(initialArchiveState, { type: "reset" })).toBe(initialArchiveState);
    const stale = archiveReducer(
      { ...initialArchiveState, seq: 2 },
      { type: "answer", seq: 1, total: 1, articles: [] },
    );
    expect(stale.loaded).toBe(false);
  });

  it("waits 1000 ms after a filter or sort change, 0 for the first load and next pages", () => {
    expect(fetchDelay("first")).toBe(0);
    expect(fetchDelay("next-page")).toBe(0);
    expect(fetchDelay("filter")).toBe(1000);
    expect(fetchDelay("sort")).toBe(1000);
    expect(fetchDelay("reset")).toBe(1000);
  });
});

describe("read time", () => {
  it("rounds words / 200 with a minimum of 1", () => {
    expect(readMinutes(0)).toBe(1);
    expect(readMinutes(99)).toBe(1);
    expect(readMinutes(299)).toBe(1);
    expect(readMinutes(300)).toBe(2);
    expect(readMinutes(1000)).toBe(5);
  });
  it("ignores body markup markers on the server", () => {
    const body = `## Titre\n\n${Array(300).fill("mot").join(" ")}\n\n- a\n- b\n\n!img /x.svg | une image décrite ici`;
    expect(readTime(body)).toBe(2);
  });
});

describe("share links", () => {
  it("carry the URL-encoded full URL of the page", () => {
    const url = "https://example.com/fr/blogue/taxe-de-bienvenue-2?variant=a&b=1";
    const links = shareLinks(url, "Taxe & bienvenue");
    const encoded = encodeURIComponent(url);
    expect(links.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(links.twitter).toContain(`url=${encoded}`);
    expect(links.twitter).toContain("text=Taxe%20%26%20bienvenue");
    expect(links.linkedin).toContain(`url=${encoded}`);
    expect(links.mail).toBe(`mailto:?subject=Taxe%20%26%20bienvenue&body=${encoded}`);
  });
});

describe("slug and id", () => {
  it("splits the trailing id from the slug", () => {
    expect(parseSlugId("premier-achat-les-etapes-1")).toEqual({ slug: "premier-achat-les-etapes", id: 1 });
    expect(parseSlugId("a-2024-guide-37")).toEqual({ slug: "a-2024-guide", id: 37 });
    expect(parseSlugId("42")).toEqual({ slug: "", id: 42 });
    expect(parseSlugId("no-id")).toBeUndefined();
    expect(parseSlugId("")).toBeUndefined();
    expect(postPath("fr", "x", 3)).toBe("/fr/blogue/x-3");
    expect(postPath("en", "x", 3)).toBe("/en/blog/x-3");
  });
});

describe("layout rules (blocks.md §9)", () => {
  it("featured: all large under 3 articles, else only the first; 2 regular at large-down", () => {
    const two = featuredLayout(2, false);
    expect([two.large(0), two.large(1)]).toEqual([true, true]);
    const five = featuredLayout(5, false);
    expect([five.large(0), five.large(1), five.regular]).toEqual([true, false, 4]);
    expect(featuredLayout(5, true).regular).toBe(2);
  });
  it("grid: 1 at md-down, 3 at lg-down, all otherwise", () => {
    expect(gridCount(6, computeBreakpoints(500))).toBe(1);
    expect(gridCount(6, computeBreakpoints(800))).toBe(3);
    expect(gridCount(6, computeBreakpoints(1300))).toBe(6);
  });
  it("category cards: minimum heights by breakpoint", () => {
    expect([1800, 1500, 1250, 1000, 800, 600, 400].map((w) => categoryCardMinHeight(computeBreakpoints(w)))).toEqual([
      530, 446, 360, 286, 362, 240, 346,
    ]);
  });
});

describe("article bodies", () => {
  it("become text blocks with escaped text, lists, images and notes", () => {
    const blocks = bodyToBlocks(
      "Intro <b>bold</b> **fort**\n\n## Étapes\n1. un\n2. deux\n\n- a\n- b\n\n!img /images/x.svg | Une image\n\n!note Astuce | Gardez vos factures",
      "fr",
      "a1-fr",
    );
    // Fields are keyed by language, as every block's are.
    expect(blocks.every((b) => Object.keys(b.fields).join() === "fr")).toBe(true);
    const fields = blocks.map((b) => b.fields.fr!);
    expect(blocks.map((b) => b.block_type)).toEqual(["text_block_1", "txt_img_double_block_1", "text_block_2"]);
    expect(fields[0]!.description).toBe("<p>Intro &lt;b&gt;bold&lt;/b&gt; <strong>fort</strong></p>");
    expect(fields[1]!.main_title).toBe("Étapes");
    expect(fields[1]!.description).toBe("<ol><li>un</li><li>deux</li></ol><ul><li>a</li><li>b</li></ul>");
    expect(fields[1]!.media_repeater).toEqual([
      { image: { url: "/images/x.svg", alt: "Une image", width: 640, height: 480 } },
    ]);
    expect(new Set(blocks.map((b) => b.id)).size).toBe(3);
  });
});
