import { expect, test } from "@playwright/test";
import { COLOR_SCHEME_LABELS } from "../schema/labels";
import { nextColorScheme } from "../schema/theme-values";
import {
  blockButton,
  blockIds,
  chooseScheme,
  discardServerDraft,
  dragFromPalette,
  openMenuItem,
  signIn,
  st,
  waitForCanvas,
} from "./studio-helpers";

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.beforeEach(({ page }) => signIn(page));

test("studio: drag, cycle, delete, undo/redo, draft, keyboard reorder", async ({ page }) => {
  // The home page with no draft anywhere (a retry finds the first attempt's on the server).
  await discardServerDraft(page, "home");
  await page.goto("/fr/qa/sections");
  await page.evaluate(() => localStorage.clear());
  await page.goto("/fr/qa/sections");
  // The studio opens the home page by itself.
  await waitForCanvas(page);
  const initial = await blockIds(page);
  expect(initial.length).toBeGreaterThan(3);
  const toolbar = page.getByRole("toolbar", { name: st("fr", "studio.toolbar.label") });
  const undo = toolbar.getByRole("button", { name: "Annuler", exact: true });
  const redo = toolbar.getByRole("button", { name: "Rétablir" });

  // Drag text_block_2 from the palette into the gap after the third block.
  await dragFromPalette(page, "text_block_2", 3);
  const afterDrag = await blockIds(page);
  expect(afterDrag.length).toBe(initial.length + 1);
  const inserted = page.locator(".studio-chunk > [data-studio-block]").nth(3);
  await expect(inserted.locator('[data-block-type="text_block_2"]')).toHaveCount(1);

  // Change the colour scheme of the first content block, delete another one.
  const first = page.locator(`[data-studio-block="${initial[4]}"]`);
  const schemeBefore = ((await first.locator(".block").getAttribute("data-scheme")) ?? "normal") as "normal";
  const next = nextColorScheme(schemeBefore);
  await chooseScheme(page, initial[4]!, COLOR_SCHEME_LABELS[next].fr);
  await expect(first.locator(".block")).toHaveAttribute("data-scheme", next);
  const victim = page.locator(`[data-studio-block="${initial[5]}"]`);
  await (await blockButton(page, initial[5]!, "Supprimer ce bloc")).click();
  await expect(victim).toHaveCount(0);

  // Undo all, step by step, then redo.
  await undo.click();
  await expect(page.locator(`[data-studio-block="${initial[5]}"]`)).toHaveCount(1);
  await undo.click();
  await expect(first.locator(".block")).toHaveAttribute("data-scheme", schemeBefore);
  await page.keyboard.press("Control+z");
  expect(await blockIds(page)).toEqual(initial);
  await expect(undo).toBeDisabled();
  await redo.click();
  await page.keyboard.press("Control+Shift+z");
  await redo.click();
  await expect(page.locator(`[data-studio-block="${initial[5]}"]`)).toHaveCount(0);
  const edited = await blockIds(page);

  // Reload: the draft is intact.
  await page.waitForTimeout(500);
  await page.reload();
  await waitForCanvas(page);
  expect(await blockIds(page)).toEqual(edited);
  await expect(undo).toBeEnabled();

  // Keyboard reorder: focus the drag handle of block 2, Space, ArrowDown, Space, each after what a
  // screen reader says of the one before.
  const second = edited[1]!;
  const total = edited.length;
  const said = page.locator('[id^="DndLiveRegion"]');
  await page.locator(`[data-studio-block="${second}"] [data-action="drag"]`).focus();
  await page.keyboard.press("Space");
  await expect(said).toHaveText(/position 2 sur/);
  await page.keyboard.press("ArrowDown");
  await expect(said).toHaveText(/au-dessus de la position 3 sur/);
  await page.keyboard.press("Space");
  // The drop names where the block is now (it named the slot it was over, which had moved up).
  await expect(said).toHaveText(new RegExp(`déposé à la position 3 sur ${total}`));
  await expect.poll(async () => (await blockIds(page))[2]).toBe(second);
  // And from the bar's menu, from the keyboard: move it up again.
  await page.locator(`[data-studio-block="${second}"] [data-action="drag"]`).focus();
  await page.keyboard.press("End");
  await expect(page.locator(`[data-studio-block="${second}"] [data-action="more"]`)).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Monter ce bloc" }).click();
  await expect.poll(async () => (await blockIds(page))[1]).toBe(second);
});

test("studio: settings theme preset drives the canvas", async ({ page }) => {
  // The theme is the administrator's (an editor sees it read only).
  await signIn(page, "admin");
  await page.goto("/fr/qa/parametres-generaux");
  await page.getByRole("tab", { name: st("fr", "studio.settings.tab-theme") }).click();
  const sample = page.locator(".studio-settings-sample .studio-canvas");
  await expect(sample).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Palette").selectOption("red");
  await expect(sample).toHaveAttribute("data-theme-preset", "red");
  await expect
    .poll(() => sample.evaluate((el) => getComputedStyle(el).getPropertyValue("--accent").trim()))
    .toBe("#c8102e");
  await page.goto("/fr/qa/sections");
  // A fresh browser has no draft: the demo page opens by itself.
  const canvas = page.locator(".studio-main .studio-canvas");
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => canvas.evaluate((el) => getComputedStyle(el).getPropertyValue("--accent").trim()))
    .toBe("#c8102e");
  // The theme tab is reachable by its address too.
  await page.goto("/fr/qa/parametres-generaux#theme");
  await page.getByLabel("Palette").selectOption("blue");
});

test("studio: publish a page and see it on the public site", async ({ page }) => {
  await page.goto("/fr/qa/sections");
  await waitForCanvas(page);
  await openMenuItem(page, "Page du site", "fr", "Termes et conditions");
  await expect(page.locator(".studio-doc-title")).toHaveText("Termes et conditions");
  const block = page.locator(".studio-chunk > [data-studio-block]").first();
  await expect(block).toBeVisible();
  const id = (await block.getAttribute("data-studio-block"))!;
  const before = ((await block.locator(".block").getAttribute("data-scheme")) ?? "normal") as "normal";
  await chooseScheme(page, id, COLOR_SCHEME_LABELS[nextColorScheme(before)].fr);
  const scheme = await block.locator(".block").getAttribute("data-scheme");
  expect(scheme).not.toBe(before);
  await page.getByRole("button", { name: "Publier" }).click();
  // No key to type: the session publishes (the one text field is the history's optional note).
  await expect(page.getByRole("dialog").getByRole("textbox")).toHaveAccessibleName(st("fr", "studio.publish.note"));
  await page.getByRole("dialog").getByRole("button", { name: "Publier" }).click();
  const link = page.getByRole("link", { name: "Voir la page publiée" });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/fr\/termes-et-conditions$/);
  await expect(page.locator("main [data-block-id]").first()).toHaveAttribute("data-scheme", scheme ?? "");
});
