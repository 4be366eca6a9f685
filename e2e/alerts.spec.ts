/**
 * Saved-search alerts as a visitor lives them (issue 32), on a server of its own whose SMTP_URL
 * is the suite's SMTP sink (tests/helpers/lead-sinks.ts, `smtp-server`) in this process: on a
 * 390 px phone the visitor creates an alert from the search (the dialog by keyboard and touch,
 * axe), confirms it from the e-mail's link (the page works without JavaScript), a new listing
 * written through the listings store (a second process on the same store) arrives in one e-mail,
 * the e-mail's one-click unsubscribe (an RFC 8058 POST without cookies) stops the next one, and
 * the consent record holds the words the dialog showed. The e-mails are rendered in Chromium at
 * 390 and 1280 px and the dialog and page at 360, 390 and 1440 px: screenshots in
 * test-results/alerts/.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { recreateDatabase } from "../scripts/pg-cluster";
import type { ListingRecord } from "../server/content/data/listings-generator";
import { openPostgresStorage, openSqliteStorage, type Storage } from "../server/content/storage";
import { signInPage } from "../tests/helpers/editors";
import { expect, expectNoAxeViolations, t, test } from "./helpers";
import { e2eOrigin } from "./studio-helpers";

const ROOT = path.resolve(import.meta.dirname, "..");
const SHOTS = path.join(ROOT, "test-results/alerts");

let server: ChildProcess | undefined;
/** The suite's SMTP sink (as tests/helpers/lead-sinks.ts, whose module graph Playwright's loader cannot import). */
interface Received {
  raw: string;
  headers: Record<string, string>;
}
let sink: { port: number; messages: Received[]; close(): Promise<void> };

function startMailSink(): Promise<typeof sink> {
  const messages: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
        const headers: Record<string, string> = {};
        for (const line of head.split(/\r?\n/)) {
          const at = line.indexOf(":");
          if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
        }
        messages.push({ raw, headers });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    smtp.listen(0, "127.0.0.1", () => {
      resolve({
        port: (smtp.server.address() as { port: number }).port,
        messages,
        close: () => new Promise<void>((done) => smtp.close(() => done())),
      });
    });
  });
}
let origin = "";
let dataDir = "";
let databaseUrl: string | undefined;
let log = "";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = Number(new URL(e2eOrigin()).port) + 3;
  origin = `http://localhost:${port}`;
  sink = await startMailSink();
  dataDir = path.join(ROOT, `${process.env.E2E_DATA_DIR ?? ".data-e2e"}-alerts`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `${url.pathname}_alerts`;
    databaseUrl = url.toString();
    await recreateDatabase(databaseUrl);
  }
  server = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      WEB_CONCURRENCY: "1",
      FIXTURE_EDITORS: "true",
      ALTCHA_COST: "50",
      CONTACT_RATE_LIMIT: "1000",
      LOG_FORMAT: "text",
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      LEADS_EMAIL_TO: "julie@courtier.example",
      ALERTS_EMAIL_FROM: "alertes@julietremblay.example",
      // Instant alerts gather the changes of 3 seconds here (3 minutes by default).
      ALERTS_INSTANT_DELAY_MS: "3000",
      ALERTS_POLL_MS: "300",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  server.stderr!.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  // The start-up log says alerts are on.
  await expect
    .poll(() => log, { timeout: 120_000 })
    .toMatch(/Alerts: on, e-mailed from alertes@julietremblay\.example/);
  await expect.poll(() => log, { timeout: 60_000 }).toMatch(/Site ready/);
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await sink?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The store the server uses, opened by this process (a second process on it, as a feed import is). */
async function openStore(): Promise<Storage> {
  return databaseUrl
    ? openPostgresStorage({ url: databaseUrl, poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 15000 })
    : openSqliteStorage(dataDir, { listingsIndex: "sql" });
}

/** A listing the saved search fits: inside its map area, of its type, within its price range. */
async function writeMatchingListing(store: Storage, uls: string): Promise<ListingRecord> {
  const [alert] = (await store.alerts.list("demo-broker", { offset: 0, limit: 1 })).alerts;
  const search = alert!.search;
  const [base] = await store.listings.search({ forSaleForRent: "buy" }, "newest", 0, 1);
  const b = search.bounds;
  const listing: ListingRecord = {
    ...base!,
    uls,
    type: search.type?.[0] ?? base!.type,
    forSaleForRent: "buy",
    price: Math.min(search.price_max ?? 425_000, 425_000),
    badge: null,
    specs: { ...base!.specs, bed: Math.max(base!.specs.bed, search.bedrooms ?? 0) },
    coords: b ? { lat: (b.south + b.north) / 2, lng: (b.west + b.east) / 2 } : base!.coords,
    address: { fr: `12, rue des Alertes`, en: `12 des Alertes Street` },
    url: { fr: `/fr/propriete/maison-a-vendre-quebec-${uls}`, en: `/en/property/house-for-sale-quebec-${uls}` },
  };
  await store.listings.upsert(listing);
  return listing;
}

const plain = (text: string | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** A received e-mail rendered in Chromium at 390 and 1280 px (its HTML as a mail app shows it). */
async function shootEmail(page: Page, html: string, name: string) {
  // A page of its own, on about:blank, as a mail app's viewer (nothing of the site's around it).
  const viewer = await page.context().newPage();
  for (const width of [390, 1280]) {
    await viewer.setViewportSize({ width, height: 900 });
    await viewer.setContent(html);
    await viewer.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await viewer.close();
}

test("a visitor creates an alert on a phone, confirms it, gets one e-mail and unsubscribes in one click", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin}/fr/proprietes`);
  const open = page.getByRole("button", { name: t("fr", "search.create-alert") });
  await expect(open).toBeVisible({ timeout: 20_000 });
  for (const width of [360, 390, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `search-${width}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await open.click();
  const dialog = page.getByRole("dialog", { name: t("fr", "alerts.dialog.title") });
  await expect(dialog).toBeVisible();
  const consentBox = dialog.getByRole("checkbox");
  // Unticked, with the purpose, who asks, the contact and withdrawal in the page's language.
  await expect(consentBox).not.toBeChecked();
  const consentText = (await dialog.locator(".form-check__label span").first().innerText()).replace(/\s*\*$/, "");
  expect(consentText).toContain("permis OACIQ J7421");
  expect(consentText).toContain("retirer mon consentement en tout temps");
  await expectNoAxeViolations(page, { include: [".alert-dialog"] });
  // Sending without the box ticked: refused on the spot, the box says why.
  await dialog.getByRole("textbox", { name: t("fr", "alerts.dialog.email") }).fill("zoe.belanger@example.com");
  await dialog.getByRole("button", { name: t("fr", "alerts.dialog.submit") }).click();
  await expect(dialog.getByText(t("fr", "alerts.dialog.errors.consent-required"))).toBeVisible();
  await expect(consentBox).toBeFocused();
  // By keyboard: the box with Space, the frequency stays "instant".
  await page.keyboard.press("Space");
  await expect(consentBox).toBeChecked();
  await expect(dialog.getByRole("radio", { name: t("fr", "alerts.frequencies.instant") })).toBeChecked();
  for (const width of [360, 390, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `dialog-${width}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole("button", { name: t("fr", "alerts.dialog.submit") }).click();
  await expect(page.getByRole("dialog", { name: t("fr", "alerts.dialog.success-title") })).toBeVisible({
    timeout: 20_000,
  });
  await page.screenshot({ path: path.join(SHOTS, "dialog-sent-390.png") });

  // The confirmation e-mail, and nothing else.
  await expect.poll(() => sink.messages.length, { timeout: 20_000 }).toBe(1);
  const confirmation = await simpleParser(sink.messages[0]!.raw);
  expect(confirmation.subject).toBe("Confirmez votre alerte de propriétés");
  await shootEmail(page, String(confirmation.html), "email-confirm");
  const link = /(http:\/\/localhost:\d+\/fr\/alerte\/[A-Za-z0-9_-]{22})/.exec(confirmation.text ?? "")![1]!;

  // The consent record holds the words the dialog showed.
  const store = await openStore();
  try {
    const [record] = (await store.alerts.list("demo-broker", { offset: 0, limit: 5 })).alerts;
    expect(record!.consent.text.replace(/\s+/g, " ")).toBe(consentText.replace(/\s+/g, " "));
    expect(record!.state).toBe("pending");

    // Confirming from the link: the page works without JavaScript.
    const noScript = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const plainPage = await noScript.newPage();
    await plainPage.goto(link);
    await expect(plainPage.getByRole("heading", { level: 1, name: t("fr", "alerts.manage.title") })).toBeVisible();
    await plainPage.getByRole("button", { name: t("fr", "alerts.manage.confirm") }).click();
    await expect(plainPage.getByRole("status")).toHaveText(t("fr", "alerts.manage.confirmed"));
    await noScript.close();
    await page.goto(link);
    await expect(page.getByText(t("fr", "alerts.states.active"))).toBeVisible();
    await expectNoAxeViolations(page);
    for (const width of [360, 390, 1440]) {
      await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
      await page.screenshot({ path: path.join(SHOTS, `alert-page-${width}.png`), fullPage: true });
    }

    // A new listing written through the listings store: one e-mail with it.
    const listing = await writeMatchingListing(store, "99320001");
    await expect.poll(() => sink.messages.length, { timeout: 30_000 }).toBe(2);
    const alertMail = await simpleParser(sink.messages[1]!.raw);
    expect(alertMail.subject).toBe("1 propriété pour votre alerte");
    expect(plain(alertMail.text)).toContain("12, rue des Alertes");
    expect(alertMail.html).toContain(`${origin}${listing.url.fr}`);
    const unsubscribe = /<([^>]+)>/.exec(sink.messages[1]!.headers["list-unsubscribe"]!)![1]!;
    expect(sink.messages[1]!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await shootEmail(page, String(alertMail.html), "email-alert");

    // A GET of the unsubscribe URL never unsubscribes (link scanners); the one-click POST does.
    const scanned = await request.get(unsubscribe, { maxRedirects: 0 });
    expect(scanned.status()).toBe(303);
    const oneClick = await request.post(unsubscribe, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status()).toBe(200);
    expect((await store.alerts.list("demo-broker", { offset: 0, limit: 5 })).alerts[0]!.state).toBe("unsubscribed");

    // The next matching listing sends nothing.
    await writeMatchingListing(store, "99320002");
    await page.waitForTimeout(6000);
    expect(sink.messages).toHaveLength(2);
  } finally {
    await store.close();
  }
});

test("the broker sees the alert with its search and the consent proof in the inbox, and exports it", async ({
  page,
}) => {
  await signInPage(page, origin, "editor");
  await page.goto(`${origin}/fr/qa/demandes?tab=alerts`);
  const tab = page.getByRole("tab", { name: t("fr", "alerts.studio.title") });
  await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 20_000 });
  const row = page.locator(".alerts-row").first();
  await expect(row).toContainText("zoe.belanger@example.com");
  await expect(row).toContainText(t("fr", "alerts.states.unsubscribed"));
  await row.getByText(t("fr", "alerts.studio.fields.consent_text")).first().click();
  await expect(row.locator("dd").first()).toContainText("permis OACIQ J7421");
  await expectNoAxeViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: t("fr", "alerts.studio.export") }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  expect(csv).toContain("zoe.belanger@example.com");
  expect(csv).toContain(t("fr", "alerts.studio.fields.consent_text"));
  expect(csv).toContain("retirer mon consentement en tout temps");
  for (const width of [360, 390, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `studio-alerts-${width}.png`), fullPage: true });
  }
});
