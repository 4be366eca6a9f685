/**
 * The retention period of leads (Québec Law 25: personal information is kept no longer than
 * its purpose needs): a daily job deletes leads older than LEADS_RETENTION_DAYS, with their
 * outbox rows. Every process runs it; the delete is the same statement whoever runs it.
 */
import type { SubmissionsStore } from "../content/stores/submissions";
import { log as processLog } from "../ops/log";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which leads are purged at `now`. */
export const retentionCutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Deletes the leads older than `days` at `now`; returns how many. */
export async function purgeExpiredLeads(
  submissions: Pick<SubmissionsStore, "purge">,
  days: number,
  now = new Date(),
): Promise<number> {
  return submissions.purge(retentionCutoff(now, days));
}

/** Runs the purge a minute after start, then every day. */
export function startRetention(options: {
  submissions: Pick<SubmissionsStore, "purge">;
  days: number;
  log?: (line: string) => void;
  firstRunMs?: number;
  everyMs?: number;
}): { stop(): void; run(): Promise<number> } {
  const log = options.log ?? ((line: string) => processLog.info(line));
  const run = async () => {
    try {
      const purged = await purgeExpiredLeads(options.submissions, options.days);
      if (purged > 0) log(`[leads] retention: deleted ${purged} lead(s) older than ${options.days} days`);
      return purged;
    } catch (error) {
      log(`[leads] retention purge failed, tried again tomorrow: ${(error as Error).message}`);
      return 0;
    }
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    every = setInterval(() => void run(), options.everyMs ?? DAY_MS);
    every.unref();
  }, options.firstRunMs ?? 60_000);
  first.unref();
  return {
    run,
    stop() {
      clearTimeout(first);
      if (every) clearInterval(every);
    },
  };
}
