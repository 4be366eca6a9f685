/** An empty database of its own for a test file, on the PostgreSQL of tests/store/global-setup.ts. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

export async function createTestDatabase(): Promise<string> {
  const admin = inject("pgAdminUrl");
  const name = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
