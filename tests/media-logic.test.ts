/** Pure logic of the text/media/embed catalogue (blocks.md §4 iframe resize, §8 contact keys, §9). */
import { describe, expect, it, vi } from "vitest";
import {
  buildIframeSrc,
  iframeHeightFromMessage,
  isNewModel,
  joinScripts,
  scriptPadding,
  scriptPaddingMultiplier,
  splitScripts,
} from "../renderer/blocks/embeds/logic";
import { cardSlideSize } from "../renderer/blocks/media/CarouselCards";
import { resolveContactKeys } from "../renderer/blocks/text/contact-keys";
import { computeBreakpoints } from "../renderer/lib/breakpoints";

describe("script embed padding", () => {
  it("multiplies by 0.5 below lg, 0.75 below xl, 1 from xl", () => {
    expect(scriptPaddingMultiplier(320)).toBe(0.5);
    expect(scriptPaddingMultiplier(991)).toBe(0.5);
    expect(scriptPaddingMultiplier(992)).toBe(0.75);
    expect(scriptPaddingMultiplier(1199)).toBe(0.75);
    expect(scriptPaddingMultiplier(1200)).toBe(1);
    expect(scriptPaddingMultiplier(2560)).toBe(1);
  });

  it("scales each side, in top right bottom left order", () => {
    const padding = { top: 48, right: 24, bottom: 32, left: 10 };
    expect(scriptPadding(padding, 400)).toBe("24px 12px 16px 5px");
    expect(scriptPadding(padding, 1000)).toBe("36px 18px 24px 7.5px");
    expect(scriptPadding(padding, 1300)).toBe("48px 24px 32px 10px");
  });

  it("treats missing or negative sides as 0 and no padding as none", () => {
    expect(scriptPadding({ top: 20, left: -8 }, 1300)).toBe("20px 0px 0px 0px");
    expect(scriptPadding(undefined, 1300)).toBeUndefined();
  });
});

describe("script embed splitting", () => {
  it("separates markup from scripts, keeping attributes and order, dropping nonces", () => {
    const { html, scripts } = splitScripts(
      '<div id="w"></div><script src="https://cdn.example/w.js" defer nonce="x"></script>\n<SCRIPT type="module">run(1)</SCRIPT>',
    );
    expect(html).toBe('<div id="w"></div>');
    expect(scripts).toEqual([
      {
        attributes: [
          ["src", "https://cdn.example/w.js"],
          ["defer", ""],
        ],
        text: "",
      },
      { attributes: [["type", "module"]], text: "run(1)" },
    ]);
  });

  it("handles empty code", () => {
    expect(splitScripts(undefined)).toEqual({ html: "", scripts: [] });
  });

  it("reads quoted attribute values and comments whole: no script is found inside them", () => {
    const { html, scripts } = splitScripts(
      `<div data-x='a > <script>alert(1)</script>' title="<script>alert(2)</script>">w</div><!-- <script>alert(3)</script> --><script>ok()</script>`,
    );
    expect(scripts).toEqual([{ attributes: [], text: "ok()" }]);
    expect(html).toContain("<script>alert(2)</script>"); // text of the title attribute, left to the sanitiser
    expect(html.startsWith("<div data-x='a > <script>alert(1)</script>'")).toBe(true);
  });

  it("decodes character references in attributes and writes back what it read", () => {
    const code = '<p>x</p><script src="/w.js?a=1&amp;b=&quot;2&quot;" async></script><script>go()</script>';
    const first = splitScripts(code);
    expect(first.scripts[0]!.attributes).toEqual([
      ["src", '/w.js?a=1&b="2"'],
      ["async", ""],
    ]);
    expect(splitScripts(joinScripts(first.html, first.scripts))).toEqual(first);
  });

  it("keeps an unclosed script's text to the end", () => {
    expect(splitScripts("<div></div><script>tail()")).toEqual({
      html: "<div></div>",
      scripts: [{ attributes: [], text: "tail()" }],
    });
  });
});

describe("property iframe", () => {
  const base = "https://julietremblay.example/fr/services?variant=b";

  it("adds the default query params and the current page as shareUrl", () => {
    const url = buildIframeSrc("https://widget.example/search?lang=fr", [], base, base);
    expect(url?.origin).toBe("https://widget.example");
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      lang: "fr",
      model: "v5",
      pub: "0",
      desjPub: "0",
      desjCalc: "0",
      shareUrl: base,
    });
    expect(isNewModel(url)).toBe(true);
  });

  it("lets the editor's params override the defaults", () => {
    const url = buildIframeSrc(
      "/test/iframe-widget.html",
      [
        { name: "model", value: "v4" },
        { name: " ", value: "x" },
      ],
      base,
      base,
    );
    expect(url?.href.startsWith("https://julietremblay.example/test/iframe-widget.html?")).toBe(true);
    expect(url?.searchParams.get("model")).toBe("v4");
    expect(isNewModel(url)).toBe(false);
  });

  it("refuses empty and non-http URLs", () => {
    expect(buildIframeSrc("  ", [], base, base)).toBeUndefined();
    expect(buildIframeSrc("javascript:alert(1)", [], base, base)).toBeUndefined();
  });

  const origin = "https://widget.example";
  const valid = { eventId: "remaxIframeHeight", height: 1234.2 };

  it("accepts a height message from the iframe's origin", () => {
    expect(iframeHeightFromMessage({ origin, data: valid }, origin)).toBe(1235);
    expect(iframeHeightFromMessage({ origin, data: JSON.stringify(valid) }, origin)).toBe(1235);
  });

  it("ignores messages from another origin", () => {
    expect(iframeHeightFromMessage({ origin: "https://evil.example", data: valid }, origin)).toBeUndefined();
    expect(iframeHeightFromMessage({ origin: "null", data: valid }, "null")).toBeUndefined();
    expect(iframeHeightFromMessage({ origin, data: valid }, undefined)).toBeUndefined();
  });

  it("ignores malformed data", () => {
    for (const data of [
      { eventId: "other", height: 10 },
      { eventId: "remaxIframeHeight", height: "10" },
      { eventId: "remaxIframeHeight", height: -5 },
      { eventId: "remaxIframeHeight" },
      "not json",
      null,
      42,
    ]) {
      expect(iframeHeightFromMessage({ origin, data }, origin), JSON.stringify(data)).toBeUndefined();
    }
  });
});

describe("contact keys", () => {
  const details = {
    phone: "418 555-0142",
    email: " julie@julietremblay.example ",
    address: "1250, boul. Guillaume-Couture\nLévis",
    sms: "+1 418 555-0199",
  };

  it("keeps the order of the keys and builds the links", () => {
    const warn = vi.fn();
    expect(resolveContactKeys("email, phone,sms,address", details, warn)).toEqual([
      { key: "email", value: "julie@julietremblay.example", href: "mailto:julie@julietremblay.example" },
      { key: "phone", value: "418 555-0142", href: "tel:+14185550142" },
      { key: "sms", value: "+1 418 555-0199", href: "sms:+14185550199" },
      { key: "address", value: "1250, boul. Guillaume-Couture\nLévis", href: undefined },
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns in French about an unknown key and skips it", () => {
    const warn = vi.fn();
    const entries = resolveContactKeys(["fax", "phone"], details, warn);
    expect(entries.map((e) => e.key)).toEqual(["phone"]);
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      "La clé de contact « fax » n'existe pas dans les informations de contact.",
    );
  });

  it("skips known keys without a value and repeated keys silently", () => {
    const warn = vi.fn();
    expect(
      resolveContactKeys("phone,phone,email", { phone: "418 555-0142", email: "" }, warn).map((e) => e.key),
    ).toEqual(["phone"]);
    expect(resolveContactKeys(undefined, details, warn)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs through console.warn by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    resolveContactKeys("whatsapp", details);
    expect(spy).toHaveBeenCalledWith("La clé de contact « whatsapp » n'existe pas dans les informations de contact.");
    spy.mockRestore();
  });
});

describe("carousel cards slide size", () => {
  it("shows 1 card with a peek, then 2, 3 and 4 per view", () => {
    expect(cardSlideSize(computeBreakpoints(414))).toBe("85%");
    expect(cardSlideSize(computeBreakpoints(800))).toBe("calc(100% / 2)");
    expect(cardSlideSize(computeBreakpoints(1000))).toBe("calc(100% / 3)");
    expect(cardSlideSize(computeBreakpoints(1280))).toBe("calc(100% / 4)");
  });
});
