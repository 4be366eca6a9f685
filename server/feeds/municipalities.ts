/**
 * Québec's municipal code of an imported listing (no feed carries it, FEEDS.md §3): from the city
 * the feed names, compared without accents, case, hyphens or the "St-"/"Ste-" abbreviations and
 * without a borough in parentheses ("Montréal (Ville-Marie)"), the nearest of namesakes when
 * several share a name; otherwise the municipality nearest the listing's position, within
 * NEAREST_KM of its centre.
 */
import type { MunicipalityFixture } from "../content/data/municipalities";

/** A listing farther than this from every known municipality's centre is not placed. */
export const NEAREST_KM = 30;

/** A town's name as compared: no accents, no case, no punctuation, saints spelled out. */
export function townKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\(.*?\)/g, " ")
    .replace(/[’'`]/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\bste\b/g, "sainte")
    .replace(/\bst\b/g, "saint")
    .replace(/\s+/g, " ");
}

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface FoundMunicipality {
  MUN_CODE: string;
  DESCRIPTION: string;
  lat: number;
  lng: number;
  /** How it was found: by the city's name, or by position. */
  by: "name" | "position";
}

export class MunicipalityFinder {
  private readonly byName = new Map<string, MunicipalityFixture[]>();

  constructor(private readonly municipalities: readonly MunicipalityFixture[]) {
    for (const m of municipalities) {
      const key = townKey(m.DESCRIPTION);
      this.byName.set(key, [...(this.byName.get(key) ?? []), m]);
    }
  }

  find(city: string | undefined, position: { lat: number; lng: number } | undefined): FoundMunicipality | undefined {
    const named = city ? this.byName.get(townKey(city)) : undefined;
    if (named?.length) {
      const best =
        position && named.length > 1
          ? named.reduce((a, b) => (distanceKm(a, position) <= distanceKm(b, position) ? a : b))
          : named[0]!;
      return { MUN_CODE: best.MUN_CODE, DESCRIPTION: best.DESCRIPTION, lat: best.lat, lng: best.lng, by: "name" };
    }
    if (!position) return undefined;
    let best: MunicipalityFixture | undefined;
    let bestKm = Number.POSITIVE_INFINITY;
    for (const m of this.municipalities) {
      const km = distanceKm(m, position);
      if (km < bestKm) {
        best = m;
        bestKm = km;
      }
    }
    return best && bestKm <= NEAREST_KM
      ? { MUN_CODE: best.MUN_CODE, DESCRIPTION: best.DESCRIPTION, lat: best.lat, lng: best.lng, by: "position" }
      : undefined;
  }
}
