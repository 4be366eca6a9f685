import { describe, expect, it } from "vitest";
import { localeSwitchPath, otherLocale } from "../renderer/lib/locale-switch";

describe("locale switch", () => {
  it("goes to the other locale", () => {
    expect(otherLocale("fr")).toBe("en");
    expect(otherLocale("en")).toBe("fr");
  });

  it("uses the page's alternate path, else the locale home, and keeps the variant", () => {
    expect(localeSwitchPath("en", { fr: "/fr/proprietes", en: "/en/properties" })).toBe("/en/properties");
    expect(localeSwitchPath("en", { fr: "/fr/x" })).toBe("/en");
    expect(localeSwitchPath("fr", {}, "7")).toBe("/fr?variant=7");
    expect(localeSwitchPath("en", { en: "//evil.example" })).toBe("/en");
  });
});
