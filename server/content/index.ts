/** Builds the embedded content service: store, seed, routes. */
import type { Config } from "../config";
import { pageRoutes } from "./routes/pages";
import { seedFromFixtures } from "./seed";
import { type ContentService, createContentService, type Route } from "./service";
import { openDatabase, SqliteContentRepository } from "./sqlite-repository";

export const allRoutes: readonly Route[] = [...pageRoutes];

export function createEmbeddedContentService(config: Config): ContentService {
  const repo = new SqliteContentRepository(openDatabase(config.dataDir));
  seedFromFixtures(repo);
  return createContentService({ repo, config, routes: allRoutes });
}
