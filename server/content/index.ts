/** Builds the embedded content service: store, seed, routes. */
import type { Config } from "../config";
import { articleRoutes } from "./routes/articles";
import { contactRoutes } from "./routes/contact";
import { pageRoutes } from "./routes/pages";
import { propertyRoutes, warmClusterIndexes } from "./routes/properties";
import { seedFromFixtures } from "./seed";
import { seedStores } from "./seed-stores";
import { type ContentService, createContentService, type Route } from "./service";
import { openDatabase, SqliteContentRepository } from "./sqlite-repository";
import { attachStores, createStores } from "./stores/index";

export const allRoutes: readonly Route[] = [...pageRoutes, ...propertyRoutes, ...articleRoutes, ...contactRoutes];

export function createEmbeddedContentService(config: Config): ContentService {
  const db = openDatabase(config.dataDir);
  const repo = new SqliteContentRepository(db);
  seedFromFixtures(repo);
  const stores = createStores(db, config);
  seedStores(repo, stores);
  attachStores(repo, stores);
  // Search indexes (columns in memory, clusters of the common filter sets) are built off the request path.
  setTimeout(() => {
    try {
      warmClusterIndexes(stores.listings);
    } catch {
      // The service was closed before the warm-up ran (tests): the indexes build on first use instead.
    }
  }, 0).unref();
  return createContentService({ repo, config, routes: allRoutes });
}
