/**
 * The delivery worker: sends the outbox's due rows (stores/outbox.ts) by e-mail and webhook.
 * Each process runs one; rows are claimed with a lease, so several processes share the work
 * and never send the same row at once. A failed attempt is retried with exponential backoff
 * (LEADS_RETRY_DELAY_MS doubling, at most 6 hours apart) whose next time is stored, so it
 * survives a restart; after LEADS_DELIVERY_ATTEMPTS the row is marked failed and the inbox
 * shows the lead as not delivered (an editor may try again). A lead stored by this process
 * wakes the worker at once; others are found by polling.
 *
 * Logs name deliveries by their random id and never hold a visitor's name, e-mail or text.
 */
import { randomUUID } from "node:crypto";
import type { Config } from "../config";
import type { ContentService } from "../content/service";
import type { ContentStore } from "../content/stores/content";
import type { DeliveryRecord, OutboxStore } from "../content/stores/outbox";
import type { SubmissionRecord, SubmissionsStore } from "../content/stores/submissions";
import { log as processLog } from "../ops/log";
import { composeLeadEmail, createMailer, type Mailer } from "./mail";
import { startRetention } from "./retention";
import { postWebhook } from "./webhook";

/** Longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;

/** Wait before the attempt after `attempts` failed ones: base, 2×base, 4×base… at most 6 h, plus up to 10% jitter. */
export function retryDelay(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (1 + 0.1 * random()));
}

/** An error as one line without addresses (an SMTP server may quote one back). */
export function safeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, "<address>")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

export interface DeliveryChannels {
  email?: { mailer: Mailer; from: string; to: readonly string[] };
  webhook?: { url: string; secret: string; fetch?: typeof fetch };
}

export interface DeliveryWorkerOptions {
  outbox: OutboxStore;
  submissions: Pick<SubmissionsStore, "find">;
  content: Pick<ContentStore, "getSite">;
  channels: DeliveryChannels;
  retryDelayMs: number;
  maxAttempts: number;
  leaseMs: number;
  /** How often the outbox is polled for rows other processes stored or retries that fell due. */
  pollMs?: number;
  /** Rows sent at once. */
  concurrency?: number;
  /** Origin of links to the studio's inbox in e-mails (PUBLIC_ORIGIN). */
  publicOrigin?: string;
  log?: (line: string) => void;
  now?: () => number;
}

export class DeliveryWorker {
  /** This worker's lease owner id. */
  readonly owner = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly log: (line: string) => void;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.log = options.log ?? ((line) => processLog.info(line));
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 2000);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due rows now (a lead was just stored); runs after the current pass when one is running. */
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

  /** Resolves when the worker is idle (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops claiming, lets the deliveries in flight finish (at most `timeoutMs`), gives back unfinished leases. */
  async stop(timeoutMs = 20_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.running) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        this.running,
        new Promise((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
    }
    await this.options.outbox.release(this.owner).catch(() => 0);
    this.options.channels.email?.mailer.close();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async pass(): Promise<void> {
    try {
      while (!this.stopped) {
        const batch = await this.options.outbox.claim({
          owner: this.owner,
          now: this.now(),
          leaseMs: this.options.leaseMs,
          limit: this.options.concurrency ?? 4,
        });
        if (batch.length === 0) return;
        await Promise.all(batch.map((row) => this.deliver(row)));
      }
    } catch (error) {
      // The store is unreachable or closing: the next poll tries again.
      if (!this.stopped) this.log(`[leads] outbox unavailable: ${safeError(error)}`);
    }
  }

  private async deliver(row: DeliveryRecord): Promise<void> {
    const lead = await this.options.submissions.find(row.submission_id);
    try {
      if (!lead) throw new Error("the lead no longer exists");
      await this.send(row, lead);
    } catch (error) {
      const message = safeError(error);
      const giveUp = row.attempts >= this.options.maxAttempts;
      const retryAt = giveUp ? null : this.now() + retryDelay(row.attempts, this.options.retryDelayMs);
      await this.options.outbox.fail(row.id, this.owner, message, retryAt);
      this.log(
        giveUp
          ? `[leads] ${row.channel} delivery ${row.id} failed for good after ${row.attempts} attempts: ${message}`
          : `[leads] ${row.channel} delivery ${row.id} failed (attempt ${row.attempts} of ${this.options.maxAttempts}), next in ${Math.round((retryAt! - this.now()) / 1000)} s: ${message}`,
      );
      return;
    }
    await this.options.outbox.complete(row.id, this.owner, new Date(this.now()));
  }

  private async send(row: DeliveryRecord, lead: SubmissionRecord): Promise<void> {
    const site = await this.options.content.getSite(lead.site_id);
    const siteName = site?.name ?? lead.site_id;
    if (row.channel === "email") {
      const email = this.options.channels.email;
      if (!email) throw new Error("e-mail delivery is not configured (SMTP_URL)");
      const inboxPath = lead.locale === "en" ? "/en/qa/leads" : "/fr/qa/demandes";
      await email.mailer.send(
        composeLeadEmail(lead, {
          siteName,
          from: email.from,
          to: email.to,
          deliveryId: row.id,
          inboxUrl: this.options.publicOrigin
            ? `${this.options.publicOrigin.replace(/\/$/, "")}${inboxPath}?lead=${encodeURIComponent(lead.id)}`
            : undefined,
        }),
      );
      return;
    }
    const webhook = this.options.channels.webhook;
    if (!webhook) throw new Error("webhook delivery is not configured (LEADS_WEBHOOK_URL)");
    await postWebhook(webhook.url, webhook.secret, lead, row.id, siteName, { fetch: webhook.fetch });
  }
}

/** Where leads go, for the start-up log: hosts and URLs without credentials. */
export function describeDelivery(config: Config): string {
  const parts: string[] = [];
  if (config.SMTP_URL && config.LEADS_EMAIL_TO) {
    let host = "the SMTP server";
    try {
      const url = new URL(config.SMTP_URL);
      host = `${url.hostname}${url.port ? `:${url.port}` : ""}`;
    } catch {
      // Validated at start; the generic words stay.
    }
    const n = config.LEADS_EMAIL_TO.length;
    parts.push(`e-mailed through ${host} to ${n} address${n > 1 ? "es" : ""}`);
  }
  if (config.LEADS_WEBHOOK_URL) parts.push(`posted to the webhook at ${new URL(config.LEADS_WEBHOOK_URL).origin}`);
  if (parts.length === 0) {
    return "Leads: no SMTP_URL or LEADS_WEBHOOK_URL set, so the studio's inbox (/fr/qa/demandes, /en/qa/leads) alone holds them.";
  }
  return `Leads: kept in the studio's inbox and ${parts.join(" and ")}; kept ${config.LEADS_RETENTION_DAYS} days.`;
}

export interface LeadServices {
  worker: DeliveryWorker;
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts what the lead path needs besides the content service: the delivery worker (when a
 * channel is configured) and the daily retention purge. main.ts and scripts/contact-server.ts
 * call it; tests that want no background work leave it out.
 */
export function startLeadServices(
  config: Config,
  content: Pick<ContentService, "storage" | "forms">,
  options: { log?: (line: string) => void; webhookFetch?: typeof fetch; pollMs?: number } = {},
): LeadServices {
  const log = options.log ?? ((line: string) => processLog.info(line));
  const mailer = createMailer(config);
  const channels: DeliveryChannels = {};
  if (mailer && config.LEADS_EMAIL_TO) {
    channels.email = { mailer, from: config.LEADS_EMAIL_FROM ?? config.LEADS_EMAIL_TO[0]!, to: config.LEADS_EMAIL_TO };
  }
  if (config.LEADS_WEBHOOK_URL && config.LEADS_WEBHOOK_SECRET) {
    channels.webhook = {
      url: config.LEADS_WEBHOOK_URL,
      secret: config.LEADS_WEBHOOK_SECRET,
      fetch: options.webhookFetch,
    };
  }
  // Always running, even without a channel: rows left from a configuration since removed
  // fail visibly ("not configured") instead of waiting forever.
  const worker = new DeliveryWorker({
    outbox: content.storage.outbox,
    submissions: content.storage.submissions,
    content: content.storage.content,
    channels,
    retryDelayMs: config.LEADS_RETRY_DELAY_MS,
    maxAttempts: config.LEADS_DELIVERY_ATTEMPTS,
    leaseMs: config.LEADS_DELIVERY_LEASE_MS,
    pollMs: options.pollMs,
    publicOrigin: config.PUBLIC_ORIGIN,
    log,
  });
  content.forms.delivery.stored = () => worker.kick();
  worker.start();
  const retention = startRetention({
    submissions: content.storage.submissions,
    days: config.LEADS_RETENTION_DAYS,
    log,
  });
  return {
    worker,
    async stop(timeoutMs) {
      retention.stop();
      await worker.stop(timeoutMs);
    },
  };
}
