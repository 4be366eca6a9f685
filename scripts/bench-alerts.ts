/**
 * The saved-search alerts' bench (issue 32): matching a batch of 1,000 listing changes against
 * 10,000 subscriptions (the worker's matching step without its reads and writes: the events,
 * their listings and the subscriptions in memory, as the worker holds them), and rendering 1,000
 * e-mails of 10 listings each (HTML and text, React Email's `render` on React's server renderer). Targets: under 1 s and
 * under 10 s on this machine.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { SavedSearch } from "../schema/alerts";
import { type AlertItem, type EventWithSeq, matchEvents } from "../server/alerts/match";
import { createRng, generateListings, type ListingRecord } from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";
import type { ActiveAlert } from "../server/content/stores/alerts";

export interface AlertsBench {
  subscriptions: number;
  changes: number;
  matches: number;
  matchMs: number;
  /** CPU time of the matching (user + system): what it costs when the machine is shared and loaded. */
  matchCpuMs: number;
  emails: number;
  renderMs: number;
  renderCpuMs: number;
  htmlBytes: number;
}

const TYPES = ["maison", "condo", "prop", "chalet", "terrain"] as const;

/** Searches as visitors make them: a few types, a price range, a few cities or a map area. */
function searches(count: number, listings: readonly ListingRecord[]): ActiveAlert[] {
  const rng = createRng(32);
  const cities = [...new Set(listings.map((l) => l.municipality.MUN_CODE))];
  return Array.from({ length: count }, (_, i) => {
    const search: SavedSearch = {};
    if (rng.next() < 0.7) search.type = [rng.pick(TYPES)];
    if (rng.next() < 0.8) search.price_max = rng.int(2, 12) * 50_000;
    if (rng.next() < 0.3) search.price_min = rng.int(1, 4) * 50_000;
    if (search.price_min !== undefined && search.price_max !== undefined && search.price_min > search.price_max) {
      delete search.price_min;
    }
    if (rng.next() < 0.4) search.bedrooms = rng.int(1, 4);
    if (rng.next() < 0.5) search.forSaleForRent = rng.next() < 0.8 ? "buy" : "rent";
    if (rng.next() < 0.5) search.mun = Array.from({ length: rng.int(1, 4) }, () => rng.pick(cities));
    else if (rng.next() < 0.6) {
      const l = rng.pick(listings);
      const span = 0.05 + rng.next() * 0.5;
      search.bounds = {
        south: l.coords.lat - span,
        north: l.coords.lat + span,
        west: l.coords.lng - span,
        east: l.coords.lng + span,
      };
    }
    return { id: `s${i}`, site_id: "demo-broker", search, from_seq: 0 };
  });
}

async function runAlertsBench(
  options: { subscriptions?: number; changes?: number; emails?: number } = {},
): Promise<AlertsBench> {
  // React's production build, as the server runs it (its development build checks every element).
  process.env.NODE_ENV = "production";
  const { composeMatchesEmail } = await import("../server/alerts/email");
  const subscriptionCount = options.subscriptions ?? 10_000;
  const changeCount = options.changes ?? 1000;
  const listings = generateListings({ count: changeCount, seed: 3232, municipalities: loadMunicipalities() });
  const alerts = searches(subscriptionCount, listings);
  const rng = createRng(7);
  // New listings and price changes (half of them drops), as a feed's batch brings them.
  const events: EventWithSeq[] = listings.map((l, i) =>
    rng.next() < 0.6
      ? { seq: i + 1, uls: l.uls, kind: "new", data: { price: l.price } }
      : {
          seq: i + 1,
          uls: l.uls,
          kind: "price_change",
          data: { old: Math.round(l.price * (rng.next() < 0.5 ? 1.08 : 0.95)), new: l.price },
        },
  );
  const records = new Map(listings.map((l) => [l.uls, { listing: l, off: false }]));
  // One warm-up run (JIT), then the measured one.
  matchEvents(events.slice(0, 50), records, alerts.slice(0, 500));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const matches = matchEvents(events, records, alerts);
  const matchMs = performance.now() - t0;
  const matchCpu = process.cpuUsage(c0);

  const emailCount = options.emails ?? 1000;
  const items = matches.slice(0, 10).map((m) => m.data as unknown as AlertItem);
  const sender = {
    name: "Julie Tremblay, courtière immobilière résidentielle, permis OACIQ J7421 (Immobilier Rive-Sud inc., agence immobilière)",
    siteName: "Julie Tremblay, courtière immobilière",
    address: "1250, boulevard Guillaume-Couture, Lévis (Québec) G6W 0R5",
    contact: "418 555-0142, julietremblay.example",
  };
  let htmlBytes = 0;
  const c1 = process.cpuUsage();
  const t1 = performance.now();
  for (let i = 0; i < emailCount; i++) {
    const email = await composeMatchesEmail({
      locale: i % 3 === 0 ? "en" : "fr",
      origin: "https://julietremblay.example",
      sender,
      from: "alertes@julietremblay.example",
      to: `visitor${i}@example.com`,
      messageId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      token: "AbCdEfGhIjKlMnOpQrStUv",
      items,
      more: 3,
      search: alerts[i % alerts.length]!.search,
      page: "/fr/proprietes",
      frequency: "daily",
      createdAt: "2026-11-01T12:00:00.000Z",
    });
    htmlBytes += email.html.length;
  }
  const renderMs = performance.now() - t1;
  const renderCpu = process.cpuUsage(c1);
  return {
    subscriptions: subscriptionCount,
    changes: changeCount,
    matches: matches.length,
    matchMs,
    matchCpuMs: (matchCpu.user + matchCpu.system) / 1000,
    emails: emailCount,
    renderMs,
    renderCpuMs: (renderCpu.user + renderCpu.system) / 1000,
    htmlBytes: Math.round(htmlBytes / emailCount),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runAlertsBench();
  if (process.argv.includes("--json")) console.log(JSON.stringify(r));
  else
    console.log(
      `${r.changes} changes × ${r.subscriptions} subscriptions: ${r.matches} matches in ${r.matchMs.toFixed(0)} ms (CPU ${r.matchCpuMs.toFixed(0)} ms); ${r.emails} e-mails rendered in ${r.renderMs.toFixed(0)} ms (CPU ${r.renderCpuMs.toFixed(0)} ms, ${r.htmlBytes} bytes of HTML each); load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
}
