/**
 * Starts the site: `npm run dev` (Vite middleware, one process) or `npm start` (the production
 * build). In production, WEB_CONCURRENCY workers (default: one per core) answer on one port
 * through Node's cluster module: the primary migrates and seeds the store once, forks the
 * workers, restarts one that dies (with a backoff, giving up on a crash loop) and forwards
 * SIGTERM/SIGINT so every worker finishes its requests and lead deliveries before exiting.
 */
import "./env";
import cluster, { type Worker } from "node:cluster";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { describeAlerts, startAlertServices } from "./alerts/worker";
import { createApp } from "./app";
import { warmPasswordChecker } from "./auth/passwords";
import { announceSetupLinks } from "./auth/setup";
import { type Config, loadConfig } from "./config";
import type { MigrationReport } from "./content/db/migration";
import { seedStorage } from "./content/index";
import { startScheduler } from "./content/scheduler";
import { openStorage } from "./content/storage";
import { startFeedScheduler } from "./feeds/scheduler";
import { configuredFeeds, describeFeeds } from "./feeds/settings";
import { describeDelivery, startLeadServices } from "./leads/delivery";
import { configureLog, defaultLogFormat, log } from "./ops/log";

const dev = process.argv.includes("--dev");
/** How long a stop waits for deliveries in flight (an SMTP send times out well before). */
const STOP_DELIVERIES_MS = 20_000;
/**
 * A worker that dies before it listens, or sooner than this after, counts towards a crash loop
 * (counted from listening, not from the fork: a start takes seconds on a busy machine).
 */
const CRASH_WINDOW_MS = 15_000;
/** Crashes in a row, each quick as above, after which a worker is not restarted. */
const MAX_QUICK_CRASHES = 5;
/** Waits before restarting a worker: 0.5 s, 1 s, 2 s, … at most 15 s. */
const restartDelay = (quickCrashes: number) => Math.min(15_000, 500 * 2 ** Math.max(0, quickCrashes - 1));
/** Set by the primary on each worker: its slot (0, 1, …), kept across restarts. */
const WORKER_SLOT_ENV = "COURTIER_WORKER_SLOT";

let config: Config;
try {
  config = loadConfig({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
} catch (error) {
  // The configuration says how lines are written: this one is plain text, for a person.
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
const workerCount = dev ? 1 : (config.WEB_CONCURRENCY ?? os.availableParallelism());
const clustered = workerCount > 1;
const slot = cluster.isWorker ? Number(process.env[WORKER_SLOT_ENV] ?? 0) : 0;
configureLog({
  format: config.LOG_FORMAT ?? defaultLogFormat(config.NODE_ENV),
  // In a cluster, which process wrote a line: "primary" or the worker's slot (1…N), and its pid.
  base: clustered ? { worker: cluster.isPrimary ? "primary" : slot + 1, pid: process.pid } : undefined,
});

// What Node itself would print as text goes through the logger too (a JSON collector gets lines
// it can parse): warnings, and the error that ends the process (it still ends it, exit code 1).
process.removeAllListeners("warning");
process.on("warning", (warning) => log.warn(warning.message, { warning: warning.name }));
process.on("uncaughtException", (error) => {
  log.error("Uncaught exception: the process stops", { error });
  process.exit(1);
});

/** What the store is and where, for the start-up line. */
function describeStore(migrations: MigrationReport): string {
  const store =
    config.DATABASE_URL !== undefined
      ? `PostgreSQL at ${redactedUrl(config.DATABASE_URL)}`
      : `data in ${config.dataDir}`;
  const schema = migrations.applied.length
    ? `, schema migrated to version ${migrations.current}`
    : `, schema version ${migrations.current}`;
  if (migrations.current > migrations.latest) {
    // A newer release migrated this database (rolling deploy): run on, but say so.
    log.warn(`Database schema version ${migrations.current} is newer than this release knows (${migrations.latest}).`);
  }
  return `${store}${schema}${config.CONTENT_API_URL ? `, content from ${config.CONTENT_API_URL}` : ""}`;
}

/** One web process: the HTTP server, the lead services; stops gracefully on SIGTERM/SIGINT. */
async function runServer() {
  let build: () => Promise<ServerBuild>;
  let vite: Awaited<ReturnType<typeof import("vite")["createServer"]>> | undefined;
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    const server = vite;
    build = () => server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const file = path.resolve(import.meta.dirname, "../build/server/index.js");
    const module = (await import(file)) as ServerBuild;
    build = async () => module;
  }
  const { handler, content, drain } = await createApp({ config, build, vite });
  const { storage } = content;
  // In a cluster the primary said this once, before forking.
  const store = clustered ? "" : describeStore(storage.migrations);
  // The delivery worker and the retention purge of the leads this process's /api stores. In a
  // cluster each worker runs them: outbox rows are leased, so no lead is sent twice.
  const leads = startLeadServices(config, content);
  // Saved-search alerts (issue 32): each process matches, composes and sends; the store's leases share the work.
  const alerts = config.CONTENT_API_URL
    ? undefined
    : startAlertServices(config, storage, {
        onWorker: (worker) => {
          content.forms.alerts.changed = () => worker.kick();
        },
      });
  // Listing feeds (issue 31): each process looks for due syncs; a lease in the store lets one run a feed at a time.
  const feeds =
    config.FEEDS_SCHEDULER === false || config.CONTENT_API_URL ? undefined : startFeedScheduler(storage, config);
  // Publishes scheduled for a time that came: every process looks, each job runs once.
  const scheduler = config.CONTENT_API_URL ? undefined : startScheduler(content);
  let stopSetupLinks = () => {};
  const server = http.createServer(handler).listen(config.PORT, config.HOST, () => {
    if (!clustered) {
      log.info(`Site ready on http://localhost:${config.PORT} (${store})`);
      log.info(describeDelivery(config));
      log.info(describeAlerts(config));
      if (!config.CONTENT_API_URL) {
        void configuredFeeds(storage, config)
          .then((configured) => log.info(describeFeeds(configured)))
          .catch((error: unknown) => log.warn("Listing feeds: their settings could not be read", { error }));
      }
    }
    void warmPasswordChecker().catch(() => undefined);
    // First run: no editor account yet, so a one-time link to create the first admin (one
    // worker prints it, or each would make its own link).
    if (!config.CONTENT_API_URL && slot === 0) {
      const origin = config.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? `http://localhost:${config.PORT}`;
      const jsonLog = (config.LOG_FORMAT ?? defaultLogFormat(config.NODE_ENV)) === "json";
      stopSetupLinks = announceSetupLinks(content.auth, origin, (message) => {
        // A person reads this at the terminal of `npm start` (JSON logs in production): the link
        // plainly, and the log line says it was printed without repeating the secret.
        if (!jsonLog) return log.info(message);
        process.stdout.write(`${message}\n`);
        log.info("First-run setup link printed above (no editor account yet)");
      });
    }
  });
  server.on("error", (error) => {
    // The port is taken or refused: nothing to serve (in a cluster, the primary restarts this worker).
    log.error(`The server could not listen on ${config.HOST}:${config.PORT}`, { error });
    process.exit(1);
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    drain();
    stopSetupLinks();
    feeds?.stop();
    // No new requests; requests and deliveries in flight finish (a delivery that cannot gives its
    // lease back) before the store closes.
    const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    Promise.all([requestsDone, leads.stop(STOP_DELIVERIES_MS), alerts?.stop(STOP_DELIVERIES_MS), scheduler?.stop()])
      .then(() => storage.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), STOP_DELIVERIES_MS + 5000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

interface Slot {
  index: number;
  worker?: Worker;
  startedAt: number;
  /** When its current process started listening; undefined while it starts. */
  listeningAt?: number;
  quickCrashes: number;
  gaveUp: boolean;
}

/** The cluster's primary: prepares the store once, then keeps `workerCount` workers running. */
async function runPrimary() {
  // Migrations and the first seed run here, once, before any worker opens the store: no two
  // processes race to create the same rows (the migrations alone would be safe: each runs under
  // SQLite's write lock or PostgreSQL's advisory lock).
  const storage = await openStorage(config);
  let migrations: MigrationReport;
  let feedsLine: string | undefined;
  try {
    await seedStorage(storage, config);
    migrations = storage.migrations;
    if (!config.CONTENT_API_URL) feedsLine = describeFeeds(await configuredFeeds(storage, config));
  } finally {
    await storage.close();
  }
  const store = describeStore(migrations);

  const slots: Slot[] = Array.from({ length: workerCount }, (_, index) => ({
    index,
    startedAt: 0,
    quickCrashes: 0,
    gaveUp: false,
  }));
  let stopping = false;
  let announced = false;
  const fork = (s: Slot) => {
    s.startedAt = Date.now();
    s.listeningAt = undefined;
    const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(s.index) });
    s.worker = worker;
    worker.once("listening", () => {
      s.listeningAt = Date.now();
    });
  };
  let listening = 0;
  cluster.on("listening", () => {
    listening++;
    if (!announced && listening >= workerCount) {
      announced = true;
      log.info(`Site ready on http://localhost:${config.PORT} (${store}, ${workerCount} workers)`);
      log.info(describeDelivery(config));
      log.info(describeAlerts(config));
      if (feedsLine) log.info(feedsLine);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    const s = slots.find((candidate) => candidate.worker === worker);
    if (!s) return;
    s.worker = undefined;
    if (stopping) {
      if (slots.every((other) => !other.worker)) process.exit(0);
      return;
    }
    const lived = Date.now() - s.startedAt;
    const quick = s.listeningAt === undefined || Date.now() - s.listeningAt < CRASH_WINDOW_MS;
    s.quickCrashes = quick ? s.quickCrashes + 1 : 1;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (s.quickCrashes >= MAX_QUICK_CRASHES) {
      s.gaveUp = true;
      log.error(
        `Worker ${s.index + 1} crashed ${s.quickCrashes} times in a row, each while starting or within ${CRASH_WINDOW_MS / 1000} s of it (last: ${how}): not restarting it. Fix the cause logged above, then restart the service.`,
        { worker_slot: s.index + 1 },
      );
      if (slots.every((other) => other.gaveUp)) {
        log.error("Every worker crash-looped: the server stops.");
        process.exit(1);
      }
      return;
    }
    const delay = restartDelay(s.quickCrashes);
    log.error(
      `Worker ${s.index + 1} exited (${how}) after ${Math.round(lived / 1000)} s; restarting it in ${delay} ms.`,
    );
    // Not unref'd: with every worker down, this timer is what keeps the primary alive.
    setTimeout(() => {
      if (!stopping) fork(s);
    }, delay);
  });
  for (const s of slots) fork(s);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: the workers finish their requests and deliveries, then stop.`);
    const live = slots.filter((s) => s.worker);
    if (live.length === 0) process.exit(0);
    for (const s of live) s.worker?.process.kill("SIGTERM");
    // Workers give up on their own after STOP_DELIVERIES_MS + 5 s; this is the last resort.
    setTimeout(() => {
      for (const s of slots) s.worker?.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_DELIVERIES_MS + 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** The database URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

(clustered && cluster.isPrimary ? runPrimary() : runServer()).catch((error) => {
  log.error("The server could not start", { error });
  process.exit(1);
});
