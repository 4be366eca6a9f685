/**
 * The listing feed's calls (/api/feeds/{site}, server/content/routes/feeds.ts), every answer
 * parsed with zod. Saving and testing are sensitive (sudo): the shared client opens the
 * confirm-access dialog when the server asks (studio/auth/client.ts `callApi`).
 */
import { z } from "zod";
import { callApi } from "../auth/client";

const kind = z.enum(["reso", "ddf", "centris"]);

export const feedSettingsSchema = z.object({
  kind,
  base_url: z.string(),
  token_url: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  scope: z.string(),
  mine: z.object({ offices: z.array(z.string()), agents: z.array(z.string()) }),
  interval_minutes: z.number(),
  photos: z.enum(["hotlink", "mirror"]),
  remarks_language: z.enum(["fr", "en"]),
  enabled: z.boolean(),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

export const runSchema = z.object({
  id: z.string(),
  kind: z.enum(["full", "incremental"]),
  trigger: z.enum(["schedule", "manual", "cli"]),
  status: z.enum(["running", "succeeded", "failed", "interrupted"]),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  created: z.number(),
  updated: z.number(),
  removed: z.number(),
  skipped: z.number(),
  requests: z.number(),
  report: z.object({
    skips: z.array(z.object({ key: z.string(), reason: z.string() })),
    withheld: z.number(),
    fetched: z.number(),
    unchanged: z.number(),
    events: z.number(),
    demo_removed: z.number().optional(),
    notes: z.array(z.string()),
    waited_s: z.number(),
  }),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type FeedRunView = z.infer<typeof runSchema>;

export const feedStatusSchema = z.object({
  origin: z.enum(["environment", "studio"]).nullable(),
  settings: feedSettingsSchema.nullable(),
  problem: z.enum(["no_secret", "secret_unreadable", "disabled"]).nullable(),
  mirror_available: z.boolean(),
  stale_after_hours: z.number().nullable(),
  state: z
    .object({
      next_run_at: z.string().nullable(),
      running: z.boolean(),
      current_at: z.string().nullable(),
      hidden: z.boolean(),
      failures: z.number(),
    })
    .nullable(),
  counts: z.object({
    listed: z.number(),
    sold: z.number(),
    removed: z.number(),
    withheld: z.number(),
    skipped: z.number(),
  }),
  runs: z.array(runSchema),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** What the form sends: the secret only when typed (empty keeps the saved one). */
export interface FeedSettingsInput {
  kind: FeedSettings["kind"];
  base_url: string;
  token_url: string;
  client_id: string;
  client_secret?: string;
  scope?: string;
  mine: { offices: string[]; agents: string[] };
  interval_minutes: number;
  photos: FeedSettings["photos"];
  remarks_language: FeedSettings["remarks_language"];
  enabled: boolean;
}

const testSchema = z.object({ ok: z.boolean(), code: z.string().optional(), message: z.string().optional() });

export function createFeedsApi(siteId: string) {
  const base = `/api/feeds/${encodeURIComponent(siteId)}`;
  return {
    status: () => callApi("GET", base, feedStatusSchema),
    save: (input: FeedSettingsInput) => callApi("PUT", base, z.object({ saved: z.literal(true) }), input),
    syncNow: () => callApi("POST", `${base}/sync`, z.object({ scheduled: z.literal(true) }), {}),
    test: (input: FeedSettingsInput) => callApi("POST", `${base}/test`, testSchema, input),
  };
}
export type FeedsApi = ReturnType<typeof createFeedsApi>;
