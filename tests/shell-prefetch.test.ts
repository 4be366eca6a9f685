// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { linkedPages, PREFETCH_IDLE_MS, pageDataUrl, prefetchAllowed } from "../renderer/ui/shell/IdlePrefetch";

describe("prefetch on idle (site.md §9)", () => {
  it("waits 2,000 ms of idle", () => expect(PREFETCH_IDLE_MS).toBe(2000));

  it("is skipped with the data saver or on 2g", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "3g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
  });

  it("takes this site's pages once, never the page shown, the studio, files or other sites", () => {
    document.body.innerHTML = `
      <a href="/fr/contact">Contact</a>
      <a href="/fr/contact">Contact again</a>
      <a href="/fr">Accueil</a>
      <a href="/fr/blogue?page=2">Blogue</a>
      <a href="/fr/qa/sections">Studio</a>
      <a href="/fr/a-propos#equipe">Équipe</a>
      <a href="/fr/guide.pdf" download>Guide</a>
      <a href="https://example.com/fr/x">Ailleurs</a>
      <a href="/french">Not a page</a>
      <a href="/en/about">About</a>`;
    expect(linkedPages(document, "/fr")).toEqual(["/fr/contact", "/fr/blogue?page=2", "/en/about"]);
    expect(linkedPages(document, "/fr", 2)).toHaveLength(2);
  });

  it("asks for the URL the navigation will fetch", () => {
    expect(pageDataUrl("/fr/blogue", "routes/page")).toBe("/fr/blogue.data?_routes=routes%2Fpage");
    expect(pageDataUrl("/fr/blogue?page=2", "routes/page")).toBe("/fr/blogue.data?page=2&_routes=routes%2Fpage");
    expect(pageDataUrl("/fr/", "routes/page")).toBe("/fr/_.data?_routes=routes%2Fpage");
  });
});
