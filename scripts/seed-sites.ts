/**
 * `npm run seed:sites -- --sites=1000`: adds N sites to the store (PostgreSQL with DATABASE_URL,
 * else the embedded store of DATA_DIR), each a copy of the demo broker's site with six of its
 * pages, its own id (`site-0001`…), site key, name and domain name (`site-0001.courtier.example`,
 * or `--domain-suffix`): what the scale benchmarks find sites among. Running it again replaces
 * the same sites. `--from=1001` numbers the new sites after those.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { seedSites } from "../server/content/seed-sites";
import { openStorage } from "../server/content/storage";

const { values } = parseArgs({
  options: {
    sites: { type: "string", default: "1000" },
    from: { type: "string", default: "1" },
    "domain-suffix": { type: "string", default: "courtier.example" },
  },
});
const count = Number(values.sites);
const from = Number(values.from);
if (!Number.isInteger(count) || count < 1 || count > 100_000)
  throw new Error("--sites must be an integer from 1 to 100000");
if (!Number.isInteger(from) || from < 1) throw new Error("--from must be an integer from 1");

const config = loadConfig();
const storage = await openStorage(config);
try {
  const { sites, pages, ms } = await seedSites(storage.content, {
    count,
    from,
    domainSuffix: values["domain-suffix"],
  });
  const where = storage.kind === "postgres" ? "PostgreSQL" : config.dataDir;
  console.log(`Seeded ${sites} sites (${pages} pages) into ${where} in ${Math.round(ms)} ms`);
} finally {
  await storage.close();
}
