/**
 * The map's zoom search (routes/properties.ts fittingClusters): upwards from zoom 0 it must pick
 * the same clusters as the plain search downwards from the asked zoom (the deepest level with at
 * most MAX_MAP_MARKERS clusters in the box), on boxes from a street to the province.
 */
import fc from "fast-check";
import Supercluster from "supercluster";
import { describe, expect, it } from "vitest";
import { MAX_MAP_MARKERS } from "../schema/search";
import { generateListings } from "../server/content/data/listings-generator";
import { loadMunicipalities } from "../server/content/data/municipalities";
import { fittingClusters } from "../server/content/routes/properties";

const listings = generateListings({ count: 20_000, seed: 5, municipalities: loadMunicipalities() });
const index = new Supercluster<{ uls: string }>({ radius: 60, maxZoom: 16, minPoints: 2 }).load(
  listings.map((l) => ({
    type: "Feature" as const,
    geometry: { type: "Point" as const, coordinates: [l.coords.lng, l.coords.lat] },
    properties: { uls: l.uls },
  })),
);

/** The search as it was: from the asked zoom down until the clusters fit. */
function downwards(bbox: [number, number, number, number], zoom: number) {
  let z = zoom;
  let features = index.getClusters(bbox, z);
  while (features.length > MAX_MAP_MARKERS && z > 0) {
    z--;
    features = index.getClusters(bbox, z);
  }
  return features;
}

const key = (f: ReturnType<typeof index.getClusters>[number]) =>
  f.properties && "cluster_id" in f.properties
    ? `c${f.properties.cluster_id}`
    : `l${(f.properties as { uls: string }).uls}`;

describe("fittingClusters", () => {
  it("picks the clusters of the downward search, from a street to the whole province", () => {
    let zoomedOut = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 45, max: 48, noNaN: true }),
        fc.double({ min: -75, max: -70, noNaN: true }),
        fc.double({ min: 0.005, max: 20, noNaN: true }),
        fc.integer({ min: 0, max: 16 }),
        (south, west, span, zoom) => {
          const bbox: [number, number, number, number] = [west, south, west + span, south + span / 2];
          const want = downwards(bbox, zoom);
          const got = fittingClusters(index, bbox, zoom);
          expect(got.map(key).sort()).toEqual(want.map(key).sort());
          expect(got.length).toBeLessThanOrEqual(Math.max(MAX_MAP_MARKERS, index.getClusters(bbox, 0).length));
          if (got.length !== index.getClusters(bbox, zoom).length) zoomedOut++;
        },
      ),
      { numRuns: 300, seed: 19 },
    );
    // The boxes exercised both cases: the asked zoom fits, and it must zoom out.
    expect(zoomedOut).toBeGreaterThan(20);
  });

  it("zooms out of Montréal at z14 to at most the marker limit", () => {
    const montreal: [number, number, number, number] = [-73.65, 45.48, -73.52, 45.54];
    const got = fittingClusters(index, montreal, 14);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThanOrEqual(MAX_MAP_MARKERS);
    expect(got.map(key).sort()).toEqual(downwards(montreal, 14).map(key).sort());
  });
});
