/** Hero blocks in a real browser: members search (blocks.md §2, §4 Members), hero slider, accessibility. */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, t, test } from "./helpers";

const TEAM = { fr: "/fr/trouver-un-courtier", en: "/en/find-a-broker" } as const;

test.beforeEach(({ consoleErrors }) => {
  // Against the dev server only (HEROES_E2E_DEV=1): Vite's HMR socket and its nonce hydration warning.
  if (process.env.HEROES_E2E_DEV) consoleErrors.allow(/WebSocket|\[vite\]|hydrat|nonce/i);
});

/** Opens a page and waits until its scripts have loaded (the page is hydrated). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

test.describe("members search hero", () => {
  test("type a name, pick it, the modal shows the member; Escape closes and clears", async ({ page }) => {
    await open(page, TEAM.fr);
    const hero = page.locator('[data-block-type="hero_members_search_block"]');
    const field = hero.getByRole("textbox", { name: t("fr", "heroes.members.search-label-brokers") });
    await expect(field).toHaveAttribute("placeholder", t("fr", "heroes.members.placeholder-brokers"));
    await field.click();
    // The interactive list loads on first interaction and takes over the same field.
    await expect(hero.locator("[data-ready]")).toBeVisible({ timeout: 15_000 });
    const combobox = hero.getByRole("combobox");
    await expect(combobox).toBeFocused();
    await combobox.pressSequentially("emil");
    const options = page.getByRole("option");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText("Émilie Bouchard");
    await options.first().click();

    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Émilie Bouchard" })).toBeVisible();
    await expect(dialog).toContainText("emilie.bouchard@immobilierrivesud.ca");
    await expect(dialog.getByRole("button", { name: "1 programme" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(combobox).toHaveValue("");
  });

  test("lists every name sorted, and the program tooltip lists descriptions", async ({ page }) => {
    await open(page, TEAM.en);
    const hero = page.locator('[data-block-type="hero_members_search_block"]');
    await hero.getByRole("textbox", { name: t("en", "heroes.members.search-label-brokers") }).click();
    await expect(hero.locator("[data-ready]")).toBeVisible({ timeout: 15_000 });
    await hero.getByRole("button", { name: t("en", "heroes.members.show-all") }).click();
    await expect(page.getByRole("option")).toHaveCount(6);
    const names = await page.getByRole("option").locator(".hero-members__option-name").allTextContents();
    expect(names).toHaveLength(6);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    await page.getByRole("option", { name: /Sophie Lavoie/ }).click();
    const programs = page.getByRole("dialog").getByRole("button", { name: "3 programs" });
    await programs.hover();
    await expect(page.getByRole("tooltip")).toContainText("Support for seniors");
  });

  test("a card of the carousel opens its member", async ({ page }) => {
    await open(page, TEAM.en);
    await page.getByRole("button", { name: "View Julie Tremblay's profile" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Julie Tremblay" })).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole("button", { name: t("en", "shell.modal.close") }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("hero slider", () => {
  test("arrows move the slides, wrap around, and update the count and preview", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, TEAM.fr);
    const slider = page.locator('[data-block-type="hero_slider_block"]');
    const count = slider.locator(".carousel__count");
    await expect(count).toHaveText(t("fr", "carousel.count").replace("{{current}}", "1").replace("{{total}}", "3"));
    await expect(slider.locator(".hero-slider__next-title")).toHaveText("Lévis");
    await slider.getByRole("button", { name: t("fr", "carousel.next") }).click();
    await expect(count).toHaveText(t("fr", "carousel.count").replace("{{current}}", "2").replace("{{total}}", "3"));
    await expect(slider.getByRole("heading", { name: "Lévis" })).toBeVisible();
    await expect(slider.locator(".hero-slider__next-title")).toHaveText("Bellechasse");
    await slider.getByRole("button", { name: t("fr", "carousel.previous") }).click();
    await slider.getByRole("button", { name: t("fr", "carousel.previous") }).click();
    await expect(count).toHaveText(t("fr", "carousel.count").replace("{{current}}", "3").replace("{{total}}", "3"));
    await slider.locator(".hero-slider__next-btn").click();
    await expect(count).toHaveText(t("fr", "carousel.count").replace("{{current}}", "1").replace("{{total}}", "3"));
  });
});

test.describe("accessibility", () => {
  for (const locale of ["fr", "en"] as const) {
    test(`team search page has no axe violations (${locale})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, TEAM[locale]);
      await expect(page.locator('[data-block-type="hero_members_search_block"]')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("home hero CTA is visible in the server HTML and has no axe violations", async ({ page }) => {
    await open(page, "/fr");
    // The header's logo link is checked by the header spec.
    const hero = page.locator('[data-block-type="hero_cta_block"]');
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(hero.locator("img").first()).toHaveAttribute("fetchpriority", "high");
    await expectNoAxeViolations(page, { exclude: [".site-header"] });
  });
});
