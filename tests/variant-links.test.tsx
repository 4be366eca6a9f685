// @vitest-environment jsdom
/**
 * Internal links keep the variant viewed (site.md §7): the URL helper, links rendered by
 * InternalLink (logos, legal links) and SmartLink (menus, calls to action) inside a site that
 * views a variant, rich text links, and no parameter at all when no variant is viewed.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { richTextWithVariant } from "../renderer/lib/sanitize.server";
import { FollowLinkProvider, type SiteInfo, SiteProvider } from "../renderer/lib/site";
import { InternalLink, SmartLink, withVariant } from "../renderer/ui/SmartLink";

afterEach(cleanup);

describe("withVariant", () => {
  it("adds the variant to an internal path, before its fragment, after its query", () => {
    expect(withVariant("/fr", "printemps-2026")).toBe("/fr?variant=printemps-2026");
    expect(withVariant("/fr/proprietes?mun=1&sort=price", "v1")).toBe("/fr/proprietes?mun=1&sort=price&variant=v1");
    expect(withVariant("/fr/a-propos#equipe", "v1")).toBe("/fr/a-propos?variant=v1#equipe");
    expect(withVariant("/fr?x=1#top", "a b")).toBe("/fr?x=1&variant=a%20b#top");
  });

  it("leaves external, protocol-relative, tel and mailto links, and an absent variant, alone", () => {
    for (const url of ["https://centris.ca/fr", "//evil.example/fr", "tel:4185550123", "mailto:julie@example.com"])
      expect(withVariant(url, "v1")).toBe(url);
    expect(withVariant("/fr/contact", undefined)).toBe("/fr/contact");
    expect(withVariant("/fr/contact", "")).toBe("/fr/contact");
  });

  it("is idempotent and keeps a variant a link names itself", () => {
    const once = withVariant("/fr/contact", "v1");
    expect(withVariant(once, "v1")).toBe(once);
    expect(withVariant("/fr/contact?variant=autre", "v1")).toBe("/fr/contact?variant=autre");
    expect(withVariant("/fr/contact?a=1&variant=autre", "v1")).toBe("/fr/contact?a=1&variant=autre");
    // A parameter that merely ends in "variant" is not one.
    expect(withVariant("/fr/contact?layout_variant=2", "v1")).toBe("/fr/contact?layout_variant=2&variant=v1");
  });
});

describe("rich text links", () => {
  it("carry the variant on internal hrefs only, the HTML staying well formed", () => {
    const html =
      '<p>Lire la <a href="/fr/politique-confidentialite">politique</a>, ' +
      '<a href="/fr/proprietes?mun=1&amp;sort=price#liste">les propriétés</a>, ' +
      '<a href="https://centris.ca" target="_blank" rel="noopener noreferrer">Centris</a>, ' +
      '<a href="//cdn.example/x">cdn</a>, <a href="/fr?variant=autre">autre</a>.</p>';
    expect(richTextWithVariant(html, "printemps-2026")).toBe(
      '<p>Lire la <a href="/fr/politique-confidentialite?variant=printemps-2026">politique</a>, ' +
        '<a href="/fr/proprietes?mun=1&amp;sort=price&amp;variant=printemps-2026#liste">les propriétés</a>, ' +
        '<a href="https://centris.ca" target="_blank" rel="noopener noreferrer">Centris</a>, ' +
        '<a href="//cdn.example/x">cdn</a>, <a href="/fr?variant=autre">autre</a>.</p>',
    );
  });
});

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

function mount(variantId: string | undefined) {
  const site: SiteInfo = {
    locale: "fr",
    siteType: "broker",
    variantId,
    config: { mapTileUrl: "", mapTileAttribution: "", publicOrigin: "", exposeErrors: false },
    alternatePaths: {},
  };
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <SiteProvider value={site}>
            <FollowLinkProvider>
              <InternalLink to="/fr" aria-label="Accueil">
                Logo
              </InternalLink>
              <InternalLink to="/fr/politique-confidentialite">Politique de confidentialité</InternalLink>
              <SmartLink link={{ url: "/a-propos", text: "À propos", target: "_self" }} />
              <SmartLink link={{ url: "/fr/blogue", text: "Blogue", target: "_blank" }} />
              <SmartLink link={{ url: "https://centris.ca", text: "Centris", target: "_blank" }} />
              <Where />
              <Outlet />
            </FollowLinkProvider>
          </SiteProvider>
        ),
        children: [{ path: "*", element: null }],
      },
    ],
    { initialEntries: ["/fr?variant=printemps-2026"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("links of a site viewing a variant", () => {
  it("carry ?variant= on every internal link, logos and legal links included", () => {
    mount("printemps-2026");
    expect(screen.getByRole("link", { name: "Accueil" }).getAttribute("href")).toBe("/fr?variant=printemps-2026");
    expect(screen.getByRole("link", { name: "Politique de confidentialité" }).getAttribute("href")).toBe(
      "/fr/politique-confidentialite?variant=printemps-2026",
    );
    expect(screen.getByRole("link", { name: "À propos" }).getAttribute("href")).toBe(
      "/fr/a-propos?variant=printemps-2026",
    );
    expect(screen.getByRole("link", { name: "Blogue" }).getAttribute("href")).toBe("/fr/blogue?variant=printemps-2026");
    expect(screen.getByRole("link", { name: "Centris" }).getAttribute("href")).toBe("https://centris.ca");
  });

  it("navigate in the app to the URL with the variant", async () => {
    const router = mount("printemps-2026");
    fireEvent.click(screen.getByRole("link", { name: "Politique de confidentialité" }), { button: 0 });
    await screen.findByText("/fr/politique-confidentialite?variant=printemps-2026");
    expect(router.state.location.search).toBe("?variant=printemps-2026");
  });

  it("carry no variant parameter when none is viewed", () => {
    mount(undefined);
    for (const link of screen.getAllByRole("link")) expect(link.getAttribute("href")).not.toContain("variant");
  });
});
