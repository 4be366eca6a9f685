/** Helpers shared by the studio journeys: studio strings, the canvas's block ids, palette drags. */
import { expect, type Locator, type Page, test } from "@playwright/test";
import studioEn from "../locales/studio/en.json" with { type: "json" };
import studioFr from "../locales/studio/fr.json" with { type: "json" };
import { getBlockDefinition } from "../schema/registry";
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
 * Discards the server draft of a page of the demo site, if any (a test that edits it starts from
 * the published page, and so does its retry): the page's lock is taken from the editor's other
 * sessions first, as the studio does when it opens a page.
 */
export async function discardServerDraft(page: Page, pageId: string, site = "demo-broker"): Promise<void> {
  const origin = e2eOrigin();
  const path = `${encodeURIComponent(site)}/${encodeURIComponent(pageId)}`;
  const lock = await page.request.post(`${origin}/api/locks/${path}`, { headers: { origin }, data: { own: true } });
  expect(lock.status()).toBe(200);
  const answer = await page.request.get(`${origin}/api/drafts/${path}`);
  expect(answer.status()).toBe(200);
  const { draft } = (await answer.json()) as { draft: { revision: number } | null };
  if (draft) {
    const removed = await page.request.delete(`${origin}/api/drafts/${path}?revision=${draft.revision}`, {
      headers: { origin },
    });
    expect(removed.status()).toBe(200);
  }
  await page.request.delete(`${origin}/api/locks/${path}`, { headers: { origin } });
}

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

/** Waits for the open page's canvas (the studio opens the last draft, else the demo page, by itself). */
export async function waitForCanvas(page: Page): Promise<void> {
  await expect(page.locator(".studio-chunk > [data-studio-block]").nth(4)).toBeVisible({ timeout: 20_000 });
}

/** Opens the demo page (one block per registered type) from the toolbar's Open menu and waits for its canvas. */
export async function openDemoPage(page: Page, locale: Locale = "fr"): Promise<void> {
  await openMenuItem(page, st(locale, "studio.toolbar.open-demo"), locale);
  await waitForCanvas(page);
}

/** Chooses an item of the toolbar's Open menu (a page of the site: `page` names it in the submenu). */
export async function openMenuItem(page: Page, item: string, locale: Locale = "fr", sitePage?: string) {
  const toolbar = page.getByRole("toolbar", { name: st(locale, "studio.toolbar.label") });
  await toolbar.getByRole("button", { name: st(locale, "studio.toolbar.open") }).click();
  await page.getByRole("menuitem", { name: item }).click();
  if (sitePage) await page.getByRole("menuitem", { name: sitePage }).click();
}

/**
 * Shows one language's fields in the edit panel with its language switch, as an editor does: the
 * default panel shows one language at a time (issue 33); both side by side only when widened.
 */
export async function showPanelLocale(page: Page, locale: Locale, uiLocale: Locale = "fr"): Promise<void> {
  const panel = page.getByRole("complementary", { name: st(uiLocale, "studio.panel.label") });
  const button = panel
    .getByRole("group", { name: st(uiLocale, "studio.fields.showLocale") })
    .getByRole("button", { name: st(uiLocale, `studio.fields.locales.${locale}`) });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}

/** A button of a block's action bar, shown once the pointer is over the block (as an editor does). */
export async function blockButton(page: Page, id: string, name: string): Promise<Locator> {
  const block = studioBlock(page, id);
  const bar = block.locator(":scope > .studio-bar");
  // The bar sits above the block's top edge: bring it on screen first, or the click would scroll
  // the canvas and leave the pointer over another block, whose bar would then show instead.
  await bar.scrollIntoViewIfNeeded();
  await block.hover({ position: { x: 40, y: 40 } });
  await expect(bar).toHaveCSS("opacity", "1");
  const button = bar.getByRole("button", { name, exact: true });
  await expect(button).toBeVisible();
  return button;
}

/** Picks a colour scheme for a block from its bar's menu. */
export async function chooseScheme(page: Page, id: string, scheme: string, locale: Locale = "fr") {
  await (await blockButton(page, id, st(locale, "studio.overlay.more"))).click();
  await page.getByRole("menuitemradio", { name: scheme }).click();
}

/**
 * Drags a block type from the palette into the gap before block `gapIndex` with the mouse,
 * as an editor does: press on the palette item, move until the drag starts, then hover the
 * gap until it is the drop target and release.
 */
export async function dragFromPalette(page: Page, type: string, gapIndex: number, locale: Locale = "fr") {
  // Search by the block's name, as an editor does (the name comes from the schema).
  const definition = getBlockDefinition(type);
  await page.getByLabel(st(locale, "studio.palette.search")).fill(definition?.label[locale] ?? type);
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
  // The gaps open with a short transition, which moves every gap below the first: aim once they are open.
  await expect.poll(() => gap.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(20);
  await expect(async () => {
    await gap.scrollIntoViewIfNeeded();
    const target = (await gap.boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 2 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 + 1);
    await expect(gap).toHaveAttribute("data-over", { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.mouse.up();
  await expect(page.locator(".studio-drag-ghost")).toHaveCount(0);
}
