/**
 * Vitest global setup of the store tests (tests/store/): a real PostgreSQL for the run.
 * With TEST_DATABASE_URL (a superuser URL of a server you run), that server is used;
 * otherwise a throwaway cluster is started from Debian's binaries (scripts/pg-cluster.ts;
 * TEST_PG_PORT picks its port) and removed after the run. Without PostgreSQL the setup
 * fails: these tests never skip silently.
 */
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../../scripts/pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of a database on the test server, to create one database per test file. */
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgAdminUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const server = await startThrowawayPostgres({
    port: process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : undefined,
  });
  project.provide("pgAdminUrl", server.url);
  return () => server.stop();
}
