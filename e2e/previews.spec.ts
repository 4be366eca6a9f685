/**
 * Previews filled with real data (issue 14): in the gallery (/{lang}/qa/blocks) and in the
 * studio's canvas, every block that loads its own data from the embedded content service
 * shows it, as a designer expects to see it: article titles, categories with their counts,
 * property cards with prices in the locale's format, the forms' Start button enabled, the
 * search's results and map, and properties_block styled by the search's stylesheet.
 */
import type { Locator, Page } from "@playwright/test";
import articles from "../fixtures/articles.json" with { type: "json" };
import { expect, type Locale, t, test } from "./helpers";
import { openDemoPage, signIn } from "./studio-helpers";

test.describe.configure({ timeout: 180_000 });
/** The whole gallery (sixty-odd blocks) hydrates slowly on a busy machine before its blocks fetch. */
const DATA_TIMEOUT = 45_000;

/** Every article title of the fixtures in a language: what the content service can answer. */
const titles = (locale: Locale) => new Set(articles.articles.map((a) => a[locale]?.title));
/** A price as the site prints it: "425 000 $" (French: narrow or no-break spaces) or "$425,000". */
const PRICE = { fr: /^\d{1,3}(?:[\u00a0\u202f ]\d{3})+[\u00a0\u202f ]\$/, en: /^\$\d{1,3}(?:,\d{3})+/ } as const;

/**
 * Waits until `ready` shows in the block, scrolling it into view again while it does not: blocks
 * that load on entering the viewport start then, and blocks above it may still grow as they load
 * and push it out of view.
 */
async function whenShown(block: Locator, ready: Locator) {
  await expect(async () => {
    // The DOM's own scroll, as a wheel would: the studio skips the rendering of blocks far from
    // view (content-visibility), which Playwright's visibility check would wait on.
    await block.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await expect(ready).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: DATA_TIMEOUT });
}

async function expectArticles(block: Locator, locale: Locale, atLeast: number) {
  const shown = block.locator(".blog-card:not(.blog-card--skeleton) .blog-card__title");
  await whenShown(block, shown.nth(atLeast - 1));
  const known = titles(locale);
  for (const title of await shown.allInnerTexts())
    expect(known, `"${title}" is a ${locale} article`).toContain(title.trim());
}

async function expectPropertyCards(block: Locator, locale: Locale, atLeast: number) {
  const prices = block.locator(".property-card__price");
  await whenShown(block, prices.nth(atLeast - 1));
  for (const price of (await prices.allInnerTexts()).slice(0, 6)) expect(price.trim()).toMatch(PRICE[locale]);
  await expect(block.locator(".property-card__address").first()).not.toBeEmpty();
}

async function expectFormStarts(block: Locator, locale: Locale) {
  const start = block.getByRole("button", { name: t(locale, "multi-step-form.start") });
  await whenShown(block, start);
  await expect(start).toBeEnabled({ timeout: DATA_TIMEOUT });
  await start.click();
  // The first step: its questions replace the intro.
  await expect(block.locator(".multistep__fields")).toBeVisible();
  await expect(start).toBeHidden();
}

/** A block of the gallery in one scheme, scrolled into view. */
async function reveal(page: Page, type: string, scheme: string): Promise<Locator> {
  const block = page.locator(`[data-gallery-scheme="${scheme}"] [data-block-type="${type}"]`).first();
  await block.scrollIntoViewIfNeeded();
  return block;
}

for (const [locale, scheme] of [
  ["fr", "normal"],
  ["en", "inverted"],
  ["fr", "normal-grey"],
  ["en", "normal"],
] as const) {
  test(`the gallery's data blocks show their data (${locale}, ${scheme})`, async ({ page }) => {
    await page.goto(`/${locale}/qa/blocks?scheme=${scheme}`);
    await page.waitForLoadState("networkidle");

    // Blog: the archive's articles and categories, the grid, the featured post, the categories slider.
    const archive = await reveal(page, "blog_archive_block", scheme);
    await expectArticles(archive, locale, 3);
    await expect(archive.locator(".blog-chip").first()).toBeVisible();
    await expect(archive.locator(".blog-archive__status")).toHaveText(/\d+/);
    await expectArticles(await reveal(page, "blog_grid_block", scheme), locale, 3);
    await expectArticles(await reveal(page, "featured_post_block", scheme), locale, 1);
    const categories = await reveal(page, "categories_slider_block", scheme);
    await whenShown(categories, categories.locator(".blog-category-card__label").first());
    await expect(categories.locator(".blog-category-card__count").first()).toHaveText(/\d+/);

    // Listings: sliders and carousels of cards with prices in the locale's format.
    await expectPropertyCards(await reveal(page, "properties_slider_block", scheme), locale, 2);
    await expectPropertyCards(await reveal(page, "featured_properties_carousel_block", scheme), locale, 2);

    // The search: its count, its cards and its map's clusters.
    const search = await reveal(page, "search_properties_block", scheme);
    await expectPropertyCards(search, locale, 2);
    await whenShown(search, search.locator(".search-cluster").first());

    // The sold map: markers of sold listings on the map.
    const sold = await reveal(page, "sold_properties_map_block", scheme);
    await whenShown(sold, sold.locator(".site-map[data-ready='true']"));
    await expect(sold.locator("path[data-marker-id]").first()).toBeAttached({ timeout: DATA_TIMEOUT });

    // properties_block: its cards laid out by the search's stylesheet (a grid of bordered cards).
    const properties = await reveal(page, "properties_block", scheme);
    await expect(properties.locator(".search-grid")).toHaveCSS("display", "grid");
    await expect(properties.locator(".property-card").first()).toHaveCSS("border-top-style", "solid");

    // The alert and valuation forms: Start is enabled (municipalities and captcha loaded) and starts.
    await expectFormStarts(await reveal(page, "property_alert_block", scheme), locale);
    await expectFormStarts(await reveal(page, "property_valuation_block", scheme), locale);
  });
}

test("the studio's canvas shows the data blocks filled (demo page, fr and en)", async ({ page }) => {
  await signIn(page);
  for (const locale of ["fr", "en"] as const) {
    await page.goto(`/${locale}/qa/sections`);
    await openDemoPage(page, locale);
    const block = (type: string) => page.locator(`.studio-canvas [data-block-type="${type}"]`).first();
    await expectArticles(block("blog_grid_block"), locale, 3);
    await expectPropertyCards(block("properties_slider_block"), locale, 2);
    const alert = block("property_alert_block");
    const start = alert.getByRole("button", { name: t(locale, "multi-step-form.start") });
    await whenShown(alert, start);
    await expect(start).toBeEnabled({ timeout: DATA_TIMEOUT });
  }
});
