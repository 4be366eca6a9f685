import { describe, expect, it } from "vitest";
import { canSetPath, deleteAtPath, formatPath, getAtPath, hasPath, parsePath, setAtPath } from "../studio/store/paths";

const block = () => ({
  id: "b1",
  block_params: { color_scheme: "normal" },
  fields: {
    fr: { main_title: "Titre", cta_repeater: [{ text: "Un" }, { text: "Deux" }] },
    en: { main_title: "Title" },
  },
});

describe("studio dotted paths", () => {
  it("parses segments, numbers for indexes, and rejects empty segments", () => {
    expect(parsePath("fields.en.cta_repeater.0.text")).toEqual(["fields", "en", "cta_repeater", 0, "text"]);
    expect(parsePath("a.01")).toEqual(["a", "01"]);
    expect(parsePath("")).toBeNull();
    expect(parsePath("a..b")).toBeNull();
    expect(formatPath(["fields", "fr", 2])).toBe("fields.fr.2");
  });

  it("reads values and existence", () => {
    const b = block();
    expect(getAtPath(b, "fields.fr.main_title")).toBe("Titre");
    expect(getAtPath(b, "fields.fr.cta_repeater.1.text")).toBe("Deux");
    expect(getAtPath(b, "fields.fr.nope.x")).toBeUndefined();
    expect(getAtPath(b, "constructor")).toBeUndefined();
    expect(hasPath(b, "fields.fr.cta_repeater.1")).toBe(true);
    expect(hasPath(b, "fields.fr.cta_repeater.2")).toBe(false);
    expect(hasPath(b, "fields.fr.cta_repeater.x")).toBe(false);
    expect(hasPath(b, "fields.de")).toBe(false);
  });

  it("allows writes when the parent exists, and appends to arrays at their length only", () => {
    const b = block();
    expect(canSetPath(b, "fields.en.subtitle")).toBe(true);
    expect(canSetPath(b, "fields.en.cta.text")).toBe(false);
    expect(canSetPath(b, "fields.fr.cta_repeater.2")).toBe(true);
    expect(canSetPath(b, "fields.fr.cta_repeater.3")).toBe(false);
    expect(canSetPath(b, "fields.fr.main_title.length")).toBe(false);
    expect(canSetPath(b, "fields.__proto__.x")).toBe(false);
  });

  it("sets and deletes in place", () => {
    const b = block();
    expect(setAtPath(b, "fields.en.cta_repeater", [])).toBe(true);
    expect(setAtPath(b, "fields.fr.cta_repeater.0.text", "Premier")).toBe(true);
    expect(b.fields.fr.cta_repeater[0]?.text).toBe("Premier");
    expect(setAtPath(b, "fields.fr.main_title", undefined)).toBe(true);
    expect("main_title" in b.fields.fr).toBe(false);
    expect(setAtPath(b, "missing.path", 1)).toBe(false);
    expect(deleteAtPath(b, "fields.fr.cta_repeater.0")).toBe(true);
    expect(b.fields.fr.cta_repeater).toEqual([{ text: "Deux" }]);
    expect(deleteAtPath(b, "fields.fr.cta_repeater.5")).toBe(false);
  });
});
