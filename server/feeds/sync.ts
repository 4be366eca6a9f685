/**
 * One importer for the three feeds (FEEDS.md §2): a full load the first time, in a stable order
 * (by key, keyset paging: `$skip` is never used), then incremental runs by ModificationTimestamp
 * (and the adapter's other streams) with keyset paging on (timestamp, key), so records sharing a
 * timestamp across a page are neither skipped nor doubled. Pages follow `@odata.nextLink`.
 *
 * Every batch is one transaction (ListingsStore.applyChanges): the listings, their raw records,
 * the cursor after the batch, the run's counters and a check that this process still holds the
 * feed's lease. A sync killed at any moment has written a batch with its cursor, or neither: the
 * next run resumes from the cursor, and writing a record already written is a no-op (its hash is
 * the same), so nothing is lost or doubled.
 *
 * Deletions come from the provider's signal (EntityEvent where the server has it, a status that
 * takes the listing off) and from a reconciliation of every key twice a day (DDF's only signal:
 * PropertyReplication()). A feed not current within the provider's limit (24 h) is hidden.
 */
import { createHash, randomUUID } from "node:crypto";
import type { FeedKind } from "../../schema/api";
import type { ListingRecord } from "../content/data/listings-generator";
import { loadMunicipalities } from "../content/data/municipalities";
import type { Storage } from "../content/storage";
import {
  emptyReport,
  type FeedRecordRow,
  type FeedRecordState,
  type FeedRecordWrite,
  type FeedRun,
  REPORTED_SKIPS,
} from "../content/stores/feeds";
import type { ListingRemoval } from "../content/stores/listings";
import { log } from "../ops/log";
import { ADAPTERS, type FeedAdapter } from "./adapters";
import { FeedError, oneLine } from "./errors";
import { type MapContext, mapRecord, type RawListing } from "./mapper";
import { MunicipalityFinder } from "./municipalities";
import { ODataClient, type ODataClientOptions, odataInstant, odataString } from "./odata";
import type { PhotoMirror } from "./photos";
import type { FeedConfig } from "./settings";

/** Where a feed's sync stands, kept in the store (one JSON cursor, written with each batch). */
export interface SyncCursor {
  phase: "full" | "incremental";
  /** Full loads made: records seen by the current one carry its number (the others left the feed). */
  generation: number;
  /** Full load: the last key written, in key order (null: from the start). */
  after_key: string | null;
  /** Taken when the full load began: the incremental streams and the event log start there. */
  start_ts: string | null;
  start_event: number | null;
  /** Each stream's position: the (timestamp, key) of the last row written. */
  streams: Record<string, { ts: string; key: string }>;
  /** EntityEvent: the last sequence read; whether the server has the resource. */
  event_seq: number | null;
  events: "supported" | "unsupported" | "unknown";
  /** When every key of the feed was last compared with ours (ms). */
  reconciled_ms: number | null;
  /** The demo's generated listings were deleted by the first import. */
  demo_cleared: boolean;
}

export interface SyncOptions {
  storage: Storage;
  feed: FeedConfig;
  /** This process (a lease owner). */
  owner: string;
  trigger: FeedRun["trigger"];
  /** Start again from a full load. */
  full?: boolean;
  /** Run even when not due (sync now, the shell). */
  force?: boolean;
  leaseMs?: number;
  now?: () => number;
  /** The OData client's options for tests (a fetch, no rate limit, short backoffs). */
  client?: Partial<ODataClientOptions>;
  /** Adapter overrides for tests (smaller pages). */
  adapter?: Partial<FeedAdapter>;
  finder?: MunicipalityFinder;
  /** The media library's photo mirror (issue 30), when there is one. */
  photoMirror?: PhotoMirror;
  /** Called after each batch is committed (tests: a kill between batches). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

export type SyncOutcome = { claimed: false; reason: "running" | "not_due" } | { claimed: true; run: FeedRun };

/** A lease a run renews as it goes (each batch checks it in its transaction). */
const LEASE_MS = 120_000;
/** The first query of an incremental run starts this far before the cursor (providers that cache). */
const OVERLAP_MS = 60_000;
/** Keys per request when listings are fetched by key (an `or` list: the URL stays short). */
const KEYS_PER_REQUEST = 40;
/** A failed run's next try: doubling from a minute, at most the feed's interval. */
const retryDelay = (failures: number, intervalMs: number) =>
  Math.min(intervalMs, 60_000 * 2 ** Math.max(0, failures - 1));

let defaultFinder: MunicipalityFinder | undefined;
const finderOf = (options: SyncOptions) =>
  (options.finder ??= defaultFinder ??= new MunicipalityFinder(loadMunicipalities()));

const newCursor = (generation = 0): SyncCursor => ({
  phase: "full",
  generation,
  after_key: null,
  start_ts: null,
  start_event: null,
  streams: {},
  event_seq: null,
  events: "unknown",
  reconciled_ms: null,
  demo_cleared: false,
});

/** A JSON text with sorted keys: the same record hashes the same whatever order its fields came in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
const hashOf = (raw: RawListing) => createHash("sha256").update(stableJson(raw)).digest("base64url");
const keyOf = (record: Record<string, unknown>) =>
  record.ListingKey === undefined || record.ListingKey === null ? "" : String(record.ListingKey);
const stringOf = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/**
 * Claims the feed (a lease in the store: one process at a time), runs one sync and gives it back.
 * Not claimed when another process holds it, or (unless forced) when no run is due.
 */
export async function syncFeed(options: SyncOptions): Promise<SyncOutcome> {
  const { storage, feed } = options;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  await storage.feeds.ensureState(feed.source, now());
  if (!(await storage.feeds.claim(feed.source, options.owner, now(), leaseMs, options.force))) {
    const state = await storage.feeds.state(feed.source);
    return { claimed: false, reason: state?.lease_until_ms && state.lease_until_ms > now() ? "running" : "not_due" };
  }
  // Asked for in the studio (sync now): the run says so, whichever process runs it.
  const requested = typeof (await storage.feeds.state(feed.source))?.requested_ms === "number";
  const trigger = requested && options.trigger === "schedule" ? "manual" : options.trigger;
  return { claimed: true, run: await new FeedSync({ ...options, trigger }, leaseMs).run() };
}

class FeedSync {
  private readonly adapter: FeedAdapter;
  private readonly client: ODataClient;
  private readonly now: () => number;
  private readonly run_: FeedRun;
  private cursor: SyncCursor = newCursor();
  private hidden = false;
  private batches = 0;
  private mapContext: MapContext;
  /** Optional resources the feed has (asked once per run). */
  private readonly resources = new Map<string, boolean>();
  /** Names of agents and offices looked up this run (DDF's records carry keys). */
  private readonly members = new Map<string, Record<string, unknown> | null>();
  private readonly offices = new Map<string, Record<string, unknown> | null>();

  constructor(
    private readonly options: SyncOptions,
    private readonly leaseMs: number,
  ) {
    const { feed } = options;
    this.now = options.now ?? Date.now;
    this.adapter = { ...ADAPTERS[feed.kind], ...options.adapter };
    this.client = new ODataClient({
      baseUrl: feed.baseUrl,
      credential: {
        tokenUrl: feed.tokenUrl,
        clientId: feed.clientId,
        clientSecret: feed.clientSecret,
        scope: feed.scope,
      },
      minIntervalMs: this.adapter.minIntervalMs,
      budget: this.adapter.requestBudget,
      now: this.now,
      ...options.client,
    });
    this.mapContext = {
      kind: feed.kind,
      finder: finderOf(options),
      mine: feed.mine,
      remarksLanguage: feed.remarksLanguage,
      now: this.now(),
    };
    this.run_ = {
      id: randomUUID(),
      source: feed.source,
      kind: "incremental",
      trigger: options.trigger,
      owner: options.owner,
      status: "running",
      started_ms: this.now(),
      ended_ms: null,
      created: 0,
      updated: 0,
      removed: 0,
      skipped: 0,
      requests: 0,
      report: emptyReport(),
      error_code: null,
      error_message: null,
    };
  }

  private get feeds() {
    return this.options.storage.feeds;
  }
  private get source() {
    return this.options.feed.source;
  }

  async run(): Promise<FeedRun> {
    const { feeds, source } = this;
    const intervalMs = this.options.feed.intervalMinutes * 60_000;
    // A run a killed process left "running" ended then; this one goes on from its cursor.
    await feeds.interruptRuns(source, this.now());
    const stored = await feeds.cursor<SyncCursor>(source, "sync");
    const state = await feeds.state(source);
    this.hidden = Boolean(state?.hidden);
    this.cursor = stored && !this.options.full ? { ...newCursor(), ...stored } : newCursor(stored?.generation ?? 0);
    if (this.cursor.phase === "full" && this.cursor.after_key === null) this.cursor.generation++;
    this.run_.kind = this.cursor.phase;
    await feeds.startRun(this.run_);
    await feeds.setRunId(source, this.run_.id);
    const renewal = setInterval(() => {
      void feeds.renew(source, this.options.owner, this.now(), this.leaseMs).catch(() => {});
    }, this.leaseMs / 3);
    renewal.unref();
    try {
      if (this.options.feed.photos === "mirror" && !this.options.photoMirror) this.note("photos_hotlinked");
      if (this.cursor.phase === "full") await this.fullLoad();
      await this.incremental();
      await this.deletions();
      const reconcile =
        this.cursor.reconciled_ms === null ||
        this.now() - this.cursor.reconciled_ms >= this.adapter.reconcileEveryHours * 3_600_000;
      if (reconcile) await this.reconcile();
      if (this.hidden) await this.showAgain();
      this.run_.requests = this.client.requests;
      this.run_.report.waited_s = this.client.waitedS;
      await feeds.updateRun(this.run_);
      await feeds.finishRun(this.run_.id, { status: "succeeded", endedMs: this.now() });
      // Current: every change and deletion the provider signals was taken in (EntityEvent), or
      // every key was compared (the reconciliation) within the provider's limit.
      const currentMs =
        this.cursor.events === "supported" ? this.run_.started_ms : (this.cursor.reconciled_ms ?? undefined);
      await feeds.release(source, this.options.owner, { nextRunMs: this.now() + intervalMs, currentMs, failures: 0 });
      return { ...this.run_, status: "succeeded", ended_ms: this.now() };
    } catch (caught) {
      return await this.fail(caught, state?.failures ?? 0, intervalMs);
    } finally {
      clearInterval(renewal);
    }
  }

  /** A run that stopped: its report says why in plain words (the code), the next one is scheduled. */
  private async fail(caught: unknown, failuresBefore: number, intervalMs: number): Promise<FeedRun> {
    const { feeds, source } = this;
    const error =
      caught instanceof FeedError
        ? caught
        : new FeedError("internal", oneLine((caught as Error)?.message ?? String(caught)));
    this.run_.requests = this.client.requests;
    this.run_.report.waited_s = this.client.waitedS;
    await feeds.updateRun(this.run_).catch(() => {});
    // The budget is a pause, not a failure: the next run goes on from the cursors a minute later.
    if (error.code === "budget_reached") {
      this.note("budget_reached");
      await feeds.updateRun(this.run_).catch(() => {});
      await feeds.finishRun(this.run_.id, { status: "succeeded", endedMs: this.now() });
      await feeds.release(source, this.options.owner, { nextRunMs: this.now() + 60_000, failures: 0 });
      return { ...this.run_, status: "succeeded", ended_ms: this.now() };
    }
    if (error.code !== "lease_lost") {
      log.warn(`[feeds] ${source}: the sync failed (${error.code})`, { reason: error.message });
    }
    await feeds.finishRun(this.run_.id, {
      status: "failed",
      endedMs: this.now(),
      errorCode: error.code,
      errorMessage: error.message,
    });
    const failures = failuresBefore + 1;
    const nextRunMs =
      this.now() +
      (error.code === "rate_limited" && error.retryAfterS
        ? error.retryAfterS * 1000
        : retryDelay(failures, intervalMs));
    if (error.code !== "lease_lost") await feeds.release(source, this.options.owner, { nextRunMs, failures });
    return {
      ...this.run_,
      status: "failed",
      ended_ms: this.now(),
      error_code: error.code,
      error_message: error.message,
    };
  }

  private note(code: string): void {
    if (!this.run_.report.notes.includes(code)) this.run_.report.notes.push(code);
  }

  // ---- the full load -------------------------------------------------------------------

  private async fullLoad(): Promise<void> {
    if (this.cursor.after_key === null && this.cursor.start_ts === null) {
      // Where the incremental streams will start: the newest timestamp and event before the load.
      const newest = await this.client.page(
        this.client.url("Property", {
          $select: "ListingKey,ModificationTimestamp",
          $orderby: "ModificationTimestamp desc",
          $top: 1,
        }),
      );
      const start: Partial<SyncCursor> = { start_ts: stringOf(newest.value[0]?.ModificationTimestamp) || null };
      if (this.adapter.entityEvents && (await this.available("EntityEvent"))) {
        const last = await this.client.page(
          this.client.url("EntityEvent", { $orderby: "EntityEventSequence desc", $top: 1 }),
        );
        start.events = "supported";
        start.start_event = Number(last.value[0]?.EntityEventSequence ?? 0) || 0;
      } else start.events = "unsupported";
      this.cursor = { ...this.cursor, ...start };
      await this.feeds.setCursor(this.source, "sync", this.cursor);
    }
    await this.keyset(
      () => ({
        $filter: this.cursor.after_key === null ? undefined : `ListingKey gt ${odataString(this.cursor.after_key)}`,
        $orderby: "ListingKey",
        $top: this.adapter.pageSize,
      }),
      async (rows) => {
        await this.commit(await this.withRelated(rows), { ...this.cursor, after_key: keyOf(rows.at(-1)!) });
      },
    );
    // Everything the feed holds was seen: what was listed and not seen by this load has left it.
    const generation = this.cursor.generation;
    const gone = (await this.feeds.listedKeys(this.source)).filter((r) => r.generation < generation);
    for (let i = 0; i < gone.length; i += 500) {
      await this.commitRemovals(gone.slice(i, i + 500), "removed", "not in the feed's full load");
    }
    if (!this.cursor.demo_cleared) {
      const removed = await this.options.storage.listings.removeUnsourced();
      if (removed > 0) this.run_.report.demo_removed = removed;
    }
    const start = this.cursor.start_ts ?? "1970-01-01T00:00:00Z";
    this.cursor = {
      ...this.cursor,
      phase: "incremental",
      after_key: null,
      demo_cleared: true,
      streams: Object.fromEntries(this.adapter.streams.map((stream) => [stream.id, { ts: start, key: "" }])),
      event_seq: this.cursor.start_event,
      // A full load compared every key.
      reconciled_ms: this.run_.started_ms,
    };
    await this.feeds.setCursor(this.source, "sync", this.cursor);
    await this.feeds.updateRun(this.run_);
  }

  /** Whether the feed has an optional resource (Media, OpenHouse, Translations, EntityEvent), asked once per run. */
  private async available(resource: string): Promise<boolean> {
    let known = this.resources.get(resource);
    if (known === undefined) {
      known = await this.client.has(resource);
      this.resources.set(resource, known);
      if (!known && resource !== "EntityEvent") this.note(`no_${resource.toLowerCase()}_resource`);
    }
    return known;
  }

  /**
   * Reads a keyset query to its end: each page is written, then the query asks again from the
   * cursor that page moved. A next link, or a full page, says more follows; the next link itself
   * is not followed here: a provider's next link that pages by $skip over rows changing
   * underneath (a record modified mid-sync moves to the end) skips the row after the page, and
   * the keyset query cannot (docs/decisions.md). Queries without a keyset (key lists, lookups by
   * key) follow next links (`client.pages`).
   */
  private async keyset(
    query: () => Record<string, string | number | undefined>,
    onPage: (rows: Record<string, unknown>[]) => Promise<void>,
    resource = "Property",
  ): Promise<void> {
    for (;;) {
      const asked = query();
      const page = await this.client.page(this.client.url(resource, asked));
      this.run_.report.fetched += page.value.length;
      if (page.value.length === 0) return;
      await onPage(page.value);
      const top = Number(asked.$top ?? 0);
      if (!page.nextLink && !(top > 0 && page.value.length >= top)) return;
      if (JSON.stringify(query()) === JSON.stringify(asked)) {
        throw new FeedError(
          "bad_response",
          `The feed answered the same page twice (${resource}): its filter is not applied`,
        );
      }
    }
  }

  // ---- incremental streams -------------------------------------------------------------

  private async incremental(): Promise<void> {
    for (const stream of this.adapter.streams) {
      if (stream.resource !== "Property" && !(await this.available(stream.resource))) continue;
      const saved = this.cursor.streams[stream.id] ?? { ts: this.cursor.start_ts ?? "1970-01-01T00:00:00Z", key: "" };
      // Providers that cache may publish a record late with an earlier timestamp: the first
      // query starts a minute before the cursor (records fetched again are unchanged: no write).
      const back = Date.parse(saved.ts) - OVERLAP_MS;
      let position = { ts: Number.isNaN(back) ? saved.ts : new Date(Math.max(0, back)).toISOString(), key: "" };
      const filterOf = () => {
        const ts = odataInstant(position.ts);
        const after =
          position.key === ""
            ? `${stream.timestampField} ge ${ts}`
            : `(${stream.timestampField} gt ${ts} or (${stream.timestampField} eq ${ts} and ${stream.keyField} gt ${odataString(position.key)}))`;
        return stream.filter ? `${stream.filter} and ${after}` : after;
      };
      await this.keyset(
        () => ({
          $filter: filterOf(),
          $orderby: `${stream.timestampField},${stream.keyField}`,
          $top: stream.listingKeyField ? this.adapter.keyPageSize : this.adapter.pageSize,
          $select: stream.listingKeyField
            ? [stream.keyField, stream.timestampField, stream.listingKeyField].join(",")
            : undefined,
        }),
        async (rows) => {
          const last = rows.at(-1)!;
          position = { ts: stringOf(last[stream.timestampField]), key: stringOf(last[stream.keyField]) };
          const next = { ...this.cursor, streams: { ...this.cursor.streams, [stream.id]: position } };
          if (!stream.listingKeyField) {
            await this.commit(await this.withRelated(rows), next);
          } else {
            const keys = [...new Set(rows.map((r) => stringOf(r[stream.listingKeyField!])).filter(Boolean))];
            const { found, missing } = await this.fetchByKeys(keys);
            await this.commit(found, next, missing);
          }
        },
        stream.resource,
      );
    }
  }

  // ---- deletions -----------------------------------------------------------------------

  /** The EntityEvent log since the cursor: each listing named is fetched again; one gone has left the feed. */
  private async deletions(): Promise<void> {
    if (!this.adapter.entityEvents) return;
    if (this.cursor.events === "unknown") {
      this.cursor = { ...this.cursor, events: (await this.available("EntityEvent")) ? "supported" : "unsupported" };
    }
    if (this.cursor.events !== "supported") return;
    let seq = this.cursor.event_seq ?? 0;
    await this.keyset(
      () => ({
        $filter: `EntityEventSequence gt ${seq}`,
        $orderby: "EntityEventSequence",
        $top: this.adapter.keyPageSize,
      }),
      async (rows) => {
        const last = Number(rows.at(-1)!.EntityEventSequence);
        if (!Number.isFinite(last)) throw new FeedError("bad_response", "EntityEventSequence is not a number");
        const keys = [
          ...new Set(
            rows
              .filter((r) => stringOf(r.ResourceName) === "Property")
              .map((r) => stringOf(r.ResourceRecordKey))
              .filter(Boolean),
          ),
        ];
        const { found, missing } = await this.fetchByKeys(keys);
        await this.commit(found, { ...this.cursor, event_seq: last }, missing);
        seq = last;
      },
      "EntityEvent",
    );
  }

  /**
   * Every key of the feed against ours: a listed key the feed no longer has left it (sold, expired:
   * DDF's only signal); a key we never had, or had older, is fetched. Listings whose badges age
   * (new, open house) are mapped again from their raw records.
   */
  private async reconcile(): Promise<void> {
    const inFeed = new Map<string, string>();
    if (this.adapter.keyList === "replication") {
      for await (const page of this.client.pages(this.client.url("PropertyReplication()"))) {
        this.run_.requests = this.client.requests;
        for (const r of page.value) inFeed.set(keyOf(r), stringOf(r.ModificationTimestamp));
      }
    } else {
      let after: string | null = null;
      await this.keyset(
        () => ({
          $select: "ListingKey,ModificationTimestamp",
          $filter: after === null ? undefined : `ListingKey gt ${odataString(after)}`,
          $orderby: "ListingKey",
          $top: this.adapter.keyPageSize,
        }),
        async (rows) => {
          for (const r of rows) inFeed.set(keyOf(r), stringOf(r.ModificationTimestamp));
          after = keyOf(rows.at(-1)!);
        },
      );
    }
    inFeed.delete("");
    const listed = await this.feeds.listedKeys(this.source);
    const gone = listed.filter((r) => !inFeed.has(r.key));
    for (let i = 0; i < gone.length; i += 500) {
      await this.commitRemovals(gone.slice(i, i + 500), "removed", "no longer in the feed");
    }
    const known = await this.feeds.records(this.source, [...inFeed.keys()]);
    const stale = [...inFeed].filter(([key, modified]) => {
      const had = known.get(key);
      if (!had) return true;
      if (!modified || had.modified === modified) return false;
      // Newer at the provider than what we hold (or ours has no timestamp to compare).
      return !had.modified || Date.parse(modified) > Date.parse(had.modified);
    });
    for (let i = 0; i < stale.length; i += this.adapter.pageSize) {
      const { found } = await this.fetchByKeys(stale.slice(i, i + this.adapter.pageSize).map(([key]) => key));
      await this.commit(found, this.cursor);
    }
    await this.remapAged();
    this.cursor = { ...this.cursor, reconciled_ms: this.now() };
    await this.feeds.setCursor(this.source, "sync", this.cursor);
  }

  /** Listed records mapped again (no request): a "new" badge that aged, an open house that ended. */
  private async remapAged(): Promise<void> {
    let after = "";
    for (;;) {
      const page = await this.feeds.recordPage(this.source, after, 500, ["listed"]);
      if (page.length === 0) return;
      after = page.at(-1)!.key;
      const upserts: ListingRecord[] = [];
      for (const r of page) {
        const mapped = mapRecord(r.doc as RawListing, this.mapContext);
        if (mapped.kind === "listing") upserts.push(mapped.listing);
      }
      // Unchanged listings are left alone by applyChanges (no version, no event).
      if (!this.hidden) {
        const applied = await this.options.storage.listings.applyChanges({ upserts, source: this.source });
        this.run_.updated += applied.updated.length;
        this.run_.report.events += applied.events;
      }
    }
  }

  /** A feed hidden for being stale, current again: its listed records go back on the site (no events: nothing changed). */
  private async showAgain(): Promise<void> {
    let after = "";
    for (;;) {
      const page = await this.feeds.recordPage(this.source, after, 500, ["listed"]);
      if (page.length === 0) break;
      after = page.at(-1)!.key;
      const upserts = page.flatMap((r) => {
        const mapped = mapRecord(r.doc as RawListing, this.mapContext);
        return mapped.kind === "listing" ? [mapped.listing] : [];
      });
      await this.options.storage.listings.applyChanges({ upserts, source: this.source, events: false });
    }
    await this.feeds.setHidden(this.source, false);
    this.hidden = false;
    this.note("shown_again");
  }

  // ---- fetching --------------------------------------------------------------------------

  /** Listings by key (an `or` list per request), with their related records; the keys the feed no longer has. */
  private async fetchByKeys(keys: readonly string[]): Promise<{ found: RawListing[]; missing: string[] }> {
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < keys.length; i += KEYS_PER_REQUEST) {
      const part = keys.slice(i, i + KEYS_PER_REQUEST);
      const filter = part.map((k) => `ListingKey eq ${odataString(k)}`).join(" or ");
      for await (const page of this.client.pages(this.client.url("Property", { $filter: filter, $top: part.length }))) {
        rows.push(...page.value);
      }
    }
    this.run_.report.fetched += rows.length;
    const seen = new Set(rows.map(keyOf));
    return { found: await this.withRelated(rows), missing: keys.filter((k) => !seen.has(k)) };
  }

  /** Rows of a resource whose `field` is one of `keys` (every page), in chunks of KEYS_PER_REQUEST. */
  private async byKeys(resource: string, field: string, keys: readonly string[], extra?: string) {
    const out: Record<string, unknown>[] = [];
    for (let i = 0; i < keys.length; i += KEYS_PER_REQUEST) {
      const part = keys.slice(i, i + KEYS_PER_REQUEST);
      const any = part.map((k) => `${field} eq ${odataString(k)}`).join(" or ");
      const filter = extra ? `${extra} and (${any})` : any;
      for await (const page of this.client.pages(this.client.url(resource, { $filter: filter })))
        out.push(...page.value);
    }
    return out;
  }

  /** The records with what their listing needs from other resources: media, open houses, translations, names. */
  private async withRelated(rows: Record<string, unknown>[]): Promise<RawListing[]> {
    const keys = [...new Set(rows.map(keyOf).filter(Boolean))];
    const group = (items: Record<string, unknown>[], field: string) => {
      const by = new Map<string, Record<string, unknown>[]>();
      for (const item of items) {
        const key = stringOf(item[field]);
        by.set(key, [...(by.get(key) ?? []), item]);
      }
      return by;
    };
    const media =
      this.adapter.mediaResource && (await this.available("Media"))
        ? group(
            await this.byKeys("Media", "ResourceRecordKey", keys, "ResourceName eq 'Property'"),
            "ResourceRecordKey",
          )
        : undefined;
    const openHouses = (await this.available("OpenHouse"))
      ? group(await this.byKeys("OpenHouse", "ListingKey", keys), "ListingKey")
      : new Map<string, Record<string, unknown>[]>();
    const translations =
      this.adapter.translations && (await this.available("Translations"))
        ? group(
            await this.byKeys("Translations", "ResourceRecordKey", keys, "ResourceName eq 'Property'"),
            "ResourceRecordKey",
          )
        : undefined;
    // Names the records do not carry (DDF: keys only), looked up once per run.
    const memberKeys = new Set<string>();
    const officeKeys = new Set<string>();
    for (const r of rows) {
      if (!r.ListAgentFullName && r.ListAgentKey) memberKeys.add(stringOf(r.ListAgentKey));
      if (!r.CoListAgentFullName && r.CoListAgentKey) memberKeys.add(stringOf(r.CoListAgentKey));
      if (!r.ListOfficeName && r.ListOfficeKey) officeKeys.add(stringOf(r.ListOfficeKey));
    }
    await this.lookUp("Member", "MemberKey", memberKeys, this.members);
    await this.lookUp("Office", "OfficeKey", officeKeys, this.offices);
    return rows.map((record) => {
      const key = keyOf(record);
      const raw: RawListing = { record };
      if (media) raw.media = media.get(key) ?? [];
      raw.open_houses = openHouses.get(key) ?? [];
      if (translations) raw.translations = translations.get(key) ?? [];
      const members = [record.ListAgentKey, record.CoListAgentKey]
        .map((k) => (k ? this.members.get(stringOf(k)) : undefined))
        .filter((m): m is Record<string, unknown> => Boolean(m));
      if (members.length) raw.members = members;
      const office = record.ListOfficeKey ? this.offices.get(stringOf(record.ListOfficeKey)) : undefined;
      if (office) raw.offices = [office];
      return raw;
    });
  }

  private async lookUp(
    resource: "Member" | "Office",
    field: string,
    keys: Set<string>,
    cache: Map<string, Record<string, unknown> | null>,
  ): Promise<void> {
    const wanted = [...keys].filter((k) => !cache.has(k));
    if (wanted.length === 0) return;
    for (const k of wanted) cache.set(k, null);
    try {
      for (const row of await this.byKeys(resource, field, wanted)) cache.set(stringOf(row[field]), row);
    } catch (error) {
      // Names are a courtesy of the listing's page: a feed without the resource still syncs.
      if (!(error instanceof FeedError && error.code === "feed_error")) throw error;
      this.note(`no_${resource.toLowerCase()}_resource`);
    }
  }

  // ---- writing a batch -------------------------------------------------------------------

  /**
   * One batch in one transaction: the listings that changed, the raw records, the cursor after
   * the batch, the run's counters, and the lease check (a process that lost the feed writes nothing).
   */
  private async commit(raws: RawListing[], cursor: SyncCursor, missingKeys: readonly string[] = []): Promise<void> {
    const { storage } = this.options;
    const last = new Map<string, RawListing>();
    for (const raw of raws) {
      const key = keyOf(raw.record);
      if (key) last.set(key, raw);
    }
    const keys = [...last.keys(), ...missingKeys.filter((k) => !last.has(k))];
    const stored = await this.feeds.records(this.source, keys);
    this.mapContext = { ...this.mapContext, now: this.now() };
    const writes: FeedRecordWrite[] = [];
    const touched: string[] = [];
    const upserts: ListingRecord[] = [];
    const removals: ListingRemoval[] = [];
    const skips: { key: string; reason: string }[] = [];
    let withheld = 0;
    for (const [key, raw] of last) {
      const hash = hashOf(raw);
      const had = stored.get(key);
      if (had && had.hash === hash) {
        this.run_.report.unchanged++;
        if (had.generation !== cursor.generation) touched.push(key);
        continue;
      }
      const mapped = mapRecord(raw, this.mapContext);
      const modified = stringOf(raw.record.ModificationTimestamp) || null;
      const record = (state: FeedRecordState, uls: string | null, reason: string | null): FeedRecordWrite => ({
        key,
        uls,
        modified,
        hash,
        doc: raw,
        state,
        reason,
        generation: cursor.generation,
      });
      const wasListed = had?.state === "listed" && had.uls;
      switch (mapped.kind) {
        case "listing":
        case "sold": {
          let listing = mapped.listing;
          if (listing.photos?.length && this.options.photoMirror && this.options.feed.photos === "mirror") {
            const photos = await this.options.photoMirror.mirror(this.source, listing.uls, listing.photos);
            listing = {
              ...listing,
              photos,
              carousel_images: photos.map((p) => p.url),
              property_image: photos[0]?.url ?? "",
            };
          }
          // A listing whose number changed: the old page goes.
          if (wasListed && had.uls !== listing.uls) removals.push({ uls: had.uls!, reason: "hidden" });
          if (mapped.kind === "listing") upserts.push(listing);
          else removals.push({ uls: listing.uls, reason: "sold", doc: listing });
          writes.push(record(mapped.kind === "listing" ? "listed" : "sold", listing.uls, null));
          break;
        }
        case "removed":
        case "withheld":
          if (wasListed) removals.push({ uls: had.uls!, reason: mapped.kind === "removed" ? "removed" : "hidden" });
          if (mapped.kind === "withheld") withheld++;
          writes.push(record(mapped.kind, had?.uls ?? null, mapped.reason));
          break;
        case "skip":
          // The listing as it was stays on the site; the report says why this version was not taken.
          skips.push({ key, reason: mapped.reason });
          writes.push(record("skipped", had?.uls ?? null, mapped.reason));
          break;
      }
    }
    const gone: { key: string; had: FeedRecordRow }[] = missingKeys.flatMap((key) => {
      const had = stored.get(key);
      return had && !last.has(key) && had.state !== "removed" ? [{ key, had }] : [];
    });
    for (const { had } of gone)
      if (had.state === "listed" && had.uls) removals.push({ uls: had.uls, reason: "removed" });
    const changes = this.hidden ? {} : { upserts, removals, source: this.source };
    await storage.listings.applyChanges(changes, async (trx, applied) => {
      if (!(await this.feeds.renew(this.source, this.options.owner, this.now(), this.leaseMs, trx))) {
        throw new FeedError("lease_lost", "Another process took this feed over: nothing written");
      }
      await this.feeds.putRecords(this.source, writes, trx);
      await this.feeds.touchRecords(this.source, touched, cursor.generation, trx);
      await this.feeds.setRecordStates(
        this.source,
        gone.map(({ key }) => ({ key, state: "removed", reason: "no longer in the feed" })),
        trx,
      );
      await this.feeds.setCursor(this.source, "sync", cursor, trx);
      const report = this.run_.report;
      const next = {
        ...this.run_,
        created: this.run_.created + applied.created.length,
        updated: this.run_.updated + applied.updated.length,
        removed: this.run_.removed + applied.removed.length,
        skipped: this.run_.skipped + skips.length,
        requests: this.client.requests,
        report: {
          ...report,
          skips: [...report.skips, ...skips].slice(0, REPORTED_SKIPS),
          withheld: report.withheld + withheld,
          events: report.events + applied.events,
          waited_s: this.client.waitedS,
        },
      };
      await this.feeds.updateRun(next, trx);
      Object.assign(this.run_, next);
    });
    this.cursor = cursor;
    this.batches++;
    await this.options.afterBatch?.(this.batches);
  }

  /** Listings taken off the site by a full load's sweep or a reconciliation, with their records. */
  private async commitRemovals(
    rows: readonly { key: string; uls: string }[],
    reason: "removed",
    why: string,
  ): Promise<void> {
    const { storage } = this.options;
    const changes = this.hidden ? {} : { removals: rows.map((r) => ({ uls: r.uls, reason })), source: this.source };
    await storage.listings.applyChanges(changes, async (trx, applied) => {
      if (!(await this.feeds.renew(this.source, this.options.owner, this.now(), this.leaseMs, trx))) {
        throw new FeedError("lease_lost", "Another process took this feed over: nothing written");
      }
      await this.feeds.setRecordStates(
        this.source,
        rows.map((r) => ({ key: r.key, state: "removed" as const, reason: why })),
        trx,
      );
      this.run_.removed += applied.removed.length;
      this.run_.report.events += applied.events;
      await this.feeds.updateRun(this.run_, trx);
    });
  }
}

/**
 * Hides a feed's listings when it was not current within the provider's limit (DDF: 24 h): they
 * leave the search and their pages until a run succeeds again (no events: nothing happened to the
 * listings). Returns true when it hid them now.
 */
export async function enforceFreshness(storage: Storage, feed: { source: string; kind: FeedKind }, now: number) {
  const state = await storage.feeds.state(feed.source);
  if (!state || state.hidden) return false;
  const limitMs = ADAPTERS[feed.kind].staleAfterHours * 3_600_000;
  const since = state.current_ms;
  if (since === null || now - since <= limitMs) return false;
  const listed = await storage.feeds.listedKeys(feed.source);
  for (let i = 0; i < listed.length; i += 500) {
    await storage.listings.applyChanges({
      removals: listed.slice(i, i + 500).map((r) => ({ uls: r.uls, reason: "hidden" as const })),
      source: feed.source,
      events: false,
    });
  }
  await storage.feeds.setHidden(feed.source, true);
  log.warn(
    `[feeds] ${feed.source}: not refreshed for ${Math.round((now - since) / 3_600_000)} h (limit ${ADAPTERS[feed.kind].staleAfterHours} h): its ${listed.length} listings are hidden until a sync succeeds`,
  );
  return true;
}
