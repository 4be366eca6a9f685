/**
 * The Playwright suite on PostgreSQL: starts a throwaway cluster (scripts/pg-cluster.ts),
 * runs `playwright test` with DATABASE_URL pointing at a database of it (emptied again by the
 * web server's start, scripts/pg-fresh-database.ts), its JSON report in
 * test-results/playwright-pg.json, and stops and removes the cluster afterwards, whether the
 * suite passed, failed or was interrupted. Extra arguments go to Playwright.
 *
 *   npx tsx scripts/e2e-postgres.ts [e2e/site.spec.ts …]
 *
 * WEB_CONCURRENCY (default 2 here) is the number of web processes sharing the database.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { startThrowawayPostgres } from "./pg-cluster";

const root = path.resolve(import.meta.dirname, "..");
const server = await startThrowawayPostgres();
let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= server.stop();
  return stopping;
};

let code = 1;
try {
  const databaseUrl = await server.createDatabase("courtier_e2e");
  console.log(`PostgreSQL ${server.postgis ? "with PostGIS " : ""}on port ${server.port} for the browser tests`);
  const child = spawn(path.join(root, "node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      E2E_FRESH_DATABASE: "true",
      E2E_JSON_REPORT: process.env.E2E_JSON_REPORT ?? "test-results/playwright-pg.json",
      E2E_DATA_DIR: `${process.env.E2E_DATA_DIR ?? ".data-e2e"}-pg`,
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2",
    },
  });
  // Ctrl-C or CI's SIGTERM: Playwright stops its web server; the cluster goes once it has.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  code = await new Promise<number>((resolve) => {
    child.on("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      console.error(error);
      resolve(1);
    });
  });
} finally {
  await stop();
}
process.exit(code);
