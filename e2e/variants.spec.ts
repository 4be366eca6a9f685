/**
 * Content variants (site.md §1, §7): the demo broker's spring campaign viewed with
 * ?variant=: the banner names it in its colour, the variant's home shows, and the visitor
 * keeps the variant through the header logo, a menu link, the footer's privacy link and logo;
 * the same page without the parameter shows the default content and no banner.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, t, test } from "./helpers";

const SPRING = "printemps-2026";
const SPRING_TITLE = "Le printemps, la meilleure saison pour vendre";
const DEFAULT_TITLE = "Votre prochaine adresse commence ici";
const BANNER = 'Vous visualisez la variante "Campagne du printemps"';
/** The palette's green (renderer/styles/global.css `.variant-green`). */
const GREEN = "rgb(46, 125, 50)";

async function goto(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(".site-header[data-ready]")).toBeAttached({ timeout: 15_000 });
}

const variantOf = (page: Page) => new URL(page.url()).searchParams.get("variant");

async function expectBanner(page: Page) {
  const banner = page.getByRole("status").filter({ hasText: BANNER });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCSS("background-color", GREEN);
  await expect(banner).toHaveCSS("color", "rgb(255, 255, 255)");
}

test.describe("a variant on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows its banner and content, and every link keeps it", async ({ page }) => {
    await goto(page, `/fr?variant=${SPRING}`);
    await expectBanner(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SPRING_TITLE);
    await expect(page.getByText(DEFAULT_TITLE)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A menu link.
    const nav = page.getByRole("navigation", { name: t("fr", "header.main-navigation") });
    await nav.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/contact\\?variant=${SPRING}$`));
    await expectBanner(page);

    // The header logo, back to the variant's home.
    await page.locator(".hdr-logo").click();
    await expect(page).toHaveURL(new RegExp(`/fr\\?variant=${SPRING}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SPRING_TITLE);

    // The footer's privacy link.
    const legal = page.getByRole("navigation", { name: t("fr", "footer.legal") });
    await legal.getByRole("link", { name: t("fr", "footer.privacy-policy") }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/politique-confidentialite\\?variant=${SPRING}$`));
    expect(variantOf(page)).toBe(SPRING);
    await expectBanner(page);

    // The footer logo.
    await page.locator(".ftr-logo").click();
    await expect(page).toHaveURL(new RegExp(`/fr\\?variant=${SPRING}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SPRING_TITLE);

    // The language switch keeps it too.
    await page
      .getByRole("link", { name: t("fr", "header.locale.en") })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/en\\?variant=${SPRING}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spring is the best season to sell");
    await expect(
      page.getByRole("status").filter({ hasText: 'You are viewing the variant "Campagne du printemps"' }),
    ).toBeVisible();
  });

  test("without the parameter: the default content, no banner, no variant in links", async ({ page }) => {
    await goto(page, "/fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEFAULT_TITLE);
    await expect(page.locator(".variant-banner")).toHaveCount(0);
    const hrefs = await page.locator("a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(10);
    expect(hrefs.filter((href) => href?.includes("variant="))).toEqual([]);
    // Leaving the variant by a link that names none is not possible: but a visitor who types the
    // bare URL after viewing it gets the default page (nothing sticks in the browser).
    await goto(page, `/fr?variant=${SPRING}`);
    await expectBanner(page);
    await goto(page, "/fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEFAULT_TITLE);
    await expect(page.locator(".variant-banner")).toHaveCount(0);
  });

  test("an unknown variant id shows the default page, not an error", async ({ page }) => {
    const response = await page.goto("/fr?variant=hiver-1999");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEFAULT_TITLE);
    await expect(page.locator(".variant-banner")).toHaveCount(0);
  });
});

for (const width of [360, 390]) {
  test.describe(`a variant on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true });

    test("shows the banner whole, and a link tapped in the menu keeps the variant", async ({ page }) => {
      await goto(page, `/fr?variant=${SPRING}`);
      await expectBanner(page);
      const box = await page.locator(".variant-banner").boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(SPRING_TITLE);
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: t("fr", "header.open-menu") }).tap();
      const dialog = page.getByRole("dialog", { name: t("fr", "header.menu") });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("link", { name: "Blogue", exact: true }).tap();
      await expect(page).toHaveURL(new RegExp(`/fr/blogue\\?variant=${SPRING}$`));
      await expectBanner(page);
    });
  });
}
