/**
 * Many sites for scale benchmarks (`npm run seed:sites -- --sites=1000`): copies of the demo
 * broker's site and a few of its pages, each with its own id, microsite, site key, domain name
 * and name, written in chunks (one transaction and one revision change per chunk).
 */
import { createHash } from "node:crypto";
import { loadFixtures } from "./seed";
import type { ContentStore, PageRecord, SiteImport, SiteRecord } from "./stores/content";

/** The demo site copied, and the pages each copy gets (what a small broker site has). */
const TEMPLATE_SITE = "demo-broker";
const TEMPLATE_PAGES = ["home", "about", "contact", "properties", "privacy", "terms"];
/** Sites per transaction: a few MB of documents per statement. */
export const SEED_SITES_CHUNK = 100;

export interface SeedSitesOptions {
  /** How many sites. */
  count: number;
  /** The first site's number (to add sites next to ones already seeded); default 1. */
  from?: number;
  /** Domain names are `site-0001.<domainSuffix>`; default "courtier.example" (a reserved name). */
  domainSuffix?: string;
  /** Sites per transaction. */
  chunk?: number;
}

/** The id, domain name and site key of the n-th seeded site (what a benchmark sends). */
export function seededSite(n: number, domainSuffix = "courtier.example") {
  const label = String(n).padStart(4, "0");
  const siteId = `site-${label}`;
  // A public key (sent by browsers), so derived rather than secret; different for every site.
  const digest = createHash("sha256").update(`seed-sites:${siteId}`).digest("hex").slice(0, 16);
  return {
    label,
    site_id: siteId,
    microsite_id: `ms-${siteId}`,
    site_key: `sk_${siteId.replace("-", "_")}_${digest}`,
    domain: `${siteId}.${domainSuffix}`,
  };
}

/** The n-th copy of the template: its records, with the template's name replaced by its own. */
function copyOf(template: SiteRecord, pages: readonly PageRecord[], n: number, domainSuffix: string): SiteImport {
  const ids = seededSite(n, domainSuffix);
  const name = `Courtier immobilier ${ids.label}`;
  const rename = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll(template.name, name)) as T;
  const site: SiteRecord = {
    ...rename(template),
    site_id: ids.site_id,
    microsite_id: ids.microsite_id,
    site_key: ids.site_key,
    name,
    domains: [ids.domain],
  };
  return { site, pages: pages.map((page) => ({ ...rename(page), version: 1 })) };
}

/** Writes the sites; returns how many and the time taken. */
export async function seedSites(
  content: ContentStore,
  options: SeedSitesOptions,
): Promise<{ sites: number; pages: number; ms: number }> {
  const { count, from = 1, domainSuffix = "courtier.example", chunk = SEED_SITES_CHUNK } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error("The number of sites must be an integer from 1");
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domainSuffix)) throw new Error(`Not a domain name: ${domainSuffix}`);
  const started = performance.now();
  const fixture = loadFixtures().sites.find((s) => s.site.site_id === TEMPLATE_SITE);
  if (!fixture) throw new Error(`fixtures/sites/${TEMPLATE_SITE} is missing`);
  const pages = TEMPLATE_PAGES.map((id) => {
    const page = fixture.pages.find((p) => p.page_id === id);
    if (!page) throw new Error(`fixtures/sites/${TEMPLATE_SITE} has no page ${id}`);
    return page;
  });
  let written = 0;
  for (let first = from; first < from + count; first += chunk) {
    const last = Math.min(from + count, first + chunk);
    const batch = Array.from({ length: last - first }, (_, i) => copyOf(fixture.site, pages, first + i, domainSuffix));
    await content.importSites(batch);
    written += batch.length;
  }
  return { sites: written, pages: written * pages.length, ms: performance.now() - started };
}
