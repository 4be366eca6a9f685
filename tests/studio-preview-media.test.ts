import { describe, expect, it } from "vitest";
import { containerRuleText, isStudioChrome, isWidthOnlyMedia } from "../studio/canvas/preview-media";

describe("studio previews: width media rules become canvas container rules", () => {
  it("maps media rules made of width conditions only", () => {
    expect(isWidthOnlyMedia("(min-width: 992px)")).toBe(true);
    expect(isWidthOnlyMedia("(max-width: 767.98px)")).toBe(true);
    expect(isWidthOnlyMedia("(min-width: 768px) and (max-width: 991.98px)")).toBe(true);
  });

  it("leaves other media rules to the window: motion, print, screen types, heights", () => {
    expect(isWidthOnlyMedia("(prefers-reduced-motion: reduce)")).toBe(false);
    expect(isWidthOnlyMedia("print")).toBe(false);
    expect(isWidthOnlyMedia("screen and (min-width: 992px)")).toBe(false);
    expect(isWidthOnlyMedia("(min-height: 600px)")).toBe(false);
    expect(isWidthOnlyMedia("not all")).toBe(false);
  });

  it("writes the container rule with the same condition and rules", () => {
    expect(containerRuleText(" (min-width: 992px)", [".a { color: red; }", ".b { display: none; }"])).toBe(
      "@container studio-canvas (min-width: 992px) { .a { color: red; }\n.b { display: none; } }",
    );
  });

  it("keeps the studio's chrome on the window, but not rules for blocks inside the canvas", () => {
    expect(isStudioChrome([".studio-toolbar", ".studio-panel"])).toBe(true);
    expect(isStudioChrome([".studio-canvas .site-header"])).toBe(false);
    expect(isStudioChrome([".hdr-burger"])).toBe(false);
    expect(isStudioChrome([".studio-toolbar", ".hdr-burger"])).toBe(false);
    expect(isStudioChrome([])).toBe(false);
  });
});
