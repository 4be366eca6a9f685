/**
 * Saved-search alerts (issue 32): subscriptions with their consent proof, the tokens of the
 * links in their e-mails (stored as SHA-256 hashes: a copy of the database opens no alert), the
 * matches of listing events, the outbox of alert e-mails and the matcher's cursor.
 *
 * Every step that several web processes run is claimed through the database, so nothing is done
 * twice: the matcher's cursor over `listing_events` is one row leased by one process at a time
 * and advanced in the transaction that writes the matches (primary key: one mention per
 * subscription and event); an e-mail is composed in a transaction that locks the subscription's
 * row and takes its unassigned matches (a digest also moves its next time with a conditional
 * UPDATE); messages are leased like the leads' outbox (stores/outbox.ts), and the row id is the
 * Message-ID, the same on a retry.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql, type Updateable } from "kysely";
import {
  type AlertChange,
  type AlertFrequency,
  type AlertRecord,
  type AlertState,
  compactSearch,
  type SavedSearch,
} from "../../../schema/alerts";
import type { Locale } from "../../../schema/common";
import type { Db, StoreDialect, Trx } from "../db/dialect";
import type { Database } from "../db/schema";
import { errorText } from "./outbox";
import { containsPattern, hashIp, searchKey } from "./submissions";

export type { AlertRecord };

/** A new subscription: pending until the visitor confirms from the e-mail (double opt-in). */
export interface NewAlert {
  site_id: string;
  email: string;
  locale: Locale;
  search: SavedSearch;
  page: string;
  /** Origin of the site the visitor used (links of its e-mails when PUBLIC_ORIGIN is unset). */
  origin: string | null;
  frequency: AlertFrequency;
  consent: { text: string; version: string; page: string; source: "search" | "alert_form" };
  ip: string | null;
}

/** What the matcher needs of an active subscription. */
export interface ActiveAlert {
  id: string;
  site_id: string;
  search: SavedSearch;
  from_seq: number;
}

/** A match: a listing event that concerns a subscription, with what its e-mail shows of the listing then. */
export interface AlertMatch {
  subscription_id: string;
  seq: number;
  uls: string;
  kind: string;
  data: Record<string, unknown>;
}

export type AlertMessageKind = "confirm" | "digest";

export interface AlertMessage {
  id: string;
  subscription_id: string;
  kind: AlertMessageKind;
  payload: Record<string, unknown>;
  attempts: number;
  next_attempt_ms: number;
  created_at: string;
}

/** A subscription as an e-mail needs it. */
export interface AlertRecipient {
  id: string;
  site_id: string;
  email: string;
  locale: Locale;
  search: SavedSearch;
  page: string;
  origin: string | null;
  frequency: AlertFrequency;
  state: AlertState;
}

/** A token of a link: 16 random bytes, 22 characters (short: a folded List-Unsubscribe header once broke DKIM). */
export const newAlertToken = () => randomBytes(16).toString("base64url");
export const hashAlertToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A link's token opens its alert this long (CASL: at least 60 days after the message). */
export const TOKEN_DAYS = 400;

/** An address as compared: trimmed, lower case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Pending alerts an address may have on a site at once (each sent a confirmation). */
export const MAX_PENDING_PER_ADDRESS = 5;
/** Alerts an address may have on a site. */
export const MAX_ALERTS_PER_ADDRESS = 25;

export class AlertLimitError extends Error {}

const SUBSCRIPTION_COLUMNS = [
  "id",
  "site_id",
  "email",
  "locale",
  "search",
  "page",
  "origin",
  "frequency",
  "state",
  "paused_reason",
  "consent_text",
  "consent_version",
  "consent_locale",
  "consent_page",
  "consent_source",
  "ip_hash",
  "created_at",
  "confirmed_at",
  "withdrawn_at",
  "last_sent_at",
  "sent",
] as const;

type SubscriptionRow = {
  id: string;
  site_id: string;
  email: string;
  locale: string;
  search: string;
  page: string;
  origin: string | null;
  frequency: string;
  state: string;
  paused_reason: string | null;
  consent_text: string;
  consent_version: string;
  consent_locale: string;
  consent_page: string;
  consent_source: string;
  ip_hash: string | null;
  created_at: string;
  confirmed_at: string | null;
  withdrawn_at: string | null;
  last_sent_at: string | null;
  sent: number;
};

function recordOf(row: SubscriptionRow): AlertRecord {
  return {
    id: row.id,
    email: row.email,
    locale: row.locale as Locale,
    frequency: row.frequency as AlertFrequency,
    state: row.state as AlertState,
    paused_reason: row.paused_reason,
    search: JSON.parse(row.search) as SavedSearch,
    page: row.page,
    created_at: row.created_at,
    consent: {
      text: row.consent_text,
      version: row.consent_version,
      locale: row.consent_locale as Locale,
      page: row.consent_page,
      given_at: row.created_at,
      confirmed_at: row.confirmed_at,
      withdrawn_at: row.withdrawn_at,
      ip_hash: row.ip_hash,
      source: row.consent_source === "alert_form" ? "alert_form" : "search",
    },
    last_sent_at: row.last_sent_at,
    sent: Number(row.sent),
  };
}

const recipientOf = (row: SubscriptionRow & { site_id: string }): AlertRecipient => ({
  id: row.id,
  site_id: row.site_id,
  email: row.email,
  locale: row.locale as Locale,
  search: JSON.parse(row.search) as SavedSearch,
  page: row.page,
  origin: row.origin,
  frequency: row.frequency as AlertFrequency,
  state: row.state as AlertState,
});

/** A subscription found by a link's token, with its site. */
export interface AlertByToken extends AlertRecord {
  site_id: string;
  origin: string | null;
}

export class AlertsStore {
  private salt: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  /** The leads' IP key (submission_settings.ip_salt): consent records keep the address as the leads do. */
  private ipSalt(): Promise<string> {
    this.salt ??= (async () => {
      await this.db
        .insertInto("submission_settings")
        .values({ key: "ip_salt", value: randomBytes(32).toString("hex") })
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

  /** A token for a subscription, stored hashed; the plain token goes into one e-mail only. */
  private async issueToken(trx: Trx, subscriptionId: string, at: Date): Promise<string> {
    const token = newAlertToken();
    await trx
      .insertInto("alert_tokens")
      .values({ token_hash: hashAlertToken(token), subscription_id: subscriptionId, created_at: at.toISOString() })
      .execute();
    return token;
  }

  /**
   * Stores a pending subscription and its confirmation e-mail (outbox) in one durable
   * transaction. Throws AlertLimitError when the address has too many alerts on the site.
   */
  async subscribe(alert: NewAlert, now: Date): Promise<{ id: string; message_id: string }> {
    const id = randomUUID();
    const messageId = randomUUID();
    const ipHash = alert.ip ? hashIp(await this.ipSalt(), alert.ip) : null;
    const key = emailKey(alert.email);
    await this.dialect.durableTransaction(this.db, async (trx) => {
      const counts = await trx
        .selectFrom("alert_subscriptions")
        .select((eb) => [
          eb.fn.countAll<number>().as("all"),
          eb.fn.sum<number>(eb.case().when("state", "=", "pending").then(1).else(0).end()).as("pending"),
        ])
        .where("site_id", "=", alert.site_id)
        .where("email_key", "=", key)
        .where("state", "<>", "unsubscribed")
        .executeTakeFirstOrThrow();
      if (Number(counts.pending ?? 0) >= MAX_PENDING_PER_ADDRESS || Number(counts.all) >= MAX_ALERTS_PER_ADDRESS) {
        throw new AlertLimitError("too many alerts for this address");
      }
      const at = now.toISOString();
      await trx
        .insertInto("alert_subscriptions")
        .values({
          id,
          site_id: alert.site_id,
          email: alert.email.trim(),
          email_key: key,
          locale: alert.locale,
          search: JSON.stringify(compactSearch(alert.search)),
          page: alert.page,
          origin: alert.origin,
          frequency: alert.frequency,
          state: "pending",
          consent_text: alert.consent.text,
          consent_version: alert.consent.version,
          consent_locale: alert.locale,
          consent_page: alert.consent.page,
          consent_source: alert.consent.source,
          ip_hash: ipHash,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const token = await this.issueToken(trx, id, now);
      await trx
        .insertInto("alert_messages")
        .values({
          id: messageId,
          subscription_id: id,
          kind: "confirm",
          payload: JSON.stringify({ token }),
          state: "pending",
          next_attempt_ms: now.getTime(),
          created_at: at,
        })
        .execute();
    });
    return { id, message_id: messageId };
  }

  /** The subscription a link's token opens (none when unknown, malformed or older than TOKEN_DAYS). */
  async byToken(token: string, now: Date): Promise<AlertByToken | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const row = await this.db
      .selectFrom("alert_tokens as t")
      .innerJoin("alert_subscriptions as s", "s.id", "t.subscription_id")
      .select(SUBSCRIPTION_COLUMNS.map((c) => `s.${c}` as const))
      .select("t.created_at as token_at")
      .where("t.token_hash", "=", hashAlertToken(token))
      .executeTakeFirst();
    if (!row) return undefined;
    if (Date.parse(row.token_at) < now.getTime() - TOKEN_DAYS * 86_400_000) return undefined;
    return { ...recordOf(row), site_id: row.site_id, origin: row.origin };
  }

  /** Other alerts (not unsubscribed) of the same address on the same site. */
  async othersOf(alert: { id: string; site_id: string; email: string }): Promise<number> {
    const row = await this.db
      .selectFrom("alert_subscriptions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("site_id", "=", alert.site_id)
      .where("email_key", "=", emailKey(alert.email))
      .where("id", "<>", alert.id)
      .where("state", "<>", "unsubscribed")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Applies a visitor's change from their alert's page. `nextDigest` computes the next digest
   * time of a frequency (the caller knows the site's time zone); `fromSeq` is the last listing
   * event now (an alert confirmed or resumed hears of what happens from then on).
   * Returns the subscription as it is after the change, or undefined when it is gone (deleted).
   */
  async change(
    id: string,
    change: AlertChange,
    options: { now: Date; fromSeq: number; nextDigest: (frequency: AlertFrequency) => number | null },
  ): Promise<{ changed: boolean; removed: number }> {
    const at = options.now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const current = await this.dialect
        .forUpdate(
          trx
            .selectFrom("alert_subscriptions")
            .select(["id", "site_id", "email_key", "state", "frequency"])
            .where("id", "=", id),
        )
        .executeTakeFirst();
      if (!current) return { changed: false, removed: 0 };
      const state = current.state as AlertState;
      const frequency = current.frequency as AlertFrequency;
      const update = (values: Updateable<Database["alert_subscriptions"]>) =>
        trx
          .updateTable("alert_subscriptions")
          .set({ ...values, updated_at: at })
          .where("id", "=", id)
          .executeTakeFirst()
          .then((r) => Number(r.numUpdatedRows) > 0);
      switch (change.action) {
        case "confirm":
          if (state !== "pending") return { changed: false, removed: 0 };
          // New express consent lifts an earlier "unsubscribe from all" (never a bounce).
          await trx
            .deleteFrom("alert_suppressions")
            .where("site_id", "=", current.site_id)
            .where("email_key", "=", current.email_key)
            .where("reason", "=", "unsubscribed")
            .execute();
          return {
            changed: await update({
              state: "active",
              confirmed_at: at,
              from_seq: options.fromSeq,
              next_digest_ms: options.nextDigest(frequency),
              last_match_ms: options.now.getTime(),
            }),
            removed: 0,
          };
        case "frequency":
          if (state === "unsubscribed") return { changed: false, removed: 0 };
          return {
            changed: await update({
              frequency: change.frequency,
              next_digest_ms: options.nextDigest(change.frequency),
            }),
            removed: 0,
          };
        case "pause":
          if (state !== "active") return { changed: false, removed: 0 };
          return { changed: await update({ state: "paused", paused_reason: "visitor" }), removed: 0 };
        case "resume":
          if (state !== "paused") return { changed: false, removed: 0 };
          // Matches found while paused stay untold: a resumed alert hears of what happens next.
          await trx
            .deleteFrom("alert_matches")
            .where("subscription_id", "=", id)
            .where("message_id", "is", null)
            .execute();
          return {
            changed: await update({
              state: "active",
              paused_reason: null,
              bounces: 0,
              from_seq: options.fromSeq,
              next_digest_ms: options.nextDigest(frequency),
              last_match_ms: options.now.getTime(),
            }),
            removed: 0,
          };
        case "search":
          if (state === "unsubscribed") return { changed: false, removed: 0 };
          return { changed: await update({ search: JSON.stringify(compactSearch(change.search)) }), removed: 0 };
        case "unsubscribe":
          if (state === "unsubscribed") return { changed: false, removed: 0 };
          await this.withdraw(trx, [id], at);
          return { changed: true, removed: 0 };
        case "unsubscribe_all": {
          const ids = (
            await trx
              .selectFrom("alert_subscriptions")
              .select("id")
              .where("site_id", "=", current.site_id)
              .where("email_key", "=", current.email_key)
              .where("state", "<>", "unsubscribed")
              .execute()
          ).map((r) => r.id);
          await this.withdraw(trx, ids, at);
          await this.suppress(trx, current.site_id, current.email_key, "unsubscribed", at);
          return { changed: ids.length > 0, removed: 0 };
        }
        case "delete": {
          // Law 25: the alerts and their history go; the proof that consent was withdrawn stays
          // as a suppression entry (an address key, a reason and a time), so nothing is sent again.
          const ids = (
            await trx
              .selectFrom("alert_subscriptions")
              .select("id")
              .where("site_id", "=", current.site_id)
              .where("email_key", "=", current.email_key)
              .execute()
          ).map((r) => r.id);
          await trx.deleteFrom("alert_subscriptions").where("id", "in", ids).execute();
          await this.suppress(trx, current.site_id, current.email_key, "deleted", at);
          return { changed: true, removed: ids.length };
        }
      }
    });
  }

  /** Withdraws consent: unsubscribed, the time kept, nothing queued is sent. */
  private async withdraw(trx: Trx, ids: readonly string[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable("alert_subscriptions")
      .set({ state: "unsubscribed", withdrawn_at: at, updated_at: at, next_digest_ms: null })
      .where("id", "in", ids)
      .execute();
    await trx
      .updateTable("alert_messages")
      .set({ state: "cancelled", lease_owner: null, lease_until_ms: null })
      .where("subscription_id", "in", ids)
      .where("state", "=", "pending")
      .execute();
    await trx.deleteFrom("alert_matches").where("subscription_id", "in", ids).where("message_id", "is", null).execute();
  }

  private async suppress(trx: Trx, siteId: string, key: string, reason: string, at: string): Promise<void> {
    await trx
      .insertInto("alert_suppressions")
      .values({ site_id: siteId, email_key: key, reason, at })
      .onConflict((oc) => oc.columns(["site_id", "email_key"]).doUpdateSet({ reason, at }))
      .execute();
  }

  /** Whether an address is on a site's suppression list (bounced, unsubscribed from all, deleted). */
  async suppressed(siteId: string, email: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("alert_suppressions")
      .select("reason")
      .where("site_id", "=", siteId)
      .where("email_key", "=", emailKey(email))
      .executeTakeFirst();
    return row?.reason;
  }

  // ---- the broker's list ---------------------------------------------------------------------

  async list(
    siteId: string,
    options: { offset: number; limit: number; q?: string; state?: AlertState },
  ): Promise<{ total: number; alerts: AlertRecord[] }> {
    const base = this.db
      .selectFrom("alert_subscriptions")
      .where("site_id", "=", siteId)
      .$if(Boolean(options.state), (q) => q.where("state", "=", options.state!))
      .$if(Boolean(options.q?.trim()), (q) =>
        q.where(sql<boolean>`email_key LIKE ${containsPattern(searchKey(options.q!))} ESCAPE '\\'`),
      );
    const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const rows = await base
      .select(SUBSCRIPTION_COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(options.limit)
      .offset(options.offset)
      .execute();
    return { total: Number(counted.n), alerts: rows.map(recordOf) };
  }

  async get(siteId: string, id: string): Promise<AlertRecord | undefined> {
    const row = await this.db
      .selectFrom("alert_subscriptions")
      .select(SUBSCRIPTION_COLUMNS)
      .where("site_id", "=", siteId)
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? recordOf(row) : undefined;
  }

  /** Deletes a subscription on a person's request made to the broker (Law 25); suppresses the address. */
  async remove(siteId: string, id: string, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("alert_subscriptions")
        .select("email_key")
        .where("site_id", "=", siteId)
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom("alert_subscriptions").where("id", "=", id).execute();
      await this.suppress(trx, siteId, row.email_key, "deleted", now.toISOString());
      return true;
    });
  }

  // ---- matching --------------------------------------------------------------------------------

  /**
   * Claims the matcher's cursor for `owner` until `now + leaseMs` (or renews it); the cursor's
   * position, or undefined when another process holds it. A cursor never started begins at
   * `startAt` (the last listing event).
   */
  async claimCursor(owner: string, now: number, leaseMs: number, startAt: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable("alert_cursor")
      .set((eb) => ({
        lease_owner: owner,
        lease_until_ms: now + leaseMs,
        seq: eb.case().when("seq", "<", 0).then(startAt).else(eb.ref("seq")).end(),
      }))
      .where("name", "=", "events")
      .where((eb) =>
        eb.or([eb("lease_owner", "is", null), eb("lease_owner", "=", owner), eb("lease_until_ms", "<=", now)]),
      )
      .returning("seq")
      .executeTakeFirst();
    return row ? Number(row.seq) : undefined;
  }

  /** Gives the cursor's lease back (a graceful stop). */
  async releaseCursor(owner: string): Promise<void> {
    await this.db
      .updateTable("alert_cursor")
      .set({ lease_owner: null, lease_until_ms: null })
      .where("name", "=", "events")
      .where("lease_owner", "=", owner)
      .execute();
  }

  /** The active subscriptions the matcher tests events against (paused, pending and withdrawn ones hear nothing). */
  async activeAlerts(): Promise<ActiveAlert[]> {
    const rows = await this.db
      .selectFrom("alert_subscriptions as s")
      .select(["s.id", "s.site_id", "s.search", "s.from_seq"])
      .where("s.state", "=", "active")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("alert_suppressions as x")
              .select(sql.lit(1).as("one"))
              .whereRef("x.site_id", "=", "s.site_id")
              .whereRef("x.email_key", "=", "s.email_key"),
          ),
        ),
      )
      .orderBy("s.id")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      site_id: r.site_id,
      search: JSON.parse(r.search) as SavedSearch,
      from_seq: Number(r.from_seq ?? 0),
    }));
  }

  /**
   * Writes the matches of the events in (`from`, `to`] and moves the cursor to `to`, in one
   * transaction, only while `owner` holds the cursor at `from`: false when it lost it (another
   * process matched these events). A match already written is left alone (one mention per
   * subscription and event).
   */
  async recordMatches(
    owner: string,
    from: number,
    to: number,
    matches: readonly AlertMatch[],
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("alert_cursor")
        .set({ seq: to })
        .where("name", "=", "events")
        .where("lease_owner", "=", owner)
        .where("seq", "=", from)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      for (let i = 0; i < matches.length; i += 500) {
        const part = matches.slice(i, i + 500);
        await trx
          .insertInto("alert_matches")
          .values(
            part.map((m) => ({
              subscription_id: m.subscription_id,
              seq: m.seq,
              uls: m.uls,
              kind: m.kind,
              data: JSON.stringify(m.data),
              created_ms: now,
            })),
          )
          .onConflict((oc) => oc.columns(["subscription_id", "seq"]).doNothing())
          .execute();
      }
      const ids = [...new Set(matches.map((m) => m.subscription_id))];
      for (let i = 0; i < ids.length; i += 500) {
        await trx
          .updateTable("alert_subscriptions")
          .set({ last_match_ms: now })
          .where("id", "in", ids.slice(i, i + 500))
          .execute();
      }
      return true;
    });
  }

  // ---- composing e-mails -------------------------------------------------------------------------

  /**
   * Subscriptions with an e-mail due: instant ones whose oldest untold match is `coalesceMs` old
   * (matches of the next few minutes join it), daily and weekly ones whose time came.
   */
  async due(now: number, coalesceMs: number, limit = 200): Promise<{ id: string; digest: boolean }[]> {
    const instant = await this.db
      .selectFrom("alert_matches as m")
      .innerJoin("alert_subscriptions as s", "s.id", "m.subscription_id")
      .select("m.subscription_id as id")
      .where("m.message_id", "is", null)
      .where("s.state", "=", "active")
      .where("s.frequency", "=", "instant")
      .groupBy("m.subscription_id")
      .having((eb) => eb.fn.min("m.created_ms"), "<=", now - coalesceMs)
      .limit(limit)
      .execute();
    const digests = await this.db
      .selectFrom("alert_subscriptions")
      .select("id")
      .where("state", "=", "active")
      .where("frequency", "<>", "instant")
      .where("next_digest_ms", "<=", now)
      .orderBy("next_digest_ms")
      .limit(limit)
      .execute();
    return [...instant.map((r) => ({ id: r.id, digest: false })), ...digests.map((r) => ({ id: r.id, digest: true }))];
  }

  /**
   * Composes a subscription's e-mail if one is due, in one transaction that locks its row: the
   * untold matches are taken by a new message (none: nothing is sent), a digest's next time
   * moves on (`nextDigest`). Two processes composing the same subscription make one message.
   * `build` turns the matches into the message's payload (pure: it runs inside the transaction).
   */
  async compose(
    id: string,
    options: {
      now: number;
      coalesceMs: number;
      nextDigest: (frequency: AlertFrequency, now: number) => number | null;
      build: (matches: AlertMatch[], recipient: AlertRecipient) => Record<string, unknown>;
    },
  ): Promise<string | undefined> {
    const { now } = options;
    return this.db.transaction().execute(async (trx) => {
      const row = await this.dialect
        .forUpdate(
          trx
            .selectFrom("alert_subscriptions")
            .select([...SUBSCRIPTION_COLUMNS, "next_digest_ms", "email_key"])
            .where("id", "=", id),
        )
        .executeTakeFirst();
      if (row?.state !== "active") return undefined;
      const frequency = row.frequency as AlertFrequency;
      const digest = frequency !== "instant";
      if (digest) {
        if (row.next_digest_ms === null || row.next_digest_ms > now) return undefined;
        await trx
          .updateTable("alert_subscriptions")
          .set({ next_digest_ms: options.nextDigest(frequency, now) })
          .where("id", "=", id)
          .execute();
      }
      const suppressed = await trx
        .selectFrom("alert_suppressions")
        .select("reason")
        .where("site_id", "=", row.site_id)
        .where("email_key", "=", row.email_key)
        .executeTakeFirst();
      if (suppressed) return undefined;
      const open = await trx
        .selectFrom("alert_matches")
        .select(["subscription_id", "seq", "uls", "kind", "data", "created_ms"])
        .where("subscription_id", "=", id)
        .where("message_id", "is", null)
        .orderBy("seq")
        .execute();
      if (open.length === 0) return undefined;
      if (!digest && Math.min(...open.map((m) => Number(m.created_ms))) > now - options.coalesceMs) return undefined;
      const messageId = randomUUID();
      const matches = open.map((m) => ({
        subscription_id: m.subscription_id,
        seq: Number(m.seq),
        uls: m.uls,
        kind: m.kind,
        data: JSON.parse(m.data) as Record<string, unknown>,
      }));
      const token = await this.issueToken(trx, id, new Date(now));
      const payload = { ...options.build(matches, recipientOf(row)), token };
      await trx
        .updateTable("alert_matches")
        .set({ message_id: messageId })
        .where("subscription_id", "=", id)
        .where("message_id", "is", null)
        .where(
          "seq",
          "in",
          matches.map((m) => m.seq),
        )
        .execute();
      await trx
        .insertInto("alert_messages")
        .values({
          id: messageId,
          subscription_id: id,
          kind: "digest",
          payload: JSON.stringify(payload),
          state: "pending",
          next_attempt_ms: now,
          created_at: new Date(now).toISOString(),
        })
        .execute();
      return messageId;
    });
  }

  // ---- the outbox of alert e-mails ----------------------------------------------------------------

  /** Takes up to `limit` due messages and leases them to `owner` (as the leads' outbox claims). */
  async claimMessages(options: {
    owner: string;
    now: number;
    leaseMs: number;
    limit: number;
  }): Promise<AlertMessage[]> {
    const { owner, now, leaseMs, limit } = options;
    const rows = await this.db
      .updateTable("alert_messages")
      .set((eb) => ({ lease_owner: owner, lease_until_ms: now + leaseMs, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", (eb) =>
        this.dialect.forUpdate(
          eb
            .selectFrom("alert_messages")
            .select("id")
            .where("state", "=", "pending")
            .where("next_attempt_ms", "<=", now)
            .where((w) => w.or([w("lease_until_ms", "is", null), w("lease_until_ms", "<=", now)]))
            .orderBy("next_attempt_ms")
            .orderBy("created_at")
            .limit(limit),
          true,
        ),
      )
      .returning(["id", "subscription_id", "kind", "payload", "attempts", "next_attempt_ms", "created_at"])
      .execute();
    return rows
      .map((r) => ({
        ...r,
        kind: r.kind as AlertMessageKind,
        payload: JSON.parse(r.payload) as Record<string, unknown>,
        attempts: Number(r.attempts),
        next_attempt_ms: Number(r.next_attempt_ms),
      }))
      .sort((a, b) => a.next_attempt_ms - b.next_attempt_ms || (a.created_at < b.created_at ? -1 : 1));
  }

  /** The subscription a message goes to, as it is now (undefined: deleted). */
  async recipient(subscriptionId: string): Promise<AlertRecipient | undefined> {
    const row = await this.db
      .selectFrom("alert_subscriptions")
      .select(SUBSCRIPTION_COLUMNS)
      .where("id", "=", subscriptionId)
      .executeTakeFirst();
    return row ? recipientOf(row) : undefined;
  }

  /**
   * Marks a leased message sent (while `owner` still holds it): its link's token leaves the
   * payload (the hash stays in alert_tokens), and a digest counts on its subscription.
   */
  async completeMessage(id: string, owner: string, at: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("alert_messages")
        .select(["payload", "subscription_id", "kind"])
        .where("id", "=", id)
        .where("lease_owner", "=", owner)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (!row) return false;
      const { token: _sent, ...payload } = JSON.parse(row.payload) as Record<string, unknown>;
      await trx
        .updateTable("alert_messages")
        .set({
          state: "sent",
          sent_at: at.toISOString(),
          payload: JSON.stringify(payload),
          last_error: null,
          lease_owner: null,
          lease_until_ms: null,
        })
        .where("id", "=", id)
        .execute();
      if (row.kind === "digest") {
        await trx
          .updateTable("alert_subscriptions")
          .set((eb) => ({ last_sent_at: at.toISOString(), sent: eb("sent", "+", 1), bounces: 0 }))
          .where("id", "=", row.subscription_id)
          .execute();
      }
      return true;
    });
  }

  /**
   * Records a failed attempt: due again at `retryAt`, or failed for good (null). A permanent
   * refusal of the address (`bounced`) counts on the subscription; at `pauseAfter` bounces it is
   * paused and the address suppressed on the site.
   */
  async failMessage(
    id: string,
    owner: string,
    error: string,
    retryAt: number | null,
    bounce?: { pauseAfter: number; at: Date },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("alert_messages")
        .set((eb) => ({
          state: retryAt === null ? "failed" : "pending",
          next_attempt_ms: retryAt === null ? eb.ref("next_attempt_ms") : retryAt,
          last_error: errorText(error),
          lease_owner: null,
          lease_until_ms: null,
        }))
        .where("id", "=", id)
        .where("lease_owner", "=", owner)
        .where("state", "=", "pending")
        .returning("subscription_id")
        .executeTakeFirst();
      if (!result) return false;
      if (bounce) {
        const sub = await trx
          .updateTable("alert_subscriptions")
          .set((eb) => ({ bounces: eb("bounces", "+", 1) }))
          .where("id", "=", result.subscription_id)
          .returning(["bounces", "site_id", "email_key"])
          .executeTakeFirst();
        if (sub && Number(sub.bounces) >= bounce.pauseAfter) {
          const at = bounce.at.toISOString();
          await trx
            .updateTable("alert_subscriptions")
            .set({ state: "paused", paused_reason: "bounced", updated_at: at })
            .where("site_id", "=", sub.site_id)
            .where("email_key", "=", sub.email_key)
            .where("state", "=", "active")
            .execute();
          await this.suppress(trx, sub.site_id, sub.email_key, "bounced", at);
        }
      }
      return true;
    });
  }

  /** Gives back the leases of `owner` without counting their attempt (a graceful stop). */
  async releaseMessages(owner: string): Promise<number> {
    const result = await this.db
      .updateTable("alert_messages")
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

  /** A subscription's messages, oldest first (tests, the studio). */
  async messagesOf(subscriptionId: string): Promise<{ id: string; kind: string; state: string; attempts: number }[]> {
    const rows = await this.db
      .selectFrom("alert_messages")
      .select(["id", "kind", "state", "attempts"])
      .where("subscription_id", "=", subscriptionId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
  }

  /** A subscription's matches with the message that told them (null: not yet). */
  async matchesOf(subscriptionId: string): Promise<(AlertMatch & { message_id: string | null })[]> {
    const rows = await this.db
      .selectFrom("alert_matches")
      .select(["subscription_id", "seq", "uls", "kind", "data", "message_id"])
      .where("subscription_id", "=", subscriptionId)
      .orderBy("seq")
      .execute();
    return rows.map((r) => ({ ...r, seq: Number(r.seq), data: JSON.parse(r.data) as Record<string, unknown> }));
  }

  /**
   * Pauses active alerts that found nothing since `before` (ms): a search nobody's news fits for
   * months stops sending until its owner resumes it. Returns how many.
   */
  async pauseInactive(before: number, now: Date): Promise<number> {
    const result = await this.db
      .updateTable("alert_subscriptions")
      .set({ state: "paused", paused_reason: "inactive", updated_at: now.toISOString() })
      .where("state", "=", "active")
      .where("last_match_ms", "<", before)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Pending subscriptions never confirmed within `before` are deleted with their consent (nothing was agreed). */
  async purgeUnconfirmed(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom("alert_subscriptions")
      .where("state", "=", "pending")
      .where("created_at", "<", before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
