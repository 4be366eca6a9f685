/**
 * Page versions in the studio (issue 17, "Versions"): two publishes, the history lists them with
 * the editor's name, the first is restored as the draft (one undo step), published again, and the
 * public page shows the first content; a publish conflict offers to compare with the other version.
 */
import { expect, type Page, test } from "@playwright/test";
import { getBlockDefinition } from "../schema/registry";
import { fixtureAccount } from "../tests/helpers/editors";
import { expectNoAxeViolations } from "./helpers";
import { blockButton, e2eOrigin, openMenuItem, signIn, st, studioBlock, waitForCanvas } from "./studio-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.beforeEach(({ page }) => signIn(page));

const PAGE_TITLE = "Vendre sa propriété";
const PUBLIC_PATH = "/fr/vendre-sa-propriete";
const BLOCK = "sell-steps";

function ui(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: st("fr", "studio.toolbar.label") });
  const panel = page.getByRole("complementary", { name: st("fr", "studio.panel.label") });
  const titleLabel = st("fr", "studio.fields.inLocale", {
    label: st("fr", "studio.fields.labels.main_title"),
    locale: st("fr", "studio.fields.locales.fr"),
  });
  return {
    toolbar,
    versionsButton: toolbar.getByRole("button", { name: st("fr", "studio.versions.open") }),
    versionsDialog: page.getByRole("dialog", { name: st("fr", "studio.versions.title") }),
    frTitle: panel.getByLabel(titleLabel, { exact: true }),
    undo: toolbar.getByRole("button", { name: st("fr", "studio.toolbar.undo"), exact: true }),
    redo: toolbar.getByRole("button", { name: st("fr", "studio.toolbar.redo"), exact: true }),
  };
}

async function openSellingGuide(page: Page) {
  await page.goto("/fr/qa/sections");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitForCanvas(page);
  await openMenuItem(page, st("fr", "studio.toolbar.open-page"), "fr", PAGE_TITLE);
  await expect(page.locator(".studio-doc-title")).toHaveText(PAGE_TITLE);
  await expect(studioBlock(page, BLOCK).locator("h2")).toBeVisible();
}

/** Types a new French title into the block's form (opened from its bar's edit button). */
async function retitle(page: Page, text: string) {
  const { frTitle } = ui(page);
  if (!(await frTitle.isVisible())) {
    await expect(async () => {
      await (await blockButton(page, BLOCK, st("fr", "studio.overlay.edit"))).click({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
  }
  await frTitle.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(text);
  await expect(studioBlock(page, BLOCK).locator("h2")).toHaveText(text);
}

/** Publishes the draft from the toolbar; answers the version the dialog announces. */
async function publish(page: Page): Promise<number> {
  await ui(page)
    .toolbar.getByRole("button", { name: st("fr", "studio.toolbar.publish") })
    .click();
  const dialog = page.getByRole("dialog", { name: st("fr", "studio.publish.title") });
  await dialog.getByRole("button", { name: st("fr", "studio.publish.submit") }).click();
  const status = dialog.getByRole("status");
  await expect(status).toContainText(/\(version \d+\)/);
  const version = Number(/\(version (\d+)\)/.exec((await status.textContent()) ?? "")![1]);
  await dialog.getByRole("button", { name: st("fr", "studio.publish.close") }).click();
  await expect(dialog).toBeHidden();
  return version;
}

test("versions: a version restored after two publishes gives back the first content", async ({ page }) => {
  const editor = fixtureAccount("editor");
  const u = ui(page);
  const contentA = `Contenu A ${Date.now()}`;
  const contentB = `Contenu B ${Date.now()}`;
  await openSellingGuide(page);

  await retitle(page, contentA);
  const versionA = await publish(page);
  await retitle(page, contentB);
  const versionB = await publish(page);
  expect(versionB).toBe(versionA + 1);

  // The history: newest first, both by the signed-in editor, with what changed.
  await u.versionsButton.click();
  const dialog = u.versionsDialog;
  await expect(dialog).toBeVisible();
  const list = dialog.getByRole("listbox", { name: st("fr", "studio.versions.list") });
  const options = list.getByRole("option");
  await expect(options.first()).toContainText(st("fr", "studio.versions.version", { version: versionB }));
  await expect(options.nth(1)).toContainText(st("fr", "studio.versions.version", { version: versionA }));
  for (const i of [0, 1]) await expect(options.nth(i)).toContainText(editor.name);
  // B changed one block of A (A, the studio's first publish, may also have filled schema defaults in others).
  await expect(options.first()).toContainText("1 bloc modifié");
  await expect(options.nth(1)).toContainText(/blocs? modifiés?/);
  // The newest is selected: the same as the draft.
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByText(st("fr", "studio.versions.same"))).toBeVisible();

  // Version A against the draft (B): the text block changed, its main title named.
  await options.nth(1).click();
  await expect(
    dialog.getByRole("heading", { name: st("fr", "studio.versions.compare-title", { version: versionA }) }),
  ).toBeVisible();
  const change = dialog.locator(".studio-version-change").first();
  await expect(change).toContainText(st("fr", "studio.versions.kind.changed"));
  await expect(change).toContainText(getBlockDefinition("text_block_1")!.label.fr);
  await expect(change.getByRole("list")).toContainText(st("fr", "studio.fields.labels.main_title"));
  await expectNoAxeViolations(page, { include: [".studio-versions-dialog"] });

  await dialog.getByRole("button", { name: st("fr", "studio.versions.restore") }).click();
  await expect(dialog).toBeHidden();
  const heading = studioBlock(page, BLOCK).locator("h2");
  await expect(heading).toHaveText(contentA);
  // One undo step: Annuler brings the draft (B) back, Rétablir the restored version again.
  await u.undo.click();
  await expect(heading).toHaveText(contentB);
  await u.redo.click();
  await expect(heading).toHaveText(contentA);

  const versionC = await publish(page);
  expect(versionC).toBe(versionB + 1);
  await page.goto(PUBLIC_PATH);
  await expect(page.getByRole("heading", { name: contentA })).toBeVisible();
  await expect(page.getByText(contentB)).toHaveCount(0);
});

test("versions: a publish the store cannot take (its disk full) keeps the draft and says to try again", async ({
  page,
}) => {
  const u = ui(page);
  await openSellingGuide(page);
  const draft = `Disque plein ${Date.now()}`;
  await retitle(page, draft);
  await page.route("**/api/pages/demo-broker/selling-guide", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 503,
          headers: { "retry-after": "60" },
          contentType: "application/json",
          body: JSON.stringify({ status: "error", message: "Not saved: the server has no space left to store it." }),
        })
      : route.continue(),
  );
  await u.toolbar.getByRole("button", { name: st("fr", "studio.toolbar.publish") }).click();
  const dialog = page.getByRole("dialog", { name: st("fr", "studio.publish.title") });
  await dialog.getByRole("button", { name: st("fr", "studio.publish.submit") }).click();
  await expect(dialog.getByRole("status")).toHaveText(st("fr", "studio.publish.unavailable"));
  await dialog.getByRole("button", { name: st("fr", "studio.publish.close") }).click();
  // The draft is still there, and publishes once the store takes writes again.
  await expect(studioBlock(page, BLOCK).locator("h2")).toHaveText(draft);
  await page.unroute("**/api/pages/demo-broker/selling-guide");
  expect(await publish(page)).toBeGreaterThan(0);
});

test("versions: a publish conflict offers to compare with the version another editor published", async ({ page }) => {
  const u = ui(page);
  await openSellingGuide(page);
  await retitle(page, `Brouillon ${Date.now()}`);

  // Someone publishes the page meanwhile (the service, as another tab or tool would).
  const origin = e2eOrigin();
  const current = await page.request.get(`${origin}/api/pages/demo-broker/selling-guide`);
  const { page: stored } = (await current.json()) as { page: { version: number; title: { fr: string; en: string } } };
  const theirs = `Publié ailleurs ${Date.now()}`;
  const put = await page.request.put(`${origin}/api/pages/demo-broker/selling-guide`, {
    headers: { origin },
    data: { page: { ...stored, title: { fr: theirs, en: theirs } }, base_version: stored.version },
  });
  expect(put.status()).toBe(200);
  const other = ((await put.json()) as { version: number }).version;

  await u.toolbar.getByRole("button", { name: st("fr", "studio.toolbar.publish") }).click();
  const publishDialog = page.getByRole("dialog", { name: st("fr", "studio.publish.title") });
  await publishDialog.getByRole("button", { name: st("fr", "studio.publish.submit") }).click();
  await expect(publishDialog.getByRole("status")).toHaveText(
    st("fr", "studio.publish.conflict-compare", { version: other }),
  );
  await publishDialog.getByRole("button", { name: st("fr", "studio.publish.compare", { version: other }) }).click();

  const dialog = u.versionsDialog;
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole("option", { name: st("fr", "studio.versions.version", { version: other }) }),
  ).toHaveAttribute("aria-selected", "true");
  await expect(
    dialog.getByRole("heading", { name: st("fr", "studio.versions.compare-title", { version: other }) }),
  ).toBeVisible();
  // Their title differs from the draft's, and so does the block the draft changed.
  await expect(dialog.getByText(st("fr", "studio.versions.parts.title"))).toBeVisible();
  await expect(dialog.locator(".studio-version-change")).toHaveCount(2);
});
