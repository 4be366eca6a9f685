import { describe, expect, it } from "vitest";
import { localeSwitchMode, switchNeedsReload } from "../renderer/lib/locale-scripts";

describe("full page load on a locale switch (site.md §2)", () => {
  const click = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
  const none = new Map<string, string>();
  const captcha = new Map([["altcha", "fr"]]);

  it("reloads once a locale-dependent script was injected, else stays client-side", () => {
    expect(switchNeedsReload(none)).toBe(false);
    expect(switchNeedsReload(captcha)).toBe(true);
    expect(localeSwitchMode(click, none)).toBe("router");
    expect(localeSwitchMode(click, captcha)).toBe("reload");
    expect(localeSwitchMode(click, new Map([["recaptcha", "en"]]))).toBe("reload");
  });

  it("leaves modified and handled clicks to the browser", () => {
    for (const change of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(localeSwitchMode({ ...click, ...change }, captcha)).toBe("browser");
    }
    // The blog post's missing-translation warning handled it first.
    expect(localeSwitchMode({ ...click, defaultPrevented: true }, captcha)).toBe("browser");
  });
});
