// @vitest-environment jsdom
/**
 * The studio's parts that run the site (issue 29), as plain logic: menus as trees (both languages
 * kept aligned), page templates (valid blocks in both languages), page settings written into the
 * page's SEO, the theme's draft ("Revenir au thème du site" is exactly the published theme), the
 * document's header, footer and own footer in the store, and the studio's address.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Block } from "../schema/block";
import { getBlockDefinition } from "../schema/registry";
import { pageSettingsSchema } from "../schema/site-admin";
import { themeSchema } from "../schema/theme";
import {
  addItem,
  indentItem,
  menuLists,
  menuTree,
  moveItem,
  moveItemTo,
  outdentItem,
  pageItem,
  removeItem,
} from "../studio/fields/menu-tree";
import { proposedFor, seoWithSettings, settingsErrors, settingsOfDoc } from "../studio/pages/PageSettings";
import { TEMPLATE_IDS, TEMPLATES, templateBlocks } from "../studio/pages/templates";
import { themeChanges } from "../studio/settings/Settings";
import { changedTheme, useThemeDraft } from "../studio/settings/theme-draft";
import { chromeChanged, docOfPage, pageChanged, pageOfDoc } from "../studio/shell/api";
import { studioQueryOf } from "../studio/shell/url";
import { blockFromExample, findBlock, type StudioDoc, shownBlocks, useStudioStore } from "../studio/store";

const fr = [
  { menu_link: { url: "/fr", text: "Accueil" } },
  {
    menu_link: { url: "/fr/a-propos", text: "À propos" },
    submenu: [{ menu_link: { url: "/fr/termes", text: "Termes" } }],
  },
  { menu_link: { url: "/fr/contact", text: "Contact" } },
];
const en = [
  { menu_link: { url: "/en", text: "Home" } },
  {
    menu_link: { url: "/en/about", text: "About" },
    submenu: [{ menu_link: { url: "/en/terms", text: "Terms" } }],
  },
  { menu_link: { url: "/en/contact", text: "Contact" } },
];
const urls = (tree: ReturnType<typeof menuTree>) =>
  menuLists(tree).fr.map((i) => [
    i.menu_link?.url,
    (i.submenu as typeof fr | undefined)?.map((s) => s.menu_link.url) ?? [],
  ]);

describe("menus as trees", () => {
  it("reads both languages as one tree and writes them back as they were", () => {
    const tree = menuTree(fr, en);
    expect(tree).toHaveLength(3);
    expect(tree[1]?.children[0]?.en.menu_link?.text).toBe("Terms");
    expect(menuLists(tree)).toEqual({ fr, en });
    // A language short of an item takes the other's, so item n stays item n.
    expect(menuLists(menuTree(fr, en.slice(0, 1))).en[2]).toEqual(fr[2]);
  });

  it("moves, nests, takes out, adds and removes in both languages at once", () => {
    const tree = menuTree(fr, en);
    expect(urls(moveItem(tree, [2], -1))).toEqual([
      ["/fr", []],
      ["/fr/contact", []],
      ["/fr/a-propos", ["/fr/termes"]],
    ]);
    expect(urls(moveItem(tree, [0], -1))).toEqual(urls(tree));
    expect(urls(moveItemTo(tree, [0], 2))).toEqual([
      ["/fr/a-propos", ["/fr/termes"]],
      ["/fr/contact", []],
      ["/fr", []],
    ]);
    // Nested under the item above; an item with sub-items brings them along (two levels deep).
    const nested = indentItem(tree, [2]);
    expect(urls(nested)).toEqual([
      ["/fr", []],
      ["/fr/a-propos", ["/fr/termes", "/fr/contact"]],
    ]);
    expect(menuLists(nested).en[1]?.submenu).toEqual([en[1]!.submenu![0], en[2]]);
    expect(urls(indentItem(tree, [1]))).toEqual([
      ["/fr", ["/fr/a-propos", "/fr/termes"]],
      ["/fr/contact", []],
    ]);
    expect(urls(indentItem(tree, [0]))).toEqual(urls(tree));
    expect(urls(outdentItem(tree, [1, 0]))).toEqual([
      ["/fr", []],
      ["/fr/a-propos", []],
      ["/fr/termes", []],
      ["/fr/contact", []],
    ]);
    // No empty submenu is left behind.
    expect("submenu" in (menuLists(outdentItem(tree, [1, 0])).fr[1] ?? {})).toBe(false);
    const sell = pageItem({ title: { fr: "Vendre", en: "Sell" }, paths: { fr: "/fr/vendre", en: "/en/sell" } });
    const added = menuLists(addItem(tree, sell, 1));
    expect(added.fr[1]?.submenu).toEqual([fr[1]!.submenu![0], { menu_link: { url: "/fr/vendre", text: "Vendre" } }]);
    expect(added.en[1]?.submenu).toEqual([en[1]!.submenu![0], { menu_link: { url: "/en/sell", text: "Sell" } }]);
    expect(urls(removeItem(tree, [1, 0]))).toEqual([
      ["/fr", []],
      ["/fr/a-propos", []],
      ["/fr/contact", []],
    ]);
    // The tree it was given is left as it was.
    expect(menuLists(tree)).toEqual({ fr, en });
  });
});

describe("page templates", () => {
  it.each(TEMPLATE_IDS)("%s: valid blocks with words in both languages, SEO in both", (id) => {
    const blocks = templateBlocks(id);
    expect(blocks.length).toBe(TEMPLATES[id].blocks.length);
    for (const block of blocks) {
      const result = getBlockDefinition(block.block_type)!.schema.safeParse(block);
      expect(result.success, `${id}: ${block.block_type} ${JSON.stringify(result.error?.issues[0])}`).toBe(true);
      expect(JSON.stringify(block.fields.fr)).not.toContain("Julie");
    }
    expect(new Set(blocks.map((b) => b.id)).size).toBe(blocks.length);
    expect(templateBlocks(id)[0]?.id).not.toBe(blocks[0]?.id);
    for (const locale of ["fr", "en"] as const) {
      expect(TEMPLATES[id].seo[locale].title.length).toBeLessThanOrEqual(60);
      expect(TEMPLATES[id].seo[locale].description.length).toBeLessThanOrEqual(160);
    }
  });
});

describe("page settings", () => {
  const doc = {
    title: { fr: "Vendre", en: "Sell" },
    paths: { fr: "/fr/vendre", en: "/en/sell" },
    hidden: false,
    seo: {
      global: { fr: { title: "Ancien", og_title: "garde" }, en: {} },
      facebook: { fr: { og_image: { url: "/old.png" }, og_type: "website" } },
      robots_index_rule: "index, follow",
    },
  };

  it("writes the form into the page's SEO and keeps what it does not edit", () => {
    const settings = settingsOfDoc(doc);
    expect(settings).toMatchObject({ seo_title: { fr: "Ancien", en: "" }, share_image: "/old.png", index: true });
    const seo = seoWithSettings(doc.seo, {
      ...settings,
      seo_title: { fr: "Vendre avec moi", en: "" },
      seo_description: { fr: "Comment je vends.", en: "How I sell." },
      share_image: "/images/og/vendre.png",
      index: false,
      canonical: { fr: "", en: "https://example.com/en/sell" },
    });
    expect(seo.global).toEqual({
      fr: { title: "Vendre avec moi", og_title: "garde", description: "Comment je vends." },
      en: { description: "How I sell." },
    });
    expect(seo.facebook?.fr).toEqual({ og_image: { url: "/images/og/vendre.png" }, og_type: "website" });
    expect(seo.robots_index_rule).toBe("noindex, follow");
    expect(seo.canonical_url).toEqual({ en: "https://example.com/en/sell" });
    expect(settingsOfDoc({ ...doc, seo })).toMatchObject({
      index: false,
      canonical: { en: "https://example.com/en/sell" },
    });
  });

  it("says next to each path what is wrong: format, a reserved route, another page's", () => {
    const pages = [
      { page_id: "about", paths: { fr: "/fr/a-propos", en: "/en/about" }, title: doc.title, hidden: false, version: 1 },
    ];
    const value = settingsOfDoc({ ...doc, paths: { fr: "/fr/a-propos", en: "/en/property/x" } });
    expect(settingsErrors(value, pages, "sell")).toEqual({ "paths.fr": "path-taken", "paths.en": "path-reserved" });
    expect(settingsErrors(value, pages, "about")).toEqual({ "paths.en": "path-reserved" });
    expect(settingsErrors(settingsOfDoc({ ...doc, title: { fr: "", en: "x" } }), [], "sell")).toEqual({
      "title.fr": "required",
    });
    expect(
      pageSettingsSchema.safeParse(settingsOfDoc({ ...doc, paths: { fr: "/fr/Vendre", en: "/en/sell" } })).error
        ?.issues[0]?.message,
    ).toBe("path-format");
  });
});

describe("the theme's draft", () => {
  const published = themeSchema.parse({ preset: "blue" });
  beforeEach(() => {
    localStorage.clear();
    useThemeDraft.getState().load("s1", published, 3);
  });

  it("'Revenir au thème du site' shows exactly the published theme (radius and accent included)", () => {
    const theme = useThemeDraft.getState();
    theme.edit({ radius: { "radius-1": "8px" }, colors: { accent: "#00ff00" } });
    expect(useThemeDraft.getState().draft).toMatchObject({
      radius: { "radius-1": "8px" },
      colors: { accent: "#00ff00" },
    });
    useThemeDraft.getState().revert();
    expect(useThemeDraft.getState().draft).toBeNull();
    expect(useThemeDraft.getState().draft ?? useThemeDraft.getState().published).toEqual(published);
  });

  it("is kept per site across a reload, and says when someone published since", () => {
    useThemeDraft.getState().edit({ preset: "red" });
    useThemeDraft.getState().load("s1", published, 3);
    expect(useThemeDraft.getState()).toMatchObject({ draft: { preset: "red" }, stale: false });
    useThemeDraft.getState().load("s1", published, 4);
    expect(useThemeDraft.getState().stale).toBe(true);
    useThemeDraft.getState().load("s2", published, 1);
    expect(useThemeDraft.getState().draft).toBeNull();
    useThemeDraft.getState().load("s1", published, 4);
    useThemeDraft.getState().markPublished(useThemeDraft.getState().draft!, 5);
    expect(useThemeDraft.getState()).toMatchObject({ draft: null, version: 5, published: { preset: "red" } });
  });

  it("changes greys and colour schemes key by key, and lists what a publish changes", () => {
    const greys = [
      "#ffffff",
      "#eeeeee",
      "#dddddd",
      "#cccccc",
      "#bbbbbb",
      "#aaaaaa",
      "#999999",
      "#888888",
      "#777777",
      "#000000",
    ];
    let theme = changedTheme(published, { greys, schemes: { inverted: { background: "#101010" } } });
    theme = changedTheme(theme, { schemes: { inverted: { ...theme.schemes?.inverted, text: "#fafafa" } } });
    expect(theme.schemes).toEqual({ inverted: { background: "#101010", text: "#fafafa" } });
    expect(changedTheme(theme, { greys: null }).greys).toBeUndefined();
    expect(changedTheme(theme, { schemes: { inverted: undefined } }).schemes).toBeUndefined();
    const changes = themeChanges(published, changedTheme(published, { preset: "red", radius: { "radius-2": "4px" } }));
    expect(changes.map((c) => c.key)).toEqual(["preset", "radius-2", "accent", "accent_dark", "accent_light", "text"]);
    expect(changes[1]).toEqual({ key: "radius-2", from: "40px", to: "4px" });
  });
});

describe("a page's header and footer in the studio", () => {
  const header = blockFromExample("header_classic_block", "site-header") as Block;
  const footer = blockFromExample("footer_classic_block", "site-footer") as Block;
  const settings = {
    name: "Site",
    info: null,
    info_version: 1,
    header: [header],
    footer: [footer],
    chrome_version: 7,
    theme: themeSchema.parse({}),
    theme_version: 1,
    active_variant_id: null,
  };
  const page = {
    page_id: "sell",
    paths: { fr: "/fr/vendre", en: "/en/sell" },
    title: { fr: "Vendre", en: "Sell" },
    content: [blockFromExample("text_block_1", "t1")],
    override: { seo: { robots_index_rule: "noindex" }, footer: [{ ...footer, id: "own-footer" }] },
    hidden: false,
    version: 3,
  };

  it("carries the site's header and footer and the page's own footer, and writes them back apart", () => {
    const doc = docOfPage(page, { site_id: "s", site_key: "k", theme: {} }, "server", settings);
    expect(doc.chrome?.version).toBe(7);
    expect(doc.page_footer?.map((b) => b.id)).toEqual(["own-footer"]);
    expect(doc.override).toEqual({ seo: { robots_index_rule: "noindex" } });
    expect(shownBlocks(doc).map((b) => b.id)).toEqual(["site-header", "t1", "own-footer"]);
    expect(findBlock(doc, "site-footer")?.block_type).toBe("footer_classic_block");
    // The page as the service stores it: its own footer back inside its overrides.
    expect(pageOfDoc(doc).override).toEqual({ seo: { robots_index_rule: "noindex" }, footer: doc.page_footer });
    expect(chromeChanged(doc, doc)).toBe(false);
    expect(pageChanged(doc, doc)).toBe(false);
  });

  it("edits a header block's values as one undo step, outside the page's content", () => {
    const doc = docOfPage(page, { site_id: "s", site_key: "k", theme: {} }, "server", settings);
    const store = useStudioStore.getState();
    store.load(doc, { restoreDraft: false });
    store.setValue("site-header", "fields.fr.cta_button.text", "Écrivez-moi");
    const now = useStudioStore.getState();
    const fields = now.doc?.chrome?.header[0]?.fields.fr as { cta_button?: { text: string } } | undefined;
    expect(fields?.cta_button?.text).toBe("Écrivez-moi");
    expect(now.doc?.blocks).toBe(now.base?.blocks);
    expect(chromeChanged(now.doc!, now.base)).toBe(true);
    expect(pageChanged(now.doc!, now.base)).toBe(false);
    now.undo();
    expect(useStudioStore.getState().doc?.chrome).toEqual(doc.chrome);
  });

  it("names the open page in the studio's address: its published path, its variant, a new page's draft", () => {
    const doc = docOfPage(page, { site_id: "s", site_key: "k", theme: {} }, "server", settings);
    const renamed: StudioDoc = { ...doc, paths: { fr: "/fr/vendre-vite", en: "/en/sell" } };
    expect(studioQueryOf(renamed, doc, "fr")).toBe("?page=/fr/vendre");
    expect(studioQueryOf(doc, doc, "en")).toBe("?page=/en/sell");
    expect(studioQueryOf({ ...doc, variant: { id: "po", name: "PO", color: "red", version: 2 } }, doc, "fr")).toBe(
      "?page=/fr/vendre&variant=po",
    );
    expect(studioQueryOf({ ...doc, base_version: 0 }, null, "fr")).toBe("?draft=sell");
    expect(studioQueryOf({ ...doc, origin: "demo" }, null, "fr")).toBe("?demo");
    expect(studioQueryOf(null, null, "fr")).toBe("");
  });
});

describe("a new page's paths in its settings", () => {
  it("follow the title only while they are the ones proposed from it, not the paths the editor chose", () => {
    const doc = { title: { fr: "Vendre avec moi", en: "Sell with me" }, paths: { fr: "/fr/vendre", en: "/en/sell" } };
    // Chosen in the new-page dialog: the editor's, kept when the settings change the SEO.
    expect(proposedFor(doc, "fr")).toBe(false);
    expect(proposedFor(doc, "en")).toBe(false);
    // Proposed from the title (or its -2 when that one was taken): they follow it.
    expect(proposedFor({ ...doc, paths: { fr: "/fr/vendre-avec-moi", en: "/en/sell-with-me-2" } }, "fr")).toBe(true);
    expect(proposedFor({ ...doc, paths: { fr: "/fr/vendre-avec-moi", en: "/en/sell-with-me-2" } }, "en")).toBe(true);
  });
});
