/**
 * Publishing with server drafts (issue 33), as editors and their clients use it:
 *  - the publish dialog lists an English title left empty (a link to the field), and lets the
 *    editor publish anyway; the versions dialog shows the title's old and new text;
 *  - a page scheduled two minutes ahead is published once (two web processes on the PostgreSQL
 *    pass) and appears in the history as a scheduled publish;
 *  - an anonymous visitor opens a preview link and sees the draft, noindex and never cached, and
 *    sees nothing once it is revoked.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { getBlockDefinition } from "../schema/registry";
import { expectNoAxeViolations } from "./helpers";
import {
  blockButton,
  e2eOrigin,
  openMenuItem,
  showPanelLocale,
  signIn,
  st,
  studioBlock,
  waitForCanvas,
} from "./studio-helpers";

test.describe.configure({ timeout: 360_000 });

function label(field: string, locale: "fr" | "en") {
  return st("fr", "studio.fields.inLocale", {
    label: st("fr", `studio.fields.labels.${field}`),
    locale: st("fr", `studio.fields.locales.${locale}`),
  });
}

async function openSitePage(page: Page, title: string) {
  await signIn(page);
  await page.goto("/fr/qa/sections");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitForCanvas(page);
  await openMenuItem(page, st("fr", "studio.toolbar.open-page"), "fr", title);
  await expect(page.locator(".studio-doc-title")).toHaveText(title);
}

/** Opens a block's form from its bar (its code loads the first time). */
async function openForm(page: Page, blockId: string, field: string) {
  const panel = page.getByRole("complementary", { name: st("fr", "studio.panel.label") });
  const input = panel.getByLabel(label(field, "fr"), { exact: true });
  await expect(async () => {
    await (await blockButton(page, blockId, st("fr", "studio.overlay.edit"))).click({ timeout: 3000 });
    await expect(input).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  return panel;
}

async function retype(page: Page, field: ReturnType<Page["getByLabel"]>, text: string) {
  await field.click();
  await page.keyboard.press("Control+a");
  if (text) await page.keyboard.type(text);
  else await page.keyboard.press("Delete");
}

const toolbar = (page: Page) => page.getByRole("toolbar", { name: st("fr", "studio.toolbar.label") });
const publishButton = (page: Page) => toolbar(page).getByRole("button", { name: /^Publier/ });

test("the publish dialog lists an emptied English title; the versions dialog shows its old and new text", async ({
  page,
}) => {
  const block = "broker-testimonials-brokers";
  await openSitePage(page, "Témoignages");
  const panel = await openForm(page, block, "main_title");
  const english = panel.getByLabel(label("main_title", "en"), { exact: true });
  await showPanelLocale(page, "en");
  await retype(page, english, "");
  await expect(english).toHaveValue("");
  await expect(studioBlock(page, block).locator(".studio-chip")).toContainText(
    st("fr", "studio.canvas.untranslated_one", { count: 1 }),
  );

  await publishButton(page).click();
  const dialog = page.getByRole("dialog", { name: st("fr", "studio.publish.title") });
  const untranslated = dialog.getByRole("region", { name: st("fr", "studio.publish.untranslated_one", { count: 1 }) });
  const name = getBlockDefinition("testimonials_brokers_block")!.label.fr;
  const item = untranslated.getByRole("button", { name: `${name} › Titre principal (en anglais)` });
  await expect(item).toBeVisible();
  await expect(dialog.getByRole("button", { name: st("fr", "studio.publish.submit-anyway") })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/issue33-publish-untranslated.png" });

  // The link goes to the field, which the editor fixes.
  await item.click();
  await expect(dialog).toBeHidden();
  await expect(english).toBeFocused();
  const text = `Brokers who trust me ${Date.now()}`;
  await page.keyboard.type(text);

  // The versions dialog: the title's text in the published version and in the draft, side by side.
  await toolbar(page)
    .getByRole("button", { name: st("fr", "studio.versions.open") })
    .click();
  const versions = page.getByRole("dialog", { name: st("fr", "studio.versions.title") });
  const change = versions.locator(".studio-diff-field").filter({ hasText: "Titre principal" });
  await expect(change).toBeVisible({ timeout: 15_000 });
  await expect(change.locator('dd[data-side="before"]')).toHaveText("They trusted me");
  await expect(change.locator('dd[data-side="after"]')).toHaveText(text);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/issue33-versions-diff.png" });
  await versions.getByRole("button", { name: st("fr", "studio.versions.close") }).click();

  // Left as it was for the other journeys.
  await openMenuItem(page, st("fr", "studio.drafts.discard"));
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: st("fr", "studio.drafts.discard-confirm") })
    .click();
  await expect(studioBlock(page, block)).toContainText("Ils m'ont fait confiance");
});

/** The parts of an instant in the site's time zone, for the date field's segments. */
function zonedParts(date: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Toronto",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

test("a page scheduled two minutes ahead is published once and appears in the history", async ({ page }) => {
  const block = "why-julie-statistics";
  await openSitePage(page, "Pourquoi Julie");
  const before = (await (await page.request.get("/api/pages/demo-broker/why-julie/versions")).json()) as {
    versions: { version: number }[];
  };
  const panel = await openForm(page, block, "main_title");
  const title = `Julie en chiffres (programmé ${Date.now()})`;
  await retype(page, panel.getByLabel(label("main_title", "fr"), { exact: true }), title);
  await expect(studioBlock(page, block)).toContainText(title);

  await publishButton(page).click();
  const dialog = page.getByRole("dialog", { name: st("fr", "studio.publish.title") });
  await dialog.getByLabel(st("fr", "studio.publish.note")).fill("Chiffres de l'année");
  await dialog.getByText(st("fr", "studio.schedule.later"), { exact: true }).click();
  // Two minutes from now, at the minute, in the site's time zone.
  const at = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  const parts = zonedParts(at);
  const picker = dialog.locator(".studio-date-picker");
  for (const type of ["year", "month", "day", "hour", "minute"] as const) {
    await picker.locator(`[data-type="${type}"]`).click();
    await page.keyboard.type(parts[type]);
  }
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/issue33-publish-later.png" });
  await dialog.getByRole("button", { name: st("fr", "studio.schedule.submit") }).click();
  await expect(dialog.getByRole("status")).toContainText("Publication programmée le", { timeout: 15_000 });
  await dialog.getByRole("button", { name: st("fr", "studio.publish.close") }).click();

  // The Open list says when.
  await toolbar(page)
    .getByRole("button", { name: st("fr", "studio.toolbar.open") })
    .click();
  await page.getByRole("menuitem", { name: st("fr", "studio.toolbar.open-page") }).click();
  await expect(page.getByRole("menuitem", { name: /Pourquoi Julie/ })).toContainText("publication le");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  // Its time comes: the public page shows it (whichever web process published it).
  const visitor = await page.context().browser()!.newContext({ baseURL: e2eOrigin() });
  const publicPage = await visitor.newPage();
  await expect(async () => {
    await publicPage.goto("/fr/pourquoi-julie");
    await expect(publicPage.locator('[data-block-id="why-julie-statistics"]')).toContainText(title, { timeout: 1000 });
  }).toPass({ timeout: 240_000, intervals: [5000] });
  await visitor.close();

  // Published once: one more version, the scheduled one, with its note.
  const after = (await (await page.request.get("/api/pages/demo-broker/why-julie/versions")).json()) as {
    versions: { version: number; note: string | null; scheduled_for: string | null }[];
  };
  expect(after.versions.length).toBe(before.versions.length + 1);
  expect(after.versions[0]).toMatchObject({
    version: before.versions[0]!.version + 1,
    note: "Chiffres de l'année",
    scheduled_for: at.toISOString(),
  });
  expect(after.versions.filter((v) => v.scheduled_for !== null)).toHaveLength(1);
  // In the history, as the editor reads it.
  await page.reload();
  await waitForCanvas(page).catch(() => {});
  await expect(page.locator(".studio-doc-title")).toHaveText("Pourquoi Julie", { timeout: 20_000 });
  await toolbar(page)
    .getByRole("button", { name: st("fr", "studio.versions.open") })
    .click();
  const versions = page.getByRole("dialog", { name: st("fr", "studio.versions.title") });
  const newest = versions.getByRole("option").first();
  await expect(newest).toContainText("Publication programmée pour le");
  await expect(newest).toContainText("Chiffres de l'année");
});

async function anonymous(browser: Browser) {
  const context = await browser.newContext({ baseURL: e2eOrigin(), locale: "fr-CA" });
  return { context, page: await context.newPage() };
}

test("a preview link shows the draft to a visitor without an account, noindex, until it is revoked", async ({
  page,
  browser,
}) => {
  const block = "services-intro";
  await openSitePage(page, "Services");
  const panel = await openForm(page, block, "main_title");
  const draft = `Mes services (aperçu ${Date.now()})`;
  await retype(page, panel.getByLabel(label("main_title", "fr"), { exact: true }), draft);
  await expect(toolbar(page).locator(".studio-status")).toHaveText(/^Brouillon enregistré/, { timeout: 15_000 });

  await toolbar(page)
    .getByRole("button", { name: st("fr", "studio.share.open") })
    .click();
  const dialog = page.getByRole("dialog", { name: st("fr", "studio.share.title") });
  await dialog.getByRole("button", { name: st("fr", "studio.share.create") }).click();
  const field = dialog.getByLabel(st("fr", "studio.share.link"));
  await expect(field).toHaveValue(/\/fr\/apercu\/[A-Za-z0-9_-]{43}$/);
  const url = await field.inputValue();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/issue33-share.png" });

  // A visitor with no account opens it: the draft, a discreet banner, never indexed nor cached.
  const visitor = await anonymous(browser);
  const response = await visitor.page.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(visitor.page.locator(`[data-block-id="${block}"]`)).toContainText(draft);
  await expect(visitor.page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(visitor.page.getByRole("complementary", { name: "Aperçu" })).toContainText("brouillon");
  await expectNoAxeViolations(visitor.page);
  await visitor.page.screenshot({ path: "test-results/issue33-preview-visitor.png" });
  // The published page is unchanged for everyone else.
  await visitor.page.goto("/fr/services");
  await expect(visitor.page.locator(`[data-block-id="${block}"]`)).not.toContainText(draft);

  // Revoked from the studio: the link shows nothing any more.
  await dialog
    .getByRole("button", { name: /^Révoquer/ })
    .first()
    .click();
  await expect(dialog.getByRole("status")).toHaveText(st("fr", "studio.share.revoked"));
  const gone = await visitor.page.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(visitor.page.locator("body")).not.toContainText(draft);
  await visitor.context.close();

  await dialog.getByRole("button", { name: st("fr", "studio.publish.close") }).click();
  await openMenuItem(page, st("fr", "studio.drafts.discard"));
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: st("fr", "studio.drafts.discard-confirm") })
    .click();
  await expect(studioBlock(page, block)).toContainText("Mes services");
});
