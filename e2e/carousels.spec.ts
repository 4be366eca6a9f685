/**
 * Carousels that show several cards at once, at desktop width (blocks.md §4: carousels loop
 * and their arrows wrap; counts and arrows only with more than one page of slides).
 * What a visitor sees: the card at the left edge of the carousel, the "n sur m" count.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, t, test } from "./helpers";

/** The text of the card a visitor sees first, once the slides have stopped moving (same positions twice). */
async function firstVisibleCard(block: Locator): Promise<string> {
  let last = await leftmostCard(block);
  for (;;) {
    await block.page().waitForTimeout(250);
    const now = await leftmostCard(block);
    if (now === last) return now.split("|")[0]!;
    last = now;
  }
}

/** The card whose left edge is leftmost inside the carousel's view, with the positions of all. */
function leftmostCard(block: Locator): Promise<string> {
  return block.evaluate((root) => {
    const viewport = root.querySelector(".carousel__viewport")!.getBoundingClientRect();
    const cards = [...root.querySelectorAll(".carousel__slide > *")].map((card) => ({
      card,
      box: card.getBoundingClientRect(),
    }));
    const onScreen = cards.filter(({ box }) => box.left >= viewport.left - 2 && box.right <= viewport.right + 2);
    onScreen.sort((a, b) => a.box.left - b.box.left);
    const where = cards.map(({ box }) => Math.round(box.left)).join(",");
    return `${(onScreen[0]?.card.textContent ?? "").replace(/\s+/g, " ").trim()}|${where}`;
  });
}

/** Cards fully inside the carousel's view. */
function visibleCards(block: Locator): Promise<number> {
  return block.evaluate((root) => {
    const viewport = root.querySelector(".carousel__viewport")!.getBoundingClientRect();
    return [...root.querySelectorAll(".carousel__slide > *")].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.width > 0 && box.left >= viewport.left - 2 && box.right <= viewport.right + 2;
    }).length;
  });
}

const countText = (current: number, total: number) =>
  t("fr", "carousel.count").replace("{{current}}", String(current)).replace("{{total}}", String(total));

async function openBlock(page: Page, path: string, type: string): Promise<Locator> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(path);
  const block = page.locator(`[data-block-type="${type}"]`);
  await block.scrollIntoViewIfNeeded();
  // Some carousels load their cards (blog categories) after the page.
  await expect(block.locator(".carousel__slide").first()).toBeVisible();
  return block;
}

for (const { path, type } of [
  { path: "/fr/temoignages", type: "testimonials_google_block" },
  { path: "/fr/services", type: "carousel_cards_block" },
  { path: "/fr/trouver-un-courtier", type: "hero_members_search_block" },
  { path: "/fr/blogue", type: "categories_slider_block" },
]) {
  test(`${type}: at desktop width the arrows move a page of cards and wrap both ways`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const block = await openBlock(page, path, type);
    const carousel = block.locator("section.carousel");
    const count = carousel.locator(".carousel__count");
    const next = carousel.getByRole("button", { name: t("fr", "carousel.next"), exact: true });
    const previous = carousel.getByRole("button", { name: t("fr", "carousel.previous"), exact: true });
    const slides = await carousel.locator(".carousel__slide").count();
    // Several cards at once, and more cards than fit.
    await expect.poll(() => visibleCards(block)).toBeGreaterThan(1);
    const perView = await visibleCards(block);
    const pages = Math.ceil(slides / perView);
    expect(pages).toBeGreaterThan(1);
    // Embla has started (it moves the track with a transform): a click now is answered.
    await expect(carousel.locator(".carousel__container")).toHaveAttribute("style", /transform/);
    const first = await firstVisibleCard(block);
    expect(first).not.toBe("");

    // "Previous" on the first page shows other cards: the last page.
    await previous.click();
    await expect.poll(() => firstVisibleCard(block)).not.toBe(first);
    const last = await firstVisibleCard(block);
    // The count is of pages, not of cards.
    await expect(count).toHaveText(countText(pages, pages));
    // "Next" on the last page comes back to the first card.
    await next.click();
    await expect(count).toHaveText(countText(1, pages));
    await expect.poll(() => firstVisibleCard(block)).toBe(first);
    // And "next" keeps going: every click shows other cards, never a dead end.
    const seen = [first];
    for (let page = 2; page <= pages; page++) {
      await next.click();
      await expect(count).toHaveText(countText(page, pages));
      await expect.poll(() => firstVisibleCard(block)).not.toBe(seen.at(-1));
      seen.push(await firstVisibleCard(block));
    }
    expect(seen.at(-1)).toBe(last);
    await next.click();
    await expect(count).toHaveText(countText(1, pages));
    await expect.poll(() => firstVisibleCard(block)).toBe(first);
  });
}

test("a carousel whose cards all fit on one page shows no arrows and no count", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The agency site (served by its domain) has three team members, three per view from 992 px.
  const agency = new URL(baseURL!);
  agency.hostname = "agence.localhost";
  const block = await openBlock(page, new URL("/fr/notre-equipe", agency).href, "team_members_carousel_block");
  await expect.poll(() => visibleCards(block)).toBe(3);
  await expect(block.locator(".carousel__slide")).toHaveCount(3);
  await expect(block.getByRole("button", { name: t("fr", "carousel.next"), exact: true })).toHaveCount(0);
  await expect(block.locator(".carousel__count")).toHaveCount(0);
  // On a phone the same cards are one per view: arrows and a count of three.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(block.locator(".carousel__count")).toHaveText(countText(1, 3));
  await block.getByRole("button", { name: t("fr", "carousel.previous"), exact: true }).click();
  await expect(block.locator(".carousel__count")).toHaveText(countText(3, 3));
});
