/** Builds the content service that answers in this process: storage, migrations, seed, routes. */
import { AuthService } from "../auth/service";
import { seedFixtureEditors } from "../auth/setup";
import type { Config } from "../config";
import { createFormServices, type FormServices } from "./form-services";
import { alertRoutes } from "./routes/alerts";
import { articleRoutes } from "./routes/articles";
import { authRoutes } from "./routes/auth";
import { contactRoutes } from "./routes/contact";
import { draftRoutes } from "./routes/drafts";
import { feedRoutes } from "./routes/feeds";
import { leadRoutes } from "./routes/leads";
import { lockRoutes } from "./routes/locks";
import { pageRoutes } from "./routes/pages";
import { previewRoutes } from "./routes/previews";
import { propertyRoutes, warmClusterIndexes } from "./routes/properties";
import { scheduleRoutes } from "./routes/schedules";
import { siteRoutes } from "./routes/site";
import { seedFromFixtures } from "./seed";
import { seedStores } from "./seed-stores";
import { type ContentService, createContentService, type Route } from "./service";
import { openStorage, type Storage } from "./storage";

export const allRoutes: readonly Route[] = [
  ...pageRoutes,
  ...propertyRoutes,
  ...articleRoutes,
  ...contactRoutes,
  ...authRoutes,
  ...lockRoutes,
  ...draftRoutes,
  ...scheduleRoutes,
  ...previewRoutes,
  ...leadRoutes,
  ...feedRoutes,
  ...alertRoutes,
  ...siteRoutes,
];

/**
 * Seeds a store from fixtures/ when it was never seeded (and the fixture editors when asked):
 * what every process does at start, and the cluster's primary once before it forks workers.
 */
export async function seedStorage(storage: Storage, config: Config): Promise<void> {
  await seedFromFixtures(storage.content);
  await seedStores(storage);
  if (config.FIXTURE_EDITORS) await seedFixtureEditors(storage);
}

/**
 * Opens the store the configuration names (or uses `options.storage`), seeds it from
 * fixtures/ when it was never seeded, and returns the service. The caller owns the
 * storage: `service.storage.close()` when done.
 */
export async function createEmbeddedContentService(
  config: Config,
  options: { storage?: Storage; forms?: Partial<FormServices>; now?: () => number } = {},
): Promise<ContentService> {
  const storage = options.storage ?? (await openStorage(config));
  try {
    await seedStorage(storage, config);
  } catch (error) {
    if (!options.storage) await storage.close();
    throw error;
  }
  const forms = createFormServices(storage, config, options.forms);
  // Search indexes (columns in memory, clusters of the common filter sets) are built off the request path.
  setTimeout(() => {
    warmClusterIndexes(storage.listings).catch(() => {
      // The storage was closed before the warm-up ran (tests): the indexes build on first use instead.
    });
  }, 0).unref();
  const auth = new AuthService(storage, config, options.now);
  return createContentService({ storage, forms, config, routes: allRoutes, auth });
}
