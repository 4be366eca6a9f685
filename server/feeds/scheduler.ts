/**
 * The scheduled sync inside the server: each web process looks every TICK_MS at the feeds
 * configured (the environment's, the studio's), hides those not current within their provider's
 * limit, and runs those due. Runs are claimed through the store (a lease, stores/feeds.ts), so
 * however many processes look, one runs a feed at a time; one that dies mid-run leaves its lease
 * to expire and the next run goes on from the cursors. "Sync now" (the studio) makes the feed due
 * and wakes this process's scheduler.
 */
import os from "node:os";
import type { Config } from "../config";
import type { Storage } from "../content/storage";
import { log } from "../ops/log";
import { describeRun } from "./report";
import { configuredFeeds } from "./settings";
import { enforceFreshness, syncFeed } from "./sync";

const TICK_MS = 30_000;

export interface FeedScheduler {
  /** Looks at the feeds now (after "sync now"); resolves when this look is done. */
  kick(): Promise<void>;
  stop(): void;
}

/** The scheduler of this process, if it runs one (the sync-now route wakes it). */
let current: FeedScheduler | undefined;

/** Wakes this process's scheduler (no scheduler here: another process's next look takes it, within TICK_MS). */
export function kickFeedScheduler(): void {
  void current?.kick();
}

export function startFeedScheduler(
  storage: Storage,
  config: Config,
  options: { tickMs?: number; now?: () => number } = {},
): FeedScheduler {
  const now = options.now ?? Date.now;
  const owner = `${os.hostname()}:${process.pid}`;
  let looking: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const look = async () => {
    const feeds = await configuredFeeds(storage, config);
    for (const feed of feeds) {
      if (stopped) return;
      await storage.feeds.ensureState(feed.source, now());
      await enforceFreshness(storage, feed, now());
      const outcome = await syncFeed({ storage, feed, owner, trigger: "schedule" });
      if (outcome.claimed && outcome.run.status !== "succeeded") log.warn(describeRun(outcome.run));
    }
  };
  const kick = (): Promise<void> => {
    if (looking) {
      again = true;
      return looking;
    }
    looking = look()
      .catch((error: unknown) => log.error("[feeds] the scheduled sync failed", { error }))
      .finally(() => {
        looking = undefined;
        if (again && !stopped) {
          again = false;
          void kick();
        }
      });
    return looking;
  };
  const timer = setInterval(() => void kick(), options.tickMs ?? TICK_MS);
  timer.unref();
  // The first look soon after start, off the start-up path.
  setTimeout(() => void kick(), 2000).unref();
  const scheduler: FeedScheduler = {
    kick,
    stop() {
      stopped = true;
      clearInterval(timer);
      if (current === scheduler) current = undefined;
    },
  };
  current = scheduler;
  return scheduler;
}
