import { expect, test } from "@playwright/test";
import { blockIds, dragFromPalette, signIn } from "./studio-helpers";

test.describe.configure({ mode: "serial", timeout: 60_000 });
test.beforeEach(({ page }) => signIn(page));

test("studio: drag, cycle, delete, undo/redo, draft, keyboard reorder", async ({ page }) => {
  await page.goto("/fr/qa/sections");
  await page.evaluate(() => localStorage.clear());
  await page.goto("/fr/qa/sections");
  await page.getByRole("button", { name: "Page de démonstration" }).click();
  await expect(page.locator(".studio-canvas [data-studio-block]").nth(4)).toBeVisible({ timeout: 15_000 });
  const initial = await blockIds(page);
  expect(initial.length).toBeGreaterThan(3);

  // Drag text_block_2 from the palette into the gap after the third block.
  await dragFromPalette(page, "text_block_2", 3);
  const afterDrag = await blockIds(page);
  expect(afterDrag.length).toBe(initial.length + 1);
  const inserted = page.locator(".studio-canvas [data-studio-block]").nth(3);
  await expect(inserted.locator('[data-block-type="text_block_2"]')).toHaveCount(1);

  // Cycle the colour scheme of the first content block, delete another one.
  const first = page.locator(`[data-studio-block="${initial[4]}"]`);
  const schemeBefore = await first.locator(".block").getAttribute("data-scheme");
  await first.hover();
  await first.getByRole("button", { name: "Changer le jeu de couleurs" }).click();
  await expect(first.locator(".block")).not.toHaveAttribute("data-scheme", schemeBefore ?? "normal");
  const victim = page.locator(`[data-studio-block="${initial[5]}"]`);
  await victim.getByRole("button", { name: "Supprimer ce bloc" }).click();
  await expect(victim).toHaveCount(0);

  // Undo all, step by step, then redo.
  const undo = page.getByRole("button", { name: "Annuler", exact: true });
  await undo.click();
  await expect(page.locator(`[data-studio-block="${initial[5]}"]`)).toHaveCount(1);
  await undo.click();
  await expect(first.locator(".block")).toHaveAttribute("data-scheme", schemeBefore ?? "normal");
  await page.keyboard.press("Control+z");
  expect(await blockIds(page)).toEqual(initial);
  await expect(undo).toBeDisabled();
  const redo = page.getByRole("button", { name: "Rétablir" });
  await redo.click();
  await page.keyboard.press("Control+Shift+z");
  await redo.click();
  await expect(page.locator(`[data-studio-block="${initial[5]}"]`)).toHaveCount(0);
  const edited = await blockIds(page);

  // Reload: the draft is intact.
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.locator(".studio-canvas [data-studio-block]").nth(4)).toBeVisible({ timeout: 15_000 });
  expect(await blockIds(page)).toEqual(edited);
  await expect(page.getByRole("button", { name: "Annuler", exact: true })).toBeEnabled();

  // Keyboard reorder: focus the drag handle of block 2, Space, ArrowDown, Space.
  const second = edited[1]!;
  await page.locator(`[data-studio-block="${second}"] [data-action="drag"]`).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect.poll(async () => (await blockIds(page))[2]).toBe(second);
  // And with the move-up button from the keyboard.
  await page.locator(`[data-studio-block="${second}"] [data-action="move-up"]`).focus();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await blockIds(page))[1]).toBe(second);
});

test("studio: settings theme preset drives the canvas", async ({ page }) => {
  await page.goto("/fr/qa/parametres-generaux");
  const sample = page.locator(".studio-settings-sample .studio-canvas");
  await expect(sample).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Palette").selectOption("red");
  await expect(sample).toHaveAttribute("data-theme-preset", "red");
  await expect
    .poll(() => sample.evaluate((el) => getComputedStyle(el).getPropertyValue("--accent").trim()))
    .toBe("#c8102e");
  await page.goto("/fr/qa/sections");
  // A fresh browser has no draft: open the demo page to get a canvas.
  await page.getByRole("button", { name: "Page de démonstration" }).click();
  const canvas = page.locator(".studio-main .studio-canvas");
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => canvas.evaluate((el) => getComputedStyle(el).getPropertyValue("--accent").trim()))
    .toBe("#c8102e");
  await page.goto("/fr/qa/parametres-generaux");
  await page.getByLabel("Palette").selectOption("blue");
});

test("studio: publish a page and see it on the public site", async ({ page }) => {
  await page.goto("/fr/qa/sections");
  await expect(page.getByLabel("Choisir une page").locator("option[value=terms]")).toBeAttached({ timeout: 20_000 });
  await page.getByLabel("Choisir une page").selectOption("terms");
  await page.getByRole("button", { name: "Ouvrir la page" }).click();
  const block = page.locator(".studio-canvas [data-studio-block]").first();
  await expect(block).toBeVisible();
  await block.getByRole("button", { name: "Changer le jeu de couleurs" }).click();
  const scheme = await block.locator(".block").getAttribute("data-scheme");
  await page.getByRole("button", { name: "Publier" }).click();
  // No key to type: the session publishes.
  await expect(page.getByRole("dialog").getByRole("textbox")).toHaveCount(0);
  await page.getByRole("dialog").getByRole("button", { name: "Publier" }).click();
  const link = page.getByRole("link", { name: "Voir la page publiée" });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/fr\/termes-et-conditions$/);
  await expect(page.locator("main [data-block-id]").first()).toHaveAttribute("data-scheme", scheme ?? "");
});
