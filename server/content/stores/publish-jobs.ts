/**
 * Scheduled publishes (issue 33): one job per publish at a chosen time, holding the page as it
 * will be published, the version it was edited from, the draft it comes from, a note and who
 * scheduled it. A page has at most one pending job (scheduling again moves it; unscheduling
 * cancels it). Every web process claims due jobs with a lease, as the lead outbox does
 * (stores/outbox.ts: PostgreSQL's FOR UPDATE SKIP LOCKED, SQLite's write lock), and a job is
 * finished inside the publish's own transaction (`finish`, given the transaction): a publish
 * that commits has its job done, one that rolls back leaves it pending, so it runs once even
 * when two processes claim it in turn (a lease that ran out under a slow one).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db, StoreDialect, Trx } from "../db/dialect";
import { type PageRecord, pageRecordSchema } from "./content-records";

export type PublishJobState = "pending" | "done" | "failed" | "cancelled";

/** The site's header and footer a scheduled publish writes too (issue 29), from the version they were edited from. */
export interface JobChrome {
  header: unknown[];
  footer: unknown[];
  base_version: number;
}

export interface PublishJob {
  id: string;
  site_id: string;
  page_id: string;
  run_at_ms: number;
  state: PublishJobState;
  page: PageRecord;
  chrome: JobChrome | null;
  base_version: number;
  draft_revision: number | null;
  note: string | null;
  editor: { id: string; name: string };
  created_at: string;
  attempts: number;
  finished_at: string | null;
  result_version: number | null;
  error: string | null;
}

/** A job without its page: what lists show. */
export type PublishJobSummary = Omit<PublishJob, "page" | "chrome">;

export interface ScheduleInput {
  run_at_ms: number;
  page: PageRecord;
  chrome?: JobChrome;
  base_version: number;
  draft_revision?: number;
  note?: string;
  editor: { id: string; name: string };
}

const SUMMARY = [
  "id",
  "site_id",
  "page_id",
  "run_at_ms",
  "state",
  "base_version",
  "draft_revision",
  "note",
  "editor_id",
  "editor_name",
  "created_at",
  "attempts",
  "finished_at",
  "result_version",
  "error",
] as const;

type SummaryRow = {
  id: string;
  site_id: string;
  page_id: string;
  run_at_ms: number;
  state: string;
  base_version: number;
  draft_revision: number | null;
  note: string | null;
  editor_id: string;
  editor_name: string;
  created_at: string;
  attempts: number;
  finished_at: string | null;
  result_version: number | null;
  error: string | null;
};

function summaryOf(row: SummaryRow): PublishJobSummary {
  const { editor_id, editor_name, ...rest } = row;
  return { ...rest, state: row.state as PublishJobState, editor: { id: editor_id, name: editor_name } };
}

const jobChromeSchema = z.object({
  header: z.array(z.unknown()),
  footer: z.array(z.unknown()),
  base_version: z.number().int(),
});

const jobOf = (row: SummaryRow & { page_doc: string; chrome_doc: string | null }): PublishJob => {
  const { page_doc, chrome_doc, ...rest } = row;
  return {
    ...summaryOf(rest),
    page: pageRecordSchema.parse(JSON.parse(page_doc)),
    chrome: chrome_doc ? jobChromeSchema.parse(JSON.parse(chrome_doc)) : null,
  };
};

/** An error kept with a job: one line, bounded. */
const errorText = (error: string) => error.replace(/\s+/g, " ").trim().slice(0, 300);

export class PublishJobsStore {
  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  /** Schedules a page's publish, or moves its pending one (a page has one at most). */
  async schedule(siteId: string, pageId: string, input: ScheduleInput, now = new Date()): Promise<PublishJobSummary> {
    return this.db.transaction().execute(async (trx) => {
      const values = {
        run_at_ms: input.run_at_ms,
        page_doc: JSON.stringify(input.page),
        chrome_doc: input.chrome ? JSON.stringify(input.chrome) : null,
        base_version: input.base_version,
        draft_revision: input.draft_revision ?? null,
        note: input.note ?? null,
        editor_id: input.editor.id,
        editor_name: input.editor.name,
      };
      const moved = await trx
        .updateTable("publish_jobs")
        .set({ ...values, created_at: now.toISOString(), attempts: 0, error: null })
        .where("site_id", "=", siteId)
        .where("page_id", "=", pageId)
        .where("state", "=", "pending")
        // A job some process is publishing right now is left to finish.
        .where((eb) => eb.or([eb("lease_until_ms", "is", null), eb("lease_until_ms", "<=", now.getTime())]))
        .returning(SUMMARY)
        .executeTakeFirst();
      if (moved) return summaryOf(moved);
      const row = await trx
        .insertInto("publish_jobs")
        .values({
          id: randomUUID(),
          site_id: siteId,
          page_id: pageId,
          state: "pending",
          created_at: now.toISOString(),
          ...values,
        })
        .returning(SUMMARY)
        .executeTakeFirstOrThrow();
      return summaryOf(row);
    });
  }

  /** A page's pending publish, if it has one. */
  async pending(siteId: string, pageId: string): Promise<PublishJobSummary | undefined> {
    const row = await this.db
      .selectFrom("publish_jobs")
      .select(SUMMARY)
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return row ? summaryOf(row) : undefined;
  }

  /** The pending publishes of a site's pages, by page id (page lists show their time). */
  async pendingBySite(siteId: string): Promise<Map<string, PublishJobSummary>> {
    const rows = await this.db
      .selectFrom("publish_jobs")
      .select(SUMMARY)
      .where("site_id", "=", siteId)
      .where("state", "=", "pending")
      .execute();
    return new Map(rows.map((row) => [row.page_id, summaryOf(row)]));
  }

  /** A page's last finished job (done or failed), for the studio to say what became of it. */
  async lastFinished(siteId: string, pageId: string): Promise<PublishJobSummary | undefined> {
    const row = await this.db
      .selectFrom("publish_jobs")
      .select(SUMMARY)
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .where("state", "in", ["done", "failed"])
      .orderBy("finished_at", "desc")
      .executeTakeFirst();
    return row ? summaryOf(row) : undefined;
  }

  /** Cancels a page's pending publish (unless a process is publishing it now); answers what was cancelled. */
  async cancel(siteId: string, pageId: string, now = new Date()): Promise<PublishJobSummary | undefined> {
    const row = await this.db
      .updateTable("publish_jobs")
      .set({ state: "cancelled", finished_at: now.toISOString() })
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .where("state", "=", "pending")
      .where((eb) => eb.or([eb("lease_until_ms", "is", null), eb("lease_until_ms", "<=", now.getTime())]))
      .returning(SUMMARY)
      .executeTakeFirst();
    return row ? summaryOf(row) : undefined;
  }

  /**
   * Takes up to `limit` due jobs (pending, time reached, no live lease), earliest first, leases
   * them to `owner` until `now + leaseMs` and counts the attempt. One statement: PostgreSQL skips
   * jobs another process is claiming at that moment; SQLite runs it under its write lock.
   */
  async claim(options: { owner: string; now: number; leaseMs: number; limit: number }): Promise<PublishJob[]> {
    const { owner, now, leaseMs, limit } = options;
    const rows = await this.db
      .updateTable("publish_jobs")
      .set((eb) => ({ lease_owner: owner, lease_until_ms: now + leaseMs, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", (eb) =>
        this.dialect.forUpdate(
          eb
            .selectFrom("publish_jobs")
            .select("id")
            .where("state", "=", "pending")
            .where("run_at_ms", "<=", now)
            .where((w) => w.or([w("lease_until_ms", "is", null), w("lease_until_ms", "<=", now)]))
            .orderBy("run_at_ms")
            .limit(limit),
          true,
        ),
      )
      .returning([...SUMMARY, "page_doc", "chrome_doc"])
      .execute();
    return rows.map(jobOf).sort((a, b) => a.run_at_ms - b.run_at_ms);
  }

  /**
   * Marks a claimed job done inside the publish's transaction; throws when this owner no longer
   * holds it (its lease ran out and another process took it), which rolls the publish back.
   */
  async finish(trx: Trx, id: string, owner: string, version: number, now = new Date()): Promise<void> {
    const result = await trx
      .updateTable("publish_jobs")
      .set({
        state: "done",
        result_version: version,
        finished_at: now.toISOString(),
        lease_owner: null,
        lease_until_ms: null,
      })
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .where("state", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new LeaseLost(id);
  }

  /** Records a failed job: for good (`retryAt` null: a conflict, an account gone), or due again at `retryAt`. */
  async fail(id: string, owner: string, error: string, retryAt: number | null, now = new Date()): Promise<boolean> {
    const result = await this.db
      .updateTable("publish_jobs")
      .set((eb) => ({
        state: retryAt === null ? "failed" : "pending",
        run_at_ms: retryAt ?? eb.ref("run_at_ms"),
        error: errorText(error),
        finished_at: retryAt === null ? now.toISOString() : null,
        lease_owner: null,
        lease_until_ms: null,
      }))
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives back the leases of `owner` without counting their attempt (a graceful stop). */
  async release(owner: string): Promise<number> {
    const result = await this.db
      .updateTable("publish_jobs")
      .set((eb) => ({
        lease_owner: null,
        lease_until_ms: null,
        attempts: this.dialect.greatest(eb("attempts", "-", 1), 0),
      }))
      .where("lease_owner", "=", owner)
      .where("state", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The earliest pending job's time (the scheduler sleeps until then, or its next poll). */
  async nextDue(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("publish_jobs")
      .select((eb) => eb.fn.min("run_at_ms").as("at"))
      .where("state", "=", "pending")
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
  }
}

/** A job's lease was lost while it was being published: its transaction rolls back. */
export class LeaseLost extends Error {
  constructor(readonly jobId: string) {
    super(`publish job ${jobId}: lease lost`);
  }
}
