/**
 * A throwaway PostgreSQL server from Debian's binaries (`postgresql`, `postgresql-15-postgis-3`):
 * a fresh cluster in a temporary folder, listening on 127.0.0.1 only, with a random
 * password, PostGIS in template1 when installed (so every database made from it has it),
 * stopped and removed by `stop()`. Used by the vitest global setup of the store tests and,
 * from the shell, to run the site or Playwright on PostgreSQL:
 *
 *   npx tsx scripts/pg-cluster.ts [--port 55432]
 *     prints DATABASE_URL=postgres://… and keeps the server until Ctrl-C
 *
 * initdb refuses to run as root: as root the server runs as the `postgres` user (runuser).
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database. */
  url: string;
  port: number;
  /** Whether PostGIS is installed in template1 (and so in every new database). */
  postgis: boolean;
  /** Creates an empty database (a copy of template1) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

/** The newest installed server's bin folder (PG_BIN overrides), or undefined. */
export function findPostgresBin(): string | undefined {
  if (process.env.PG_BIN)
    return fs.existsSync(path.join(process.env.PG_BIN, "initdb")) ? process.env.PG_BIN : undefined;
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

export const INSTALL_HINT =
  "PostgreSQL is not installed: `apt-get install -y postgresql postgresql-15-postgis-3` (npm test does it), " +
  "or set PG_BIN to a folder holding initdb and pg_ctl.";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a server binary as the `postgres` user when we are root (initdb and postgres refuse root). */
async function asServerUser(bin: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  try {
    return await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${path.basename(bin)} failed: ${stderr || stdout || (error as Error).message}`);
  }
}

export async function startThrowawayPostgres(options: { port?: number } = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(INSTALL_HINT);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "courtier-pg-"));
  const data = path.join(dir, "data");
  const password = randomBytes(18).toString("base64url");
  const passwordFile = path.join(dir, "pwfile");
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]).catch(() => {
      throw new Error("Running as root needs the `postgres` user that Debian's postgresql package creates.");
    });
    const uid = Number(stdout.trim());
    const { stdout: gidOut } = await run("id", ["-g", "postgres"]);
    const gid = Number(gidOut.trim());
    fs.chownSync(dir, uid, gid);
    fs.chownSync(passwordFile, uid, gid);
  }
  fs.chmodSync(dir, 0o700);

  const stop = async () => {
    if (fs.existsSync(path.join(data, "postmaster.pid"))) {
      await asServerUser(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await asServerUser(path.join(bin, "initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=scram-sha-256",
      `--pwfile=${passwordFile}`,
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
      "--no-sync",
    ]);
    const port = options.port ?? (await freePort());
    // Throwaway: no fsync; loopback only; the socket in the cluster's own folder.
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-k ${dir}`,
      "-c fsync=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    await asServerUser(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(dir, "server.log"),
      "-o",
      serverOptions,
      "-w",
      "-t",
      "60",
      "start",
    ]);
    const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    const url = `${base}/postgres`;
    const postgis = await withClient(`${base}/template1`, async (client) => {
      const { rows } = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'");
      if (!rows.length) return false;
      await client.query("CREATE EXTENSION IF NOT EXISTS postgis");
      return true;
    });
    let made = 0;
    return {
      url,
      port,
      postgis,
      stop,
      async createDatabase(name = `t_${process.pid}_${++made}_${randomBytes(3).toString("hex")}`) {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
        await withClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
        return `${base}/${name}`;
      },
    };
  } catch (error) {
    const log = path.join(dir, "server.log");
    const tail = fs.existsSync(log) ? `\n${fs.readFileSync(log, "utf8").slice(-2000)}` : "";
    await stop();
    throw new Error(`${(error as Error).message}${tail}`);
  }
}

/**
 * Drops the database a URL names and creates it again, empty (through the server's `postgres`
 * maintenance database; FORCE ends sessions left on it). For throwaway test servers only.
 */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === "postgres" || name.startsWith("template")) {
    throw new Error(`Refusing to drop database "${name}".`);
  }
  url.pathname = "/postgres";
  await withClient(url.toString(), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: "string" } } });
  const server = await startThrowawayPostgres({ port: values.port ? Number(values.port) : undefined });
  const database = await server.createDatabase("courtier");
  console.log(`PostgreSQL ${server.postgis ? "with PostGIS " : ""}on port ${server.port}`);
  console.log(`DATABASE_URL=${database}`);
  console.log("Ctrl-C stops it and removes its data.");
  const quit = () => {
    server.stop().finally(() => process.exit(0));
  };
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
  setInterval(() => {}, 1 << 30);
}
