/**
 * The alerts worker (issue 32), one per web process, in three steps each pass:
 * 1. match: the process holding the matcher's cursor (a lease in the store) reads listing change
 *    events after it in pages of 1,000, the listings they name and the active subscriptions, and
 *    writes the matches with the cursor's move in one transaction (stores/alerts.ts);
 * 2. compose: subscriptions with an e-mail due (instant ones a few minutes after their first
 *    untold match, digests at their local time) get one message with their untold matches,
 *    composed in a transaction that locks the subscription (nothing matched: nothing sent);
 * 3. send: messages are leased from the outbox, rendered (email.tsx) and sent through the leads'
 *    mailer (the same SMTP settings, server/leads/mail.ts), retried with the leads' backoff; the
 *    message's id is its Message-ID, the same on a retry.
 * Several processes run it at once: each step is claimed through the store, so nothing is sent
 * twice. A daily pass pauses alerts that found nothing for months and drops never-confirmed ones.
 */
import { randomUUID } from "node:crypto";
import type { AlertFrequency } from "../../schema/alerts";
import type { Config } from "../config";
import type { Storage } from "../content/storage";
import type { AlertMatch, AlertMessage, AlertRecipient } from "../content/stores/alerts";
import { retryDelay, safeError } from "../leads/delivery";
import { createMailer, type Mailer } from "../leads/mail";
import { log as processLog } from "../ops/log";
import { type AlertEmail, composeConfirmEmail, composeMatchesEmail } from "./email";
import { type AlertItem, matchEvents } from "./match";
import { type DigestSchedule, nextDigestAt } from "./schedule";
import { alertSenderOf } from "./sender";

/** Events read per matching step. */
export const MATCH_PAGE = 1000;
/** Never-confirmed subscriptions are deleted after this long (their consent was never completed). */
const UNCONFIRMED_DAYS = 30;
/** Bounces in a row that pause an address. */
const BOUNCES_TO_PAUSE = 3;

export interface AlertWorkerOptions {
  storage: Pick<Storage, "alerts" | "listings" | "content">;
  mailer?: Mailer;
  from: string;
  /** The List-Unsubscribe mailto: address (ALERTS_UNSUBSCRIBE_EMAIL); default: `from`. */
  unsubscribeEmail?: string;
  /** Origin of links (PUBLIC_ORIGIN); else the origin the visitor subscribed on. */
  publicOrigin?: string;
  schedule: DigestSchedule;
  coalesceMs: number;
  maxItems: number;
  leaseMs: number;
  retryDelayMs: number;
  maxAttempts: number;
  pollMs?: number;
  inactiveDays: number;
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * The items of one e-mail from its matches: one per listing (a listing new and then cheaper in
 * the same e-mail is one new listing at its latest price), in the order they happened, the first
 * `max` shown and the rest counted for the "see all" link.
 */
export function itemsOf(matches: readonly AlertMatch[], max: number): { items: AlertItem[]; more: number } {
  const byListing = new Map<string, AlertItem>();
  for (const match of [...matches].sort((a, b) => a.seq - b.seq)) {
    const item = match.data as unknown as AlertItem;
    const seen = byListing.get(match.uls);
    if (!seen) {
      byListing.set(match.uls, { ...item });
      continue;
    }
    // Later facts win (price, status), the first news stays (new stays new).
    const keepKind = seen.kind === "new" || seen.kind === "back_on_market";
    byListing.set(match.uls, {
      ...item,
      kind: keepKind ? seen.kind : item.kind,
      old_price: keepKind ? undefined : (seen.old_price ?? item.old_price),
    });
  }
  const all = [...byListing.values()];
  return { items: all.slice(0, max), more: Math.max(0, all.length - max) };
}

/** Whether an SMTP error refuses the address itself for good (a 5xx answer to RCPT TO): a bounce. */
function isBounce(error: unknown): boolean {
  const e = error as { responseCode?: number; command?: string } | null;
  return Boolean(e && typeof e.responseCode === "number" && e.responseCode >= 550 && e.responseCode < 560);
}

export class AlertWorker {
  readonly owner = `alerts-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastHousekeeping = 0;
  private readonly log: (line: string) => void;
  /** Figures of the last passes, for the bench and tests. */
  readonly stats = { matched: 0, events: 0, composed: 0, sent: 0, lastMatchMs: 0 };

  constructor(private readonly options: AlertWorkerOptions) {
    this.log = options.log ?? ((line) => processLog.info(line));
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  nextDigest = (frequency: AlertFrequency, now = this.now()) => nextDigestAt(frequency, now, this.options.schedule);

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 10_000);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now (a subscription was stored or changed); after the current one when one runs. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(timeoutMs = 20_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.running) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([this.running, new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timeout);
    }
    await this.options.storage.alerts.releaseMessages(this.owner).catch(() => 0);
    await this.options.storage.alerts.releaseCursor(this.owner).catch(() => undefined);
  }

  /** One pass of the three steps (and the daily housekeeping); errors wait for the next poll. */
  async pass(): Promise<void> {
    try {
      await this.match();
      await this.compose();
      await this.send();
      await this.housekeeping();
    } catch (error) {
      if (!this.stopped) this.log(`[alerts] pass failed, next poll tries again: ${safeError(error)}`);
    }
  }

  /** Matches new listing events while this process holds the cursor. */
  async match(): Promise<number> {
    const { alerts, listings } = this.options.storage;
    const startAt = await listings.lastEventSeq();
    let cursor = await alerts.claimCursor(this.owner, this.now(), this.options.leaseMs, startAt);
    let matched = 0;
    let subscriptions: Awaited<ReturnType<typeof alerts.activeAlerts>> | undefined;
    while (cursor !== undefined && !this.stopped) {
      const events = await listings.events(cursor, MATCH_PAGE);
      if (events.length === 0) break;
      const started = performance.now();
      subscriptions ??= await alerts.activeAlerts();
      const records = await listings.records(events.map((e) => e.uls));
      const matches = matchEvents(events, records, subscriptions);
      this.stats.lastMatchMs = performance.now() - started;
      const to = events.at(-1)!.seq;
      if (!(await alerts.recordMatches(this.owner, cursor, to, matches, this.now()))) break;
      matched += matches.length;
      this.stats.events += events.length;
      cursor = await alerts.claimCursor(this.owner, this.now(), this.options.leaseMs, startAt);
      if (cursor !== to) break;
    }
    this.stats.matched += matched;
    return matched;
  }

  /** Composes the e-mails that are due. */
  async compose(): Promise<number> {
    const { alerts } = this.options.storage;
    const now = this.now();
    let composed = 0;
    for (const due of await alerts.due(now, this.options.coalesceMs)) {
      if (this.stopped) break;
      const id = await alerts.compose(due.id, {
        now,
        coalesceMs: this.options.coalesceMs,
        nextDigest: (frequency, at) => this.nextDigest(frequency, at),
        build: (matches) => ({ ...itemsOf(matches, this.options.maxItems) }),
      });
      if (id) composed++;
    }
    this.stats.composed += composed;
    return composed;
  }

  /** Sends the due messages of the outbox. */
  async send(): Promise<number> {
    const { alerts } = this.options.storage;
    let sent = 0;
    while (!this.stopped) {
      const batch = await alerts.claimMessages({
        owner: this.owner,
        now: this.now(),
        leaseMs: this.options.leaseMs,
        limit: 4,
      });
      if (batch.length === 0) break;
      const results = await Promise.all(batch.map((message) => this.deliver(message)));
      sent += results.filter(Boolean).length;
    }
    this.stats.sent += sent;
    return sent;
  }

  /** The e-mail of a message, as it goes out (undefined: it can no longer be sent, and why). */
  async render(message: AlertMessage): Promise<AlertEmail | string> {
    const { alerts, content } = this.options.storage;
    const recipient = await alerts.recipient(message.subscription_id);
    if (!recipient) return "the alert no longer exists";
    if (recipient.state === "unsubscribed") return "unsubscribed";
    if (message.kind === "digest" && recipient.state !== "active") return `the alert is ${recipient.state}`;
    const origin = this.originOf(recipient);
    if (!origin) return "no origin for links (PUBLIC_ORIGIN)";
    const site = await content.getSite(recipient.site_id);
    const sender = site ? alertSenderOf(site, recipient.locale, origin) : undefined;
    if (!sender) return "the site publishes no mailing address (CASL)";
    const token = String(message.payload.token ?? "");
    if (!token) return "the message has no link token";
    const common = {
      locale: recipient.locale,
      origin,
      sender,
      from: this.options.from,
      unsubscribeEmail: this.options.unsubscribeEmail ?? this.options.from,
      to: recipient.email,
      messageId: message.id,
      token,
    };
    if (message.kind === "confirm") return composeConfirmEmail({ ...common, search: recipient.search });
    const record = await alerts.get(recipient.site_id, recipient.id);
    return composeMatchesEmail({
      ...common,
      items: (message.payload.items as AlertItem[]) ?? [],
      more: Number(message.payload.more ?? 0),
      search: recipient.search,
      page: recipient.page,
      frequency: recipient.frequency,
      createdAt: record?.created_at ?? message.created_at,
    });
  }

  private originOf(recipient: AlertRecipient): string | undefined {
    return (this.options.publicOrigin ?? recipient.origin ?? undefined)?.replace(/\/$/, "");
  }

  private async deliver(message: AlertMessage): Promise<boolean> {
    const { alerts } = this.options.storage;
    let email: AlertEmail | string;
    try {
      email = await this.render(message);
    } catch (error) {
      email = safeError(error);
    }
    if (typeof email === "string") {
      // Nothing to send any more (withdrawn, paused, deleted): failed for good, never retried.
      await alerts.failMessage(message.id, this.owner, email, null);
      return false;
    }
    try {
      if (!this.options.mailer) throw new Error("e-mail is not configured (SMTP_URL)");
      await this.options.mailer.send(email);
    } catch (error) {
      const text = safeError(error);
      const bounce = isBounce(error);
      const giveUp = bounce || message.attempts >= this.options.maxAttempts;
      const retryAt = giveUp ? null : this.now() + retryDelay(message.attempts, this.options.retryDelayMs);
      await alerts.failMessage(
        message.id,
        this.owner,
        text,
        retryAt,
        bounce ? { pauseAfter: BOUNCES_TO_PAUSE, at: new Date(this.now()) } : undefined,
      );
      this.log(
        giveUp
          ? `[alerts] message ${message.id} not sent (${bounce ? "address refused" : `after ${message.attempts} attempts`}): ${text}`
          : `[alerts] message ${message.id} failed (attempt ${message.attempts}), next in ${Math.round((retryAt! - this.now()) / 1000)} s: ${text}`,
      );
      return false;
    }
    await alerts.completeMessage(message.id, this.owner, new Date(this.now()));
    return true;
  }

  /** Once a day per process: pause alerts that found nothing for months, drop never-confirmed ones. */
  private async housekeeping(): Promise<void> {
    const now = this.now();
    if (now - this.lastHousekeeping < 86_400_000) return;
    this.lastHousekeeping = now;
    const { alerts } = this.options.storage;
    const paused = await alerts.pauseInactive(now - this.options.inactiveDays * 86_400_000, new Date(now));
    const dropped = await alerts.purgeUnconfirmed(new Date(now - UNCONFIRMED_DAYS * 86_400_000));
    if (paused || dropped) {
      this.log(
        `[alerts] ${paused} alert(s) paused after ${this.options.inactiveDays} days without news; ${dropped} never confirmed deleted`,
      );
    }
  }
}

/** Whether alerts run with this configuration. */
export const alertsEnabled = (config: Config) => Boolean(config.SMTP_URL) && config.ALERTS !== false;

export const alertsFrom = (config: Config) =>
  config.ALERTS_EMAIL_FROM ?? config.LEADS_EMAIL_FROM ?? config.LEADS_EMAIL_TO?.[0] ?? "alerts@localhost";

/** Where a mailbox provider's unsubscribe e-mail goes: a person's mailbox (the leads' inbox by default). */
export const alertsUnsubscribeEmail = (config: Config) =>
  config.ALERTS_UNSUBSCRIBE_EMAIL ?? config.LEADS_EMAIL_TO?.[0] ?? alertsFrom(config);

/** The start-up log's line about alerts. */
export function describeAlerts(config: Config): string {
  if (!config.SMTP_URL) return "Alerts: off (no SMTP_URL): the search offers no saved-search alerts.";
  if (config.ALERTS === false) return "Alerts: off (ALERTS=false).";
  const delay = Math.round(config.ALERTS_INSTANT_DELAY_MS / 1000);
  return `Alerts: on, e-mailed from ${alertsFrom(config)}, unsubscribe requests by e-mail to ${alertsUnsubscribeEmail(config)} (instant after ${delay} s, digests at ${config.ALERTS_DIGEST_HOUR}:00 ${config.ALERTS_TIME_ZONE}).`;
}

export interface AlertServices {
  worker: AlertWorker;
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts the alerts worker of this process when alerts are on (main.ts); its mailer is the leads'. */
export function startAlertServices(
  config: Config,
  storage: Pick<Storage, "alerts" | "listings" | "content">,
  options: { log?: (line: string) => void; onWorker?: (worker: AlertWorker) => void } = {},
): AlertServices | undefined {
  if (!alertsEnabled(config)) return undefined;
  const mailer = createMailer(config);
  const worker = new AlertWorker({
    storage,
    mailer,
    from: alertsFrom(config),
    unsubscribeEmail: alertsUnsubscribeEmail(config),
    publicOrigin: config.PUBLIC_ORIGIN,
    schedule: { timeZone: config.ALERTS_TIME_ZONE, hour: config.ALERTS_DIGEST_HOUR, weekday: config.ALERTS_WEEKLY_DAY },
    coalesceMs: config.ALERTS_INSTANT_DELAY_MS,
    maxItems: config.ALERTS_MAX_LISTINGS,
    leaseMs: config.LEADS_DELIVERY_LEASE_MS,
    retryDelayMs: config.LEADS_RETRY_DELAY_MS,
    maxAttempts: config.LEADS_DELIVERY_ATTEMPTS,
    pollMs: config.ALERTS_POLL_MS,
    inactiveDays: config.ALERTS_INACTIVE_DAYS,
    log: options.log,
  });
  options.onWorker?.(worker);
  worker.start();
  return {
    worker,
    async stop(timeoutMs) {
      await worker.stop(timeoutMs);
      mailer?.close();
    },
  };
}
