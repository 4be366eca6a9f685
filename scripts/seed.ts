/**
 * `npm run seed`: reloads fixtures/ into the store (PostgreSQL with DATABASE_URL, else the
 * embedded store of DATA_DIR, default ./.data), replacing sites, pages, redirects, demo
 * blocks, listings and articles. Form submissions are kept. Pages published from the
 * studio are overwritten.
 */
import { loadConfig } from "../server/config";
import { seedFromFixtures } from "../server/content/seed";
import { seedStores } from "../server/content/seed-stores";
import { openStorage } from "../server/content/storage";

const config = loadConfig();
const storage = await openStorage(config);
const started = performance.now();
try {
  await seedFromFixtures(storage.content, { force: true });
  await seedStores(storage, { force: true });
} finally {
  await storage.close();
}
const where = storage.kind === "postgres" ? "PostgreSQL" : config.dataDir;
console.log(`Seeded ${where} from fixtures in ${Math.round(performance.now() - started)} ms`);
