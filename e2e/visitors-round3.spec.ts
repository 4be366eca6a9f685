/**
 * Visitors, round three (issue 34): what small phones, the keyboard and the back button met
 * on the listing and search pages — each journey failed before its fix.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, t, test } from "./helpers";

const BROKER = { microsite_id: "ms-demo-broker", site_key: "sk_demo_broker_public_0001" };

/** The French page of a listing for sale, or of a sold one. */
async function listingPath(request: APIRequestContext, status: "for-sale" | "sold"): Promise<string> {
  const answer = await request.get(
    `/api/swc/${BROKER.microsite_id}/properties?limit=100&forSaleForRent=buy${status === "sold" ? "&status=sold" : ""}`,
    { headers: { "x-site-key": BROKER.site_key } },
  );
  const body = (await answer.json()) as {
    data: { propertiesListing: { badge: string | null; url: { fr: string } }[] };
  };
  const found = body.data.propertiesListing.find((l) => (l.badge === "sold") === (status === "sold"));
  expect(found, `a listing ${status}`).toBeDefined();
  return found!.url.fr;
}

/** Boxes of the visible elements matching `selector` that leave the screen sideways. */
async function cutSideways(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > window.innerWidth)
      .map(({ el, box }) => `${el.textContent?.trim()}: ${Math.round(box.left)}–${Math.round(box.right)}`),
  );
}

test.describe("listing page on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test("the call bar's three buttons fit the screen, their words whole", async ({ page, request }) => {
    await page.goto(await listingPath(request, "for-sale"));
    const bar = page.locator(".listing-callbar");
    await expect(bar.locator("a")).toHaveCount(3);
    expect(await cutSideways(page, ".listing-callbar a")).toEqual([]);
    // Each word shows whole: no button is narrower than its own text.
    const clipped = await bar
      .locator("a")
      .evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent?.trim()));
    expect(clipped).toEqual([]);
  });
});

test.describe("listing page", () => {
  test("Escape closes the share popover and gives focus back to its button", async ({ page, request }) => {
    await page.goto(await listingPath(request, "for-sale"));
    const share = page.locator(".listing-share");
    const summary = share.locator("summary");
    // The listing's actions hydrate on interaction: wait until React has them.
    await expect(page.locator(".listing-actions")).toBeVisible();
    await summary.click();
    await expect(share).toHaveAttribute("open", "");
    await expect(share.getByRole("link", { name: t("fr", "listing.actions.email") })).toBeVisible();
    await share.getByRole("link", { name: t("fr", "listing.actions.email") }).focus();
    await page.keyboard.press("Escape");
    await expect(share).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();
  });

  test("no blocker warning when going back from the visit request's anchor", async ({ page, request }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (/blocker/i.test(message.text())) warnings.push(message.text());
    });
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(await listingPath(request, "for-sale"));
    await page.locator("html[data-hydrated], body").first().waitFor();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector(".listing-callbar") ?? {}).some((k) => k.startsWith("__reactFiber")),
    );
    await page.locator(".listing-callbar a[href='#visit']").click();
    await expect(page).toHaveURL(/#visit$/);
    await page.goBack();
    await expect(page).not.toHaveURL(/#visit$/);
    await page.goForward();
    await expect(page).toHaveURL(/#visit$/);
    await page.goBack();
    await expect(page.locator("h1")).toBeVisible();
    expect(warnings).toEqual([]);
  });

  test("a sold listing offers no visit request, on the page or in the call bar", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(await listingPath(request, "sold"));
    await expect(page.locator(".listing-sold-note")).toBeVisible();
    await expect(page.locator("#visit")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: t("fr", "listing.visit.title") })).toHaveCount(0);
    await expect(page.locator(".listing-callbar a")).toHaveCount(2);
    await expect(page.locator(".listing-callbar a[href='#visit']")).toHaveCount(0);
  });
});
