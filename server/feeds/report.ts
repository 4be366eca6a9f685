/**
 * A run's report in plain English for the shell (`npm run feeds -- sync`) and the log; the sync
 * screen says the same in the editor's language (locales/studio: studio.feeds.*).
 */
import type { FeedRun } from "../content/stores/feeds";
import type { FeedErrorCode } from "./errors";

export const ERROR_WORDS: Record<FeedErrorCode, string> = {
  secret_refused: "The provider refused the client id or secret.",
  client_not_allowed:
    "The provider knows this client but does not let it read the feed (an inactive DDF feed gets no token).",
  scope_refused: "The provider refused the scope asked for.",
  token_refused: "The provider's token endpoint gave no access token.",
  token_unreachable: "The provider's token endpoint could not be reached.",
  access_refused: "The feed refused the access token, a fresh one too.",
  forbidden: "The feed says this client may not read it.",
  feed_unreachable: "The feed could not be reached.",
  feed_unavailable: "The feed kept failing on its side.",
  feed_error: "The feed refused a request.",
  rate_limited: "The feed asked to wait before the next request; the next run goes on.",
  bad_response: "The feed answered something that is not an OData listing feed.",
  budget_reached: "This run made as many requests as one run may; the next one goes on.",
  lease_lost: "Another process took this feed over.",
  not_configured: "The feed's settings cannot be used.",
  internal: "The sync failed on this server.",
};

export const NOTE_WORDS: Record<string, string> = {
  budget_reached: "Stopped at the run's request budget: the next run goes on from here.",
  photos_hotlinked: "Photos are shown from the provider's servers: copying them here needs the media library.",
  shown_again: "The feed is current again: its listings are back on the site.",
  no_media_resource: "The feed has no Media resource: listings are shown without photos.",
  no_openhouse_resource: "The feed has no OpenHouse resource: no open houses.",
  no_translations_resource: "The feed has no Translations resource: remarks in one language.",
  no_member_resource: "The feed has no Member resource: agents are not named.",
  no_office_resource: "The feed has no Office resource: offices are not named.",
};

const when = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().replace("T", " ").slice(0, 19));

export function describeRun(run: FeedRun): string {
  const r = run.report;
  const lines = [
    `Sync of ${run.source} (${run.kind === "full" ? "full load" : "incremental"}, ${run.trigger}): ${run.status}`,
    `  started ${when(run.started_ms)} UTC, ended ${when(run.ended_ms)} UTC, ${run.requests} requests`,
    `  created ${run.created}, updated ${run.updated}, removed ${run.removed}, skipped ${run.skipped}` +
      ` (fetched ${r.fetched}, unchanged ${r.unchanged}, withheld ${r.withheld}, events ${r.events})`,
  ];
  if (r.demo_removed) lines.push(`  the demo's ${r.demo_removed} generated listings were deleted (first import)`);
  if (r.waited_s) lines.push(`  waited ${r.waited_s} s for the provider (429 Retry-After)`);
  for (const note of r.notes) lines.push(`  note: ${NOTE_WORDS[note] ?? note}`);
  for (const skip of r.skips.slice(0, 20)) lines.push(`  skipped ${skip.key}: ${skip.reason}`);
  if (run.skipped > 20) lines.push(`  … ${run.skipped - 20} more skipped (the sync screen lists ${r.skips.length})`);
  if (run.error_code) {
    const words = ERROR_WORDS[run.error_code as FeedErrorCode] ?? run.error_code;
    lines.push(`  error: ${words}${run.error_message ? ` (${run.error_message})` : ""}`);
  }
  return lines.join("\n");
}
