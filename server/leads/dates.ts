/** Calendar days of the inbox's date filter, read in Québec's time zone. */
import { LEAD_TIME_ZONE } from "../../schema/lead-fields";

/** Minutes the zone is ahead of UTC at `instant` (negative in Québec). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant a day (`YYYY-MM-DD`) starts in `timeZone`; `days` moves to a later day. */
export function startOfDay(day: string, days = 0, timeZone = LEAD_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(y, m - 1, d + days));
  // Twice: the first correction may cross a daylight-saving change.
  let instant = new Date(guess.getTime() - zoneOffsetMinutes(guess, timeZone) * 60_000);
  instant = new Date(guess.getTime() - zoneOffsetMinutes(instant, timeZone) * 60_000);
  return instant;
}
