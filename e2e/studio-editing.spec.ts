/**
 * Studio editing journeys (issue "studio"): a block dragged into the middle of a page and
 * titled in French and English, rich text formatted in TipTap, a script block's code typed
 * in Monaco, then every step undone and redone one at a time; and rich text that tries to
 * inject markup through an imported page or the path box never reaches the canvas.
 */
import type { Page } from "@playwright/test";
import { textBlock1, textBlock2 } from "../schema/blocks/text";
import {
  CANVAS_MIN,
  COLLAPSED_WIDTH,
  PALETTE_WIDTH,
  PANEL_DEFAULT,
  PANEL_MIN,
  PANEL_STEP,
  PANEL_STEP_LARGE,
  SEPARATOR_WIDTH,
} from "../studio/shell/layout";
import { expect, expectNoAxeViolations, RESOURCE_404, t, test } from "./helpers";
import {
  blockButton,
  blockIds,
  dragFromPalette,
  openMenuItem,
  signIn,
  st,
  studioBlock,
  waitForCanvas,
} from "./studio-helpers";

// The first journey runs some forty steps in a row (about a minute on this machine).
test.describe.configure({ timeout: 180_000 });
test.beforeEach(({ page }) => signIn(page));

/** The dropped block starts as its registry example. */
const example = textBlock1.example.fields;
const FR = {
  title: example.fr.main_title!,
  /** The first sentence of the example's description. */
  description: example.fr.description!.replace(/<[^>]+>/g, "").split(". ")[0]!,
  newTitle: "Portes ouvertes à Limoilou",
  booking: "Réservez votre visite",
  heading: "Visite libre",
  typedCode: "Taux en direct - ",
};
const EN = { title: example.en.main_title!, newTitle: "Open house in Limoilou" };

function studioUi(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: st("fr", "studio.toolbar.label") });
  const panel = page.getByRole("complementary", { name: st("fr", "studio.panel.label") });
  const inLocale = (label: string, locale: "fr" | "en") =>
    st("fr", "studio.fields.inLocale", { label, locale: st("fr", `studio.fields.locales.${locale}`) });
  return {
    toolbar,
    panel,
    inLocale,
    undo: toolbar.getByRole("button", { name: st("fr", "studio.toolbar.undo"), exact: true }),
    redo: toolbar.getByRole("button", { name: st("fr", "studio.toolbar.redo"), exact: true }),
    /** The path box: a dotted path and the live value at that path in the selected block. */
    pathInput: panel.getByLabel(st("fr", "studio.fields.pathBox.path")),
    pathValue: panel.getByLabel(st("fr", "studio.fields.pathBox.value")),
    /** Opens a block's form with the edit button of its bar (shown on hover). */
    // Pointed at and pressed again if the canvas moved under the pointer meanwhile (block views
    // still arriving above it): a press at a stale place would wait for a button that moved away.
    edit: (id: string) =>
      expect(async () => {
        await (await blockButton(page, id, st("fr", "studio.overlay.edit"))).click({ timeout: 3000 });
      }).toPass({ timeout: 30_000 }),
    /** Shows a tab of the edit panel: Contenu, Réglages or Avancé (the path box). */
    tab: (key: "content" | "settings" | "advanced") =>
      panel.getByRole("tab", { name: st("fr", `studio.fields.tabs.${key}`) }).click(),
    /** The edit panel's one-language-at-a-time switch, shown only when the panel is too narrow for both. */
    languageSwitch: panel.getByRole("group", { name: st("fr", "studio.fields.showLocale"), includeHidden: true }),
  };
}

test("studio: drag a block, title it in both languages, format rich text, edit code in Monaco, undo and redo every step", async ({
  page,
}) => {
  // An administrator: the journey edits embedded code, which is theirs to change (issue 27).
  await signIn(page, "admin");
  const ui = studioUi(page);
  // The demo page by its address: the home page (and its lock, which journeys running beside
  // this one hold) is never opened on the way.
  await page.goto("/fr/qa/sections?demo");
  await waitForCanvas(page);
  const initial = await blockIds(page);
  const middle = Math.floor(initial.length / 2);

  // ---- 1. Drag text_block_1 into the middle of the page, title it in French and English.
  await dragFromPalette(page, "text_block_1", middle);
  const afterDrag = await blockIds(page);
  const id = afterDrag[middle]!;
  expect(afterDrag.filter((b) => b !== id)).toEqual(initial);
  const block = studioBlock(page, id);
  await expect(block.locator('[data-block-type="text_block_1"]')).toHaveCount(1);
  const title = block.locator("h2");
  await expect(title).toHaveText(FR.title);
  // The dropped block is selected: its form opens in the edit panel.
  await expect(ui.panel.getByRole("heading", { name: textBlock1.label.fr, exact: true })).toBeVisible();

  const titleLabel = st("fr", "studio.fields.labels.main_title");
  const frTitle = ui.panel.getByLabel(ui.inLocale(titleLabel, "fr"));
  await frTitle.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(FR.newTitle);
  await expect(title).toHaveText(FR.newTitle);

  // At the default panel width one language shows at a time (issue 33): the editor switches to English.
  const showLocale = (locale: "fr" | "en") =>
    ui.languageSwitch.getByRole("button", { name: st("fr", `studio.fields.locales.${locale}`) }).click();
  await expect(ui.languageSwitch).toBeVisible();
  await showLocale("en");
  await expect(frTitle).toBeHidden();
  const enTitle = ui.panel.getByLabel(ui.inLocale(titleLabel, "en"));
  await expect(enTitle).toHaveValue(EN.title);
  await enTitle.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(EN.newTitle);
  await expect(enTitle).toHaveValue(EN.newTitle);
  // The French canvas keeps the French title.
  await expect(title).toHaveText(FR.newTitle);
  await showLocale("fr");
  await expect(frTitle).toBeVisible();

  // The studio in English previews the English text of the same draft. The language link is on
  // the studio's first row (issue 29) and keeps the address naming the open document (?demo).
  await page
    .locator(".studio-nav-row")
    .getByRole("link", { name: st("fr", "studio.toolbar.other-locale") })
    .click();
  await expect(page).toHaveURL(/\/en\/qa\/sections\?demo$/);
  await expect(studioBlock(page, id).locator("h2")).toHaveText(EN.newTitle, { timeout: 15_000 });
  expect(await blockIds(page)).toEqual(afterDrag);
  await page
    .locator(".studio-nav-row")
    .getByRole("link", { name: st("en", "studio.toolbar.other-locale") })
    .click();
  await expect(page).toHaveURL(/\/fr\/qa\/sections\?demo$/);
  await expect(title).toHaveText(FR.newTitle, { timeout: 15_000 });

  // ---- 2. Rich text: a bold, italic link; a heading; a bullet list.
  await ui.edit(id);
  const descriptionLabel = ui.inLocale(st("fr", "studio.fields.labels.description"), "fr");
  const editor = ui.panel.getByRole("textbox", { name: descriptionLabel });
  const format = ui.panel.getByRole("toolbar", {
    name: st("fr", "studio.fields.richtext.toolbar", { label: descriptionLabel }),
  });
  const formatButton = (key: string) => format.getByRole("button", { name: st("fr", `studio.fields.richtext.${key}`) });
  const rich = block.locator(".richtext");
  // Click just after the end of the text, as a person does to add to it (ProseMirror may apply a
  // click's position after the next key press: Ctrl+End alone could lose that race).
  await expect(editor).toContainText(FR.description);
  const end = await editor.evaluate((el) => {
    // The box of the last character of the text.
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node as Text;
    if (!last?.length) throw new Error("the editor has no text");
    const range = document.createRange();
    range.setStart(last, last.length - 1);
    range.setEnd(last, last.length);
    const rects = range.getClientRects();
    const rect = rects[rects.length - 1]!;
    const box = el.getBoundingClientRect();
    return { x: Math.min(rect.right - box.left + 3, box.width - 2), y: rect.top - box.top + rect.height / 2 };
  });
  await editor.click({ position: end });
  await expect(editor).toBeFocused();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(FR.booking);
  await expect(rich.locator("p").last()).toHaveText(FR.booking);
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("Control+b");
  await expect(rich.locator("strong")).toHaveText(FR.booking);
  await formatButton("italic").click();
  await expect(rich.locator("em")).toHaveText(FR.booking);
  await expect(formatButton("italic")).toHaveAttribute("aria-pressed", "true");
  page.once("dialog", (dialog) => void dialog.accept("/fr/contact"));
  await formatButton("link").click();
  await expect(rich.locator('a[href="/fr/contact"]')).toHaveText(FR.booking);

  await page.keyboard.press("Control+Home");
  await page.keyboard.type(FR.heading);
  await page.keyboard.press("Enter");
  await expect(rich.locator("p").first()).toHaveText(FR.heading);
  await page.keyboard.press("ArrowUp");
  await formatButton("h3").click();
  await expect(rich.locator("h3")).toHaveText(FR.heading);
  await page.keyboard.press("ArrowDown");
  await formatButton("bulletList").click();
  await expect(rich.locator("ul > li")).toContainText(FR.description);
  await expect(rich.locator(":scope > *")).toHaveCount(3);

  // The edit panel, with the rich text toolbar showing pressed buttons. Links inside the editing
  // surface are the edited content, not targets (TipTap does not open them on click).
  await expectNoAxeViolations(page, { include: [".studio-panel"], exclude: [".sf-richtext-content a"] });

  // ---- 3. Code in Monaco: typing changes the draft; Ctrl+Z in Monaco goes through the studio's history.
  // The embed's code does not run in the studio (its policy, issue 18): the canvas says so.
  const script = studioBlock(page, "demo-script-embed-block");
  await expect(script.locator(".embed-studio-notice > p")).toHaveText(t("fr", "embeds.script-in-studio"));
  // Neither its markup nor its scripts are in the canvas's DOM (the code shows as text below).
  await expect(script.locator("#rive-sud-widget, script")).toHaveCount(0);
  // The canvas shows the code's beginning as text.
  const scriptContent = script.locator(".embed-studio-code");
  await expect(scriptContent).toContainText('<div id="rive-sud-widget"');
  await ui.edit("demo-script-embed-block");
  const codeLabel = ui.inLocale(st("fr", "studio.fields.labels.script_content"), "fr");
  await ui.panel.getByRole("button", { name: st("fr", "studio.fields.openCode", { label: codeLabel }) }).click();
  const monaco = ui.panel.locator('.sf-col[data-locale="fr"] .monaco-editor');
  await expect(monaco).toBeVisible({ timeout: 20_000 });
  await monaco.locator(".view-lines").click();
  await page.keyboard.press("Control+Home");
  await expect(scriptContent).not.toContainText(FR.typedCode.trim());
  await page.keyboard.type(FR.typedCode);
  await expect(scriptContent).toContainText(FR.typedCode.trim());
  await expect(monaco.locator(".view-lines")).toContainText(FR.typedCode.trim());
  // Still typing in Monaco: Ctrl+Z undoes the whole burst through the studio, Ctrl+Shift+Z redoes it.
  // (The studio's own redo button tells that the step went through its history, not Monaco's.)
  await expect(ui.redo).toBeDisabled();
  await page.keyboard.press("Control+z");
  await expect(monaco.locator(".view-lines")).not.toContainText(FR.typedCode.trim());
  await expect(scriptContent).not.toContainText(FR.typedCode.trim());
  await expect(ui.redo).toBeEnabled();
  await page.keyboard.press("Control+Shift+z");
  await expect(monaco.locator(".view-lines")).toContainText(FR.typedCode.trim());
  await expect(scriptContent).toContainText(FR.typedCode.trim());
  await expect(ui.redo).toBeDisabled();
  // The draft holds the typed code at the start of the field (the path box, in the Avancé tab).
  await ui.tab("advanced");
  await ui.pathInput.fill("fields.fr.script_content");
  await expect(ui.pathValue).toHaveValue(new RegExp(`^${FR.typedCode}<div id="rive-sud-widget"`));

  // ---- 4. Undo everything, one step at a time, then redo it all.
  // The path box follows the English title of the new block, which the French canvas does not show.
  const checks: { undone: () => Promise<void>; done: () => Promise<void> }[] = [
    {
      // 1. insert the block
      undone: async () => expect(block).toHaveCount(0),
      done: async () => expect(block.locator('[data-block-type="text_block_1"]')).toHaveCount(1),
    },
    {
      // 2. French title (one typing burst)
      undone: async () => expect(title).toHaveText(FR.title),
      done: async () => expect(title).toHaveText(FR.newTitle),
    },
    {
      // 3. English title (one typing burst)
      undone: async () => expect(ui.pathValue).toHaveValue(EN.title),
      done: async () => expect(ui.pathValue).toHaveValue(EN.newTitle),
    },
    {
      // 4. typing a new paragraph
      undone: async () => expect(rich).not.toContainText(FR.booking),
      done: async () => expect(rich.locator("p").last()).toHaveText(FR.booking),
    },
    {
      // 5. bold
      undone: async () => expect(rich.locator("strong")).toHaveCount(0),
      done: async () => expect(rich.locator("strong")).toHaveText(FR.booking),
    },
    {
      // 6. italic
      undone: async () => expect(rich.locator("em")).toHaveCount(0),
      done: async () => expect(rich.locator("em")).toHaveText(FR.booking),
    },
    {
      // 7. link
      undone: async () => expect(rich.locator("a")).toHaveCount(0),
      done: async () => expect(rich.locator('a[href="/fr/contact"]')).toHaveText(FR.booking),
    },
    {
      // 8. typing the heading's text
      undone: async () => expect(rich).not.toContainText(FR.heading),
      done: async () => expect(rich.locator("p").first()).toHaveText(FR.heading),
    },
    {
      // 9. heading 3
      undone: async () => expect(rich.locator("h3")).toHaveCount(0),
      done: async () => expect(rich.locator("h3")).toHaveText(FR.heading),
    },
    {
      // 10. bullet list
      undone: async () => expect(rich.locator("ul")).toHaveCount(0),
      done: async () => expect(rich.locator("ul > li")).toContainText(FR.description),
    },
    {
      // 11. code typed in Monaco (one typing burst)
      undone: async () => expect(scriptContent).not.toContainText(FR.typedCode.trim()),
      done: async () => expect(scriptContent).toContainText(FR.typedCode.trim()),
    },
  ];
  await ui.edit(id);
  await ui.tab("advanced");
  await ui.pathInput.fill("fields.en.main_title");
  await expect(ui.pathValue).toHaveValue(EN.newTitle);
  for (let step = checks.length - 1; step >= 0; step--) {
    await expect(ui.undo).toBeEnabled();
    await ui.undo.click();
    await checks[step]!.undone();
    // Earlier steps are still in place.
    if (step > 0) await checks[step - 1]!.done();
  }
  await expect(ui.undo).toBeDisabled();
  expect(await blockIds(page)).toEqual(initial);

  for (let step = 0; step < checks.length; step++) {
    await expect(ui.redo).toBeEnabled();
    // The panel lost the block with the first undo; select it again once it is back.
    if (step === 1) await ui.edit(id);
    if (step === 1) await ui.tab("advanced");
    if (step === 1) await ui.pathInput.fill("fields.en.main_title");
    await ui.redo.click();
    await checks[step]!.done();
    if (step + 1 < checks.length) await checks[step + 1]!.undone();
  }
  await expect(ui.redo).toBeDisabled();
  expect(await blockIds(page)).toEqual(afterDrag);
  await expect(title).toHaveText(FR.newTitle);
  await expect(rich.locator("h3")).toHaveText(FR.heading);
  await expect(rich.locator("strong em, em strong")).toHaveText(FR.booking);
  await expect(scriptContent).toContainText(FR.typedCode.trim());
});

test("studio: an editor sees embedded code read-only, with why, and finds no embed block to add", async ({ page }) => {
  const ui = studioUi(page);
  // The demo page by its address: the home page (and its lock, which journeys running beside
  // this one hold) is never opened on the way.
  await page.goto("/fr/qa/sections?demo");
  await waitForCanvas(page);
  await expect(page.locator('[data-palette-type="text_block_1"]')).toHaveCount(1);
  await expect(page.locator('[data-palette-type="script_embed_block"]')).toHaveCount(0);
  await ui.edit("demo-script-embed-block");
  const codeLabel = ui.inLocale(st("fr", "studio.fields.labels.script_content"), "fr");
  await expect(
    ui.panel.getByRole("button", { name: st("fr", "studio.fields.openCode", { label: codeLabel }) }),
  ).toHaveCount(0);
  await expect(
    ui.panel.locator(".sf-note", { hasText: st("fr", "studio.fields.codeAdminOnly") }).first(),
  ).toBeVisible();
  await expect(ui.panel.locator(".sf-code-preview").first()).toContainText('<div id="rive-sud-widget"');
  await expectNoAxeViolations(page, { include: [".studio-panel"] });
});

test("studio: rich text that tries to inject markup never reaches the canvas (imported page, path box)", async ({
  page,
  consoleErrors,
}) => {
  // The injected images point nowhere, so that an onerror handler would fire if it were kept.
  consoleErrors.allow(RESOURCE_404);
  // Chromium reports an inline handler as a CSP violation as soon as a parser reads it, even in the
  // inert documents DOMPurify and TipTap parse into; what matters is that none reaches the canvas.
  consoleErrors.allow(/Executing inline event handler violates the following Content Security Policy/);
  const ui = studioUi(page);
  await page.goto("/fr/qa/sections");
  await waitForCanvas(page);
  const importedPage = {
    page: {
      page_id: "injection",
      paths: { fr: "/fr/injection", en: "/en/injection" },
      title: { fr: "Injection", en: "Injection" },
      content: [
        {
          id: "injected-text",
          block_type: "text_block_1",
          block_params: {},
          fields: {
            fr: {
              main_title: "Page importée",
              description:
                '<p>Texte importé</p><img src="/images/missing-injection.png" onerror="window.__injected = \'import\'">' +
                "<script>window.__injected = 'script'</script>",
            },
          },
        },
      ],
    },
  };
  const chooser = page.waitForEvent("filechooser");
  await openMenuItem(page, st("fr", "studio.toolbar.import"));
  await (await chooser).setFiles({
    name: "injection.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(importedPage)),
  });
  const block = studioBlock(page, "injected-text");
  const rich = block.locator(".richtext");
  await expect(rich).toHaveText("Texte importé");
  await expect(page.locator(".studio-canvas [onerror], .studio-canvas .richtext script")).toHaveCount(0);

  // The path box writes any string: the canvas still shows it sanitised.
  await ui.edit("injected-text");
  await ui.tab("advanced");
  await ui.pathInput.fill("fields.fr.description");
  await expect(ui.pathValue).toHaveValue(/^<p>Texte importé<\/p>/);
  await ui.pathValue.fill(
    '<p>Par le chemin <a href="javascript:window.__injected=\'link\'">lien</a></p><img src="/images/missing-injection.png" onerror="window.__injected = \'path\'">',
  );
  await ui.panel.getByRole("button", { name: st("fr", "studio.fields.pathBox.apply") }).click();
  await expect(rich).toHaveText("Par le chemin lien");
  await expect(rich.locator("a")).not.toHaveAttribute("href", /javascript:/);
  await expect(page.locator(".studio-canvas [onerror], .studio-canvas .richtext script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
});

test("studio: one language at a time at 1280 px, side by side in a wider panel, missing-translation badge until copied, panel resized from the keyboard and the mouse", async ({
  page,
}) => {
  const ui = studioUi(page);
  const viewport = page.viewportSize()!;
  expect(viewport.width).toBe(1280);
  // The demo page by its address: the home page (and its lock, which journeys running beside
  // this one hold) is never opened on the way.
  await page.goto("/fr/qa/sections?demo");
  await waitForCanvas(page);
  const id = "demo-text-block-1";
  const title = studioBlock(page, id).locator("h2");
  await expect(title).toHaveText(FR.title);
  await ui.edit(id);
  // The edit panel's code loads with the first selection.
  await expect(ui.panel.getByRole("heading", { name: textBlock1.label.fr, exact: true })).toBeVisible({
    timeout: 15_000,
  });

  // ---- 1. The default panel shows one language at a time with its switch, the canvas keeping its room (issue 33).
  const titleLabel = st("fr", "studio.fields.labels.main_title");
  const frTitle = ui.panel.getByLabel(ui.inLocale(titleLabel, "fr"), { exact: true });
  const enTitle = ui.panel.getByLabel(ui.inLocale(titleLabel, "en"), { exact: true });
  const showLocale = (locale: "fr" | "en") =>
    ui.languageSwitch.getByRole("button", { name: st("fr", `studio.fields.locales.${locale}`) }).click();
  await expect(frTitle).toHaveValue(FR.title);
  await expect(enTitle).toHaveValue(EN.title);
  await frTitle.scrollIntoViewIfNeeded();
  await expect(ui.languageSwitch).toBeVisible();
  await expect(frTitle).toBeVisible();
  await expect(enTitle).toBeHidden();
  const panelBox = (await ui.panel.boundingBox())!;
  expect(panelBox.width).toBe(PANEL_DEFAULT);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(viewport.width);
  const frBox = (await frTitle.boundingBox())!;
  expect(frBox.width).toBeGreaterThan(300);
  expect(frBox.x + frBox.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);
  const main = page.locator(".studio-main");
  // A desktop preview at 55 % or more (1280 × 0.55 = 704 px, plus the scroller's padding).
  expect((await main.boundingBox())!.width).toBeGreaterThanOrEqual(736);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

  // ---- 2. Emptying the French title shows the badge; copying from English fills it and removes the badge.
  const titleRow = ui.panel.locator('.sf-row[data-field="main_title"]');
  const missingFr = titleRow.getByText(
    st("fr", "studio.fields.missingTranslation", { locale: st("fr", "studio.fields.locales.fr") }),
  );
  const missingEn = titleRow.getByText(
    st("fr", "studio.fields.missingTranslation", { locale: st("fr", "studio.fields.locales.en") }),
  );
  await expect(missingFr).toHaveCount(0);
  await frTitle.fill("");
  await expect(frTitle).toHaveValue("");
  await expect(missingFr).toBeVisible();
  await expect(missingEn).toHaveCount(0);
  await titleRow.getByRole("button", { name: st("fr", "studio.fields.copyFromEn") }).click();
  await expect(frTitle).toHaveValue(EN.title);
  await expect(missingFr).toHaveCount(0);
  await expect(title).toHaveText(EN.title);
  // And the other way, in English: empty it, copy it from French.
  await showLocale("en");
  await expect(enTitle).toBeVisible();
  await enTitle.fill("");
  await expect(missingEn).toBeVisible();
  await titleRow.getByRole("button", { name: st("fr", "studio.fields.copyFromFr") }).click();
  await expect(enTitle).toHaveValue(EN.title);
  await expect(missingEn).toHaveCount(0);
  await showLocale("fr");

  // ---- 3. The separator, from the keyboard.
  const separator = page.getByRole("separator", { name: st("fr", "studio.layout.panel-width") });
  const panelWidth = async () => Math.round((await ui.panel.boundingBox())!.width);
  await expect(separator).toHaveAttribute("aria-orientation", "vertical");
  await expect(separator).toHaveAttribute("aria-valuenow", String(PANEL_DEFAULT));
  await expect(separator).toHaveAttribute("aria-valuemin", String(PANEL_MIN));
  const max = Number(await separator.getAttribute("aria-valuemax"));
  // The palette is folded to its rail while a block is edited at 1280 px.
  expect(max).toBe(viewport.width - COLLAPSED_WIDTH - SEPARATOR_WIDTH - CANVAS_MIN);
  await separator.focus();
  await expect(separator).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(separator).toHaveAttribute("aria-valuenow", String(PANEL_DEFAULT + PANEL_STEP));
  await expect.poll(panelWidth).toBe(PANEL_DEFAULT + PANEL_STEP);
  await page.keyboard.press("Shift+ArrowRight");
  await expect(separator).toHaveAttribute("aria-valuenow", String(PANEL_DEFAULT + PANEL_STEP - PANEL_STEP_LARGE));
  await page.keyboard.press("End");
  await expect(separator).toHaveAttribute("aria-valuenow", String(max));
  await expect.poll(panelWidth).toBe(max);
  // The widest panel still leaves the canvas its minimum.
  expect(Math.round((await main.boundingBox())!.width)).toBeGreaterThanOrEqual(CANVAS_MIN);
  await page.keyboard.press("ArrowLeft");
  await expect(separator).toHaveAttribute("aria-valuenow", String(max));
  // The narrowest panel shows one language at a time, with the switch.
  await page.keyboard.press("Home");
  await expect(separator).toHaveAttribute("aria-valuenow", String(PANEL_MIN));
  await expect.poll(panelWidth).toBe(PANEL_MIN);
  await expect(ui.languageSwitch).toBeVisible();
  await expect(frTitle).toBeVisible();
  await expect(enTitle).toBeHidden();
  await ui.languageSwitch.getByRole("button", { name: st("fr", "studio.fields.locales.en") }).click();
  await expect(enTitle).toBeVisible();
  await expect(frTitle).toBeHidden();
  // Side by side in a panel widened for both languages: 288 + 4 × 80 + 4 × 16 = 672.
  await separator.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowLeft");
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowLeft");
  const chosen = PANEL_MIN + 4 * PANEL_STEP_LARGE + 4 * PANEL_STEP;
  await expect(separator).toHaveAttribute("aria-valuenow", String(chosen));
  await expect(ui.languageSwitch).toBeHidden();
  await expect(frTitle).toBeVisible();
  await expect(enTitle).toBeVisible();
  // Both languages of a field on one row, inside the panel.
  const frRow = (await frTitle.boundingBox())!;
  const enRow = (await enTitle.boundingBox())!;
  expect(Math.abs(frRow.y - enRow.y), "French and English inputs on the same row").toBeLessThan(1);
  expect(Math.abs(frRow.height - enRow.height)).toBeLessThan(1);
  expect(frRow.x + frRow.width, "French input left of the English one").toBeLessThanOrEqual(enRow.x);
  expect(frRow.width).toBeGreaterThan(200);
  expect(enRow.width).toBeGreaterThan(200);
  const widePanel = (await ui.panel.boundingBox())!;
  expect(enRow.x + enRow.width).toBeLessThanOrEqual(widePanel.x + widePanel.width);
  expect(widePanel.x + widePanel.width).toBeLessThanOrEqual(viewport.width);

  // The width survives a reload.
  await page.reload();
  await expect(page.locator(".studio-chunk > [data-studio-block]").nth(4)).toBeVisible({ timeout: 15_000 });
  await expect(separator).toHaveAttribute("aria-valuenow", String(chosen));
  expect(await panelWidth()).toBe(chosen);

  // ---- 4. With the mouse: drag the separator 60 px to the right, the panel loses 60 px.
  const sepBox = (await separator.boundingBox())!;
  const grabX = sepBox.x + sepBox.width / 2;
  const grabY = sepBox.y + Math.min(sepBox.height / 2, 200);
  await page.mouse.move(grabX, grabY);
  await page.mouse.down();
  await page.mouse.move(grabX + 30, grabY, { steps: 3 });
  await page.mouse.move(grabX + 60, grabY, { steps: 3 });
  // The separator follows the pointer; the panel takes the width on release.
  await expect(separator).toHaveAttribute("aria-valuenow", String(chosen - 60));
  await expect.poll(async () => Math.round((await separator.boundingBox())!.x - sepBox.x)).toBe(60);
  await page.mouse.up();
  await expect.poll(panelWidth).toBe(chosen - 60);
  await expect.poll(async () => Math.round((await separator.boundingBox())!.x - sepBox.x)).toBe(60);
  // The panel's own buttons do the same with a click.
  await ui.panel.getByRole("button", { name: st("fr", "studio.layout.panel-wider") }).click();
  await expect(separator).toHaveAttribute("aria-valuenow", String(chosen - 60 + PANEL_STEP_LARGE));
  await ui.panel.getByRole("button", { name: st("fr", "studio.layout.panel-narrower") }).click();
  await expect(separator).toHaveAttribute("aria-valuenow", String(chosen - 60));
});

test("studio: previews at their real width scaled to the canvas column; the palette collapses to a rail, stays collapsed, and opens again from the keyboard", async ({
  page,
}) => {
  const viewport = page.viewportSize()!;
  // The demo page by its address: the home page (and its lock, which journeys running beside
  // this one hold) is never opened on the way.
  await page.goto("/fr/qa/sections?demo");
  await waitForCanvas(page);
  const main = page.locator(".studio-main");
  const canvasScroll = page.locator(".studio-canvas-scroll");
  const panel = page.getByRole("complementary", { name: st("fr", "studio.panel.label") });
  const panelWidth = async () => Math.round((await panel.boundingBox())!.width);
  expect(await panelWidth()).toBe(PANEL_DEFAULT);

  // The studio fills the window: the canvas and the panel scroll on their own, the window does not.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height);
  expect(await canvasScroll.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

  // ---- 1. Preview devices: laid out at their real width, scaled to fit the canvas column, zoom shown.
  const devices = page.getByRole("radiogroup", { name: st("fr", "studio.toolbar.width") });
  const canvas = page.locator(".studio-main .studio-canvas");
  const zoomButton = page
    .getByRole("toolbar", { name: st("fr", "studio.toolbar.label") })
    .getByRole("button", { name: /^Zoom / });
  const column = async () =>
    canvasScroll.evaluate((el) => {
      const style = getComputedStyle(el);
      return el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    });
  const header = canvas.locator('[data-block-id="demo-header-classic-block"]');
  for (const [key, px] of [
    ["tablet", 768],
    ["phone", 414],
    ["wide", 1440],
    ["desktop", 1280],
  ] as const) {
    await devices.getByRole("radio", { name: st("fr", `studio.toolbar.${key}`) }).check();
    // Laid out at the device's width (CSS px inside the canvas), whatever the window.
    await expect.poll(() => canvas.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(px);
    await expect.poll(() => header.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(px);
    // Scaled to the column: no sideways scrolling, and the zoom the toolbar shows is the one applied.
    const available = await column();
    const shown = (await canvas.boundingBox())!.width;
    expect(shown).toBeLessThanOrEqual(available + 1);
    if (px > available) expect(shown).toBeGreaterThan(available - 3);
    const zoom = (shown / px) * 100;
    const percent = Number((await zoomButton.textContent())?.match(/^(\d+)/)?.[1]);
    expect(Math.abs(percent - zoom)).toBeLessThanOrEqual(1);
    expect(await canvasScroll.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await panelWidth()).toBe(PANEL_DEFAULT);
    if (key === "phone") {
      // The phone preview lays blocks out as a phone does, though the window is 1280 px wide.
      await expect(header.locator(".hdr-burger")).toBeVisible();
      await expect(header.locator(".hdr-nav")).toBeHidden();
      await expect(header.locator(".hdr-locales--desktop")).toBeHidden();
    }
  }
  // The desktop preview shows the desktop header, every link of it inside the header.
  await expect(header.locator(".hdr-nav")).toBeVisible();
  await expect(header.locator(".hdr-locales--desktop")).toBeVisible();
  await expect(header.locator(".hdr-burger")).toBeHidden();
  // A fixed zoom wider than the column scrolls sideways inside it, never the window.
  await zoomButton.click();
  await page.getByRole("menuitemradio", { name: /^100\s?%$/ }).click();
  await expect(zoomButton).toHaveText(/^100\s?%/);
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.width)).toBe(1280);
  const scroll = await canvasScroll.evaluate((el) => {
    el.scrollLeft = 50;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrolled: el.scrollLeft };
  });
  expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
  expect(scroll.scrolled).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await zoomButton.click();
  await page.getByRole("menuitemradio", { name: /^Ajuster/ }).click();
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThanOrEqual((await column()) + 1);

  // ---- 2. The palette collapses to a rail, the canvas takes the room, and it stays collapsed after a reload.
  const toggle = page.getByRole("button", { name: st("fr", "studio.layout.palette-toggle") });
  const search = page.getByLabel(st("fr", "studio.palette.search"));
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(search).toBeVisible();
  await expectNoAxeViolations(page, { include: [".studio-palette-column", ".studio-separator", ".studio-panel"] });
  const mainBefore = (await main.boundingBox())!.width;
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(search).toBeHidden();
  await expect
    .poll(async () => Math.round((await main.boundingBox())!.width - mainBefore))
    .toBe(PALETTE_WIDTH - COLLAPSED_WIDTH);
  await expectNoAxeViolations(page, { include: [".studio-palette-column", ".studio-separator"] });
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-expanded", "false", { timeout: 15_000 });
  await expect(search).toBeHidden();
  expect(await panelWidth()).toBe(PANEL_DEFAULT);
  // Nothing was edited: the last page (the demo page) opens again by itself.
  await waitForCanvas(page);
  await expect(search).toBeHidden();

  // From the keyboard: open the palette again and insert a block at a chosen position.
  const before = await blockIds(page);
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(search).toBeFocused();
  const name = textBlock2.label.fr;
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  const insert = page.getByRole("button", { name: st("fr", "studio.palette.insert-named", { name }) });
  await expect(insert).toBeFocused();
  await page.keyboard.press("Enter");
  const position = page.getByLabel(st("fr", "studio.palette.position", { max: before.length + 1 }));
  await expect(position).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await blockIds(page)).length).toBe(before.length + 1);
  const inserted = (await blockIds(page))[1]!;
  expect(before).not.toContain(inserted);
  await expect(studioBlock(page, inserted).locator('[data-block-type="text_block_2"]')).toHaveCount(1);
  // Focus went to the new block's bar, and its form is open.
  await expect(studioBlock(page, inserted).locator(":scope > .studio-bar [data-action='drag']")).toBeFocused();
  await expect(panel.getByRole("heading", { name, exact: true })).toBeVisible();
});

test("studio: a pasted frame or handler the published page will not keep is named before publishing (issue 33)", async ({
  page,
  consoleErrors,
}) => {
  // Chromium reports an inline handler under the page's CSP as soon as DOMPurify's inert
  // document parses the pasted code (no handler runs: the document has no window).
  consoleErrors.allow(/Executing inline event handler violates/);
  await signIn(page, "admin");
  const ui = studioUi(page);
  await page.goto("/fr/qa/sections?demo");
  await waitForCanvas(page);
  await ui.edit("demo-script-embed-block");
  // Nothing is removed from the demo's embed: no warning.
  await expect(ui.panel.locator(".sf-kind-code [role=note]")).toHaveCount(0);
  await ui.tab("advanced");
  await ui.pathInput.fill("fields.fr.script_content");
  await ui.pathValue.fill(
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
      '<iframe src="https://evil.example/login"></iframe><p onclick="steal()">Visite</p>',
  );
  await ui.panel.getByRole("button", { name: st("fr", "studio.fields.pathBox.apply") }).click();
  await ui.tab("content");
  const warning = ui.panel
    .getByRole("note")
    .filter({ hasText: st("fr", "studio.fields.embedRemoved_other", { count: 2 }) });
  await expect(warning).toBeVisible();
  // The YouTube player stays (it is allowed): only the other host's frame and the handler are named.
  await expect(warning.getByRole("listitem")).toHaveText([
    st("fr", "studio.fields.embedRemovedFrame", { host: "evil.example" }),
    st("fr", "studio.fields.embedRemovedAttribute", { name: "onclick", tag: "p" }),
  ]);
  await expect(warning).toContainText("YouTube, Vimeo, Matterport, Google Maps");
  await warning.screenshot({ path: test.info().outputPath("embed-warning.png") });
  await expectNoAxeViolations(page, { include: [".studio-panel"] });
});
