// @vitest-environment jsdom
/**
 * Links to the site's own pages (InternalLink in renderer/ui/SmartLink.tsx): plain anchors
 * that React Router follows on a plain click, and that the browser handles otherwise.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { FollowLinkProvider } from "../renderer/lib/site";
import { InternalLink, SmartLink } from "../renderer/ui/SmartLink";

function Where() {
  const location = useLocation();
  return <output>{`${location.pathname}${location.search}`}</output>;
}

function mount() {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <FollowLinkProvider>
            <InternalLink to="/fr/contact?variant=7" className="cta">
              Contact
            </InternalLink>
            <SmartLink link={{ url: "/a-propos", text: "À propos", target: "_self" }} />
            <SmartLink link={{ url: "/fr/blogue", text: "Blogue", target: "_blank" }} />
            <Where />
            <Outlet />
          </FollowLinkProvider>
        ),
        children: [{ path: "*", element: null }],
      },
    ],
    { initialEntries: ["/fr"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe("internal links", () => {
  it("render a plain anchor with its href and React Router's discovery mark", () => {
    mount();
    const link = screen.getByRole("link", { name: "Contact" });
    expect(link.getAttribute("href")).toBe("/fr/contact?variant=7");
    expect(link.getAttribute("data-discover")).toBe("true");
    expect(link.className).toBe("cta");
  });

  it("navigate in the app on a plain click", async () => {
    const router = mount();
    fireEvent.click(screen.getByRole("link", { name: "Contact" }), { button: 0 });
    await screen.findByText("/fr/contact?variant=7");
    fireEvent.click(screen.getByRole("link", { name: "À propos" }), { button: 0 });
    await screen.findByText("/fr/a-propos");
    expect(router.state.location.pathname).toBe("/fr/a-propos");
  });

  it("leave modified clicks and new windows to the browser", () => {
    const router = mount();
    const link = screen.getByRole("link", { name: "Contact" });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) {
      const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...modifier });
      link.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    const blank = screen.getByRole("link", { name: "Blogue" });
    expect(blank.getAttribute("target")).toBe("_blank");
    expect(router.state.location.pathname).toBe("/fr");
  });
});
