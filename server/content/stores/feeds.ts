/**
 * Listing feeds (issue 31): each site's feed settings (the client secret encrypted by the
 * caller, never read back by a browser), the feed's scheduling state claimed through a lease (one
 * process syncs a feed at a time, as the leads outbox does), its cursors, the raw record per
 * (source, key) as the provider sent it, and the runs with their reports. The sync itself is
 * server/feeds/sync.ts; the batch of listings, records and cursor it writes together goes through
 * ListingsStore.applyChanges, whose transaction these methods join (`executor`).
 */
import type { Db, StoreDialect, Trx } from "../db/dialect";

type Executor = Db | Trx;

export interface StoredFeedSettings {
  site_id: string;
  kind: string;
  base_url: string;
  token_url: string;
  client_id: string;
  /** The client secret as stored (encrypted); null: none saved. */
  secret_enc: string | null;
  scope: string | null;
  mine: { offices: string[]; agents: string[] };
  interval_minutes: number;
  photos: "hotlink" | "mirror";
  remarks_language: "fr" | "en";
  enabled: boolean;
  updated_ms: number;
  updated_by: string | null;
}

export interface FeedState {
  source: string;
  next_run_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  run_id: string | null;
  /** Sync now was asked for (ms): the run it starts is a manual one. */
  requested_ms: number | null;
  current_ms: number | null;
  hidden: boolean;
  failures: number;
}

/** What a feed record became: listed (on the market), sold, removed, withheld (not for display) or skipped (mapping failed). */
export type FeedRecordState = "listed" | "sold" | "removed" | "withheld" | "skipped";

export interface FeedRecordRow {
  key: string;
  uls: string | null;
  modified: string | null;
  hash: string;
  state: FeedRecordState;
  reason: string | null;
  generation: number;
}

export interface FeedRecordWrite extends FeedRecordRow {
  /** The record as the provider sent it, with what was fetched beside it (media, open houses, translations). */
  doc: unknown;
}

export type RunStatus = "running" | "succeeded" | "failed" | "interrupted";

export interface FeedRun {
  id: string;
  source: string;
  kind: "full" | "incremental";
  trigger: "schedule" | "manual" | "cli";
  owner: string;
  status: RunStatus;
  started_ms: number;
  ended_ms: number | null;
  created: number;
  updated: number;
  removed: number;
  skipped: number;
  requests: number;
  report: RunReport;
  error_code: string | null;
  error_message: string | null;
}

/** What a run keeps beside its counters (shown on the sync screen). */
export interface RunReport {
  /** Records that failed the mapping, with why (the first REPORTED_SKIPS). */
  skips: { key: string; reason: string }[];
  /** Records not shown by the provider's choice (InternetEntireListingDisplayYN = false, a status not for display). */
  withheld: number;
  /** Records fetched, and fetched again unchanged. */
  fetched: number;
  unchanged: number;
  /** Events recorded for the saved-search alerts. */
  events: number;
  /** The demo's generated listings deleted by the first import. */
  demo_removed?: number;
  /** Codes of notes worth telling the broker (budget_reached, rate_limited, photos_hotlinked…). */
  notes: string[];
  /** Seconds spent waiting for the provider (429 Retry-After). */
  waited_s: number;
}

/** Skips kept per run with their reason (the count goes on past it). */
export const REPORTED_SKIPS = 200;

export const emptyReport = (): RunReport => ({
  skips: [],
  withheld: 0,
  fetched: 0,
  unchanged: 0,
  events: 0,
  notes: [],
  waited_s: 0,
});

const settingsOf = (row: {
  site_id: string;
  kind: string;
  base_url: string;
  token_url: string;
  client_id: string;
  secret_enc: string | null;
  scope: string | null;
  mine: string;
  interval_minutes: number;
  photos: string;
  remarks_language: string;
  enabled: number;
  updated_ms: number;
  updated_by: string | null;
}): StoredFeedSettings => ({
  ...row,
  mine: JSON.parse(row.mine) as StoredFeedSettings["mine"],
  photos: row.photos === "mirror" ? "mirror" : "hotlink",
  remarks_language: row.remarks_language === "en" ? "en" : "fr",
  enabled: Boolean(row.enabled),
  interval_minutes: Number(row.interval_minutes),
  updated_ms: Number(row.updated_ms),
});

const RUN_COLUMNS = [
  "id",
  "source",
  "kind",
  "trigger",
  "owner",
  "status",
  "started_ms",
  "ended_ms",
  "created",
  "updated",
  "removed",
  "skipped",
  "requests",
  "report",
  "error_code",
  "error_message",
] as const;

const runOf = (row: Record<(typeof RUN_COLUMNS)[number], unknown>): FeedRun => ({
  ...(row as unknown as FeedRun),
  started_ms: Number(row.started_ms),
  ended_ms: row.ended_ms === null ? null : Number(row.ended_ms),
  report: { ...emptyReport(), ...(JSON.parse(String(row.report)) as Partial<RunReport>) },
});

export class FeedsStore {
  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  // ---- settings ------------------------------------------------------------------------

  async settings(siteId: string): Promise<StoredFeedSettings | undefined> {
    const row = await this.db.selectFrom("feed_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst();
    return row ? settingsOf(row) : undefined;
  }

  async allSettings(): Promise<StoredFeedSettings[]> {
    const rows = await this.db.selectFrom("feed_settings").selectAll().orderBy("site_id").execute();
    return rows.map(settingsOf);
  }

  async saveSettings(settings: StoredFeedSettings): Promise<void> {
    const row = { ...settings, mine: JSON.stringify(settings.mine) };
    await this.db
      .insertInto("feed_settings")
      .values(row)
      .onConflict((oc) =>
        oc.column("site_id").doUpdateSet((eb) => ({
          kind: eb.ref("excluded.kind"),
          base_url: eb.ref("excluded.base_url"),
          token_url: eb.ref("excluded.token_url"),
          client_id: eb.ref("excluded.client_id"),
          secret_enc: eb.ref("excluded.secret_enc"),
          scope: eb.ref("excluded.scope"),
          mine: eb.ref("excluded.mine"),
          interval_minutes: eb.ref("excluded.interval_minutes"),
          photos: eb.ref("excluded.photos"),
          remarks_language: eb.ref("excluded.remarks_language"),
          enabled: eb.ref("excluded.enabled"),
          updated_ms: eb.ref("excluded.updated_ms"),
          updated_by: eb.ref("excluded.updated_by"),
        })),
      )
      .execute();
  }

  // ---- scheduling: state and lease -------------------------------------------------------

  async state(source: string): Promise<FeedState | undefined> {
    const row = await this.db.selectFrom("feed_state").selectAll().where("source", "=", source).executeTakeFirst();
    return row
      ? {
          ...row,
          next_run_ms: Number(row.next_run_ms),
          lease_until_ms: row.lease_until_ms === null ? null : Number(row.lease_until_ms),
          requested_ms: row.requested_ms === null ? null : Number(row.requested_ms),
          current_ms: row.current_ms === null ? null : Number(row.current_ms),
          hidden: Boolean(row.hidden),
        }
      : undefined;
  }

  /** Makes the feed's state row when missing (first run due at `nextRunMs`). */
  async ensureState(source: string, nextRunMs: number): Promise<void> {
    await this.db
      .insertInto("feed_state")
      .values({ source, next_run_ms: nextRunMs, hidden: false, failures: 0 })
      .onConflict((oc) => oc.column("source").doNothing())
      .execute();
  }

  /**
   * Takes the feed for `owner` until `now + leaseMs` when no live lease holds it and a run is due
   * (or `force`: sync now, the shell's command). One statement: two processes never both win.
   */
  async claim(source: string, owner: string, now: number, leaseMs: number, force = false): Promise<boolean> {
    let query = this.db
      .updateTable("feed_state")
      .set({ lease_owner: owner, lease_until_ms: now + leaseMs })
      .where("source", "=", source)
      .where((eb) => eb.or([eb("lease_until_ms", "is", null), eb("lease_until_ms", "<=", now)]));
    if (!force) query = query.where("next_run_ms", "<=", now);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Extends a lease still held by `owner`; false when it was lost (another process has the feed now). */
  async renew(source: string, owner: string, now: number, leaseMs: number, executor: Executor = this.db) {
    const result = await executor
      .updateTable("feed_state")
      .set({ lease_until_ms: now + leaseMs })
      .where("source", "=", source)
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives the feed back after a run: when it runs next, whether it is current, failures in a row. */
  async release(
    source: string,
    owner: string,
    outcome: { nextRunMs: number; currentMs?: number; failures: number },
  ): Promise<void> {
    await this.db
      .updateTable("feed_state")
      .set({
        lease_owner: null,
        lease_until_ms: null,
        run_id: null,
        requested_ms: null,
        next_run_ms: outcome.nextRunMs,
        failures: outcome.failures,
        ...(outcome.currentMs === undefined ? {} : { current_ms: outcome.currentMs }),
      })
      .where("source", "=", source)
      .where("lease_owner", "=", owner)
      .execute();
  }

  /** Runs the feed at `nextRunMs`; `requested`: an editor asked (sync now), the run says so. */
  async schedule(source: string, nextRunMs: number, requested = false): Promise<void> {
    await this.db
      .updateTable("feed_state")
      .set({ next_run_ms: nextRunMs, ...(requested ? { requested_ms: nextRunMs } : {}) })
      .where("source", "=", source)
      .execute();
  }

  async setHidden(source: string, hidden: boolean, executor: Executor = this.db): Promise<void> {
    await executor.updateTable("feed_state").set({ hidden }).where("source", "=", source).execute();
  }

  async setRunId(source: string, runId: string | null): Promise<void> {
    await this.db.updateTable("feed_state").set({ run_id: runId }).where("source", "=", source).execute();
  }

  // ---- cursors -------------------------------------------------------------------------

  async cursor<T>(source: string, name: string): Promise<T | undefined> {
    const row = await this.db
      .selectFrom("feed_cursors")
      .select("value")
      .where("source", "=", source)
      .where("name", "=", name)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async setCursor(source: string, name: string, value: unknown, executor: Executor = this.db): Promise<void> {
    await executor
      .insertInto("feed_cursors")
      .values({ source, name, value: JSON.stringify(value), updated_ms: Date.now() })
      .onConflict((oc) =>
        oc.columns(["source", "name"]).doUpdateSet((eb) => ({
          value: eb.ref("excluded.value"),
          updated_ms: eb.ref("excluded.updated_ms"),
        })),
      )
      .execute();
  }

  // ---- raw records ---------------------------------------------------------------------

  /** The stored records of these keys (what the previous runs wrote), by key. */
  async records(source: string, keys: readonly string[], executor: Executor = this.db) {
    const out = new Map<string, FeedRecordRow>();
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await executor
        .selectFrom("feed_records")
        .select(["key", "uls", "modified", "hash", "state", "reason", "generation"])
        .where("source", "=", source)
        .where("key", "in", keys.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.key, { ...r, state: r.state as FeedRecordState });
    }
    return out;
  }

  async putRecords(source: string, records: readonly FeedRecordWrite[], executor: Executor = this.db) {
    const now = Date.now();
    for (let i = 0; i < records.length; i += 300) {
      await executor
        .insertInto("feed_records")
        .values(
          records.slice(i, i + 300).map((r) => ({
            source,
            key: r.key,
            uls: r.uls,
            modified: r.modified,
            hash: r.hash,
            doc: JSON.stringify(r.doc),
            state: r.state,
            reason: r.reason,
            generation: r.generation,
            updated_ms: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["source", "key"]).doUpdateSet((eb) => ({
            uls: eb.ref("excluded.uls"),
            modified: eb.ref("excluded.modified"),
            hash: eb.ref("excluded.hash"),
            doc: eb.ref("excluded.doc"),
            state: eb.ref("excluded.state"),
            reason: eb.ref("excluded.reason"),
            generation: eb.ref("excluded.generation"),
            updated_ms: eb.ref("excluded.updated_ms"),
          })),
        )
        .execute();
    }
  }

  /** Marks records seen by a full load of `generation` without rewriting them (fetched again unchanged). */
  async touchRecords(source: string, keys: readonly string[], generation: number, executor: Executor = this.db) {
    for (let i = 0; i < keys.length; i += 500) {
      await executor
        .updateTable("feed_records")
        .set({ generation })
        .where("source", "=", source)
        .where("key", "in", keys.slice(i, i + 500))
        .execute();
    }
  }

  /** Sets the state of records (a removal found by reconciliation, a hidden feed coming back…). */
  async setRecordStates(
    source: string,
    states: readonly { key: string; state: FeedRecordState; reason: string | null }[],
    executor: Executor = this.db,
  ) {
    for (const s of states) {
      await executor
        .updateTable("feed_records")
        .set({ state: s.state, reason: s.reason, updated_ms: Date.now() })
        .where("source", "=", source)
        .where("key", "=", s.key)
        .execute();
    }
  }

  /** Keys of the records on the site (listed), with their listing number and timestamp. */
  async listedKeys(
    source: string,
  ): Promise<{ key: string; uls: string; modified: string | null; generation: number }[]> {
    const rows = await this.db
      .selectFrom("feed_records")
      .select(["key", "uls", "modified", "generation"])
      .where("source", "=", source)
      .where("state", "=", "listed")
      .execute();
    return rows.flatMap((r) =>
      r.uls ? [{ key: r.key, uls: r.uls, modified: r.modified, generation: r.generation }] : [],
    );
  }

  /** Records in pages by key (the remap of a whole feed: badges that age, a feed shown again). */
  async recordPage(source: string, afterKey: string, limit: number, states: readonly FeedRecordState[]) {
    const rows = await this.db
      .selectFrom("feed_records")
      .select(["key", "uls", "modified", "hash", "state", "reason", "generation", "doc"])
      .where("source", "=", source)
      .where("state", "in", states)
      .where(this.dialect.bytewise("key"), ">", afterKey)
      .orderBy(this.dialect.bytewise("key"))
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, state: r.state as FeedRecordState, doc: JSON.parse(r.doc) as unknown }));
  }

  async recordCounts(source: string): Promise<Record<FeedRecordState, number>> {
    const rows = await this.db
      .selectFrom("feed_records")
      .select((eb) => ["state", eb.fn.countAll<number>().as("n")])
      .where("source", "=", source)
      .groupBy("state")
      .execute();
    const out: Record<FeedRecordState, number> = { listed: 0, sold: 0, removed: 0, withheld: 0, skipped: 0 };
    for (const r of rows) out[r.state as FeedRecordState] = Number(r.n);
    return out;
  }

  // ---- runs ----------------------------------------------------------------------------

  async startRun(run: Omit<FeedRun, "ended_ms" | "error_code" | "error_message">): Promise<void> {
    await this.db
      .insertInto("feed_runs")
      .values({ ...run, report: JSON.stringify(run.report), ended_ms: null, error_code: null, error_message: null })
      .execute();
  }

  /** Writes a run's counters and report as they stand (in the batch's transaction: they match what was written). */
  async updateRun(
    run: Pick<FeedRun, "id" | "created" | "updated" | "removed" | "skipped" | "requests" | "report" | "kind">,
    executor: Executor = this.db,
  ): Promise<void> {
    await executor
      .updateTable("feed_runs")
      .set({
        kind: run.kind,
        created: run.created,
        updated: run.updated,
        removed: run.removed,
        skipped: run.skipped,
        requests: run.requests,
        report: JSON.stringify(run.report),
      })
      .where("id", "=", run.id)
      .execute();
  }

  async finishRun(
    id: string,
    outcome: { status: Exclude<RunStatus, "running">; endedMs: number; errorCode?: string; errorMessage?: string },
  ): Promise<void> {
    await this.db
      .updateTable("feed_runs")
      .set({
        status: outcome.status,
        ended_ms: outcome.endedMs,
        error_code: outcome.errorCode ?? null,
        error_message: outcome.errorMessage ?? null,
      })
      .where("id", "=", id)
      .execute();
  }

  /** Runs left "running" by a process that stopped (killed): interrupted, ended when found. */
  async interruptRuns(source: string, now: number): Promise<number> {
    const result = await this.db
      .updateTable("feed_runs")
      .set({ status: "interrupted", ended_ms: now })
      .where("source", "=", source)
      .where("status", "=", "running")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async runs(source: string, limit = 10): Promise<FeedRun[]> {
    const rows = await this.db
      .selectFrom("feed_runs")
      .select(RUN_COLUMNS)
      .where("source", "=", source)
      .orderBy("started_ms", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(runOf);
  }

  async run(id: string): Promise<FeedRun | undefined> {
    const row = await this.db.selectFrom("feed_runs").select(RUN_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? runOf(row) : undefined;
  }
}
