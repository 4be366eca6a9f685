/**
 * The administrator's listing feed (issue 31), content client, admins only:
 *
 * GET  /feeds/:site_id        the settings (never the secret: whether one is saved), where they come
 *                             from (the environment or the studio), the state (next run, running,
 *                             current, hidden), the records' counts and the last runs with their reports
 * PUT  /feeds/:site_id        saves the settings (sudo: site-wide settings need a recent proof of
 *                             identity); the secret is encrypted at rest; refused for a feed the
 *                             environment configures
 * POST /feeds/:site_id/sync   sync now: the feed is due at once and this process's scheduler wakes
 * POST /feeds/:site_id/test   tries the credentials (a token, one page of Property) with the
 *                             settings sent, or the saved ones: "the client secret was refused"
 *                             before anything is saved
 */
import type { z } from "zod";
import { ADAPTERS } from "../../feeds/adapters";
import { FeedError } from "../../feeds/errors";
import { forgetTokens, ODataClient } from "../../feeds/odata";
import { kickFeedScheduler } from "../../feeds/scheduler";
import { openSecret, sealSecret, secretKey } from "../../feeds/secret-box";
import { environmentFeed, feedOfSettings, feedSettingsInputSchema } from "../../feeds/settings";
import { HttpError, json, readJson } from "../http";
import type { Route, RouteContext } from "../service";
import type { FeedRun, StoredFeedSettings } from "../stores/feeds";

async function siteOf(ctx: RouteContext): Promise<string> {
  const siteId = ctx.params.site_id ?? "";
  if (!(await ctx.storage.content.getSite(siteId))) throw new HttpError(404, "Unknown site");
  return siteId;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

const runView = (run: FeedRun) => ({
  id: run.id,
  kind: run.kind,
  trigger: run.trigger,
  status: run.status,
  started_at: iso(run.started_ms),
  ended_at: iso(run.ended_ms),
  created: run.created,
  updated: run.updated,
  removed: run.removed,
  skipped: run.skipped,
  requests: run.requests,
  report: run.report,
  error_code: run.error_code,
  error_message: run.error_message,
});

/** Settings as the browser may see them: everything but the secret. */
const settingsView = (s: Omit<StoredFeedSettings, "secret_enc" | "updated_ms" | "updated_by">, hasSecret: boolean) => ({
  kind: s.kind,
  base_url: s.base_url,
  token_url: s.token_url,
  client_id: s.client_id,
  has_secret: hasSecret,
  scope: s.scope ?? "",
  mine: s.mine,
  interval_minutes: s.interval_minutes,
  photos: s.photos,
  remarks_language: s.remarks_language,
  enabled: s.enabled,
});

async function body<T extends z.ZodType>(ctx: RouteContext, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await readJson(ctx.request, ctx.maxBody));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "body"] ??= issue.message;
    throw new HttpError(400, `Invalid feed settings: ${Object.keys(errors).join(", ")}`, errors);
  }
  return parsed.data;
}

export const feedRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/feeds/:site_id",
    clients: ["content"],
    access: "admin",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const { storage, config } = ctx;
      const fromEnv = environmentFeed(config);
      const stored = await storage.feeds.settings(siteId);
      let settings: ReturnType<typeof settingsView> | null = null;
      let problem: string | null = null;
      if (fromEnv && fromEnv.source === siteId) {
        settings = settingsView(
          {
            site_id: siteId,
            kind: fromEnv.kind,
            base_url: fromEnv.baseUrl,
            token_url: fromEnv.tokenUrl,
            client_id: fromEnv.clientId,
            scope: fromEnv.scope ?? null,
            mine: fromEnv.mine,
            interval_minutes: fromEnv.intervalMinutes,
            photos: fromEnv.photos,
            remarks_language: fromEnv.remarksLanguage,
            enabled: true,
          },
          true,
        );
      } else if (stored) {
        settings = settingsView(stored, stored.secret_enc !== null);
        const found = feedOfSettings(stored, await secretKey(config.FEEDS_SECRET_KEY, storage.secrets));
        if ("problem" in found) problem = found.problem;
      }
      const state = await storage.feeds.state(siteId);
      const now = Date.now();
      const kind = settings?.kind as keyof typeof ADAPTERS | undefined;
      return json({
        origin: fromEnv?.source === siteId ? "environment" : stored ? "studio" : null,
        settings,
        problem,
        // Copying photos to this site comes with the media library (issue 30): not yet in this server.
        mirror_available: false,
        stale_after_hours: kind ? ADAPTERS[kind].staleAfterHours : null,
        state: state
          ? {
              next_run_at: iso(state.next_run_ms),
              running: state.lease_until_ms !== null && state.lease_until_ms > now,
              current_at: iso(state.current_ms),
              hidden: state.hidden,
              failures: state.failures,
            }
          : null,
        counts: await storage.feeds.recordCounts(siteId),
        runs: (await storage.feeds.runs(siteId, 10)).map(runView),
      });
    },
  },
  {
    method: "PUT",
    pattern: "/feeds/:site_id",
    clients: ["content"],
    access: "admin",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const { storage, config } = ctx;
      if (environmentFeed(config)?.source === siteId) {
        throw new HttpError(409, "This site's feed is set by the server's environment (FEED_…): change it there");
      }
      const input = await body(ctx, feedSettingsInputSchema);
      const before = await storage.feeds.settings(siteId);
      const secret = input.client_secret?.trim();
      if (!secret && !before?.secret_enc) {
        throw new HttpError(400, "Invalid feed settings: client_secret", { client_secret: "required" });
      }
      const key = await secretKey(config.FEEDS_SECRET_KEY, storage.secrets);
      const principal = await ctx.principal();
      await storage.feeds.saveSettings({
        site_id: siteId,
        kind: input.kind,
        base_url: input.base_url,
        token_url: input.token_url,
        client_id: input.client_id,
        secret_enc: secret ? sealSecret(key, siteId, secret) : before!.secret_enc,
        scope: input.scope || null,
        mine: input.mine,
        interval_minutes: input.interval_minutes,
        photos: input.photos,
        remarks_language: input.remarks_language,
        enabled: input.enabled,
        updated_ms: Date.now(),
        updated_by: principal?.editor.id ?? null,
      });
      await storage.feeds.ensureState(siteId, Date.now());
      // A changed secret or endpoint: no cached token of the old one is used again.
      forgetTokens();
      await ctx.audit({
        action: "feed.settings",
        outcome: "success",
        target: siteId,
        // Never the secret: whether it changed.
        details: {
          kind: input.kind,
          base_url: input.base_url,
          enabled: input.enabled,
          secret_changed: Boolean(secret),
        },
      });
      return json({ saved: true });
    },
  },
  {
    method: "POST",
    pattern: "/feeds/:site_id/sync",
    clients: ["content"],
    access: "admin",
    maxBody: 1024,
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const { storage, config } = ctx;
      const stored = await storage.feeds.settings(siteId);
      const usable =
        environmentFeed(config)?.source === siteId ||
        (stored && "feed" in feedOfSettings(stored, await secretKey(config.FEEDS_SECRET_KEY, storage.secrets)));
      if (!usable) throw new HttpError(409, "No feed to sync: save its settings (with the client secret) first");
      const now = Date.now();
      await storage.feeds.ensureState(siteId, now);
      await storage.feeds.schedule(siteId, now, true);
      kickFeedScheduler();
      await ctx.audit({ action: "feed.sync", outcome: "success", target: siteId });
      return json({ scheduled: true, next_run_at: iso(now) }, 202);
    },
  },
  {
    method: "POST",
    pattern: "/feeds/:site_id/test",
    clients: ["content"],
    access: "admin",
    // It sends a secret to an address the caller chooses: the same proof of identity as saving.
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const { storage, config } = ctx;
      const input = await body(
        ctx,
        feedSettingsInputSchema.pick({
          kind: true,
          base_url: true,
          token_url: true,
          client_id: true,
          client_secret: true,
          scope: true,
        }),
      );
      const fromEnv = environmentFeed(config);
      let secret = input.client_secret?.trim();
      if (!secret && fromEnv?.source === siteId) secret = fromEnv.clientSecret;
      if (!secret) {
        const stored = await storage.feeds.settings(siteId);
        if (stored?.secret_enc) {
          secret = openSecret(await secretKey(config.FEEDS_SECRET_KEY, storage.secrets), siteId, stored.secret_enc);
        }
      }
      if (!secret) throw new HttpError(400, "Invalid feed settings: client_secret", { client_secret: "required" });
      const client = new ODataClient({
        baseUrl: input.base_url,
        credential: {
          tokenUrl: input.token_url,
          clientId: input.client_id,
          clientSecret: secret,
          scope: input.scope || ADAPTERS[input.kind].defaultScope,
        },
        minIntervalMs: 0,
        budget: 6,
        attempts: 1,
        maxRetryAfterS: 0,
        timeoutMs: 15_000,
      });
      try {
        await client.checkToken();
        await client.page(client.url("Property", { $top: 1, $select: "ListingKey" }));
        return json({ ok: true });
      } catch (error) {
        if (!(error instanceof FeedError)) throw error;
        return json({ ok: false, code: error.code, message: error.message });
      }
    },
  },
];
