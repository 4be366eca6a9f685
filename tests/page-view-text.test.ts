import { describe, expect, it } from "vitest";
import type { PageView } from "../renderer/lib/page-loader.server";
import { findPageView, pageViewText, readPageView } from "../renderer/lib/page-match";

const view = {
  locale: "fr",
  path: "/fr/a-propos",
  page: { alternate_paths: [{ locale: "en", path: "/en/about" }] },
  header: [],
  content: [
    {
      id: "b1",
      block_type: "text_block_1",
      block_params: {},
      fields: { fr: { title: "À propos" }, en: { title: "About" } },
    },
  ],
  footer: [],
  hideFooter: false,
  origin: "http://localhost",
  exposeErrors: false,
  modules: ["/assets/a.js"],
} as unknown as PageView;

describe("page view text (content page loader data)", () => {
  it("is one JSON string holding the whole view, both languages included", () => {
    const text = pageViewText(view);
    expect(Object.keys(text)).toEqual(["pageViewJson"]);
    expect(JSON.parse(text.pageViewJson)).toEqual(view);
    expect(text.pageViewJson).toContain('"en":{"title":"About"}');
  });

  it("reads back the very view the server serialised, without parsing it again", () => {
    expect(readPageView(pageViewText(view))).toBe(view);
  });

  it("parses a text it has not seen once, and gives every reader the same object", () => {
    const text = { pageViewJson: JSON.stringify({ ...view, path: "/fr/ailleurs" }) };
    const first = readPageView(text);
    expect(first?.path).toBe("/fr/ailleurs");
    expect(readPageView({ pageViewJson: text.pageViewJson })).toBe(first);
  });

  it("passes views of other routes through, and nothing for missing data", () => {
    expect(readPageView(view)).toBe(view);
    expect(readPageView(undefined)).toBeUndefined();
    expect(readPageView(null)).toBeUndefined();
  });

  it("finds the view among route matches, text or object", () => {
    const matches = [
      { id: "root", loaderData: { exposeErrors: false } },
      { id: "routes/page", loaderData: pageViewText(view) },
    ];
    expect(findPageView(matches)).toBe(view);
    expect(findPageView([{ id: "routes/blog-post", handle: { pageView: true }, loaderData: view }])).toBe(view);
    expect(findPageView([{ id: "root", loaderData: {} }])).toBeUndefined();
  });
});
