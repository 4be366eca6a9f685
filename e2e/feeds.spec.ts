/**
 * Listings from the boards (issue 31), as a broker and her visitors see them: a server of its own
 * with a Centris feed set in its environment (FEED_…), pointed at the suite's OData server
 * (scripts/odata-test-server.ts) in this process. The scheduled sync imports the feed at start;
 * the search, the map, the sitemap and the listings' pages show its listings (French and English
 * remarks, the brokerage and brokers with their OACIQ titles); the studio's feed screen shows the
 * report and "sync now" takes a change in. Screenshots at 360, 390 and 1440 px go to
 * test-results/feeds/.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { feedFixtures, touch } from "../scripts/feed-fixtures";
import { type Row, startTestFeed, type TestFeed } from "../scripts/odata-test-server";
import { recreateDatabase } from "../scripts/pg-cluster";
import { signInPage } from "../tests/helpers/editors";
import { expect, expectNoAxeViolations, t, test } from "./helpers";
import { e2eOrigin } from "./studio-helpers";

const ROOT = path.resolve(import.meta.dirname, "..");
const SHOTS = path.join(ROOT, "test-results/feeds");
const BROKER = { microsite_id: "ms-demo-broker", site_key: "sk_demo_broker_public_0001" };
const WIDTHS = [360, 390, 1440];

let feed: TestFeed;
let data: Record<string, Row[]>;
let server: ChildProcess | undefined;
let origin = "";
let dataDir = "";

// Screenshots at three widths on a busy machine take their time.
test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = Number(new URL(e2eOrigin()).port) + 2;
  origin = `http://localhost:${port}`;
  // Photos hotlinked from "the provider": here, the site's own illustrations.
  // Records modified on different days, as a real feed's are (a run reads again only the last minute's).
  data = feedFixtures({
    kind: "centris",
    count: 60,
    photoBase: origin,
    modified: (i) => new Date(Date.UTC(2026, 8, 1 + i, 14)).toISOString(),
  });
  // 100 rows a page at most, as Centris sends them.
  feed = await startTestFeed(data, { pageSize: 100 });
  dataDir = path.join(ROOT, `${process.env.E2E_DATA_DIR ?? ".data-e2e"}-feeds`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `${url.pathname}_feeds`;
    databaseUrl = url.toString();
    await recreateDatabase(databaseUrl);
  }
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      WEB_CONCURRENCY: "1",
      RECAPTCHA_OFFLINE: "true",
      FIXTURE_EDITORS: "true",
      LOG_FORMAT: "text",
      FEED_KIND: "centris",
      FEED_URL: feed.url,
      FEED_TOKEN_URL: feed.tokenUrl,
      FEED_CLIENT_ID: feed.clientId,
      FEED_CLIENT_SECRET: feed.clientSecret,
      FEED_OFFICES: "O1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  // The start-up log names the feed.
  await expect
    .poll(() => out, { timeout: 120_000 })
    .toMatch(/Listing feeds: demo-broker ← Centris at http:\/\/127\.0\.0\.1/);
  // The scheduled sync imports it: every active record is a listing, the demo's are gone.
  const active = data.Property!.filter((p) => p.StandardStatus === "Active").length;
  await expect
    .poll(
      async () => {
        try {
          const response = await fetch(`${origin}/api/swc/${BROKER.microsite_id}/properties?format=count`, {
            headers: { "x-site-key": BROKER.site_key },
          });
          return response.ok ? ((await response.json()) as { data: { total: number } }).data.total : -1;
        } catch {
          return -1;
        }
      },
      { timeout: 90_000 },
    )
    .toBe(active);
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await feed?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The page opened at each width (as a person on that screen gets it), whole, and a part of it (`focus`). */
async function shots(page: Page, name: string, focus?: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 800 : 900 });
    await page.reload();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    const part = focus ? page.locator(focus).first() : undefined;
    if (part && (await part.isVisible())) {
      await part.screenshot({ path: path.join(SHOTS, `${name}-${width}-part.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const firstActive = () => data.Property!.find((p) => p.StandardStatus === "Active" && p.ListOfficeKey === "O1")!;

test("the imported listings are the site's: search, cards with their brokerage, sitemap", async ({ page }) => {
  await page.goto(`${origin}/fr/proprietes`);
  const card = page.locator(".property-card").first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.locator(".property-card__brokerage")).toContainText("Inscription : ");
  const record = firstActive();
  const sitemap = await (await fetch(`${origin}/sitemaps/listings/1.xml`)).text();
  expect(sitemap).toContain(`-${record.ListingId}</loc>`);
  await shots(page, "search", ".property-card");
});

test("a listing's page in French and in English: remarks, brokerage, OACIQ titles", async ({ page }) => {
  const record = firstActive();
  const translations = data.Translations!.filter((r) => r.ResourceRecordKey === record.ListingKey);
  const sitemap = await (await fetch(`${origin}/sitemaps/listings/1.xml`)).text();
  const fr = new RegExp(`<loc>[^<]*(/fr/propriete/[a-z0-9-]+-${record.ListingId})</loc>`).exec(sitemap)![1]!;
  const en = new RegExp(`<loc>[^<]*(/en/property/[a-z0-9-]+-${record.ListingId})</loc>`).exec(sitemap)![1]!;
  await page.goto(`${origin}${fr}`);
  await expect(page.locator(".listing-description")).toHaveText(
    String(translations.find((r) => r.LanguageCode === "fr")!.Value),
  );
  const by = page.locator(".listing-provenance__by");
  await expect(by).toContainText(t("fr", "listing.provider.listed-by"));
  await expect(by).toContainText(String(record.ListAgentFullName));
  await expect(by).toContainText("courtier immobilier résidentiel");
  await expect(by).toContainText(`${record.ListOfficeName}, agence immobilière`);
  await expectNoAxeViolations(page);
  await shots(page, "listing-fr", ".listing-head");
  await page.goto(`${origin}${en}`);
  await expect(page.locator(".listing-description")).toHaveText(
    String(translations.find((r) => r.LanguageCode === "en")!.Value),
  );
  await expect(page.locator(".listing-provenance__by")).toContainText("residential real estate broker");
  await shots(page, "listing-en", ".listing-head");
});

test("the sync screen shows the report, and sync now takes a change in", async ({ page }) => {
  await signInPage(page, origin, "admin");
  await page.goto(`${origin}/fr/qa/flux`);
  await expect(page.getByRole("heading", { level: 1, name: t("fr", "feeds.title") })).toBeVisible({ timeout: 20_000 });
  const last = page.locator(".feeds-run").first();
  // The start-up sync may still be finishing (its reconciliation): the screen follows it.
  await expect(last.locator(".feeds-badge")).toHaveText(t("fr", "feeds.status.result.succeeded"), { timeout: 120_000 });
  const active = data.Property!.filter((p) => p.StandardStatus === "Active").length;
  await expect(last.locator(".feeds-counts dd").first()).toHaveText(String(active));
  await expect(page.getByText(t("fr", "feeds.settings.from-environment"))).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, "sync-screen", ".feeds-panel");

  // A price changes at the provider; "sync now" takes it in and the screen says so.
  const record = firstActive();
  touch(record, new Date().toISOString(), { ListPrice: Number(record.ListPrice ?? 400_000) + 12_345 });
  await page.getByRole("button", { name: t("fr", "feeds.status.sync-now") }).click();
  const latest = page.locator(".feeds-run").first();
  await expect(latest.locator(".feeds-run__title")).toContainText(t("fr", "feeds.status.trigger.manual"), {
    timeout: 60_000,
  });
  await expect(latest.locator(".feeds-badge")).toHaveText(t("fr", "feeds.status.result.succeeded"), {
    timeout: 120_000,
  });
  await expect(latest.locator(".feeds-counts dd").nth(1)).toHaveText("1");
  await expect(page.getByRole("heading", { name: t("fr", "feeds.status.history") })).toBeVisible();
  await shots(page, "sync-screen-after", ".feeds-panel");
});
