/**
 * The rules that keep a site's addresses whole (issue 29), as pure functions: which paths a page
 * may take and which it is proposed, what a redirect may be, where links follow a moved page,
 * what the site's information writes into headers and footers, and redirects as CSV.
 */
import { describe, expect, it } from "vitest";
import { redirectInputSchema } from "../schema/site-admin";
import { applySiteInfo, normalisePhone, phoneDisplay, type SiteInfo, siteInfoSchema } from "../schema/site-info";
import { proposePageId, proposePath, reservedPath, slugify } from "../schema/site-routes";
import { parseCsv, redirectsCsv, redirectsFromCsv } from "../server/content/redirects-csv";
import type { RedirectRecord } from "../server/content/stores/content";
import { redirectProblem, rewriteLinks } from "../server/content/stores/site-structure";

describe("page paths", () => {
  it("folds accents and cuts long titles at a word", () => {
    expect(slugify("Vendre avec moi")).toBe("vendre-avec-moi");
    expect(slugify("Évaluation  gratuite : l'œuvre d'Ève!")).toBe("evaluation-gratuite-l-oeuvre-d-eve");
    expect(slugify("  --  ")).toBe("");
    const long = slugify("un titre vraiment très long pour une page de courtière immobilière à Québec et Lévis", 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toBe("un-titre-vraiment-tres-long-pour-une");
  });

  it("refuses the studio's, listings', favourites', the widget's and blog posts' paths, and malformed ones", () => {
    expect(reservedPath("/fr/vendre", "fr")).toBeUndefined();
    expect(reservedPath("/fr", "fr")).toBeUndefined();
    expect(reservedPath("/fr/courtiers/julie-tremblay", "fr")).toBeUndefined();
    expect(reservedPath("/fr/blogue", "fr")).toBeUndefined();
    expect(reservedPath("/fr/qa/pages", "fr")).toBe("studio");
    expect(reservedPath("/fr/qa", "fr")).toBe("studio");
    expect(reservedPath("/en/property/x-123", "en")).toBe("listing");
    expect(reservedPath("/fr/propriete", "fr")).toBe("listing");
    expect(reservedPath("/fr/favoris", "fr")).toBe("favourites");
    expect(reservedPath("/en/widget/listings", "en")).toBe("widget");
    expect(reservedPath("/fr/apercu", "fr")).toBe("preview");
    expect(reservedPath("/en/preview/abc", "en")).toBe("preview");
    expect(reservedPath("/fr/alerte/abc", "fr")).toBe("alert");
    expect(reservedPath("/en/alert", "en")).toBe("alert");
    expect(reservedPath("/fr/blogue/un-article-12", "fr")).toBe("blog-post");
    expect(reservedPath("/en/blog/rss-xml", "en")).toBe("blog-post");
    expect(reservedPath("/en/vendre", "fr")).toBe("format");
    expect(reservedPath("/fr/Vendre", "fr")).toBe("format");
    expect(reservedPath("/fr/vendre/", "fr")).toBe("format");
    expect(reservedPath("/fr/a--b", "fr")).toBe("format");
    expect(reservedPath(`/fr/${"a".repeat(300)}`, "fr")).toBe("format");
  });

  it("proposes a free path and id from the title, numbered when taken", () => {
    const taken = new Set(["/fr/vendre-avec-moi", "/fr/vendre-avec-moi-2"]);
    expect(proposePath("Vendre avec moi", "fr", (p) => taken.has(p))).toBe("/fr/vendre-avec-moi-3");
    expect(proposePath("Sell with me", "en", (p) => taken.has(p))).toBe("/en/sell-with-me");
    expect(proposePath("Propriété", "fr", () => false)).toBe("/fr/propriete-2");
    expect(proposePath("QA", "fr", () => false)).toBe("/fr/qa-2");
    expect(proposePath("!!!", "en", () => false)).toBe("/en/new-page");
    expect(proposePageId("À propos", new Set(["a-propos"]))).toBe("a-propos-2");
  });
});

describe("redirect rules", () => {
  const r = (from: string, to: string, status: 301 | 302 | 410 = 301): RedirectRecord => ({ from, to, status });
  const pages = new Set(["/fr", "/fr/a-propos", "/en/about"]);

  it("takes a redirect to a page or elsewhere, and a 410", () => {
    expect(redirectProblem(r("/fr/vieux", "/fr/a-propos"), [], pages)).toBeUndefined();
    expect(redirectProblem(r("/fr/vieux", "https://example.com/x"), [], pages)).toBeUndefined();
    expect(redirectProblem(r("/fr/vieux", "", 410), [r("/fr/autre", "/fr/vieux")], pages)).toBe("chained-from");
  });

  it("refuses loops, chains, a redirect another leads to, and one over a live page", () => {
    expect(redirectProblem(r("/fr/a", "/fr/a"), [], pages)).toBe("loop");
    expect(redirectProblem(r("/fr/a", "/fr/a/?x=1"), [], pages)).toBe("loop");
    expect(redirectProblem(r("/fr/b", "/fr/a"), [r("/fr/a", "/fr/b")], pages)).toBe("loop");
    expect(redirectProblem(r("/fr/c", "/fr/a"), [r("/fr/a", "/fr/b"), r("/fr/b", "/fr/c")], pages)).toBe("loop");
    expect(redirectProblem(r("/fr/c", "/fr/a"), [r("/fr/a", "/fr/a-propos")], pages)).toBe("chain");
    expect(redirectProblem(r("/fr/a", "/fr/a-propos"), [r("/fr/x", "/fr/a")], pages)).toBe("chained-from");
    expect(redirectProblem(r("/fr/a-propos", "/fr"), [], pages)).toBe("page-path");
    // A 410 in the way is not a chain: nothing follows it.
    expect(redirectProblem(r("/fr/c", "/fr/gone"), [r("/fr/gone", "", 410)], pages)).toBe("chain");
  });

  it("parses what the studio sends: an address of the site, a target, a status", () => {
    expect(redirectInputSchema.parse({ from: "/fr/vieux", to: "/fr/a-propos" })).toEqual({
      from: "/fr/vieux",
      to: "/fr/a-propos",
      status: 301,
    });
    expect(redirectInputSchema.parse({ from: "/fr/vieux", to: "ignored", status: 410 }).to).toBe("");
    const bad = redirectInputSchema.safeParse({ from: "vieux", to: "javascript:alert(1)", status: 303 });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(paths).toEqual(expect.arrayContaining(["from:site-path", "status:choice"]));
    expect(redirectInputSchema.safeParse({ from: "/fr/x", to: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      "target",
    );
    expect(redirectInputSchema.safeParse({ from: "/fr/x", to: "" }).error?.issues[0]?.message).toBe("required");
  });
});

describe("links follow a moved page", () => {
  const header = [
    {
      id: "h",
      block_type: "header_classic_block",
      fields: {
        fr: {
          cta_button: { url: "/fr/vendre?src=menu#haut", text: "Vendre" },
          menu_repeater: [
            { menu_link: { url: "/fr", text: "Accueil" } },
            { menu_link: { url: "/fr/vendre", text: "Vendre" } },
            {
              menu_link: { url: "/fr/vendre", text: "Vendre" },
              submenu: [{ menu_link: { url: "/fr/a-propos", text: "À propos" } }],
            },
            { menu_link: { url: "https://ailleurs.example/fr/vendre", text: "Ailleurs" } },
          ],
        },
      },
    },
  ];

  it("rewrites urls to the new path, keeping their query and fragment, and leaves the rest as it was", () => {
    const moved = rewriteLinks(header, new Map([["/fr/vendre", "/fr/vendre-ma-maison"]]));
    const fr = moved[0]!.fields.fr;
    expect(fr.cta_button.url).toBe("/fr/vendre-ma-maison?src=menu#haut");
    expect(fr.menu_repeater.map((i) => i.menu_link.url)).toEqual([
      "/fr",
      "/fr/vendre-ma-maison",
      "/fr/vendre-ma-maison",
      "https://ailleurs.example/fr/vendre",
    ]);
    // Untouched parts keep their identity; nothing moved, nothing copied.
    expect(fr.menu_repeater[0]).toBe(header[0]!.fields.fr.menu_repeater[0]);
    expect(rewriteLinks(header, new Map([["/fr/autre", "/fr/x"]]))).toBe(header);
  });

  it("takes a gone page's items out of the menus, but keeps a submenu's items under its title", () => {
    const moved = rewriteLinks(header, new Map([["/fr/vendre", null]]));
    const items = moved[0]!.fields.fr.menu_repeater;
    expect(items).toHaveLength(3);
    expect(items[1]).toEqual({
      menu_link: { text: "Vendre" },
      submenu: [{ menu_link: { url: "/fr/a-propos", text: "À propos" } }],
    });
    expect(moved[0]!.fields.fr.cta_button).toEqual({ text: "Vendre" });
  });

  it("takes a deleted page's items out of the menus even when its address redirects; other links follow", () => {
    const moved = rewriteLinks(header, new Map([["/fr/vendre", "/fr"]]), new Set(["/fr/vendre"]));
    const fr = moved[0]!.fields.fr;
    expect(fr.menu_repeater.map((i) => i.menu_link.url)).toEqual(["/fr", "/fr", "https://ailleurs.example/fr/vendre"]);
    // The submenu's head keeps its items and its link follows the redirect; the button follows it too.
    expect(fr.menu_repeater[1]!.submenu).toHaveLength(1);
    expect(fr.cta_button.url).toBe("/fr?src=menu#haut");
  });
});

describe("site information", () => {
  const info: SiteInfo = siteInfoSchema.parse({
    name: "Julie Tremblay",
    licence: { fr: "Julie Tremblay, courtière, permis J7421", en: "Julie Tremblay, broker, licence J7421" },
    agency_name: { fr: "Groupe Laurier, agence immobilière", en: "Groupe Laurier, real estate agency" },
    phone: "(418) 555-0199",
    email: "julie@example.ca",
    address: { fr: "2600, boul. Laurier, Québec", en: "2600 Laurier Blvd, Québec City" },
    social: [{ network: "instagram", url: "https://www.instagram.com/julie" }],
    logo_light: "/images/logo.svg",
  });

  it("reads a phone however it was typed, and refuses what is not one", () => {
    expect(info.phone).toBe("+14185550199");
    expect(normalisePhone("1-418-555-0199")).toBe("+14185550199");
    expect(normalisePhone("555-0199")).toBeUndefined();
    expect(normalisePhone("(018) 555-0199")).toBeUndefined();
    expect(phoneDisplay("+14185550199")).toBe("418 555-0199");
    const bad = siteInfoSchema.safeParse({ ...info, phone: "12", licence: { fr: "", en: "x" }, email: "nope" });
    expect(bad.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`)).toEqual(
      expect.arrayContaining(["phone:phone", "licence.fr:required", "email:email"]),
    );
  });

  it("writes itself into headers and footers in each language, and leaves other blocks alone", () => {
    const blocks = [
      {
        id: "h",
        block_type: "header_classic_block",
        fields: {
          fr: { cta_sms: { url: "sms:+1", text: "Texto" }, logo_image_light: { url: "/old.svg", alt: "Logo" } },
          en: {},
        },
      },
      {
        id: "f",
        block_type: "footer_classic_block",
        fields: { fr: { licence: "ancien", cta: { url: "/fr/contact" } } },
      },
      { id: "t", block_type: "text_block_1", fields: { fr: { title: "x" } } },
    ];
    const [header, footer, text] = applySiteInfo(blocks, info) as typeof blocks;
    expect(header!.fields.fr.cta_sms).toEqual({ url: "sms:+14185550199", text: "Texto" });
    expect(header!.fields.fr.logo_image_light).toEqual({ url: "/images/logo.svg", alt: "Logo" });
    expect((header!.fields.en as Record<string, unknown>).logo_image_dark).toEqual({
      url: "/images/logo.svg",
      alt: "Julie Tremblay",
    });
    const en = footer!.fields.en as Record<string, unknown>;
    expect(footer!.fields.fr).toMatchObject({
      licence: "Julie Tremblay, courtière, permis J7421",
      agency_name: "Groupe Laurier, agence immobilière",
      phone: { url: "tel:+14185550199", text: "418 555-0199" },
      cta: { url: "/fr/contact" },
    });
    expect(en.licence).toBe("Julie Tremblay, broker, licence J7421");
    expect(en.icon_links_repeater).toEqual([
      {
        icon: { type: "instagram" },
        link: { url: "https://www.instagram.com/julie", text: "Instagram", target: "_blank" },
      },
    ]);
    expect(text).toBe(blocks[2]);
    // The same objects on the next call: a page served again costs nothing.
    expect(applySiteInfo(blocks, info)[1]).toBe(footer);
    expect(applySiteInfo(blocks, undefined)).toBe(blocks);
  });
});

describe("redirects as CSV", () => {
  it("reads quoted fields, CRLF, a BOM and French Excel's semicolons", () => {
    expect(parseCsv('\uFEFFfrom,to\r\n"/fr/a,b","/fr/""c"""\r\n\r\n/fr/d,/fr/e')).toEqual([
      ["from", "to"],
      ["/fr/a,b", '/fr/"c"'],
      ["/fr/d", "/fr/e"],
    ]);
    expect(parseCsv("de;vers;statut\n/fr/a;/fr/b;302\n")).toEqual([
      ["de", "vers", "statut"],
      ["/fr/a", "/fr/b", "302"],
    ]);
    expect(parseCsv('a,"line\nbreak"')).toEqual([["a", "line\nbreak"]]);
  });

  it("finds the columns by their names, numbers lines, and reads back what it writes", () => {
    const redirects: RedirectRecord[] = [
      { from: "/fr/a", to: "/fr/b", status: 301, created_by: { id: "e1", name: "Claire" }, created_at: "2026-01-01" },
      { from: "/fr/c", to: "", status: 410 },
    ];
    const read = redirectsFromCsv(redirectsCsv(redirects));
    expect(read).toEqual({
      rows: [
        { line: 2, from: "/fr/a", to: "/fr/b", status: "301" },
        { line: 3, from: "/fr/c", to: "", status: "410" },
      ],
    });
    expect(redirectsFromCsv("Statut;De\n302;/fr/x")).toEqual({
      rows: [{ line: 2, from: "/fr/x", to: "", status: "302" }],
    });
    expect(redirectsFromCsv("a,b\n1,2")).toEqual({ problem: "no-header" });
    expect(redirectsFromCsv("from,to\n")).toEqual({ problem: "empty" });
  });
});
