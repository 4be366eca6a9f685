/** Property search (issue 5) in French and English. */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, type Locale, searchReady, t, test } from "./helpers";

const PATHS: Record<Locale, string> = { fr: "/fr/proprietes", en: "/en/properties" };
/** "See results (12 345)": a count, grouped the locale's way. */
const COUNTED = /\(\d{1,3}([\s,]\d{3})*\)/;
const BROKER = { microsite_id: "ms-demo-broker", site_key: "sk_demo_broker_public_0001" };
/** Grouping of thousands written out by hand, not with Intl: fr-CA a no-break space, en-CA a comma. */
const grouped = (n: number, locale: Locale) =>
  String(n).replace(/\B(?=(\d{3})+(?!\d))/g, locale === "fr" ? "\u00a0" : ",");

async function totalFromService(page: Page, query = ""): Promise<number> {
  const response = await page.request.get(`/api/swc/${BROKER.microsite_id}/properties?format=count${query}`, {
    headers: { "x-site-key": BROKER.site_key, accept: "application/json" },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { total: number } }).data.total;
}
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
      await searchReady(page);
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
      // Scroll: the second page arrives. (The map's first bounds may answer once more with the
      // same listings and redraw the list: the last card is looked up again until it holds.)
      await expect(async () => cards(page).last().scrollIntoViewIfNeeded({ timeout: 1000 })).toPass();
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
      await searchReady(page);
      const opener = page.getByRole("button", { name: t(locale, "search.all-municipalities") });
      await opener.click();
      await expect(opener).toHaveAttribute("aria-expanded", "true");
      // The dropdown's code loads on first opening: its search field then narrows the list.
      await page.getByRole("searchbox", { name: t(locale, "search.mun-search") }).fill("Québec");
      // A list box of several choices: one option ticked.
      await page.getByRole("option", { name: "Québec", exact: true }).click();
      await expect(page.getByRole("option", { name: "Québec", exact: true })).toHaveAttribute("aria-selected", "true");
      await page
        .locator(".search-bar__dropdown")
        .getByRole("button", { name: t(locale, "search.apply") })
        .click();
      await expect(page.locator(".search-bar__dropdown")).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).searchParams.get("mun")).toBe("23027");
      await expect(page.locator(".search-tags")).toContainText("Québec");
      await expect(page.getByRole("button", { name: "Québec", exact: true })).toBeVisible();
    });

    test("the municipality list is one tab stop with arrow keys; Escape closes the dropdown", async ({ page }) => {
      await page.goto(PATHS[locale]);
      await searchReady(page);
      const opener = page.getByRole("button", { name: t(locale, "search.all-municipalities") });
      await opener.focus();
      await page.keyboard.press("Enter");
      const search = page.getByRole("searchbox", { name: t(locale, "search.mun-search") });
      await search.focus();
      const list = page.getByRole("listbox", { name: t(locale, "search.municipalities") });
      await expect(list.getByRole("option").nth(100)).toBeAttached();
      // Into the list: the first option has focus; Down, then Space ticks the second one.
      await page.keyboard.press("Tab");
      await expect(list.getByRole("option").first()).toBeFocused();
      await page.keyboard.press("ArrowDown");
      const second = list.getByRole("option").nth(1);
      await expect(second).toBeFocused();
      await page.keyboard.press("Space");
      await expect(second).toHaveAttribute("aria-selected", "true");
      const name = (await second.textContent())!.trim();
      // One more Tab leaves the whole list for "Apply" (not the next of a hundred options).
      await page.keyboard.press("Tab");
      await expect(page.getByRole("button", { name: t(locale, "search.apply") })).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(second).toBeFocused();
      // Escape in the list closes the dropdown (the tick stays) and gives focus back to its button.
      await page.keyboard.press("Escape");
      await expect(page.locator(".search-bar__dropdown")).toHaveCount(0);
      const button = page.locator(".search-bar__mun > button");
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toHaveText(name);
    });

    test("Escape in the filters dialog cancels its changes; See results keeps them", async ({ page }) => {
      await page.goto(PATHS[locale]);
      await searchReady(page);
      const more = page.locator(".search-bar > button", {
        hasText: t(locale, "search.more-filters_one").split("(")[0]!.trim(),
      });
      await more.click();
      const dialog = page.getByRole("dialog");
      await dialog.locator(".react-aria-Radio", { hasText: /^3\+$/ }).first().click();
      await expect(dialog.getByRole("radio", { name: "3+" }).first()).toBeChecked();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).searchParams.get("bedrooms")).toBeNull();
      await expect(more).toHaveText(t(locale, "search.more-filters_other").replace("{{count}}", "0"));
      await more.click();
      await expect(dialog.getByRole("radio", { name: "3+" }).first()).not.toBeChecked();
      await expect(dialog.getByRole("radio", { name: t(locale, "search.any") }).nth(2)).toBeChecked();
      await dialog.locator(".react-aria-Radio", { hasText: /^3\+$/ }).first().click();
      await dialog.locator(".filter-overlay__footer .btn-primary").click();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).searchParams.get("bedrooms")).toBe("3");
    });

    test("the overlay sets filters, counts, and resets", async ({ page }) => {
      await page.goto(`${PATHS[locale]}?bedrooms=3`);
      await searchReady(page);
      await page
        .locator(".search-bar > button", { hasText: t(locale, "search.more-filters_one").split("(")[0]!.trim() })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await dialog.locator("label", { hasText: t(locale, "search.transaction.rent") }).click();
      await expect(dialog.getByRole("radio", { name: t(locale, "search.transaction.rent") })).toBeChecked();
      await expect(dialog.getByRole("button", { name: COUNTED })).toBeVisible();
      await expectNoAxeViolations(page, { exclude: [".leaflet-container"] });
      await dialog.getByRole("button", { name: t(locale, "search.reset") }).click();
      await dialog.getByRole("button", { name: COUNTED }).click();
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
      await searchReady(page);
      await expect(cards(page)).toHaveCount(25);
      await expect(page.locator(".search-empty")).toHaveCount(0);
      expect(listRequests.some((url) => url.includes("SouthWest_lat"))).toBe(false);
      await page.getByRole("button", { name: t(locale, "search.show-map") }).click();
      await expect(page.locator(".search-map[data-ready]")).toBeVisible();
      await expect(page.locator(".search-cluster, .search-marker").first()).toBeVisible();
      // The hidden list does not load page after page.
      await page.waitForTimeout(1000);
      expect(listRequests.filter((url) => /[?&]page=/.test(url))).toHaveLength(0);
      // The map fills the screen: its own "List" button goes back.
      await page
        .locator(".search-map-box__bar")
        .getByRole("button", { name: t(locale, "search.show-list") })
        .click();
      await expect(cards(page)).toHaveCount(25);
    });

    test("titles the page and shows the count of results with the locale's grouping", async ({ page }) => {
      await page.goto(PATHS[locale]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        locale === "fr" ? "Recherche de propriétés" : "Property search",
      );
      await expect(page.locator("h1")).toHaveCount(1);
      const total = await totalFromService(page);
      expect(total).toBeGreaterThanOrEqual(1000);
      // The list counts what the map's bounds hold once the map starts (the default bounds
      // leave a few listings out): read the count when it settles.
      const word = locale === "fr" ? "propriétés" : "properties";
      const count = page.locator(".search-total");
      let shown = 0;
      await expect(async () => {
        const text = (await count.textContent()) ?? "";
        shown = Number(text.replace(/\D/g, ""));
        expect(shown).toBeGreaterThanOrEqual(1000);
        // The very characters (accessible names fold a no-break space into a space).
        expect(text).toBe(`${grouped(shown, locale)} ${word}`);
        // The count is the list's heading (h2 under the page's h1), read in the same pass: the
        // map's first bounds may still change it.
        await expect(
          page.getByRole("heading", { level: 2, name: `${grouped(shown, locale)} ${word}`, exact: true }),
        ).toBeVisible({ timeout: 1000 });
      }).toPass();
      // The overlay's "see results" button counts the same way.
      await cards(page).first().waitFor();
      await page
        .locator(".search-bar > button", { hasText: t(locale, "search.more-filters_one").split("(")[0]!.trim() })
        .click();
      const seeResults = t(locale, "search.see-results_other").replace("{{n}}", grouped(total, locale));
      await expect(page.getByRole("dialog").getByRole("button", { name: seeResults, exact: true })).toBeVisible();
    });

    test("price sorting lists sales before rentals when no transaction is chosen", async ({ page }) => {
      // Condos of three bedrooms in Lévis: a few pages, sales and rentals.
      const query = "mun=25213&type=condo&bedrooms=3";
      const sales = await totalFromService(page, `&${query}&forSaleForRent=buy`);
      expect(sales).toBeGreaterThan(0);
      expect(await totalFromService(page, `&${query}&forSaleForRent=rent`)).toBeGreaterThan(0);
      await page.goto(`${PATHS[locale]}?${query}`);
      await searchReady(page);
      await page.getByLabel(t(locale, "search.sort.label")).selectOption("price_desc");
      // Scroll until the rentals' heading shows: every card above it is a sale, every card below a rental.
      const heading = page.getByRole("heading", { name: t(locale, "search.rentals"), exact: true });
      for (let i = 0; i < 40 && !(await heading.isVisible()); i++) {
        // The list grows (or re-renders) under the scroll: a card replaced meanwhile is no failure.
        await cards(page)
          .last()
          .scrollIntoViewIfNeeded({ timeout: 2000 })
          .catch(() => {});
        await page.mouse.wheel(0, 4000);
        await page.waitForTimeout(300);
      }
      await expect(heading).toBeVisible();
      const perMonth = t(locale, "properties.per-month").replace("{{price}}", "");
      const rows = await page
        .locator(".search-grid > li")
        .evaluateAll((items) =>
          items.map((li) =>
            li.classList.contains("search-grid__group")
              ? "|"
              : (li.querySelector(".property-card__price")?.textContent ?? ""),
          ),
        );
      const split = rows.indexOf("|");
      expect(split).toBe(sales);
      expect(rows.slice(0, split).every((price) => !price.includes(perMonth))).toBe(true);
      expect(rows.slice(split + 1).every((price) => price.includes(perMonth))).toBe(true);
    });

    test("has no axe violations and a listing page answers", async ({ page }) => {
      await page.goto(PATHS[locale]);
      await searchReady(page);
      await expectNoAxeViolations(page, { exclude: [".leaflet-container"] });
      const href = await cards(page).first().locator("a").getAttribute("href");
      await page.goto(href!);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    });
  });
}

for (const locale of ["fr", "en"] as const) {
  test.describe(`search on a 360 px phone (${locale})`, () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test("the filter dialog fits the screen: every control reachable, the maximum price typed, the slider dragged", async ({
      page,
    }) => {
      await page.goto(PATHS[locale]);
      await searchReady(page);
      await page
        .locator(".search-bar > button", { hasText: t(locale, "search.more-filters_one").split("(")[0]!.trim() })
        .tap();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(".price-slider__thumb")).toHaveCount(2);
      // Every control (buttons, text fields, the radios' and checkboxes' boxes, the slider's
      // thumbs) lies inside the screen and is the element a finger at its centre touches.
      const controls = dialog.locator(
        "button, input:not([type=radio]):not([type=checkbox]):not([type=range]), .react-aria-Radio, .check, .price-slider__thumb",
      );
      expect(await controls.count()).toBeGreaterThan(20);
      // Nothing in the dialog scrolls sideways: what is wider than the screen would hide there.
      const sideways = await dialog.evaluate((root) =>
        [root, ...root.querySelectorAll("*")]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
          .filter((el) => el.clientWidth > 1)
          .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
      );
      expect(sideways).toEqual([]);
      // Each one brought into view the way a scroll would (in the page: there are two hundred).
      const problems = await controls.evaluateAll((elements) =>
        elements.flatMap((el) => {
          el.scrollIntoView({ block: "nearest" });
          const box = el.getBoundingClientRect();
          const name = (el.getAttribute("aria-label") || el.textContent || el.tagName).trim().slice(0, 30);
          if (box.left < 0 || box.right > window.innerWidth || box.top < 0 || box.bottom > window.innerHeight)
            return [
              `${name}: box ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`,
            ];
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit && (el === hit || el.contains(hit)) ? [] : [`${name}: covered by ${hit?.className}`];
        }),
      );
      expect(problems).toEqual([]);

      // The maximum price field takes a typed price.
      const max = dialog.getByRole("textbox", { name: t(locale, "search.price-max") });
      await max.tap();
      await max.fill("450000");
      await max.press("Enter");
      const maxTag = t(locale, "search.tags.price-max").replace(
        "{{price}}",
        locale === "fr" ? "450\u00a0000\u00a0$" : "$450,000",
      );
      await expect(
        dialog.getByRole("button", { name: t(locale, "search.tags.remove").replace("{{label}}", maxTag) }),
      ).toBeVisible();
      await dialog.getByRole("button", { name: t(locale, "search.tags.remove").replace("{{label}}", maxTag) }).tap();

      // The right thumb is dragged to the left by a finger: the range's end follows.
      const output = dialog.locator(".price-slider__output");
      await expect(output).toContainText(t(locale, "search.price-any"));
      const thumb = dialog.locator(".price-slider__thumb").nth(1);
      await thumb.scrollIntoViewIfNeeded();
      const box = (await thumb.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const touch = await page.context().newCDPSession(page);
      await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      for (let step = 1; step <= 8; step++)
        await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x - step * 15, y }] });
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect(output).not.toContainText(t(locale, "search.price-any"));
      expect((await thumb.boundingBox())!.x).toBeLessThan(box.x - 60);
    });
  });
}

test.describe("search calls (site.md §4, §9)", () => {
  test("no /search-filters call in ten filter changes; count calls at least 500 ms apart; tags collapse", async ({
    page,
  }) => {
    const filterCalls: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (url.includes("/search-filters")) filterCalls.push(url);
    });
    await page.goto(PATHS.fr);
    await searchReady(page);
    const open = () =>
      page
        .locator(".search-bar > button", { hasText: t("fr", "search.more-filters_one").split("(")[0]!.trim() })
        .click();
    await open();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Ten changes in quick succession, applied to the list each time (the URL changes, the
    // route revalidates and hands the search a new site object).
    const options = ["1+", "2+", "3+", "4+", "5+"];
    for (let i = 0; i < 10; i++) {
      const group = dialog.getByRole("radiogroup", { name: t("fr", i % 2 ? "search.bathrooms" : "search.bedrooms") });
      await group.locator("label", { hasText: options[i % options.length]! }).click();
    }
    await dialog.getByRole("button", { name: COUNTED }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => new URL(page.url()).searchParams.get("bedrooms")).not.toBeNull();
    await open();
    await expect(dialog.getByRole("button", { name: COUNTED })).toBeVisible();
    await page.waitForTimeout(600);
    // The municipalities and price steps came with the page's data (its first results too): no
    // call at all in ten changes.
    expect(filterCalls).toHaveLength(0);
    // When the browser started each count call (resource timing: the page's own clock, not the
    // test process's, whose event delivery lags under load).
    const countCalls = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("format=count"))
        .map((entry) => entry.startTime),
    );
    expect(countCalls.length).toBeGreaterThan(1);
    const gaps = countCalls.slice(1).map((at, i) => at - countCalls[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(499);

    // Many criteria: the tags fold to their collapsed height with a toggle that shows them all.
    await dialog.getByRole("button", { name: COUNTED }).click();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(
      `${PATHS.fr}?type=maison,condo,prop,ferme,chalet&bedrooms=2&bathrooms=2&open_house=1&price_min=200000&price_max=900000`,
    );
    const tags = page.locator(".search-tags").first();
    await expect(tags.getByRole("button").first()).toBeVisible();
    const toggle = page.getByRole("button", { name: /Voir tous les critères/ }).first();
    await expect(toggle).toBeVisible();
    expect(await tags.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(86);
    await toggle.click();
    await expect(page.getByRole("button", { name: t("fr", "search.tags.show-less") }).first()).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(await tags.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(86);
  });
});
