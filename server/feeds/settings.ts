/**
 * Which feeds a server syncs: the default site's from the environment (FEED_KIND…), and each
 * site's set in the studio (stored, the secret encrypted). The environment wins for its site: the
 * studio shows it and cannot change it. A feed set in the studio without a readable secret is not
 * synced, and the sync screen says why.
 */
import { z } from "zod";
import { type FeedKind, feedKindSchema } from "../../schema/api";
import { type Config, feedUrlSchema } from "../config";
import type { Storage } from "../content/storage";
import type { StoredFeedSettings } from "../content/stores/feeds";
import { ADAPTERS } from "./adapters";
import { openSecret, secretKey } from "./secret-box";

/** A feed ready to sync. */
export interface FeedConfig {
  /** The site whose feed it is: the listings' `source`. */
  source: string;
  kind: FeedKind;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  mine: { offices: string[]; agents: string[] };
  intervalMinutes: number;
  photos: "hotlink" | "mirror";
  remarksLanguage: "fr" | "en";
  origin: "environment" | "studio";
}

const keyList = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\w.-]+$/, "letters, digits, - _ ."),
  )
  .max(100);

/** The studio's settings form (PUT /feeds/:site_id); the secret is written, never read back. */
export const feedSettingsInputSchema = z.object({
  kind: feedKindSchema,
  base_url: feedUrlSchema,
  token_url: feedUrlSchema,
  client_id: z.string().trim().min(1).max(200),
  /** Absent or empty: the saved one is kept. */
  client_secret: z.string().max(500).optional(),
  scope: z.string().trim().max(200).optional(),
  mine: z.object({ offices: keyList, agents: keyList }),
  interval_minutes: z.number().int().min(5).max(1440),
  photos: z.enum(["hotlink", "mirror"]),
  remarks_language: z.enum(["fr", "en"]),
  enabled: z.boolean(),
});

/** The default site's feed from the environment, if set. */
export function environmentFeed(config: Config): FeedConfig | undefined {
  const { FEED_KIND, FEED_URL, FEED_TOKEN_URL, FEED_CLIENT_ID, FEED_CLIENT_SECRET } = config;
  if (!FEED_KIND || !FEED_URL || !FEED_TOKEN_URL || !FEED_CLIENT_ID || !FEED_CLIENT_SECRET) return undefined;
  const adapter = ADAPTERS[FEED_KIND];
  return {
    source: config.SITE_ID,
    kind: FEED_KIND,
    baseUrl: FEED_URL,
    tokenUrl: FEED_TOKEN_URL,
    clientId: FEED_CLIENT_ID,
    clientSecret: FEED_CLIENT_SECRET,
    scope: config.FEED_SCOPE ?? adapter.defaultScope,
    mine: { offices: config.FEED_OFFICES ?? [], agents: config.FEED_AGENTS ?? [] },
    intervalMinutes: config.FEED_INTERVAL_MINUTES,
    photos: config.FEED_PHOTOS ?? "hotlink",
    remarksLanguage: config.FEED_REMARKS_LANGUAGE ?? adapter.remarksLanguage,
    origin: "environment",
  };
}

export type SettingsProblem = "no_secret" | "secret_unreadable" | "disabled";

/** A site's stored settings as a feed, or why they cannot be synced. */
export function feedOfSettings(
  settings: StoredFeedSettings,
  key: Buffer,
): { feed: FeedConfig } | { problem: SettingsProblem } {
  if (!settings.enabled) return { problem: "disabled" };
  if (!settings.secret_enc) return { problem: "no_secret" };
  const secret = openSecret(key, settings.site_id, settings.secret_enc);
  if (secret === undefined) return { problem: "secret_unreadable" };
  const kind = feedKindSchema.parse(settings.kind);
  return {
    feed: {
      source: settings.site_id,
      kind,
      baseUrl: settings.base_url,
      tokenUrl: settings.token_url,
      clientId: settings.client_id,
      clientSecret: secret,
      scope: settings.scope ?? ADAPTERS[kind].defaultScope,
      mine: settings.mine,
      intervalMinutes: settings.interval_minutes,
      photos: settings.photos,
      remarksLanguage: settings.remarks_language,
      origin: "studio",
    },
  };
}

/** Every feed this server syncs: the environment's, then each site's enabled one from the studio. */
export async function configuredFeeds(storage: Storage, config: Config): Promise<FeedConfig[]> {
  const fromEnv = environmentFeed(config);
  const stored = await storage.feeds.allSettings();
  const out: FeedConfig[] = fromEnv ? [fromEnv] : [];
  const others = stored.filter((s) => s.site_id !== fromEnv?.source && s.enabled);
  if (others.length === 0) return out;
  const key = await secretKey(config.FEEDS_SECRET_KEY, storage.secrets);
  for (const settings of others) {
    const found = feedOfSettings(settings, key);
    if ("feed" in found) out.push(found.feed);
  }
  return out;
}

/** The start-up line: which feeds are configured (never a secret). */
export function describeFeeds(feeds: readonly FeedConfig[]): string {
  if (feeds.length === 0) return "Listing feeds: none configured (the listings shown are the demo's).";
  const lines = feeds.map(
    (f) =>
      `${f.source} ← ${ADAPTERS[f.kind].label} at ${f.baseUrl} (every ${f.intervalMinutes} min, from the ${f.origin})`,
  );
  return `Listing feeds: ${lines.join("; ")}`;
}
