/**
 * Playwright runs against the production build served by the real server
 * (server/main.ts), with a fresh data folder, in Debian's Chromium (never a
 * downloaded browser).
 */
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two checkouts (git worktrees) run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const CI = Boolean(process.env.CI);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";
// The suite's JSON report (scripts/totals.ts counts it); the PostgreSQL pass writes its own.
const JSON_REPORT = process.env.E2E_JSON_REPORT ?? "test-results/playwright.json";
// On PostgreSQL (DATABASE_URL), the database is emptied before the server starts, as the data
// folder is deleted: only when E2E_FRESH_DATABASE=true (scripts/e2e-postgres.ts sets it), so a
// DATABASE_URL left in a shell never drops a database by surprise.
const FRESH_DATABASE =
  process.env.DATABASE_URL && process.env.E2E_FRESH_DATABASE === "true"
    ? "node_modules/.bin/tsx scripts/pg-fresh-database.ts && "
    : "";
// The project's Node 24 (npm package `node`) first, even when Playwright is started outside npm.
const PATH = `${path.resolve(import.meta.dirname, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`;

// The PostgreSQL pass (scripts/e2e-postgres.ts) runs the journeys that write through the store
// or read what differs between the stores (search and map bounds, sessions, locks, drafts,
// leads, publishing, the page cache across processes). Journeys that only render pages read
// them through the same repository contract, which tests/store/ checks on both stores: they
// run once, on the embedded store, which keeps the whole suite under an hour on two cores.
const RENDER_ONLY_SPECS = [
  "blog.spec.ts",
  "carousels.spec.ts",
  "gallery.spec.ts",
  "header.spec.ts",
  "heroes.spec.ts",
  "locale-reload.spec.ts",
  "media.spec.ts",
  "offices.spec.ts",
  "people.spec.ts",
  "previews.spec.ts",
  "shell.spec.ts",
  "visitor-journeys.spec.ts",
  "visitor-sweep.spec.ts",
];
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "e2e",
  testIgnore: ON_POSTGRES ? RENDER_ONLY_SPECS.map((spec) => `**/${spec}`) : [],
  // Playwright empties outputDir at start: keep it apart from the JSON reports in test-results/.
  outputDir: "test-results/playwright-artifacts",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: JSON_REPORT }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    headless: true,
    locale: "fr-CA",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        browserName: "chromium",
        channel: undefined,
        viewport: { width: 1280, height: 800 },
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    // Builds only when no build exists (npm test builds first); the data folder starts empty every run.
    command: `test -f build/server/index.js || npm run build; rm -rf ${DATA_DIR} && ${FRESH_DATABASE}node_modules/.bin/tsx server/main.ts`,
    url: `http://localhost:${PORT}/robots.txt`,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR,
      PATH,
      // The fixture editors of fixtures/editors.json (known passwords: tests only).
      FIXTURE_EDITORS: "true",
      // The real self-hosted captcha (ALTCHA), solved by the widget in Chromium; cheap for speed.
      ALTCHA_COST: "50",
      CONTACT_RATE_LIMIT: "1000",
      // One web process (the default is one per core): the cluster has its own test
      // (tests/ops-workers.test.ts); WEB_CONCURRENCY=2 here runs the journeys across workers.
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
      // The rest of the environment passes through: DATABASE_URL set runs the server on
      // PostgreSQL (scripts/e2e-postgres.ts), unset on the embedded store in DATA_DIR.
    },
    reuseExistingServer: !CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
