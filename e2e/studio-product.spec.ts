/**
 * The studio as a product editors prefer (issue 17), at 1280 × 800: the desktop preview lays the
 * page out at 1280 px, nothing shows a block id or a raw value, the canvas is calm and inert, the
 * keyboard moves block by block and region by region, repeaters stay aligned across languages,
 * edit-mode links of the public site open their block in the studio, and the studio's screens
 * pass axe.
 */
import type { Locator, Page } from "@playwright/test";
import { textBlock2 } from "../schema/blocks/text";
import { COLOR_SCHEME_LABELS, LINK_TARGET_LABELS } from "../schema/labels";
import { blockTypes, getBlockDefinition } from "../schema/registry";
import { expect, expectNoAxeViolations, test } from "./helpers";
import {
  blockButton,
  blockIds,
  chooseScheme,
  openMenuItem,
  signIn,
  st,
  studioBlock,
  waitForCanvas,
} from "./studio-helpers";

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({ page }) => signIn(page));

function ui(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: st("fr", "studio.toolbar.label") });
  const panel = page.getByRole("complementary", { name: st("fr", "studio.panel.label") });
  return {
    toolbar,
    panel,
    heading: panel.getByRole("heading", { level: 2 }),
    tab: (key: "content" | "settings" | "advanced") =>
      panel.getByRole("tab", { name: st("fr", `studio.fields.tabs.${key}`) }).click(),
    publish: toolbar.getByRole("button", { name: /^Publier/ }),
  };
}

/** The demo page (one block per type) with nothing kept in the browser; the studio opens the home page by itself (issue 29). */
async function freshStudio(page: Page) {
  await page.goto("/fr/qa/sections?demo");
  await page.evaluate(() => localStorage.clear());
  await page.goto("/fr/qa/sections?demo");
  await waitForCanvas(page);
  await expect(page.locator(".studio-doc-title")).toHaveText("Page de démonstration", { timeout: 20_000 });
}

test("studio: the desktop preview lays the header out at 1280 px with nothing cut, and the page stays whole", async ({
  page,
}) => {
  await freshStudio(page);
  const canvas = page.locator(".studio-main .studio-canvas");
  await expect(
    page.getByRole("radio", { name: st("fr", "studio.toolbar.device", { name: "Ordinateur", width: 1280 }) }),
  ).toBeChecked();
  const header = canvas.locator('[data-block-id="demo-header-classic-block"]');
  const layout = await header.evaluate((el) => {
    const inner = el.querySelector<HTMLElement>(".site-header") ?? (el as HTMLElement);
    const box = inner.getBoundingClientRect();
    const controls = [...inner.querySelectorAll<HTMLElement>("a, button")].filter((c) => c.offsetParent !== null);
    return {
      width: (el as HTMLElement).offsetWidth,
      innerWidth: inner.offsetWidth,
      overflow: inner.scrollWidth - inner.clientWidth,
      controls: controls.length,
      // Every visible link and button inside the header's box, and none of their texts cut short.
      outside: controls
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.left < box.left - 0.5 || r.right > box.right + 0.5;
        })
        .map((c) => c.textContent),
      cut: controls.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
    };
  });
  expect(layout.width).toBe(1280);
  expect(layout.innerWidth).toBe(1280);
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.controls).toBeGreaterThan(5);
  expect(layout.outside).toEqual([]);
  expect(layout.cut).toEqual([]);
  // The desktop navigation, not the phone's menu button.
  await expect(header.locator(".hdr-nav")).toBeVisible();
  await expect(header.locator(".hdr-burger")).toBeHidden();
  // The whole preview fits the canvas column (scaled), so nothing is cut at the sides either.
  const fits = await page.locator(".studio-canvas-scroll").evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  // The footer's link columns sit side by side without overlapping.
  const columns = await canvas
    .locator('[data-block-id="demo-footer-classic-block"] .ftr-column')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(columns.length).toBeGreaterThan(1);
  for (let i = 1; i < columns.length; i++)
    for (let j = 0; j < i; j++) {
      const [a, b] = [columns[i]!, columns[j]!];
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      expect(x > 1 && y > 1, `footer columns ${j} and ${i} overlap`).toBe(false);
    }
});

test("studio: the toolbar shows the open page's whole title and no control overlaps another or leaves the window, from 1024 to 1680 px", async ({
  page,
}) => {
  await freshStudio(page);
  // An edit first: the save status then carries its longest words ("Brouillon enregistré il y a 3 s").
  await chooseScheme(page, "demo-text-block-2", COLOR_SCHEME_LABELS.inverted.fr);
  await expect(ui(page).toolbar.locator(".studio-status")).toHaveText(/^Brouillon enregistré/, { timeout: 10_000 });
  for (const width of [1680, 1440, 1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    const { toolbar } = ui(page);
    const title = toolbar.locator(".studio-doc-title");
    await expect(title).toHaveText("Page de démonstration");
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), `title cut at ${width} px`).toBe(true);
    const boxes = await toolbar
      .locator(":scope > nav, :scope > .studio-open button, :scope button, :scope > a, :scope [role='radiogroup']")
      .evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest("[role='radiogroup'] button"))
          .map((el) => ({
            name: el.getAttribute("aria-label") ?? el.textContent,
            ...el.getBoundingClientRect().toJSON(),
          })),
      );
    expect(boxes.length).toBeGreaterThan(8);
    for (const box of boxes)
      expect(box.right, `${box.name} inside the window at ${width} px`).toBeLessThanOrEqual(width);
    for (let i = 1; i < boxes.length; i++)
      for (let j = 0; j < i; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        if (a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom) continue; // inside it
        if (b.left >= a.left && b.right <= a.right && b.top >= a.top && b.bottom <= a.bottom) continue;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        expect(x > 1 && y > 1, `${a.name} overlaps ${b.name} at ${width} px`).toBe(false);
      }
    // The save status: its words on screen from 1600 px, its dot and tooltip below.
    const status = toolbar.locator(".studio-status");
    await expect(status).toHaveAttribute("title", /.+/);
    const words = await status.locator(".studio-status-text").evaluate((el) => el.getBoundingClientRect().width > 10);
    expect(words).toBe(width >= 1600);
  }
});

/** A box as plain numbers (DOMRect does not serialise). */
const rectOf = (el: Element) => {
  const r = el.getBoundingClientRect();
  return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
};

test("studio: with a block selected at 1280 and 1440 px the desktop preview keeps 55 % and 65 %, repeater names are whole, toasts stay off the canvas (issue 33)", async ({
  page,
}) => {
  await freshStudio(page);
  const u = ui(page);
  const paletteToggle = page.getByRole("button", { name: st("fr", "studio.layout.palette-toggle") });
  const zoomButton = u.toolbar.locator(".studio-zoom-button");
  for (const [width, height, budget] of [
    [1280, 800, 0.55],
    [1440, 900, 0.65],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Nothing selected: the palette is open beside the canvas.
    await expect(paletteToggle).toHaveAttribute("aria-expanded", "true");
    await (await blockButton(page, "demo-text-block-2", st("fr", "studio.overlay.edit"))).click();
    await expect(u.heading).toHaveText(textBlock2.label.fr);
    // Editing a block folds the palette to its rail: the canvas gets its room.
    await expect(paletteToggle).toHaveAttribute("aria-expanded", "false");
    // The zoom the toolbar shows ("59 %") and the preview's width on screen.
    await expect
      .poll(async () => Number((await zoomButton.textContent())?.replace(/\D/g, "")), {
        message: `zoom at ${width} px`,
      })
      .toBeGreaterThanOrEqual(budget * 100);
    const preview = await page.locator(".studio-main .studio-canvas").evaluate(rectOf);
    expect(preview.width, `preview width at ${width} px`).toBeGreaterThanOrEqual(budget * 1280);
    // The selected block is still on screen after the new zoom.
    const selected = await studioBlock(page, "demo-text-block-2").evaluate(rectOf);
    expect(selected.top).toBeLessThan(height);
    expect(selected.bottom).toBeGreaterThan(100);

    // The panel shows one language at a time: the repeater's items carry their whole names.
    const fr = u.panel.locator('[data-path="fields.fr.cta_repeater"]');
    const name = fr.locator('[data-item="0"] .sf-item-name');
    await expect(name).toHaveText("Voir mes propriétés");
    const cut = await fr
      .locator(".sf-item-toggle, .sf-item-name")
      .evaluateAll(
        (els) =>
          els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).length,
      );
    expect(cut, `repeater names cut at ${width} px`).toBe(0);
    const toggleBox = await fr.locator('[data-item="0"] .sf-item-toggle').evaluate(rectOf);
    const nameBox = await name.evaluate(rectOf);
    expect(nameBox.right).toBeLessThanOrEqual(toggleBox.right + 0.5);

    // A toast (after a duplicate) sits beside the canvas column, never over it.
    await (await blockButton(page, "demo-text-block-2", st("fr", "studio.overlay.duplicate"))).click();
    const toast = page.locator(".studio-toast").filter({ hasText: /dupliqué/ });
    await expect(toast.first()).toBeVisible();
    const main = await page.locator(".studio-main").evaluate(rectOf);
    for (const box of await page.locator(".studio-toast").evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    )) {
      const x = Math.min(box.right, main.right) - Math.max(box.left, main.left);
      const y = Math.min(box.bottom, main.bottom) - Math.max(box.top, main.top);
      expect(x > 0 && y > 0, `toast over the canvas at ${width} px`).toBe(false);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    await toast
      .first()
      .getByRole("button", { name: st("fr", "studio.toast.undo") })
      .click();

    // A click on the grey around the preview ends the edit: the palette comes back.
    const scroller = await page.locator(".studio-canvas-scroll").evaluate(rectOf);
    await page.mouse.click(scroller.left + 4, scroller.top + 4);
    await expect(u.panel.getByText(st("fr", "studio.panel.none"))).toBeVisible();
    await expect(paletteToggle).toHaveAttribute("aria-expanded", "true");
  }

  // Opening the palette during an edit keeps it open until the edit ends, not for good.
  await (await blockButton(page, "demo-text-block-2", st("fr", "studio.overlay.edit"))).click();
  await expect(paletteToggle).toHaveAttribute("aria-expanded", "false");
  await paletteToggle.click();
  await expect(paletteToggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel(st("fr", "studio.palette.search"))).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("studio:layout"))) ?? "{}")).not.toMatchObject({
    paletteCollapsed: true,
  });
});

test("studio: the palette, the panel title and the selects show names, never a block id or a raw value", async ({
  page,
}) => {
  await freshStudio(page);
  const u = ui(page);
  const palette = page.getByRole("navigation", { name: st("fr", "studio.palette.label") });
  // All of it, the families scrolled out of view included.
  const paletteText = (await palette.textContent()) ?? "";
  for (const type of blockTypes) expect(paletteText, type).not.toContain(type);
  expect(paletteText).toContain(textBlock2.label.fr);

  await (await blockButton(page, "demo-text-block-2", st("fr", "studio.overlay.edit"))).click();
  await expect(u.heading).toHaveText(textBlock2.label.fr);
  await expect(u.panel).not.toContainText("text_block_2");
  // The selected block carries its name.
  await expect(studioBlock(page, "demo-text-block-2").locator(".studio-chip")).toHaveText(textBlock2.label.fr);

  // Settings: the colour scheme and the text alignment by their names.
  await u.tab("settings");
  const scheme = u.panel.locator('[data-path="block_params.color_scheme"]').getByRole("button");
  await expect(scheme).toContainText(COLOR_SCHEME_LABELS.normal.fr);
  await scheme.click();
  const options = page.getByRole("listbox");
  await expect(options.getByRole("option")).toHaveText([
    /^Par défaut/,
    new RegExp(COLOR_SCHEME_LABELS.normal.fr),
    new RegExp(COLOR_SCHEME_LABELS["normal-grey"].fr),
    new RegExp(COLOR_SCHEME_LABELS.inverted.fr),
  ]);
  for (const raw of ["normal-grey", "inverted"]) await expect(options).not.toContainText(raw);
  await options.getByRole("option", { name: new RegExp(COLOR_SCHEME_LABELS.inverted.fr) }).click();
  await expect(studioBlock(page, "demo-text-block-2").locator(".block")).toHaveAttribute("data-scheme", "inverted");
  // Unset colours say so; the colour fields say the preview does not apply them, with the switch.
  const colour = u.panel.locator('[data-path="block_params.bg_color_primary"] input[type="text"]');
  await expect(colour).toHaveValue("");
  await expect(colour).toHaveAttribute("placeholder", "par défaut");
  await expect(u.panel.getByText(st("fr", "studio.fields.payloadColoursOff"))).toBeVisible();
  await expect(u.panel.getByRole("switch", { name: st("fr", "studio.settings.payload-colors") })).not.toBeChecked();

  // Content: a button's "opens in" by its name.
  await u.tab("content");
  await u.panel.locator('[data-path="fields.fr.cta_repeater"] [data-item="0"] [data-action="toggle"]').click();
  const target = u.panel.locator('[data-path="fields.fr.cta_repeater.0.cta.target"]').getByRole("button");
  await expect(target).toContainText(LINK_TARGET_LABELS._self.fr);
  await expect(target).not.toContainText("_self");
  await expectNoAxeViolations(page, { include: [".studio-panel"] });
});

/** The element's box once it is on screen and has stayed put for 200 ms (the canvas may still scroll or grow). */
async function settledBox(locator: Locator) {
  let last = "";
  let box = (await locator.boundingBox())!;
  const height = locator.page().viewportSize()?.height ?? 720;
  await expect
    .poll(
      async () => {
        await locator.scrollIntoViewIfNeeded();
        box = (await locator.boundingBox())!;
        const now = JSON.stringify(box);
        const same = now === last && box.y >= 0 && box.y + box.height <= height;
        last = now;
        return same;
      },
      { intervals: [200], timeout: 10_000 },
    )
    .toBe(true);
  return box;
}

test("studio: a link or a button in the canvas only selects its block; the bar shows on hover, focus or selection", async ({
  page,
}) => {
  await freshStudio(page);
  const u = ui(page);
  const url = page.url();
  const block = studioBlock(page, "demo-text-block-1");
  await block.scrollIntoViewIfNeeded();
  const bar = block.locator(":scope > .studio-bar");
  // Calm: no bar until the pointer, the keyboard or a selection brings it.
  await page.mouse.move(5, 400);
  await expect(bar).toHaveCSS("opacity", "0");
  const link = block.locator(".block a").first();
  await expect(link).toHaveAttribute("href", /\/fr\/contact/);
  // Clicked where a person sees it once the canvas has settled (views of blocks above may still
  // be arriving and push it down: a click at a stale position selects another block).
  const box = await settledBox(link);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(block).toHaveAttribute("data-selected", "true");
  await expect(u.heading).toHaveText(getBlockDefinition("text_block_1")!.label.fr);
  await page.waitForTimeout(500);
  expect(page.url()).toBe(url);
  await expect(bar).toHaveCSS("opacity", "1");
  // A carousel's own buttons do nothing either: the slide stays and the block is selected.
  const slider = studioBlock(page, "demo-hero-slider-block");
  await slider.scrollIntoViewIfNeeded();
  const next = slider.locator(".block button").first();
  const nextBox = await settledBox(next);
  await page.mouse.click(nextBox.x + nextBox.width / 2, nextBox.y + nextBox.height / 2);
  await expect(slider).toHaveAttribute("data-selected", "true");
  expect(page.url()).toBe(url);
  await expectNoAxeViolations(page);
});

test("studio: one tab stop per block, arrows within its bar, F6 between regions, focus and Annuler after a delete", async ({
  page,
}) => {
  await freshStudio(page);
  const ids = await blockIds(page);
  const first = studioBlock(page, ids[0]!);
  const handle = (id: string) => studioBlock(page, id).locator(':scope > .studio-bar [data-action="drag"]');
  await handle(ids[0]!).focus();
  await expect(first.locator(":scope > .studio-bar")).toHaveCSS("opacity", "1");
  // Arrows move within the bar; Tab goes to the next block's bar.
  await page.keyboard.press("ArrowRight");
  await expect(first.locator(':scope > .studio-bar [data-action="edit"]')).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(handle(ids[0]!)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(handle(ids[1]!)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(handle(ids[2]!)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(handle(ids[1]!)).toBeFocused();

  // F6: canvas → edit panel → toolbar → palette → canvas (back on the same block).
  await page.keyboard.press("F6");
  await expect(page.locator(".studio-panel")).toContainText(st("fr", "studio.panel.none"));
  expect(await page.evaluate(() => !!document.activeElement?.closest(".studio-panel"))).toBe(true);
  await page.keyboard.press("F6");
  expect(await page.evaluate(() => !!document.activeElement?.closest(".studio-toolbar"))).toBe(true);
  await page.keyboard.press("F6");
  expect(await page.evaluate(() => !!document.activeElement?.closest(".studio-palette-column"))).toBe(true);
  await page.keyboard.press("F6");
  await expect(handle(ids[1]!)).toBeFocused();

  // Delete from the keyboard: a toast with Annuler, focus on the next block.
  const name = getBlockDefinition(
    (await studioBlock(page, ids[1]!)
      .locator(":scope > .block, :scope > .studio-error-card")
      .first()
      .getAttribute("data-block-type"))!,
  )!.label.fr;
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await expect(studioBlock(page, ids[1]!).locator(':scope > .studio-bar [data-action="delete"]')).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(studioBlock(page, ids[1]!)).toHaveCount(0);
  await expect(handle(ids[2]!)).toBeFocused();
  const toast = page.locator(".studio-toast").filter({ hasText: st("fr", "studio.toast.removed", { name }) });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: st("fr", "studio.toast.undo") }).click();
  await expect(studioBlock(page, ids[1]!)).toHaveCount(1);
  await expect(handle(ids[1]!)).toBeFocused();
  expect(await blockIds(page)).toEqual(ids);

  // Duplicate: the copy follows the block, focused, with its own toast.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(studioBlock(page, ids[1]!).locator(':scope > .studio-bar [data-action="duplicate"]')).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await blockIds(page)).length).toBe(ids.length + 1);
  const copy = (await blockIds(page))[2]!;
  expect(ids).not.toContain(copy);
  await expect(handle(copy)).toBeFocused();
  await expect(page.getByText(st("fr", "studio.toast.duplicated", { name }))).toBeVisible();
  // The draft is saved, and the toolbar says when.
  await expect(ui(page).toolbar.locator(".studio-status")).toHaveText(/^Brouillon enregistré il y a \d+\s?s$/, {
    timeout: 10_000,
  });
});

test("studio: a repeater item added in French appears in English, marked as missing its translation", async ({
  page,
}) => {
  await freshStudio(page);
  const u = ui(page);
  await (await blockButton(page, "demo-text-block-2", st("fr", "studio.overlay.edit"))).click();
  await expect(u.heading).toHaveText(textBlock2.label.fr);
  const fr = u.panel.locator('[data-path="fields.fr.cta_repeater"]');
  const en = u.panel.locator('[data-path="fields.en.cta_repeater"]');
  // The demo block has buttons: count them once the panel has drawn them.
  await expect(fr.locator('[data-item="0"]')).toBeVisible();
  const count = await fr.locator(":scope > .sf-items > .sf-item").count();
  expect(await en.locator(":scope > .sf-items > .sf-item").count()).toBe(count);
  // Items are folded and named from their content.
  await expect(fr.locator('[data-item="0"] [data-action="toggle"]')).toHaveAttribute("aria-expanded", "false");
  await expect(fr.locator('[data-item="0"] .sf-item-name')).not.toBeEmpty();

  await fr.getByRole("button", { name: st("fr", "studio.fields.add", { name: "Bouton" }) }).click();
  const n = count + 1;
  await expect(fr.locator(":scope > .sf-items > .sf-item")).toHaveCount(n);
  await expect(en.locator(":scope > .sf-items > .sf-item")).toHaveCount(n);
  const text = fr.locator(`[data-path="fields.fr.cta_repeater.${count}.cta.text"] input`);
  await text.fill("Réserver une visite");
  await expect(fr.locator(`[data-item="${count}"] .sf-item-name`)).toHaveText("Réserver une visite");
  // The canvas shows the new button in French.
  await expect(studioBlock(page, "demo-text-block-2").locator(".block")).toContainText("Réserver une visite");
  // The panel shows one language at a time (issue 33): the editor switches to English to see it there.
  const switchTo = (locale: "fr" | "en") =>
    u.panel
      .getByRole("group", { name: st("fr", "studio.fields.showLocale") })
      .getByRole("button", { name: st("fr", `studio.fields.locales.${locale}`) })
      .click();
  await switchTo("en");
  await expect(fr).toBeHidden();
  const enItem = en.locator(`[data-item="${count}"] [data-action="toggle"]`);
  await expect(enItem).toBeVisible();
  await expect(enItem).toContainText(`Bouton ${n}`);
  await expect(enItem.locator(".sf-badge")).toHaveText(st("fr", "studio.fields.itemMissing"));
  // Reordered from the keyboard: Alt+↑ moves it up, in both languages.
  await switchTo("fr");
  await fr.locator(`[data-item="${count}"] [data-action="toggle"]`).focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(fr.locator(`[data-item="${count - 1}"] .sf-item-name`)).toHaveText("Réserver une visite");
  await switchTo("en");
  await expect(en.locator(`[data-item="${count - 1}"] .sf-badge`)).toBeVisible();
});

test("studio: an invalid value is marked on its block, counted on Publish and explained in French", async ({
  page,
}) => {
  await freshStudio(page);
  const u = ui(page);
  await expect(u.publish).toHaveText("Publier");
  await (await blockButton(page, "demo-text-block-1", st("fr", "studio.overlay.edit"))).click();
  await u.tab("settings");
  const colour = u.panel.locator('[data-path="block_params.bg_color_primary"] input[type="text"]');
  await colour.fill("rouge");
  await expect(u.panel.locator('[data-path="block_params.bg_color_primary"] .sf-error')).toHaveText(
    st("fr", "studio.validation.colour"),
  );
  const block = studioBlock(page, "demo-text-block-1");
  await expect(block.locator(".studio-chip")).toContainText("1 erreur");
  await expect(block.locator(".studio-error-card")).toContainText("Couleur de fond principale");
  await expect(u.publish).toContainText("1");
  await u.publish.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Texte avec bouton › Couleur de fond principale");
  await expect(dialog).toContainText(st("fr", "studio.validation.colour"));
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: /Couleur de fond principale/ }).click();
  await expect(colour).toBeFocused();
  await colour.fill("#1a2b3c");
  await expect(u.publish).toHaveText("Publier");
});

test("studio: a page opened before any edit opens again after a reload", async ({ page }) => {
  await freshStudio(page);
  await openMenuItem(page, "Page du site", "fr", "Contact");
  await expect(page.locator(".studio-doc-title")).toHaveText("Contact");
  await waitForCanvas(page).catch(() => {});
  await page.reload();
  await expect(page.locator(".studio-doc-title")).toHaveText("Contact", { timeout: 20_000 });
  await expect(page.getByText(st("fr", "studio.toolbar.no-doc"))).toHaveCount(0);
});

test("studio: edit-mode links of the public site open the studio on their page and block", async ({ page }) => {
  await page.goto("/fr/a-propos");
  await page.evaluate(() =>
    localStorage.setItem(
      "studio:settings",
      JSON.stringify({ globalEditModeActivated: true, payloadColorsEnabled: false, theme: null }),
    ),
  );
  await page.reload();
  const bars = page.locator(".studio-edit-bar");
  await expect(bars.first()).toBeVisible({ timeout: 15_000 });
  // Each bar is above the page (its fixed header included) and no bar covers another.
  const boxes = await bars.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = y < innerHeight ? document.elementFromPoint(x, y) : el;
      return { top: r.top, bottom: r.bottom, reachable: !!hit && el.contains(hit) };
    }),
  );
  for (const box of boxes) expect(box.reachable).toBe(true);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
  const values = page.locator('.studio-edit-bar[data-bar-for="about-values"]');
  await expect(values).toContainText("Texte et boutons alignés");
  await expectNoAxeViolations(page);

  await values.getByRole("link", { name: "Modifier ce bloc" }).click();
  await expect(page).toHaveURL(/\/fr\/qa\/sections(\?page=[^&]*)?$/, { timeout: 20_000 });
  const u = ui(page);
  await expect(page.locator(".studio-doc-title")).toHaveText("À propos", { timeout: 20_000 });
  await expect(u.heading).toHaveText("Texte et boutons alignés");
  await expect(studioBlock(page, "about-values")).toHaveAttribute("data-selected", "true");
  await expect(u.panel.getByLabel("Titre principal (Français)", { exact: true })).toHaveValue(
    "Ce qui guide mon travail",
  );
});

test("studio: an edit-mode delete link asks first, and a reload deletes nothing again", async ({ page }) => {
  await page.goto("/fr/a-propos");
  await page.evaluate(() =>
    localStorage.setItem(
      "studio:settings",
      JSON.stringify({ globalEditModeActivated: true, payloadColorsEnabled: false, theme: null }),
    ),
  );
  // Delete asks first; keeping the block keeps it.
  await page.goto("/fr/a-propos");
  await page
    .locator('.studio-edit-bar[data-bar-for="about-career"]')
    .getByRole("link", { name: "Supprimer ce bloc" })
    .click();
  const confirm = page.getByRole("alertdialog", { name: /^Supprimer « / });
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await confirm.getByRole("button", { name: st("fr", "studio.confirm-delete.cancel") }).click();
  await expect(studioBlock(page, "about-career")).toHaveCount(1);
  await page.goto("/fr/a-propos");
  await page
    .locator('.studio-edit-bar[data-bar-for="about-career"]')
    .getByRole("link", { name: "Supprimer ce bloc" })
    .click();
  await page
    .getByRole("alertdialog", { name: /^Supprimer « / })
    .getByRole("button", { name: st("fr", "studio.confirm-delete.confirm") })
    .click();
  await expect(studioBlock(page, "about-career")).toHaveCount(0);
  // A reload does not delete anything again: the link's block and action are gone; the address
  // still names the open page (issue 29).
  expect(new URL(page.url()).search).toBe("?page=/fr/a-propos");
});

test("studio: axe on the studio's screens (menus, dialogs, English studio, general settings)", async ({ page }) => {
  // Eight axe passes over the demo page (one block per type) and the settings' tabs, which grew
  // with issue 29: 1.3 minutes on a quiet runner, more on a loaded one.
  test.setTimeout(240_000);
  await freshStudio(page);
  const u = ui(page);
  await expectNoAxeViolations(page);
  await u.toolbar.getByRole("button", { name: st("fr", "studio.toolbar.open") }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await (await blockButton(page, "demo-text-block-1", st("fr", "studio.overlay.more"))).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await u.publish.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await page.goto("/en/qa/sections");
  await waitForCanvas(page);
  await expect(page.getByRole("toolbar", { name: st("en", "studio.toolbar.label") })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/fr/qa/parametres-generaux");
  await expect(page.getByLabel(st("fr", "studio.settings.phone"))).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.getByRole("tab", { name: st("fr", "studio.settings.tab-theme") }).click();
  await expect(page.locator(".studio-settings-sample .studio-canvas")).toBeVisible();
  await expectNoAxeViolations(page);
});
