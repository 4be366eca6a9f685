/** Offices map, offices grid, click gateway (agency) and rewards / Q&A accordion (broker). */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, t, test } from "./helpers";

const base = new URL(process.env.PW_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`);
const agency = `${base.protocol}//agence.localhost:${base.port}`;

test.beforeEach(({ consoleErrors }) => {
  // Against the dev server only (OFFICES_E2E_DEV=1): Vite's HMR socket and its nonce hydration warning.
  if (process.env.OFFICES_E2E_DEV) consoleErrors.allow(/WebSocket|\[vite\]|hydrat|nonce/i);
});

/** Opens a page and waits until its scripts have loaded (the page is hydrated). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

test.describe("offices page", () => {
  test.beforeEach(async ({ page }) => {
    await open(page, `${agency}/fr/nos-bureaux`);
    // Leaflet loads after hydration: the map marks itself ready.
    await expect(page.locator(".offices-map .site-map[data-ready='true']")).toBeVisible({ timeout: 15_000 });
  });

  test("the first office is active; clicking another makes it active and highlights its marker", async ({ page }) => {
    const items = page.locator(".offices-map__item");
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toHaveAttribute("data-active", "true");
    const firstId = await items.nth(0).getAttribute("data-office-id");
    const secondId = await items.nth(1).getAttribute("data-office-id");
    await expect(page.locator(`path[data-marker-id="${firstId}"]`)).toHaveAttribute("data-active", "true");
    // The active office's popup opens once the map is ready.
    await expect(page.locator(".leaflet-popup")).toContainText(
      // The item's heading (h3, or h2 when the map carries the page's title).
      ((await items.nth(0).getByRole("heading").first().textContent()) ?? "").trim(),
    );

    await items.nth(1).getByRole("button").first().click();
    await expect(items.nth(1)).toHaveAttribute("data-active", "true");
    await expect(items.nth(0)).toHaveAttribute("data-active", "false");
    const marker = page.locator(`path[data-marker-id="${secondId}"]`);
    await expect(marker).toHaveAttribute("data-active", "true");
    await expect(marker).toHaveAttribute("data-highlighted", "true");
    await expect(page.locator(`path[data-marker-id="${firstId}"]`)).toHaveAttribute("data-highlighted", "false");
    // Highlighted markers are drawn darker and less transparent.
    await expect(marker).toHaveAttribute("stroke-opacity", "0.4");

    // Hovering an office highlights its marker without changing the active office.
    await items.nth(2).hover();
    const thirdId = await items.nth(2).getAttribute("data-office-id");
    await expect(page.locator(`path[data-marker-id="${thirdId}"]`)).toHaveAttribute("data-highlighted", "true");
    await expect(items.nth(1)).toHaveAttribute("data-active", "true");
  });

  test("the click gateway blocks the map, unblocks on click and re-blocks off screen", async ({ page }) => {
    const map = page.locator(".offices-map .site-map");
    const gateway = map.getByRole("button", { name: t("fr", "maps.gateway") });
    await expect(gateway).toBeVisible();
    await expect(map.locator(".site-map__canvas")).toHaveAttribute("inert", "");
    await gateway.click();
    await expect(gateway).toBeHidden();
    await expect(map).toHaveAttribute("data-blocked", "false");
    await expect(map.locator(".site-map__canvas")).not.toHaveAttribute("inert", "");
    // Markers are reachable and operable now.
    const marker = map.locator("path[data-marker-id]").nth(2);
    await marker.focus();
    await page.keyboard.press("Enter");
    const id = await marker.getAttribute("data-marker-id");
    await expect(page.locator(`.offices-map__item[data-office-id="${id}"]`)).toHaveAttribute("data-active", "true");
    // Leaving the viewport blocks it again.
    await page.locator("footer").last().scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("data-blocked", "true");
    await map.scrollIntoViewIfNeeded();
    await expect(gateway).toBeVisible();
  });

  test("the offices grid shows 9 offices, then all", async ({ page }) => {
    const grid = page.locator(".offices-grid");
    await expect(grid.locator(".offices-grid__item")).toHaveCount(9);
    await grid.getByRole("button", { name: /Voir 2 autres bureaux/ }).click();
    await expect(grid.locator(".offices-grid__item")).toHaveCount(11);
    await expect(grid.getByRole("button", { name: /autres bureaux/ })).toHaveCount(0);
    await expect(grid.locator(".offices-grid__item").nth(9).locator("h3")).toBeFocused();
  });

  test("has no axe violations", async ({ page }) => {
    await expectNoAxeViolations(page);
    await page.locator(".offices-map .site-map__gateway").click();
    await expectNoAxeViolations(page);
  });
});

test.describe("why Julie page", () => {
  test.beforeEach(async ({ page }) => {
    await open(page, "/fr/pourquoi-julie");
  });

  test("rewards show 3, then all after show more", async ({ page }) => {
    const rewards = page.locator(".rewards__item");
    await expect(rewards).toHaveCount(3);
    await page.getByRole("button", { name: /Voir 3 autres distinctions/ }).click();
    await expect(rewards).toHaveCount(6);
    await expect(rewards.nth(3).locator("h3")).toBeFocused();
    await expect(rewards.first().locator("img")).toHaveAttribute("src", /\/images\/rewards\/diamant-light-fr\.svg$/);
  });

  test("the Q&A accordion opens with Enter", async ({ page }) => {
    const trigger = page.locator(".qa-accordion__trigger").first();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const panelId = await trigger.getAttribute("aria-controls");
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    await expect(page.locator(`[id="${panelId}"]`)).toContainText("gratuite");
    // One answer at a time.
    const second = page.locator(".qa-accordion__trigger").nth(1);
    await second.focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("has no axe violations", async ({ page }) => {
    await page.locator(".qa-accordion__trigger").first().click();
    await expectNoAxeViolations(page);
  });
});
