/** Property search (issue 5) in French and English. */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, type Locale, t, test } from "./helpers";

const PATHS: Record<Locale, string> = { fr: "/fr/proprietes", en: "/en/properties" };
const cards = (page: Page) => page.locator(".search-grid .property-card");
const prices = async (page: Page) =>
  (await page.locator(".search-grid .property-card__price").allTextContents()).map((s) =>
    Number(s.replace(/[^\d]/g, "")),
  );

for (const locale of ["fr", "en"] as const) {
  test.describe(`search (${locale})`, () => {
    // Against the dev server only (SEARCH_E2E_DEV=1): Vite's HMR socket and its nonce hydration warning.
    test.beforeEach(({ consoleErrors }) => {
      if (process.env.SEARCH_E2E_DEV) consoleErrors.allow(/WebSocket|\[vite\]|hydrat|nonce/i);
    });
    test("applies filters from the query and keeps them in the URL", async ({ page }) => {
      await page.goto(`${PATHS[locale]}?mun=23027&price_max=600000&type=condo`);
      await expect(cards(page).first()).toBeVisible();
      await expect(page.locator(".search-tags")).toContainText(t(locale, "properties.types.condo"));
      await expect(page.locator(".search-bar")).toContainText("Québec");
      for (const text of await page.locator(".search-grid .property-card__type").allTextContents())
        expect(text).toBe(t(locale, "properties.types.condo"));
      expect((await prices(page)).every((p) => p <= 600000)).toBe(true);
      const url = new URL(page.url());
      expect(url.searchParams.get("mun")).toBe("23027");
      expect(url.searchParams.get("type")).toBe("condo");
      expect(url.searchParams.get("price_max")).toBe("600000");
      expect(url.searchParams.has("SouthWest_lat")).toBe(false);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    });

    test("sorts, loads the next page, follows the map, opens a tooltip", async ({ page }) => {
      await page.goto(PATHS[locale]);
      await expect(page.locator(".search-map[data-ready]")).toBeVisible();
      await expect(cards(page)).toHaveCount(25);
      await page.getByLabel(t(locale, "search.sort.label")).selectOption("price_asc");
      await expect
        .poll(async () => {
          const p = await prices(page);
          return p.length === 25 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
        })
        .toBe(true);
      // Scroll: the second page arrives.
      await cards(page).last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await expect.poll(() => cards(page).count()).toBeGreaterThan(25);
      // Zoom in on clusters (click → expansion zoom): the list follows the bounds.
      const before = (await page.locator(".search-total").textContent()) ?? "";
      for (let i = 0; i < 10 && (await page.locator(".search-marker").count()) === 0; i++) {
        await page.locator(".search-cluster").first().click();
        await page.waitForTimeout(800);
      }
      await expect.poll(async () => (await page.locator(".search-total").textContent()) ?? "").not.toBe(before);
      // A listing marker is focusable with a name, and opens its tooltip.
      const marker = page.locator(".search-marker").first();
      await expect(marker).toHaveAttribute("aria-label", /\d/);
      await marker.click();
      await expect(page.locator(".leaflet-popup .search-tooltip[data-uls]")).toBeVisible();
      // Zoom out with the mouse wheel: the total follows again.
      const zoomed = (await page.locator(".search-total").textContent()) ?? "";
      const box = (await page.locator(".search-map__canvas").boundingBox())!;
      await page.keyboard.press("Escape");
      // Away from the popup, which keeps wheel events to itself.
      await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.85);
      for (let i = 0; i < 3; i++) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(400);
      }
      await expect.poll(async () => (await page.locator(".search-total").textContent()) ?? "").not.toBe(zoomed);
    });

    test("the search bar's municipality dropdown filters the list", async ({ page }) => {
      await page.goto(PATHS[locale]);
      await expect(cards(page).first()).toBeVisible();
      const opener = page.getByRole("button", { name: t(locale, "search.all-municipalities") });
      await opener.click();
      await expect(opener).toHaveAttribute("aria-expanded", "true");
      // The dropdown's code loads on first opening: its search field then narrows the list.
      await page.getByRole("searchbox", { name: t(locale, "search.mun-search") }).fill("Québec");
      // react-aria's checkbox: its label takes the click for the visually hidden input.
      await page.locator(".search-bar__dropdown label", { hasText: /^Québec$/ }).click();
      await expect(page.getByRole("checkbox", { name: "Québec", exact: true })).toBeChecked();
      await page
        .locator(".search-bar__dropdown")
        .getByRole("button", { name: t(locale, "search.apply") })
        .click();
      await expect(page.locator(".search-bar__dropdown")).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).searchParams.get("mun")).toBe("23027");
      await expect(page.locator(".search-tags")).toContainText("Québec");
      await expect(page.getByRole("button", { name: "Québec", exact: true })).toBeVisible();
    });

    test("the overlay sets filters, counts, and resets", async ({ page }) => {
      await page.goto(`${PATHS[locale]}?bedrooms=3`);
      await expect(cards(page).first()).toBeVisible();
      await page
        .locator(".search-bar > button", { hasText: t(locale, "search.more-filters_one").split("(")[0]!.trim() })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await dialog.locator("label", { hasText: t(locale, "search.transaction.rent") }).click();
      await expect(dialog.getByRole("radio", { name: t(locale, "search.transaction.rent") })).toBeChecked();
      await expect(dialog.getByRole("button", { name: /\(\d+\)/ })).toBeVisible();
      await expectNoAxeViolations(page, { exclude: [".leaflet-container"] });
      await dialog.getByRole("button", { name: t(locale, "search.reset") }).click();
      await dialog.getByRole("button", { name: /\(\d+\)/ }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => new URL(page.url()).searchParams.has("bedrooms")).toBe(false);
    });

    test("on a phone, the list loads without the map; map mode starts it", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const listRequests: string[] = [];
      page.on("request", (request) => {
        if (/\/properties\?/.test(request.url()) && !request.url().includes("format=count"))
          listRequests.push(request.url());
      });
      await page.goto(PATHS[locale]);
      // The map's box is hidden in the phone layout: no bounds narrow the list.
      await expect(cards(page)).toHaveCount(25);
      await expect(page.locator(".search-empty")).toHaveCount(0);
      expect(listRequests.some((url) => url.includes("SouthWest_lat"))).toBe(false);
      await page.getByRole("button", { name: t(locale, "search.show-map") }).click();
      await expect(page.locator(".search-map[data-ready]")).toBeVisible();
      await expect(page.locator(".search-cluster, .search-marker").first()).toBeVisible();
      // The hidden list does not load page after page.
      await page.waitForTimeout(1000);
      expect(listRequests.filter((url) => /[?&]page=/.test(url))).toHaveLength(0);
      await page.getByRole("button", { name: t(locale, "search.show-map") }).click();
      await expect(cards(page)).toHaveCount(25);
    });

    test("has no axe violations and a listing page answers", async ({ page }) => {
      await page.goto(PATHS[locale]);
      await expect(cards(page).first()).toBeVisible();
      await expectNoAxeViolations(page, { exclude: [".leaflet-container"] });
      const href = await cards(page).first().locator("a").getAttribute("href");
      await page.goto(href!);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    });
  });
}
