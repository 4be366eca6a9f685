/**
 * Drafts that live on the server (issue 33), as editors use them: Marc edits the home page's
 * subtitle in one browser; Sophie, in another, opens the page and sees his draft and who wrote it
 * when (read only while he holds the page); after a reload Marc's undo still restores the last
 * change; Sophie takes the page over and continues the very draft. With the network cut, an edit
 * is kept on the device and saved when the network returns; a discard is explicit and undoable.
 * A server killed in the middle of a save loses nothing (a server of its own, restarted).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { fixtureAccount, signInPage } from "../tests/helpers/editors";
import { expectNoAxeViolations } from "./helpers";
import { blockButton, e2eOrigin, openMenuItem, st, studioBlock, waitForCanvas } from "./studio-helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const ROOT = path.resolve(import.meta.dirname, "..");
const HOME = "Accueil";
const HERO = "home-hero";
const SUBTITLE = "Courtière immobilière résidentielle à Québec et Lévis";
const marc = fixtureAccount("editor");
const sophie = fixtureAccount("editor2");

function ui(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: st("fr", "studio.toolbar.label") });
  const panel = page.getByRole("complementary", { name: st("fr", "studio.panel.label") });
  return {
    toolbar,
    status: toolbar.locator(".studio-status"),
    subtitle: panel.getByLabel(
      st("fr", "studio.fields.inLocale", {
        label: st("fr", "studio.fields.labels.sub_title"),
        locale: st("fr", "studio.fields.locales.fr"),
      }),
      { exact: true },
    ),
    undo: toolbar.getByRole("button", { name: st("fr", "studio.toolbar.undo"), exact: true }),
  };
}

/** A signed-in studio with a clean browser, on the home page of the site. */
async function openHome(browser: Browser, role: "editor" | "editor2", origin = e2eOrigin()) {
  const context = await browser.newContext({
    baseURL: origin,
    locale: "fr-CA",
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signInPage(page, origin, role);
  await page.goto("/fr/qa/sections");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitForCanvas(page);
  await openMenuItem(page, st("fr", "studio.toolbar.open-page"), "fr", HOME);
  await expect(page.locator(".studio-doc-title")).toHaveText(HOME);
  await expect(studioBlock(page, HERO)).toBeVisible();
  return { context, page };
}

/** Opens the hero's form from its bar (its code loads the first time). */
async function openHeroForm(page: Page) {
  const { subtitle } = ui(page);
  if (await subtitle.isVisible()) return;
  await expect(async () => {
    await (await blockButton(page, HERO, st("fr", "studio.overlay.edit"))).click({ timeout: 3000 });
    await expect(subtitle).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** Types a new French subtitle in the hero's form. */
async function editSubtitle(page: Page, text: string) {
  const { subtitle } = ui(page);
  await openHeroForm(page);
  await subtitle.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(text);
  await expect(studioBlock(page, HERO)).toContainText(text);
}

interface StoredDraft {
  draft: { steps: { patches: { value?: unknown }[] }[]; cursor: number };
}

/** The server's draft of the home page, read through the API with the page's session. */
async function stored(page: Page): Promise<StoredDraft | null> {
  const answer = await page.request.get("/api/drafts/demo-broker/home");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { draft: StoredDraft | null }).draft;
}

/** The subtitle the server's draft shows (its last step's value at the cursor), or null without a draft. */
async function storedSubtitle(page: Page): Promise<string | null> {
  const draft = await stored(page);
  if (!draft) return null;
  const applied = draft.draft.steps.slice(0, draft.draft.cursor);
  const values = applied.flatMap((s) => s.patches.map((p) => p.value)).filter((v) => typeof v === "string");
  return (values.at(-1) as string | undefined) ?? SUBTITLE;
}

test("two editors share one draft: who and when, undo after a reload, a take-over hands it on", async ({ browser }) => {
  const first = await openHome(browser, "editor");
  const text = `Sous-titre de Marc ${Date.now()}`;
  await editSubtitle(first.page, text);
  await expect(ui(first.page).status).toHaveText(/^Brouillon enregistré/, { timeout: 15_000 });
  expect(await storedSubtitle(first.page)).toBe(text);

  // Sophie, on another browser, opens the page: Marc's draft, who wrote it and when, read only.
  const second = await openHome(browser, "editor2");
  await expect(studioBlock(second.page, HERO)).toContainText(text);
  await expect(ui(second.page).status).toHaveText(
    new RegExp(`^Lecture seule : brouillon de ${marc.name} il y a \\d+\\s?(s|min)$`),
    { timeout: 15_000 },
  );
  await expect(second.page.getByRole("alert").filter({ hasText: `${marc.name} modifie cette page` })).toBeVisible();
  await expectNoAxeViolations(second.page);

  // Marc reloads: his draft is there, and undo still restores what the subtitle was.
  await first.page.reload();
  await expect(first.page.locator(".studio-doc-title")).toHaveText(HOME, { timeout: 20_000 });
  await expect(studioBlock(first.page, HERO)).toContainText(text);
  await expect(ui(first.page).undo).toBeEnabled();
  await ui(first.page).undo.click();
  await expect(studioBlock(first.page, HERO)).toContainText(SUBTITLE);
  await expect(studioBlock(first.page, HERO)).not.toContainText(text);
  await expect(ui(first.page).status).toHaveText(/^Brouillon enregistré/, { timeout: 15_000 });
  // The server has the undo: the draft's cursor moved back, its step kept for redo.
  await expect.poll(async () => (await stored(first.page))?.draft.cursor).toBe(0);
  expect(await storedSubtitle(first.page)).toBe(SUBTITLE);

  // Sophie takes the page over: the draft as Marc left it (his undo included) is hers to continue.
  const notice = second.page.getByRole("alert").filter({ hasText: `${marc.name} modifie cette page` });
  await notice.getByRole("button", { name: st("fr", "studio.lock.take-over") }).click();
  await expect(notice).toHaveCount(0);
  await expect(studioBlock(second.page, HERO)).toContainText(SUBTITLE);
  // Marc's step is in her history: redo brings his subtitle back.
  await second.page.keyboard.press("Control+Shift+Z");
  await expect(studioBlock(second.page, HERO)).toContainText(text);
  const hers = `Sous-titre de Sophie ${Date.now()}`;
  await editSubtitle(second.page, hers);
  await expect(ui(second.page).status).toHaveText(/^Brouillon enregistré/, { timeout: 15_000 });
  expect(await storedSubtitle(second.page)).toBe(hers);

  // Marc is told at his next beat, and sees her draft read only.
  await first.page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(first.page.getByRole("alert").filter({ hasText: `${sophie.name} a repris cette page` })).toBeVisible();
  await expect(studioBlock(first.page, HERO)).toContainText(hers, { timeout: 15_000 });
  await expect(ui(first.page).status).toHaveText(new RegExp(`^Lecture seule : brouillon de ${sophie.name}`));

  // Discarding is explicit, and undoable: the published subtitle comes back, then the draft.
  await openMenuItem(second.page, st("fr", "studio.drafts.discard"));
  const confirm = second.page.getByRole("alertdialog", { name: st("fr", "studio.drafts.discard-title") });
  await expect(confirm).toContainText(`dernière modification par ${sophie.name}`);
  await expectNoAxeViolations(second.page);
  await confirm.getByRole("button", { name: st("fr", "studio.drafts.discard-confirm") }).click();
  await expect(studioBlock(second.page, HERO)).toContainText(SUBTITLE);
  expect(await storedSubtitle(second.page)).toBeNull();
  await second.page
    .getByRole("region", { name: st("fr", "studio.toast.region") })
    .getByRole("button", { name: st("fr", "studio.toast.undo") })
    .click();
  await expect(studioBlock(second.page, HERO)).toContainText(hers);
  await expect(ui(second.page).status).toHaveText(/^Brouillon enregistré/, { timeout: 15_000 });
  expect(await storedSubtitle(second.page)).toBe(hers);

  await first.context.close();
  await second.context.close();
});

test("with the network cut, an edit is kept on the device and saved when it returns", async ({ browser }) => {
  const { context, page } = await openHome(browser, "editor2");
  // The page is Sophie's from the test before (her draft): she continues it. The form's code has
  // loaded before the network goes.
  await openHeroForm(page);
  await context.setOffline(true);
  const text = `Hors ligne ${Date.now()}`;
  await editSubtitle(page, text);
  await expect(ui(page).status).toHaveText(st("fr", "studio.status.local-offline"), { timeout: 15_000 });
  const kept = await page.evaluate(() => localStorage.getItem("studio:outbox:demo-broker:home"));
  expect(kept).toContain(text);
  // A reload while offline is not possible; the edit waits here. The network comes back:
  await context.setOffline(false);
  await expect(ui(page).status).toHaveText(/^Brouillon enregistré/, { timeout: 20_000 });
  expect(await storedSubtitle(page)).toBe(text);
  expect(await page.evaluate(() => localStorage.getItem("studio:outbox:demo-broker:home"))).toBeNull();
  // Clean up for later journeys: the page is published as it was.
  await openMenuItem(page, st("fr", "studio.drafts.discard"));
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: st("fr", "studio.drafts.discard-confirm") })
    .click();
  await expect(studioBlock(page, HERO)).toContainText(SUBTITLE);
  await context.close();
});

/**
 * A server of its own on a data folder (or database) it keeps across restarts; resolves once it
 * answers. Node itself runs it, one process (the tsx CLI would put a process between: killing it
 * would leave the server running).
 */
async function ownServer(port: number, dataDir: string, databaseUrl: string | undefined): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/node"), ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      WEB_CONCURRENCY: "1",
      FIXTURE_EDITORS: "true",
      RECAPTCHA_OFFLINE: "true",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(`http://localhost:${port}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill("SIGKILL");
  throw new Error("server not ready within 90 s");
}

test("a server killed in the middle of a save loses nothing", async ({ browser }) => {
  // Port offsets 1–3 are the fresh servers' of auth.spec.ts and site-studio.spec.ts (e2e/fresh-server.ts).
  const port = Number(new URL(e2eOrigin()).port) + 4;
  const origin = `http://localhost:${port}`;
  const dataDir = path.join(ROOT, `${process.env.E2E_DATA_DIR ?? ".data-e2e"}-killed`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const { recreateDatabase } = await import("../scripts/pg-cluster");
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `${url.pathname}_killed`;
    databaseUrl = url.toString();
    await recreateDatabase(databaseUrl);
  }
  let server = await ownServer(port, dataDir, databaseUrl);
  try {
    const { context, page } = await openHome(browser, "editor", origin);
    const text = `Serveur tué ${Date.now()}`;
    // The first save of the edit reaches a server that dies with the request in its hands.
    let killed = false;
    await page.route("**/api/drafts/**", async (route) => {
      if (route.request().method() === "PUT" && !killed) {
        killed = true;
        server.kill("SIGKILL");
        await new Promise((resolve) => server.once("exit", resolve));
      }
      await route.continue().catch(() => route.abort("connectionreset"));
    });
    await editSubtitle(page, text);
    await expect.poll(() => killed, { timeout: 15_000 }).toBe(true);
    await expect(ui(page).status).toHaveText(st("fr", "studio.status.local-error"), { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem("studio:outbox:demo-broker:home"))).toContain(text);
    // The server comes back (its supervisor restarts it): the studio's retry saves the edit.
    server = await ownServer(port, dataDir, databaseUrl);
    await expect(ui(page).status).toHaveText(/^Brouillon enregistré/, { timeout: 60_000 });
    expect(await storedSubtitle(page)).toBe(text);
    // And another device sees it.
    const other = await openHome(browser, "editor2", origin);
    await expect(studioBlock(other.page, HERO)).toContainText(text);
    await other.context.close();
    await context.close();
  } finally {
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
