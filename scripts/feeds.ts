/**
 * `npm run feeds -- <command>`: listing feeds from the shell, on the store the server uses
 * (DATABASE_URL, else DATA_DIR), with the same settings (FEED_* for the default site, or a site's
 * feed set in the studio).
 *
 *   sync   [--site ID] [--full]   runs one sync now and prints its report (exit 1 if it failed,
 *                                 2 if another process is syncing that feed)
 *   status [--site ID]            the feed's last runs and where it stands
 *   list                          the feeds configured
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig } from "../server/config";
import { openStorage } from "../server/content/storage";
import { describeRun } from "../server/feeds/report";
import { configuredFeeds, describeFeeds } from "../server/feeds/settings";
import { syncFeed } from "../server/feeds/sync";

const USAGE = `Usage: npm run feeds -- sync [--site ID] [--full]
       npm run feeds -- status [--site ID]
       npm run feeds -- list`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { site: { type: "string" }, full: { type: "boolean", default: false } },
});
const command = z.enum(["sync", "status", "list"]).safeParse(positionals[0]);
if (!command.success) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const storage = await openStorage(config);
let code = 0;
try {
  const feeds = await configuredFeeds(storage, config);
  if (command.data === "list") {
    console.log(describeFeeds(feeds));
  } else {
    const site = values.site ?? (feeds.length === 1 ? feeds[0]!.source : config.SITE_ID);
    const feed = feeds.find((f) => f.source === site);
    if (command.data === "status") {
      const state = await storage.feeds.state(site);
      const counts = await storage.feeds.recordCounts(site);
      console.log(feed ? describeFeeds([feed]) : `No feed is configured for ${site}.`);
      if (state) {
        console.log(
          `  next run ${new Date(state.next_run_ms).toISOString()}, current since ${state.current_ms ? new Date(state.current_ms).toISOString() : "never"}${state.hidden ? ", HIDDEN (not refreshed in time)" : ""}`,
        );
      }
      console.log(
        `  records: ${counts.listed} listed, ${counts.sold} sold, ${counts.removed} removed, ${counts.withheld} withheld, ${counts.skipped} skipped`,
      );
      for (const run of await storage.feeds.runs(site, 5)) console.log(describeRun(run));
    } else {
      if (!feed) {
        console.error(
          `No feed is configured for ${site}: set FEED_KIND, FEED_URL, FEED_TOKEN_URL, FEED_CLIENT_ID and FEED_CLIENT_SECRET, or set it in the studio.`,
        );
        code = 1;
      } else {
        const owner = `cli:${os.hostname()}:${process.pid}`;
        const outcome = await syncFeed({
          storage,
          feed,
          owner,
          trigger: "cli",
          full: values.full,
          force: true,
          // One line per batch written: a person watching sees it move (and a test knows when to kill it).
          afterBatch: (batch) => console.log(`batch ${batch} written`),
        });
        if (!outcome.claimed) {
          console.error(`A sync of ${site} is running in another process; try again once it ends.`);
          code = 2;
        } else {
          console.log(describeRun(outcome.run));
          if (outcome.run.status !== "succeeded") code = 1;
        }
      }
    }
  }
} finally {
  await storage.close();
}
process.exit(code);
