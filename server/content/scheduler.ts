/**
 * The scheduled publisher (issue 33): every web process runs one. It claims due publish jobs with
 * a lease (stores/publish-jobs.ts) and publishes each as its editor would have, with the role the
 * editor has now (an editor demoted or removed since does not publish with the rights they had),
 * finishing the job in the publish's own transaction: with several processes or machines, after a
 * restart, a job is published once. The normal version record (with the note and the time it was
 * scheduled for), the audit trail, the draft's removal and the change notice (page cache, CDN purge
 * hook) follow as for a publish from the studio.
 *
 * A job that cannot publish for good (the page changed since it was scheduled, its path is taken,
 * its editor's account is gone, embedded code its editor may not add) is marked failed with why,
 * and the studio says so; a store that cannot be reached is tried again after its lease.
 */
import { randomUUID } from "node:crypto";
import { editorView } from "../auth/service";
import { log as processLog } from "../ops/log";
import { publishChrome, publishPage } from "./publish";
import { changeOf } from "./routes/pages";
import type { AuditInput, ContentChange, ContentService } from "./service";
import type { PublishJob } from "./stores/publish-jobs";
import { LeaseLost } from "./stores/publish-jobs";

/** How often every process looks for due jobs another process scheduled. */
export const SCHEDULE_POLL_MS = 5000;
/** A job claimed by a process that died is taken again after this. */
export const SCHEDULE_LEASE_MS = 2 * 60_000;
/** A job whose store failed mid-publish is tried again this much later. */
const RETRY_MS = 30_000;

export interface SchedulerOptions {
  pollMs?: number;
  leaseMs?: number;
  now?: () => number;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

type Service = Pick<ContentService, "storage" | "auth" | "notifyChange">;

export class ScheduledPublisher {
  readonly owner = `scheduler-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly now: () => number;
  private readonly log: (line: string, fields?: Record<string, unknown>) => void;

  constructor(
    private readonly service: Service,
    private readonly options: SchedulerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line, fields) => processLog.info(line, fields));
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? SCHEDULE_POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due jobs now (a schedule made by this process, a poll). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runDue()
      .catch((error) => processLog.error("[schedule] could not look for due publishes", { error }))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.kick();
        }
      });
    return this.running;
  }

  /** Stops claiming; a publish in flight finishes (it is one transaction); leases held are given back. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.service.storage.publishJobs.release(this.owner).catch(() => 0);
  }

  private async runDue(): Promise<void> {
    for (;;) {
      const jobs = await this.service.storage.publishJobs.claim({
        owner: this.owner,
        now: this.now(),
        leaseMs: this.options.leaseMs ?? SCHEDULE_LEASE_MS,
        limit: 5,
      });
      if (jobs.length === 0) return;
      for (const job of jobs) await this.publish(job);
      if (this.stopped) return;
    }
  }

  private async publish(job: PublishJob): Promise<void> {
    const { storage, auth } = this.service;
    const jobs = storage.publishJobs;
    const target = `${job.site_id}/${job.page_id}`;
    const account = await storage.accounts.get(job.editor.id);
    const audit = (entry: AuditInput) =>
      auth.audit(null, account ? editorView(account) : null, {
        ...entry,
        via: "schedule",
        ...(account ? {} : { actor_label: job.editor.name }),
      });
    if (!account) {
      await jobs.fail(job.id, this.owner, "account-removed", null);
      await audit({
        action: "page.publish",
        outcome: "failure",
        target,
        details: { reason: "account-removed", job: job.id },
      });
      return;
    }
    try {
      // The site's header and footer edited with the page (issue 29) go first, as the studio's publish does.
      let chrome: number | undefined;
      if (job.chrome) {
        const written = await publishChrome(storage, job.site_id, job.chrome, {
          id: account.id,
          name: account.name,
          role: account.role,
        });
        if (!written.ok) {
          const reason = written.reason === "embed_admin_only" ? "embed-admin-only" : written.reason;
          await jobs.fail(job.id, this.owner, reason, null);
          await audit({
            action: "page.publish",
            outcome: "failure",
            target,
            details: { reason, job: job.id, part: "chrome" },
          });
          this.log("[schedule] a scheduled publish could not be made", { job: job.id, reason });
          return;
        }
        chrome = written.version;
        await audit({
          action: "settings.chrome",
          outcome: "success",
          target: job.site_id,
          details: { version: chrome, job: job.id },
        });
      }
      const result = await publishPage(storage, {
        siteId: job.site_id,
        page: job.page,
        expected: job.base_version,
        editor: { id: account.id, name: account.name, role: account.role },
        note: job.note ?? undefined,
        draftRevision: job.draft_revision ?? undefined,
        scheduled: {
          for: new Date(job.run_at_ms).toISOString(),
          finish: (trx, version) => jobs.finish(trx, job.id, this.owner, version),
        },
      });
      if (!result.ok) {
        const reason = result.reason === "embed_admin_only" ? "embed-admin-only" : result.reason;
        await jobs.fail(job.id, this.owner, reason, null);
        await audit({ action: "page.publish", outcome: "failure", target, details: { reason, job: job.id } });
        this.log("[schedule] a scheduled publish could not be made", { job: job.id, reason });
        return;
      }
      await audit({
        action: "page.publish",
        outcome: "success",
        target,
        details: { version: result.version, job: job.id, scheduled_for: new Date(job.run_at_ms).toISOString() },
      });
      // A new or moved page, or a new header and footer, changes the whole site (sitemap, menus, every page).
      const change = changeOf(job.site_id, job.page, result.previous);
      this.service.notifyChange((chrome ? { siteId: job.site_id } : change) satisfies ContentChange);
      this.log("[schedule] scheduled publish made", { job: job.id, version: result.version });
    } catch (error) {
      // Another process has it now (this one's lease ran out): the rollback left nothing of ours.
      if (error instanceof LeaseLost) return;
      processLog.error("[schedule] a scheduled publish failed; tried again later", { job: job.id, error });
      await jobs.fail(job.id, this.owner, "store-error", this.now() + RETRY_MS).catch(() => false);
    }
  }
}

/** The scheduler of this process's content service, started (main.ts stops it with the server). */
export function startScheduler(service: Service, options: SchedulerOptions = {}): ScheduledPublisher {
  const publisher = new ScheduledPublisher(service, options);
  publisher.start();
  return publisher;
}
