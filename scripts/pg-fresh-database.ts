/**
 * Empties the database DATABASE_URL names (drops and creates it again), so a browser-test run
 * on PostgreSQL starts as fresh as one on the embedded store, whose data folder the Playwright
 * web server deletes. Refuses to run unless E2E_FRESH_DATABASE=true: test servers only.
 *
 *   E2E_FRESH_DATABASE=true DATABASE_URL=postgres://… npx tsx scripts/pg-fresh-database.ts
 */
import { recreateDatabase } from "./pg-cluster";

if (!process.env.DATABASE_URL) {
  console.error("DATABASE_URL is not set.");
  process.exit(2);
}
if (process.env.E2E_FRESH_DATABASE !== "true") {
  console.error("Refusing to drop a database without E2E_FRESH_DATABASE=true (test servers only).");
  process.exit(2);
}
await recreateDatabase(process.env.DATABASE_URL);
