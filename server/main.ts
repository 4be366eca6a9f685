/** Starts the site: `npm run dev` (Vite middleware) or `npm start` (the production build). */
import "./env";
import http from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { warmPasswordChecker } from "./auth/passwords";
import { announceSetupLinks } from "./auth/setup";
import { loadConfig } from "./config";
import { describeDelivery, startLeadServices } from "./leads/delivery";
import { configureLog, defaultLogFormat, log } from "./ops/log";

const dev = process.argv.includes("--dev");
/** How long a stop waits for deliveries in flight (an SMTP send times out well before). */
const STOP_DELIVERIES_MS = 20_000;
const config = loadConfig({ ...process.env, NODE_ENV: dev ? "development" : process.env.NODE_ENV });
configureLog({ format: config.LOG_FORMAT ?? defaultLogFormat(config.NODE_ENV) });

async function main() {
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
  const { handler, content } = await createApp({ config, build, vite });
  const { storage } = content;
  const store =
    storage.kind === "postgres"
      ? `PostgreSQL at ${redactedUrl(config.DATABASE_URL ?? "")}`
      : `data in ${config.dataDir}`;
  const { migrations } = storage;
  const schema = migrations.applied.length
    ? `, schema migrated to version ${migrations.current}`
    : `, schema version ${migrations.current}`;
  if (migrations.current > migrations.latest) {
    // A newer release migrated this database (rolling deploy): run on, but say so.
    log.warn(`Database schema version ${migrations.current} is newer than this release knows (${migrations.latest}).`);
  }
  // The delivery worker and the retention purge of the leads this process's /api stores.
  const leads = startLeadServices(config, content);
  let stopSetupLinks = () => {};
  const server = http.createServer(handler).listen(config.PORT, config.HOST, () => {
    log.info(
      `Site ready on http://localhost:${config.PORT} (${store}${schema}${config.CONTENT_API_URL ? `, content from ${config.CONTENT_API_URL}` : ""})`,
    );
    log.info(describeDelivery(config));
    void warmPasswordChecker().catch(() => undefined);
    // First run: no editor account yet, so a one-time link to create the first admin.
    if (!config.CONTENT_API_URL) {
      const origin = config.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? `http://localhost:${config.PORT}`;
      stopSetupLinks = announceSetupLinks(content.auth, origin, (message) => log.info(message));
    }
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopSetupLinks();
    // No new requests; requests and deliveries in flight finish (a delivery that cannot gives its
    // lease back) before the store closes.
    const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    Promise.all([requestsDone, leads.stop(STOP_DELIVERIES_MS)])
      .then(() => storage.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), STOP_DELIVERIES_MS + 5000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
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

main().catch((error) => {
  log.error("The server could not start", { error });
  process.exit(1);
});
