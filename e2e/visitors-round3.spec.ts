/**
 * Visitors, round three (issue 34): what small phones, the keyboard and the back button met
 * on the listing and search pages — each journey failed before its fix.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, searchReady, t, test } from "./helpers";

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

/** Clicks the largest cluster until listing markers show (at most a few zoom steps). */
async function zoomToListings(page: Page) {
  const map = page.locator(".search-map[data-ready]");
  for (let i = 0; i < 8 && !(await map.locator(".search-marker").count()); i++) {
    const clusters = map.locator(".search-cluster");
    await expect(clusters.first()).toBeVisible();
    const counts = await clusters.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-count"))));
    const largest = counts.indexOf(Math.max(...counts));
    await clusters.nth(largest).click();
    // The next zoom's answer: markers drawn again after the move.
    await page.waitForTimeout(800);
  }
  await expect(map.locator(".search-marker").first()).toBeVisible();
}

/** Every marker of the map lies inside the screen. */
async function markersOnScreen(page: Page) {
  return page.locator(".search-map .leaflet-marker-icon").evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    }),
  );
}

test.describe("the search map on a phone", () => {
  test.use({ viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });

  test("full screen is the whole screen, fitted to a town's results; Liste and Escape go back", async ({ page }) => {
    await page.goto("/fr/proprietes?mun=23027");
    await searchReady(page);
    await page.getByRole("button", { name: t("fr", "search.show-map") }).tap();
    const box = page.locator(".search-map-box");
    await expect(page.locator(".search-map[data-ready]")).toBeVisible();
    expect(await box.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 780 });
    // Fitted: several markers (not the province's one cluster), every one on the screen.
    await expect.poll(async () => (await markersOnScreen(page)).length).toBeGreaterThan(3);
    expect((await markersOnScreen(page)).every(Boolean)).toBe(true);
    // A new filter set fits the map again: condos only.
    await page
      .locator(".search-map-box__bar .btn", { hasText: t("fr", "search.more-filters_one").split("(")[0]!.trim() })
      .tap();
    const dialog = page.getByRole("dialog");
    await dialog.locator(".react-aria-Radio", { hasText: /^Condo$/ }).click();
    await dialog.locator(".filter-overlay__footer .btn-primary").click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await markersOnScreen(page)).length).toBeGreaterThan(1);
    expect((await markersOnScreen(page)).every(Boolean)).toBe(true);
    // Back to the list: the button on the map, then Escape from the map.
    await page.locator(".search-map-box__bar .btn", { hasText: t("fr", "search.show-list") }).tap();
    await expect(page.locator(".search-block")).toHaveAttribute("data-mode", "both");
    await searchReady(page);
    await page.getByRole("button", { name: t("fr", "search.show-map") }).tap();
    await expect(page.locator(".search-block")).toHaveAttribute("data-mode", "map");
    await page.keyboard.press("Escape");
    await expect(page.locator(".search-block")).toHaveAttribute("data-mode", "both");
  });

  test("a popup stays on the screen; back from its listing returns to the map as it was", async ({ page }) => {
    await page.goto("/fr/proprietes?mun=23027&type=terrain");
    await searchReady(page);
    await page.getByRole("button", { name: t("fr", "search.show-map") }).tap();
    await zoomToListings(page);
    const marker = page.locator(".search-map .search-marker").first();
    const uls = await marker.getAttribute("data-uls");
    await marker.click();
    const popup = page.locator(".leaflet-popup");
    await expect(popup.locator("a.search-tooltip img")).toBeVisible();
    await page.waitForTimeout(600);
    // Inside the screen, photo included.
    const shown = await popup.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    });
    expect(shown).toBe(true);
    const before = await page.locator(`.search-marker[data-uls="${uls}"]`).boundingBox();
    await popup.locator("a.search-tooltip").click();
    await expect(page).toHaveURL(/\/fr\/propriete\//);
    await page.goBack();
    await expect(page.locator(".search-block")).toHaveAttribute("data-mode", "map");
    await expect(page.locator(".search-map[data-ready]")).toBeVisible();
    // The same view: the listing's marker where it was.
    const again = page.locator(`.search-marker[data-uls="${uls}"]`);
    await expect(again).toBeVisible();
    const after = await again.boundingBox();
    expect(Math.abs(after!.x - before!.x)).toBeLessThan(24);
    expect(Math.abs(after!.y - before!.y)).toBeLessThan(24);
  });
});

test.describe("back to the search", () => {
  for (const width of [390, 1440]) {
    test(`the browser's back button restores the list's position at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 780 : 900 });
      await page.goto("/fr/proprietes");
      const cards = page.locator(".search-grid .property-card");
      // On a desktop the list loads again for the map's bounds once the map is ready.
      if (width >= 768) await expect(page.locator(".search-map[data-ready]")).toBeVisible();
      // Settled: the eighth card stays the same for a moment (the map's fit moves it once).
      await expect(cards.nth(7)).toBeVisible();
      await expect
        .poll(async () => {
          const first = await cards.nth(7).getAttribute("data-uls");
          await page.waitForTimeout(800);
          return first === (await cards.nth(7).getAttribute("data-uls"));
        })
        .toBe(true);
      await cards.nth(7).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const y = await page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(500);
      const address = (await cards.nth(7).locator(".property-card__address").textContent())!.trim();
      await cards.nth(7).locator("a").first().click();
      await expect(page.locator("h1")).toHaveText(address);
      await page.goBack();
      await expect(cards.nth(7)).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 40);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(40);
    });
  }
});

test.describe("the search page before its script runs", () => {
  test.use({ viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });

  test("its first cards come with the page; a tap on the filters opens them, and they search", async ({ page }) => {
    // The page's scripts held back: what a slow phone shows and does before they run.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/fr/proprietes", { waitUntil: "commit" });
    const cards = page.locator(".search-grid .property-card");
    await expect(cards).toHaveCount(25);
    await expect(page.locator(".search-total")).toHaveText(/^[\d\s\u202f\u00a0]+ propriétés$/);
    await expect(page.locator(".search-block[data-ready]")).toHaveCount(0);
    // The municipality button: its tap is not lost, it opens the filters as a form.
    await page.getByRole("button", { name: t("fr", "search.all-municipalities") }).tap();
    const form = page.getByRole("dialog", { name: t("fr", "search.filters") });
    await expect(form).toBeVisible();
    await form.locator('select[name="mun"]').selectOption("23027");
    await form.getByText(t("fr", "search.transaction.rent"), { exact: true }).tap();
    await form.getByRole("button", { name: t("fr", "search.see-results-pending") }).tap();
    release();
    // The server answers the form: rentals in Québec, with their cards in the page.
    await expect(page).toHaveURL(/[?&]mun=23027(&|$)/);
    await expect(page).toHaveURL(/[?&]forSaleForRent=rent(&|$)/);
    await searchReady(page);
    const prices = await page.locator(".search-grid .property-card__price").allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/\/mois$/);
    for (const address of await page.locator(".search-grid .property-card__address").allTextContents())
      expect(address).toMatch(/Québec$/);
  });

  test("once it runs, the list is the page's (not asked again) and the filter buttons open the dialog", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (/\/properties\?/.test(request.url())) asked.push(request.url());
    });
    await page.goto("/fr/proprietes");
    const first = await page.locator(".search-grid .property-card").first().getAttribute("data-uls");
    await searchReady(page);
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(await page.locator(".search-grid .property-card").first().getAttribute("data-uls")).toBe(first);
    await page.locator(".search-bar > button.btn").tap();
    await expect(page.locator(".filter-overlay")).toBeVisible();
    expect(await page.evaluate(() => document.querySelector(".filter-form:popover-open"))).toBeNull();
  });
});

test.describe("the search page without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });

  test("shows its first page of results, and its filters work as a form", async ({ page }) => {
    await page.goto("/fr/proprietes");
    await expect(page.locator(".search-grid .property-card")).toHaveCount(25);
    await page.locator(".search-bar > button.btn").tap();
    const form = page.getByRole("dialog", { name: t("fr", "search.filters") });
    await expect(form).toBeVisible();
    await form.getByText("Condo", { exact: true }).tap();
    await form.locator('select[name="bedrooms"]').selectOption("2");
    await form.getByRole("button", { name: t("fr", "search.see-results-pending") }).tap();
    await expect(page).toHaveURL(/[?&]type=condo(&|$)/);
    await expect(page.locator(".search-grid .property-card")).toHaveCount(25);
    for (const type of await page.locator(".search-grid .property-card__type").allTextContents())
      expect(type).toBe("Condo");
    // Fermer and Escape close it.
    await page.locator(".search-bar > button.btn").tap();
    await expect(form).toBeVisible();
    await form.getByRole("button", { name: t("fr", "search.close") }).tap();
    await expect(form).toBeHidden();
  });
});
