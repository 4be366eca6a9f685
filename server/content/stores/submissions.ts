/**
 * Form submissions: the leads of the broker's inbox. A submission answered with success is
 * already on disk: in the embedded store the insert commits with `PRAGMA synchronous = FULL`
 * (the WAL is fsynced at commit), while the rest of the connection keeps the cheaper NORMAL
 * level; PostgreSQL commits with `synchronous_commit = on` (`dialect.durableTransaction`). Its
 * delivery rows (the outbox, stores/outbox.ts) are written in the same transaction, so a lead
 * is never stored without them nor delivered without being stored.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { type ExpressionBuilder, sql } from "kysely";
import type { Locale } from "../../../schema/common";
import type { Db, StoreDialect } from "../db/dialect";
import type { Database } from "../db/schema";
import type { DeliveryChannel } from "./outbox";

export const LEAD_STATUSES = ["new", "handled"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * Where a lead's deliveries stand, for the inbox: none configured, waiting, all delivered,
 * retrying after failures ("failing": a channel failed at least FAILING_AFTER times), or
 * given up on ("failed").
 */
export type DeliverySummary = "none" | "pending" | "delivered" | "failing" | "failed";
export const FAILING_AFTER = 3;

/** Express consent given with a lead (CASL): what was agreed to, when, in which words. */
export interface LeadConsent {
  email: { given_at: string; text: string };
}

export interface NewSubmission {
  site_id: string;
  type: string;
  locale: Locale;
  recipient_type?: string | null;
  recipient_slug?: string | null;
  payload: Record<string, unknown>;
  ip?: string | null;
  consent?: LeadConsent | null;
  /** Outbox rows written with the lead, one per configured channel. */
  deliveries?: readonly DeliveryChannel[];
}

export interface SubmissionRecord {
  id: string;
  site_id: string;
  type: string;
  locale: Locale;
  recipient_type: string | null;
  recipient_slug: string | null;
  payload: Record<string, unknown>;
  ip_hash: string | null;
  created_at: string;
  status: LeadStatus;
  handled_at: string | null;
  /** The visitor's full name and e-mail, as typed (columns the inbox filters on). */
  name: string;
  email: string;
  consent: LeadConsent | null;
  delivery: DeliverySummary;
}

/** The inbox's filters; every one is optional. Dates are ISO instants, `to` exclusive. */
export interface LeadFilter {
  type?: string;
  status?: LeadStatus;
  from?: string;
  to?: string;
  /** Part of the name or e-mail, without regard to case or accents. */
  q?: string;
  /** Only leads whose delivery is failing or failed. */
  deliveryProblem?: boolean;
}

/** IPs are kept only as a keyed hash; the key is made once per database and stays in it. */
export const newIpSalt = () => randomBytes(32).toString("hex");
export const hashIp = (salt: string, ip: string) => createHmac("sha256", salt).update(ip).digest("hex").slice(0, 32);

/** Lower case without accents: "Éloïse Côté" and "eloise cote" match. */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards escaped (ESCAPE '\'). */
export const containsPattern = (text: string) => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns the inbox reads, from a lead's payload. */
export function leadColumns(payload: Record<string, unknown>) {
  const name = String(payload.full_name ?? "").trim();
  const email = String(payload.email ?? "").trim();
  return { name, email, search: searchKey(`${name} ${email}`) };
}

/** The delivery summary of `submissions s` as one correlated subquery. */
const DELIVERY_SUMMARY = sql<string>`(SELECT CASE
    WHEN count(*) = 0 THEN 'none'
    WHEN sum(CASE WHEN d.state = 'failed' THEN 1 ELSE 0 END) > 0 THEN 'failed'
    WHEN sum(CASE WHEN d.state = 'pending' AND d.attempts >= ${sql.lit(FAILING_AFTER)} THEN 1 ELSE 0 END) > 0 THEN 'failing'
    WHEN sum(CASE WHEN d.state = 'pending' THEN 1 ELSE 0 END) > 0 THEN 'pending'
    ELSE 'delivered' END
  FROM lead_deliveries d WHERE d.submission_id = s.id)`;

type Leads = ExpressionBuilder<Database & { s: Database["submissions"] }, "s">;

/** The conditions of a filter over `submissions s`. */
function leadWhere(eb: Leads, filter: LeadFilter) {
  const clauses = [];
  if (filter.type) clauses.push(eb("s.type", "=", filter.type));
  if (filter.status) clauses.push(eb("s.status", "=", filter.status));
  if (filter.from) clauses.push(eb("s.created_at", ">=", filter.from));
  if (filter.to) clauses.push(eb("s.created_at", "<", filter.to));
  if (filter.q?.trim()) clauses.push(sql<boolean>`s.search LIKE ${containsPattern(filter.q)} ESCAPE '\\'`);
  if (filter.deliveryProblem) {
    clauses.push(
      eb.exists(
        eb
          .selectFrom("lead_deliveries as p")
          .select(sql.lit(1).as("one"))
          .whereRef("p.submission_id", "=", "s.id")
          .where((w) =>
            w.or([
              w("p.state", "=", "failed"),
              w.and([w("p.state", "=", "pending"), w("p.attempts", ">=", FAILING_AFTER)]),
            ]),
          ),
      ),
    );
  }
  return eb.and(clauses);
}

type LeadRow = Omit<SubmissionRecord, "payload" | "locale" | "status" | "consent" | "delivery"> & {
  payload: string;
  locale: string;
  status: string;
  consent: string | null;
  delivery: string;
};

const SUMMARIES = new Set<string>(["none", "pending", "delivered", "failing", "failed"]);

function leadOfRow(row: LeadRow): SubmissionRecord {
  return {
    ...row,
    locale: row.locale as Locale,
    status: row.status === "handled" ? "handled" : "new",
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    consent: row.consent === null ? null : (JSON.parse(row.consent) as LeadConsent),
    delivery: (SUMMARIES.has(row.delivery) ? row.delivery : "none") as DeliverySummary,
  };
}

/**
 * Form submissions: a lead answered with success is on disk (`dialect.durableTransaction`),
 * with its outbox rows in the same transaction.
 */
export class SubmissionsStore {
  private salt: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  private ipSalt(): Promise<string> {
    // The first process to ask makes the key; every other reads the same one.
    this.salt ??= (async () => {
      await this.db
        .insertInto("submission_settings")
        .values({ key: "ip_salt", value: newIpSalt() })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const row = await this.db
        .selectFrom("submission_settings")
        .select("value")
        .where("key", "=", "ip_salt")
        .executeTakeFirstOrThrow();
      return row.value;
    })().catch((error: unknown) => {
      this.salt = undefined;
      throw error;
    });
    return this.salt;
  }

  /** Stores durably (committed and flushed before it resolves) with its outbox rows; returns the new id. */
  async insert(submission: NewSubmission): Promise<string> {
    const id = randomUUID();
    const ipHash = submission.ip ? hashIp(await this.ipSalt(), submission.ip) : null;
    const { name, email, search } = leadColumns(submission.payload);
    const now = new Date();
    const channels = submission.deliveries ?? [];
    await this.dialect.durableTransaction(this.db, async (trx) => {
      await trx
        .insertInto("submissions")
        .values({
          id,
          site_id: submission.site_id,
          type: submission.type,
          locale: submission.locale,
          recipient_type: submission.recipient_type ?? null,
          recipient_slug: submission.recipient_slug ?? null,
          payload: JSON.stringify(submission.payload),
          ip_hash: ipHash,
          created_at: now.toISOString(),
          status: "new",
          name,
          email,
          search,
          consent: submission.consent ? JSON.stringify(submission.consent) : null,
        })
        .execute();
      if (channels.length) {
        await trx
          .insertInto("lead_deliveries")
          .values(
            channels.map((channel) => ({
              id: randomUUID(),
              submission_id: id,
              channel,
              state: "pending",
              attempts: 0,
              next_attempt_ms: now.getTime(),
              created_at: now.toISOString(),
            })),
          )
          .execute();
      }
    });
    return id;
  }

  /** One page of leads (newest first, each with its delivery summary) matching `where`. */
  private page(where: (eb: Leads) => ReturnType<Leads["and"]>, limit: number, offset: number) {
    return this.db
      .selectFrom("submissions as s")
      .select([
        "s.id",
        "s.site_id",
        "s.type",
        "s.locale",
        "s.recipient_type",
        "s.recipient_slug",
        "s.payload",
        "s.ip_hash",
        "s.created_at",
        "s.status",
        "s.handled_at",
        "s.name",
        "s.email",
        "s.consent",
        DELIVERY_SUMMARY.as("delivery"),
      ])
      .where(where)
      .orderBy("s.seq", "desc")
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** A site's submissions matching `filter`, newest first, with the total that match. */
  async list(
    siteId: string,
    options: { offset: number; limit: number; filter?: LeadFilter },
  ): Promise<{ total: number; submissions: SubmissionRecord[] }> {
    const where = (eb: Leads) => eb.and([eb("s.site_id", "=", siteId), leadWhere(eb, options.filter ?? {})]);
    const counted = await this.db
      .selectFrom("submissions as s")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(where)
      .executeTakeFirstOrThrow();
    const rows = await this.page(where, options.limit, options.offset);
    return { total: Number(counted.n), submissions: rows.map(leadOfRow) };
  }

  async get(siteId: string, id: string): Promise<SubmissionRecord | undefined> {
    const [row] = await this.page((eb) => eb.and([eb("s.site_id", "=", siteId), eb("s.id", "=", id)]), 1, 0);
    return row ? leadOfRow(row) : undefined;
  }

  /** A lead by id whatever its site (the delivery worker, which knows only the id). */
  async find(id: string): Promise<SubmissionRecord | undefined> {
    const [row] = await this.page((eb) => eb.and([eb("s.id", "=", id)]), 1, 0);
    return row ? leadOfRow(row) : undefined;
  }

  /** Marks a lead new or handled; false when the site has no such lead. */
  async setStatus(siteId: string, id: string, status: LeadStatus, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("submissions")
      .set({ status, handled_at: status === "handled" ? at.toISOString() : null })
      .where("site_id", "=", siteId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes a lead and its outbox rows (a person's request under Law 25); false when absent. */
  async delete(siteId: string, id: string): Promise<boolean> {
    // The outbox rows go with it (ON DELETE CASCADE; SQLite's connections turn foreign keys on).
    const result = await this.db
      .deleteFrom("submissions")
      .where("site_id", "=", siteId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes every lead created before `before` (the retention period); returns how many. */
  async purge(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom("submissions")
      .where("created_at", "<", before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async count(siteId?: string): Promise<number> {
    const row = await this.db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .$if(siteId !== undefined, (q) => q.where("site_id", "=", siteId!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
