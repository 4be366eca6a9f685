import { describe, expect, it } from "vitest";
import agencySite from "../fixtures/sites/demo-agency/site.json";
import brokerSite from "../fixtures/sites/demo-broker/site.json";
import {
  hasPopup,
  headerScheme,
  homePath,
  isDimmed,
  linksFit,
  localeSwitch,
  logoScale,
  menuEntries,
  privacyPolicyPath,
} from "../renderer/blocks/headers/menu";
import {
  type HeaderScrollState,
  initialScrollState,
  nextHidden,
  reduceHeaderScroll,
  SCROLL_SAMPLE_MS,
  scrollVelocity,
} from "../renderer/blocks/headers/scroll";
import { footerClassicBlock } from "../schema/blocks/footers";
import { headerClassicBlock, headerMegamenuBlock, headerOutOfNormBlock } from "../schema/blocks/headers";
import { parseBlocks } from "../schema/parse";

const H = 80;
const sample = (state: HeaderScrollState, y: number, t: number, locked = false) =>
  reduceHeaderScroll(state, { type: "sample", y, t, headerHeight: H, locked });

describe("header scroll visibility", () => {
  it("measures velocity in px/ms", () => {
    expect(scrollVelocity({ y: 0, t: 0 }, { y: 50, t: 100 })).toBe(0.5);
    expect(scrollVelocity({ y: 50, t: 100 }, { y: 50, t: 100 })).toBe(0);
  });

  it("hides away from the top at a downward velocity of 0.25 and shows at -0.25", () => {
    expect(nextHidden(false, { y: 500, t: 0 }, { y: 525, t: 100 }, H)).toBe(true);
    expect(nextHidden(false, { y: 500, t: 0 }, { y: 524, t: 100 }, H)).toBe(false);
    expect(nextHidden(true, { y: 500, t: 0 }, { y: 480, t: 100 }, H)).toBe(true);
    expect(nextHidden(true, { y: 500, t: 0 }, { y: 475, t: 100 }, H)).toBe(false);
  });

  it("hides near the top on any downward scroll and always shows at the top", () => {
    expect(nextHidden(false, { y: 10, t: 0 }, { y: 12, t: 100 }, H)).toBe(true);
    expect(nextHidden(true, { y: 40, t: 0 }, { y: 38, t: 100 }, H)).toBe(false);
    expect(nextHidden(true, { y: 40, t: 0 }, { y: 0, t: 100 }, H)).toBe(false);
  });

  it("samples every 100 ms, resets after a pause and becomes opaque past its height", () => {
    let state = sample(initialScrollState, 300, 0);
    expect(state).toMatchObject({ hidden: false, opaque: true, baseline: { y: 300, t: 0 } });
    // Too close to the baseline: ignored for visibility.
    state = sample(state, 400, SCROLL_SAMPLE_MS - 1);
    expect(state.hidden).toBe(false);
    expect(state.baseline?.y).toBe(300);
    state = sample(state, 400, SCROLL_SAMPLE_MS);
    expect(state.hidden).toBe(true);
    state = reduceHeaderScroll(state, { type: "reset" });
    expect(state.baseline).toBeUndefined();
    // First sample after a reset only sets the baseline.
    state = sample(state, 200, 1000);
    expect(state.hidden).toBe(true);
    state = sample(state, 150, 1100);
    expect(state.hidden).toBe(false);
    state = sample(state, 50, 1200);
    expect(state.opaque).toBe(false);
  });

  it("never hides while locked (open menu) and shows on demand", () => {
    let state = sample(initialScrollState, 300, 0, true);
    state = sample(state, 600, 100, true);
    expect(state.hidden).toBe(false);
    state = sample(state, 900, 200);
    expect(state.hidden).toBe(true);
    expect(reduceHeaderScroll(state, { type: "show" }).hidden).toBe(false);
  });
});

describe("header menu logic", () => {
  const fr = headerClassicBlock.example.fields.fr.menu_repeater ?? [];

  it("builds entries, dropping unlabeled items", () => {
    const entries = menuEntries([...fr, { menu_link: { url: "/fr/x", text: " " } }] as never);
    expect(entries.map((e) => e.link.text)).toEqual(["Accueil", "À propos", "Propriétés", "Blogue", "Contact"]);
    expect(entries[1]?.children.map((c) => c.url)).toEqual([
      "/fr/termes-et-conditions",
      "/fr/politique-confidentialite",
    ]);
    expect(entries.map(hasPopup)).toEqual([false, true, false, false, false]);
  });

  it("reads mega groups", () => {
    const entries = menuEntries(headerMegamenuBlock.example.fields.en.menu_repeater as never);
    const buy = entries.find((e) => e.groups.length > 0);
    expect(buy?.groups[0]).toMatchObject({ title: "Properties for sale", image: { url: "/images/menu-buy.svg" } });
    expect(buy && hasPopup(buy)).toBe(true);
  });

  it("dims every other item while one is hovered or open", () => {
    expect(isDimmed(0, null, null)).toBe(false);
    expect(isDimmed(0, 1, null)).toBe(true);
    expect(isDimmed(1, 1, null)).toBe(false);
    expect(isDimmed(1, 0, 1)).toBe(false);
    expect(isDimmed(0, 0, 1)).toBe(true);
  });

  it("switches locale to the alternate path, or the other home", () => {
    expect(localeSwitch("fr", { fr: "/fr/a-propos", en: "/en/about" })).toEqual({ locale: "en", href: "/en/about" });
    expect(localeSwitch("en", {})).toEqual({ locale: "fr", href: "/fr" });
    expect(localeSwitch("fr", { en: "/en/about" }, "v1").href).toBe("/en/about?variant=v1");
    // Only a path of the target locale: never another host, nor the same locale's page.
    expect(localeSwitch("fr", { en: "//evil.example" }).href).toBe("/en");
    expect(localeSwitch("fr", { en: "https://evil.example/en" }).href).toBe("/en");
    expect(localeSwitch("en", { fr: "/en/about" }).href).toBe("/fr");
    expect(homePath("en")).toBe("/en");
    expect(privacyPolicyPath("fr")).toBe("/fr/politique-confidentialite");
    expect(privacyPolicyPath("en")).toBe("/en/privacy-policy");
  });

  it("falls back when the links do not fit", () => {
    expect(linksFit(600, 700)).toBe(true);
    expect(linksFit(800, 700)).toBe(false);
    expect(linksFit(730, 700, 44)).toBe(true);
  });

  it("uses the inverted scheme while transparent over a dark block", () => {
    expect(headerScheme("normal", false, "inverted")).toBe("inverted");
    expect(headerScheme("normal-grey", false, "normal")).toBe("normal-grey");
    expect(headerScheme("inverted", false, "normal")).toBe("normal");
    expect(headerScheme("normal", true, "inverted")).toBe("normal");
    expect(headerScheme(undefined, false, undefined)).toBe("normal");
  });

  it("clamps the logo multiplier", () => {
    expect(logoScale(undefined)).toBe(1);
    expect(logoScale(10)).toBe(3);
    expect(logoScale(1.5)).toBe(1.5);
  });
});

describe("header and footer schemas", () => {
  it("parse their examples and the fixture sites", () => {
    for (const def of [headerClassicBlock, headerMegamenuBlock, headerOutOfNormBlock, footerClassicBlock]) {
      const parsed = def.schema.safeParse({ id: "x", block_type: def.type, ...def.example });
      expect(parsed.success, def.type).toBe(true);
    }
    for (const site of [brokerSite, agencySite]) {
      const warnings: string[] = [];
      const header = parseBlocks(site.header, (m) => warnings.push(m));
      const footer = parseBlocks(site.footer, (m) => warnings.push(m));
      expect(warnings).toEqual([]);
      expect(header.blocks).toHaveLength(1);
      expect(footer.blocks).toHaveLength(1);
    }
  });

  it("defaults out-of-norm to left orientation and the others to center", () => {
    expect(headerOutOfNormBlock.params.parse({}).orientation_x).toBe("left");
    expect(headerClassicBlock.params.parse({})).toMatchObject({
      orientation_x: "center",
      logo_multiplier: 1,
      show_remax_logo: true,
    });
  });
});
