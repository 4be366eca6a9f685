/**
 * `npm run seed`: reloads fixtures/ into the store of DATA_DIR (default ./.data),
 * replacing sites, pages, redirects, demo blocks, listings and articles.
 * Form submissions are kept. Pages published from the studio are overwritten.
 */
import { loadConfig } from "../server/config";
import { seedFromFixtures } from "../server/content/seed";
import { seedStores } from "../server/content/seed-stores";
import { openDatabase, SqliteContentRepository } from "../server/content/sqlite-repository";
import { createStores } from "../server/content/stores/index";

const config = loadConfig();
const db = openDatabase(config.dataDir);
const repo = new SqliteContentRepository(db);
const started = performance.now();
seedFromFixtures(repo, { force: true });
seedStores(repo, createStores(db, config), { force: true });
repo.close();
console.log(`Seeded ${config.dataDir} from fixtures in ${Math.round(performance.now() - started)} ms`);
