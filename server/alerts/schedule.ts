/**
 * When digests go out: daily at ALERTS_DIGEST_HOUR (7:00) and weekly on ALERTS_WEEKLY_DAY
 * (Monday) at that hour, in the site's time zone (Québec's), daylight saving included.
 */
import type { AlertFrequency } from "../../schema/alerts";
import { zoneOffsetMinutes } from "../leads/dates";

export interface DigestSchedule {
  timeZone: string;
  /** Local hour, 0–23. */
  hour: number;
  /** Day of the weekly digest, 0 (Sunday) to 6. */
  weekday: number;
}

/** The instant of a local wall-clock time in `timeZone`. */
function localInstant(y: number, m: number, d: number, hour: number, timeZone: string): number {
  const guess = Date.UTC(y, m, d, hour);
  // Twice: the first correction may cross a daylight-saving change.
  const first = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return guess - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
}

/** The local calendar date of an instant in `timeZone`. */
function localDate(ms: number, timeZone: string): { y: number; m: number; d: number } {
  const local = new Date(ms + zoneOffsetMinutes(new Date(ms), timeZone) * 60_000);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate() };
}

/** The next digest time strictly after `now` (null for instant alerts, which have none). */
export function nextDigestAt(frequency: AlertFrequency, now: number, schedule: DigestSchedule): number | null {
  if (frequency === "instant") return null;
  const { y, m, d } = localDate(now, schedule.timeZone);
  for (let days = 0; days <= 8; days++) {
    const at = localInstant(y, m, d + days, schedule.hour, schedule.timeZone);
    if (at <= now) continue;
    if (frequency === "weekly" && new Date(Date.UTC(y, m, d + days)).getUTCDay() !== schedule.weekday) continue;
    return at;
  }
  throw new Error("no digest time within 8 days");
}
