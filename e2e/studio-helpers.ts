/** Helpers shared by the studio journeys: studio strings, the canvas's block ids, palette drags. */
import { expect, type Locator, type Page, test } from "@playwright/test";
import studioEn from "../locales/studio/en.json" with { type: "json" };
import studioFr from "../locales/studio/fr.json" with { type: "json" };
import { type FixtureRole, signInPage } from "../tests/helpers/editors";
import type { Locale } from "./helpers";

const studioLocales = { fr: studioFr, en: studioEn } as const;

/** A studio string from locales/studio/<locale>.json with its {{placeholders}} filled, e.g. `st("fr", "studio.toolbar.undo")`. */
export function st(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  let value: unknown = studioLocales[locale];
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`Missing studio string ${locale}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for {{${name}}} in ${locale}:${key}`);
    return String(values[name]);
  });
}

/** The server the tests run against (playwright.config.ts's baseURL). */
export const e2eOrigin = () => String(test.info().project.use.baseURL);

/** Signs the page's browser context in as a fixture editor (the studio is for signed-in editors only). */
export const signIn = (page: Page, role: FixtureRole = "editor") => signInPage(page, e2eOrigin(), role);

/**
 * The page's blocks on the canvas in order, by their studio id. Only the canvas's own children:
 * a block that renders blocks inside it (a blog post's content) shows them decorated too, once
 * its view has loaded.
 */
export async function blockIds(page: Page): Promise<(string | null)[]> {
  return page
    .locator(".studio-chunk > [data-studio-block]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-studio-block")));
}

/** The studio block (overlay, selection outline and rendered block) with this id. */
export function studioBlock(page: Page, id: string): Locator {
  return page.locator(`.studio-canvas [data-studio-block="${id}"]`);
}

/** Opens the demo page (one block per registered type) from the studio toolbar and waits for its canvas. */
export async function openDemoPage(page: Page, locale: Locale = "fr"): Promise<void> {
  await page.getByRole("button", { name: st(locale, "studio.toolbar.open-demo") }).click();
  await expect(page.locator(".studio-chunk > [data-studio-block]").nth(4)).toBeVisible({ timeout: 15_000 });
}

/**
 * Drags a block type from the palette into the gap before block `gapIndex` with the mouse,
 * as an editor does: press on the palette item, move until the drag starts, then hover the
 * gap until it is the drop target and release.
 */
export async function dragFromPalette(page: Page, type: string, gapIndex: number, locale: Locale = "fr") {
  await page.getByLabel(st(locale, "studio.palette.search")).fill(type);
  const source = page.locator(`[data-palette-type="${type}"] .studio-palette-drag`);
  await source.scrollIntoViewIfNeeded();
  const box = (await source.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 10);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(box.x + 20 + i * 4, box.y + 10);
  // The drag has started once the ghost follows the pointer and the gaps open up.
  await expect(page.locator(".studio-drag-ghost")).toBeVisible();
  const gap = page.locator(`.studio-dropzone[data-gap-index="${gapIndex}"]`);
  await expect(gap).toHaveAttribute("data-active");
  await gap.scrollIntoViewIfNeeded();
  await expect(async () => {
    const target = (await gap.boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 2 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 + 1);
    await expect(gap).toHaveAttribute("data-over", { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.mouse.up();
  await expect(page.locator(".studio-drag-ghost")).toHaveCount(0);
}
