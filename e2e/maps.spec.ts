/**
 * Maps without a tile server (MAP_TILE_URL unset, the default): the offline base map of Québec
 * draws under the markers (water, place names near the markers, its source credited), only on
 * pages with a map; the search map's clusters carry centred counts in the locale's grouping
 * and never cover each other, at the first zoom and after zooming in.
 */
import type { Page } from "@playwright/test";
import { expect, t, test } from "./helpers";

const base = new URL(process.env.PW_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`);
const agency = `${base.protocol}//agence.localhost:${base.port}`;

function centre(box: { x: number; y: number; width: number; height: number }) {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test("the offices map draws the offline base map: water, the names of the places near its markers", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${agency}/fr/nos-bureaux`);
  const map = page.locator(".offices-map .site-map[data-ready='true']");
  await expect(map).toBeVisible({ timeout: 15_000 });

  // The base map is there, with no tile requested.
  await expect(map.locator(".basemap-label").first()).toBeVisible({ timeout: 15_000 });
  await expect(map.locator("img.leaflet-tile")).toHaveCount(0);
  expect(requests.some((p) => /\/assets\/quebec-[\w-]+\.json$/.test(p))).toBe(true);

  // The first office (Lévis) has its marker, and the base map names Lévis right beside it.
  const first = page.locator(".offices-map__item").first();
  const id = await first.getAttribute("data-office-id");
  const marker = map.locator(`path[data-marker-id="${id}"]`);
  const label = map.locator(".basemap-label--place", { hasText: /^Lévis$/ });
  await expect(label).toBeVisible();
  // The label's dot is at its left edge, on the municipality's point. Both boxes are read again
  // until the map has settled: the base map draws its labels anew when the view moves, and a
  // label read between two draws has no box.
  const distance = async () => {
    const [markerBox, labelBox] = [await marker.boundingBox(), await label.boundingBox()];
    if (!markerBox || !labelBox) return Number.POSITIVE_INFINITY;
    const markerAt = centre(markerBox);
    const dot = { x: labelBox.x + 3, y: labelBox.y + labelBox.height / 2 };
    return Math.hypot(dot.x - markerAt.x, dot.y - markerAt.y);
  };
  await expect.poll(distance).toBeLessThan(60);
  // Dark text on the light land (WCAG AA with room to spare).
  await expect(label).toHaveCSS("color", "rgb(31, 41, 51)");

  // At the offices' street zooms the generalised shores fade out; zoomed out to the region, the
  // St. Lawrence is drawn.
  const water = map.locator('[data-basemap-layer="water"]');
  const opacity = () => water.evaluate((el) => Number(getComputedStyle(el).opacity));
  await expect.poll(opacity).toBeLessThan(1);
  await map.getByRole("button", { name: t("fr", "maps.gateway") }).click();
  // One step at a time: a click during Leaflet's zoom animation aims at the same zoom as the one
  // before it (as a visitor's quick double click does), so the clicks wait for the map to settle.
  const zoomOut = map.getByRole("button", { name: t("fr", "maps.zoom-out") });
  await expect
    .poll(
      async () => {
        if ((await opacity()) < 1) await zoomOut.click();
        return opacity();
      },
      { intervals: [500], timeout: 15_000 },
    )
    .toBe(1);
  await expect(water).toHaveCSS("opacity", "1");
  await expect(water).toHaveAttribute("d", /^M[\d.\- ]+L/);
  expect((await water.getAttribute("d"))?.length).toBeGreaterThan(200);
  await expect(map.locator(".basemap-label--place", { hasText: /^Québec$/ })).toBeVisible();

  // The source is credited as its licence asks.
  const attribution = map.locator(".leaflet-control-attribution");
  await expect(attribution).toContainText("Fond de carte");
  await expect(attribution.getByRole("link", { name: "Natural Earth" })).toHaveAttribute(
    "href",
    "https://www.naturalearthdata.com/",
  );
});

test("pages without a map load neither the base map's data nor its code", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.goto("/fr/a-propos");
  await page.waitForLoadState("networkidle");
  expect(requests.filter((p) => /quebec-[\w-]+\.json$|\/layer-[\w-]+\.js$|leaflet/.test(p))).toEqual([]);
});

/** Every cluster on the map: its count, the circle's box and its number's box. */
async function clusters(page: Page) {
  const all = await page.locator(".search-cluster").evaluateAll((els) =>
    els.map((el) => {
      const circle = el.getBoundingClientRect();
      const number = el.querySelector("span")!.getBoundingClientRect();
      const text = el.textContent ?? "";
      return {
        // The number itself, whatever its grouping.
        count: Number(text.replace(/\D/g, "")),
        text,
        circle: { x: circle.x, y: circle.y, width: circle.width, height: circle.height },
        number: { x: number.x, y: number.y, width: number.width, height: number.height },
      };
    }),
  );
  // A marker being replaced as the map redraws has no box: only the ones shown count.
  return all.filter((c) => c.circle.width > 0);
}

async function expectClustersReadable(page: Page, locale: "fr-CA" | "en-CA") {
  const all = await clusters(page);
  expect(all.length).toBeGreaterThan(1);
  // Some counts in the thousands, where grouping shows.
  expect(all.some((c) => c.count >= 1000)).toBe(true);
  const format = new Intl.NumberFormat(locale);
  for (const c of all) {
    // The locale's grouping ("44 197", "44,197") and the number in the circle's centre.
    expect(c.text).toBe(format.format(c.count));
    const a = centre(c.circle);
    const b = centre(c.number);
    expect(Math.abs(a.x - b.x)).toBeLessThan(2);
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(c.number.width).toBeLessThan(c.circle.width);
  }
  // Larger counts, larger circles.
  const bySize = [...all].sort((x, y) => x.count - y.count);
  expect(bySize.at(-1)!.circle.width).toBeGreaterThan(bySize[0]!.circle.width);
  // No circle covers another.
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const [p, q] = [all[i]!, all[j]!];
      const distance = Math.hypot(centre(p.circle).x - centre(q.circle).x, centre(p.circle).y - centre(q.circle).y);
      expect(distance, `${p.text} and ${q.text}`).toBeGreaterThanOrEqual((p.circle.width + q.circle.width) / 2);
    }
  }
}

for (const [path, locale] of [
  ["/fr/proprietes", "fr-CA"],
  ["/en/properties", "en-CA"],
] as const) {
  test(`the search map's clusters are centred, grouped and apart, before and after zooming in (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    const map = page.locator(".search-map[data-ready]");
    await expect(map).toBeVisible({ timeout: 15_000 });
    await expect(page.locator(".search-cluster").nth(2)).toBeVisible({ timeout: 15_000 });
    // The base map under the clusters: water and the province's name.
    await expect(map.locator('[data-basemap-layer="water"]')).toHaveAttribute("d", /^M/);
    await expect(
      map.locator(".basemap-label--region", { hasText: locale === "fr-CA" ? "Québec" : "Quebec" }),
    ).toBeVisible();
    await expect(() => expectClustersReadable(page, locale)).toPass({ timeout: 10_000 });

    // Zoom in twice on the largest cluster: the new answer's clusters are laid out again.
    for (let step = 0; step < 2; step++) {
      // Read and clicked in one pass: a later answer for the same view may redraw the clusters
      // between the reading and the click.
      let before = "";
      await expect(async () => {
        const now = await clusters(page);
        const largest = [...now].sort((a, b) => b.count - a.count)[0]!;
        before = now.map((c) => c.text).join();
        await page
          .locator(".search-cluster")
          .filter({ hasText: new RegExp(`^${largest.text}$`) })
          .first()
          .click({ timeout: 2000 });
      }).toPass({ timeout: 15_000 });
      await expect
        .poll(async () => (await clusters(page)).map((c) => c.text).join(), { timeout: 15_000 })
        .not.toBe(before);
      await page.waitForLoadState("networkidle");
      // Checked again if the map redraws in between (a later answer for the new view).
      await expect(() => expectClustersReadable(page, locale)).toPass({ timeout: 10_000 });
    }
  });
}
