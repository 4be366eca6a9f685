import { expect, test } from "@playwright/test";
import { openMenuItem, signIn, st, waitForCanvas } from "./studio-helpers";

test.describe.configure({ timeout: 180_000 });
for (const width of [1280, 1440]) {
  test(`publish dialog ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page);
    await page.goto("/fr/qa/sections");
    await waitForCanvas(page);
    await openMenuItem(page, st("fr", "studio.toolbar.open-page"), "fr", "Contact");
    await expect(page.locator(".studio-doc-title")).toHaveText("Contact");
    await page
      .getByRole("button", { name: /^Publier/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/publish-now-${width}.png` });
    await dialog.getByText("Plus tard", { exact: true }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/publish-later-${width}.png` });
    await dialog.getByRole("button", { name: "Choisir dans le calendrier" }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/publish-calendar-${width}.png` });
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Programmer la publication" }).click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots/publish-scheduled-${width}.png` });
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await page.getByRole("button", { name: /^Ouvrir/ }).click();
    await page.getByRole("menuitem", { name: "Page du site" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/open-list-${width}.png` });
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page
      .getByRole("button", { name: /^Publier/ })
      .first()
      .click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots/publish-pending-${width}.png` });
    await page.getByRole("dialog").getByRole("button", { name: "Déprogrammer" }).click();
    await page.waitForTimeout(500);
  });
}
