/**
 * Prints the form submissions stored for a site, newest first.
 *
 *   npx tsx scripts/submissions.ts --site demo-broker [--json] [--limit 50] [--page 1]
 *
 * Reads PostgreSQL with DATABASE_URL, else the embedded database in DATA_DIR (default ./.data).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { SQLITE_FILE } from "../server/content/db/sqlite";
import { openStorage } from "../server/content/storage";

const { values } = parseArgs({
  options: {
    site: { type: "string" },
    json: { type: "boolean", default: false },
    limit: { type: "string", default: "50" },
    page: { type: "string", default: "1" },
  },
});
if (!values.site) {
  console.error("Usage: npx tsx scripts/submissions.ts --site <site_id> [--json] [--limit 50] [--page 1]");
  process.exit(2);
}
const limit = Math.max(1, Math.min(1000, Number(values.limit) || 50));
const page = Math.max(1, Number(values.page) || 1);
const config = loadConfig();
if (!config.DATABASE_URL && !fs.existsSync(path.join(config.dataDir, SQLITE_FILE))) {
  console.error(`No database in ${config.dataDir}; start the server once or run npm run seed.`);
  process.exit(1);
}
const storage = await openStorage(config);
const { total, submissions } = await storage.submissions
  .list(values.site, { offset: (page - 1) * limit, limit })
  .finally(() => storage.close());

if (values.json) {
  console.log(
    JSON.stringify({ total, page, limit, submissions: submissions.map(({ ip_hash: _ip, ...s }) => s) }, null, 2),
  );
} else {
  console.log(
    `${total} submission(s) for ${values.site}${total > submissions.length ? ` (page ${page}, ${limit} per page)` : ""}`,
  );
  for (const s of submissions) {
    const p = s.payload as Record<string, unknown>;
    const who = [p.first_name, p.last_name].filter(Boolean).join(" ");
    const to = s.recipient_type ? ` → ${s.recipient_type}${s.recipient_slug ? `:${s.recipient_slug}` : ""}` : "";
    console.log(`\n${s.created_at}  ${s.type} (${s.locale})${to}  #${s.id}`);
    console.log(`  ${who} <${String(p.email ?? "")}>${p.phone ? `  ${String(p.phone)}` : ""}`);
    const detail =
      typeof p.message === "string"
        ? p.message
        : typeof p.municipality === "string"
          ? `municipality: ${p.municipality}`
          : "";
    if (detail) console.log(`  ${detail.replace(/\s+/g, " ").slice(0, 300)}`);
  }
}
