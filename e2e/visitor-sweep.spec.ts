/**
 * The visitor's sweep: every URL of both demo sites' sitemaps (through the sitemap index;
 * listing and blog-post pages sampled, they share one template, plus a sold listing), the search page, the block gallery and an error page,
 * at eight widths (320 px, the narrowest phone still sold, to 1920), looked at the way a visitor does:
 *
 * - every interactive element can be reached: scrolled into view, its centre is on screen
 *   and the topmost element there is the element itself (or inside it);
 * - the document never scrolls sideways;
 * - every block root shows some text or media;
 * - every image loads;
 * - no console error and no uncaught exception;
 * - axe (WCAG 2.2 AA) at one phone and one desktop width;
 * - the Nu HTML validator over the server's HTML of every swept URL, in one Java run;
 * - without JavaScript, every control of a phone's first screen that opens something (a menu,
 *   a submenu, a popover) opens it: the platform's popover or <details>, not a script;
 * - Escape closes every popover, dropdown and dialog a page opens, at a phone and a desktop width.
 *
 * One browser context per width; each width is one test, so the two workers sweep two
 * widths at a time. Screenshots of key pages land in test-results/sweep/ (not committed).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { RESOURCE_404, WCAG_22_AA_TAGS } from "./helpers";

const WIDTHS = [320, 360, 390, 414, 768, 1024, 1280, 1920] as const;
/** axe runs at one phone and one desktop width. */
const AXE_WIDTHS = new Set<number>([390, 1280]);
const HEIGHT = { phone: 780, desktop: 900 };
/** The agency's pages are served by its domain (fixtures/sites/demo-agency/site.json); *.localhost is loopback. */
const AGENCY_HOST = "agence.localhost";
/** Pages of one template: a few are swept, not every one (the sitemap will list thousands of listings). */
const TEMPLATE_SAMPLE = 3;
const OUT = path.resolve(import.meta.dirname, "../test-results/sweep");
/** Key pages kept as screenshots for a reviewer. */
const KEY_PAGES = [
  "/fr",
  "/en",
  "/fr/services",
  "/fr/a-propos",
  "/fr/contact",
  "/fr/blogue",
  "/fr/proprietes",
  "/fr/qa/blocks",
  "/fr/page-inexistante",
];

interface Target {
  /** Full URL (the agency has its own host). */
  url: string;
  /** Host header for requests made from Node, which cannot resolve *.localhost names. */
  host?: string;
  /** Short name for reports and screenshot files. */
  name: string;
  /** An answer other than 200 is expected (the error page). */
  status?: number;
  /** The gallery shows every block in every scheme: several h1-free sections by design. */
  gallery?: boolean;
}

interface Failure {
  width: number;
  page: string;
  kind: string;
  detail: string;
}

const port = Number(process.env.E2E_PORT ?? 3100);
const brokerOrigin = `http://localhost:${port}`;
const agencyHost = `${AGENCY_HOST}:${port}`;
const agencyOrigin = `http://${agencyHost}`;

/** A GET from Node: the agency's host name goes in the Host header, the connection to localhost. */
function get(request: APIRequestContext, url: string, host?: string) {
  return host ? request.get(url.replace(`//${host}`, `//localhost:${port}`), { headers: { host } }) : request.get(url);
}

/** `<loc>` values of a sitemap, listing and blog-post URLs sampled per language. */
async function sitemapUrls(request: APIRequestContext, origin: string, host?: string): Promise<string[]> {
  const index = await get(request, `${origin}/sitemap.xml`, host);
  expect(index.status(), `${origin}/sitemap.xml`).toBe(200);
  // sitemap.xml is an index: the pages' file and the listings' files (the first is enough to sample from).
  const files = [...(await index.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
  const wanted = files.filter((f) => !/\/sitemaps\/listings\/(?!1\.xml)/.test(f));
  const locs: string[] = [];
  for (const file of wanted) {
    const answer = await get(request, file, host);
    expect(answer.status(), file).toBe(200);
    locs.push(...[...(await answer.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname));
  }
  const templated = /^\/(fr\/blogue|en\/blog|fr\/propriete|en\/property)\//;
  const seen = new Map<string, number>();
  return locs.filter((p) => {
    const template = templated.exec(p)?.[1];
    if (!template) return true;
    const n = seen.get(template) ?? 0;
    seen.set(template, n + 1);
    return n < TEMPLATE_SAMPLE;
  });
}

/** The page of a listing with this badge, from the search's answer. */
async function firstListingPath(request: APIRequestContext, badge: string): Promise<string | undefined> {
  // Sold listings come only when asked for (status=sold).
  const status = badge === "sold" ? "&status=sold" : "";
  const answer = await request.get(
    `${brokerOrigin}/api/swc/ms-demo-broker/properties?limit=100&forSaleForRent=buy${status}`,
    {
      headers: { "x-site-key": "sk_demo_broker_public_0001" },
    },
  );
  const body = (await answer.json()) as {
    data: { propertiesListing: { badge: string | null; url: { fr: string } }[] };
  };
  return body.data.propertiesListing.find((l) => l.badge === badge)?.url.fr;
}

/**
 * Controls that open a popover, a dropdown or a dialog: the platform's (popovertarget,
 * <summary> of a details that is not an accordion), or one that says so (aria-haspopup), and
 * the search bar's municipality dropdown and filters. Accordions (aria-expanded on an inline
 * section) are not popups: Escape is not theirs to handle.
 */
const OPENERS = [
  "[popovertarget]:not([popovertargetaction='hide'])",
  "[aria-haspopup]:not([aria-haspopup='false'])",
  ".listing-share > summary",
  ".search-bar__mun > button",
  ".search-bar > button.btn",
  ".hdr-nav__toggle",
].join(", ");

/** Whether what `opener` opens is open: its popover, its <details>, its aria-expanded, or a dialog on the page. */
async function popupState(opener: import("@playwright/test").Locator): Promise<"open" | "closed"> {
  return opener.evaluate((el) => {
    const target = el.getAttribute("popovertarget");
    if (target) return document.getElementById(target)?.matches(":popover-open") ? "open" : "closed";
    if (el.tagName === "SUMMARY") return (el.parentElement as HTMLDetailsElement).open ? "open" : "closed";
    const expanded = el.getAttribute("aria-expanded");
    if (expanded !== null && el.getAttribute("aria-haspopup") !== "dialog")
      return expanded === "true" ? "open" : "closed";
    const dialog = [...document.querySelectorAll("[role='dialog'], dialog[open]")].some(
      (d) => d.getClientRects().length > 0 && !d.closest("[hidden]"),
    );
    return dialog ? "open" : "closed";
  });
}

let targets: Target[] | undefined;
async function sweepTargets(request: APIRequestContext): Promise<Target[]> {
  if (targets) return targets;
  const broker = await sitemapUrls(request, brokerOrigin);
  const agency = await sitemapUrls(request, agencyOrigin, agencyHost);
  // A listing the home page features, beside the sampled ones of the sitemap; a sold one and a removed one (410).
  const listings = await request.get(`${brokerOrigin}/fr`);
  const listingPaths = [
    ...new Set([...(await listings.text()).matchAll(/href="(\/fr\/propriete\/[^"]+)"/g)].map((m) => m[1])),
  ];
  const soldPath = await firstListingPath(request, "sold");
  const list: Target[] = [
    ...broker.map((p) => ({ url: `${brokerOrigin}${p}`, name: p })),
    ...agency.map((p) => ({ url: `${agencyOrigin}${p}`, name: `agency${p}`, host: agencyHost })),
    ...listingPaths.slice(0, 1).map((p) => ({ url: `${brokerOrigin}${p}`, name: p ?? "" })),
    ...(soldPath ? [{ url: `${brokerOrigin}${soldPath}`, name: soldPath }] : []),
    { url: `${brokerOrigin}/fr/qa/blocks`, name: "/fr/qa/blocks", gallery: true },
    { url: `${brokerOrigin}/fr/page-inexistante`, name: "/fr/page-inexistante", status: 404 },
    { url: `${brokerOrigin}/en/no-such-page`, name: "/en/no-such-page", status: 404 },
  ];
  // The search page is in the sitemap (/fr/proprietes); keep it if the sitemap ever drops it.
  if (!list.some((t) => t.name === "/fr/proprietes"))
    list.push({ url: `${brokerOrigin}/fr/proprietes`, name: "/fr/proprietes" });
  targets = list;
  // The count a closing note quotes (URLs × widths).
  console.log(`visitor's sweep: ${list.length} URLs`);
  return list;
}

/** What one page shows a visitor, measured in the page. */
interface PageReport {
  overflow: number;
  unreachable: string[];
  emptyBlocks: string[];
  brokenImages: string[];
  h1: number;
}

/**
 * Runs in the page. Waits for blocks that load their own data (bounded), loads lazy images,
 * then checks each interactive element after scrolling it into view.
 */
async function inspect(page: Page): Promise<PageReport> {
  return page.evaluate(async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const describe = (el: Element) => {
      const text = (el.getAttribute("aria-label") || (el as HTMLElement).innerText || el.getAttribute("title") || "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 40);
      const block = el.closest("[data-block-type]")?.getAttribute("data-block-type") ?? "page";
      const cls = (el.getAttribute("class") ?? "").split(" ")[0];
      return `${block} ${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""} "${text}"`;
    };
    const visible = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      el.getClientRects().length > 0 &&
      !el.closest("[inert], [aria-hidden='true'], dialog:not([open])");

    // Blocks that fetch their own data show skeletons first: give them a few seconds.
    const hasContent = (root: Element) => {
      if ((root as HTMLElement).innerText.trim()) return true;
      return [...root.querySelectorAll("img, svg, video, iframe, canvas, picture")].some((m) => {
        const r = m.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      });
    };
    // Spacers are empty on purpose (their job is space).
    const roots = () =>
      [...document.querySelectorAll("[data-block-type]")].filter(
        (root) => root.getAttribute("data-block-type") !== "spacer_block",
      );
    for (let i = 0; i < 25 && roots().some((r) => !hasContent(r)); i++) await sleep(200);
    const emptyBlocks = roots()
      .filter((r) => !hasContent(r))
      .map((r) => `${r.getAttribute("data-block-type")}#${r.getAttribute("data-block-id")}`);

    // Every image, lazy ones included, must load.
    const images = [...document.images];
    for (const img of images) if (img.loading === "lazy") img.loading = "eager";
    await Promise.all(
      images.map((img) =>
        img.complete
          ? undefined
          : Promise.race([
              new Promise((resolve) => {
                img.addEventListener("load", resolve, { once: true });
                img.addEventListener("error", resolve, { once: true });
              }),
              sleep(5000),
            ]),
      ),
    );
    const brokenImages = images
      .filter((img) => img.getAttribute("src") && (!img.complete || img.naturalWidth === 0))
      .map((img) => img.currentSrc || img.src);

    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;

    // Interactive elements: scrolled into view, their centre must be on screen and hit them.
    const selector =
      "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [role='link'], [tabindex]:not([tabindex='-1'])";
    const unreachable: string[] = [];
    const collect = () =>
      [...document.querySelectorAll(selector)].filter((el) => {
        if (!visible(el)) return false;
        // The skip link waits off screen until it has focus.
        if (el.classList.contains("skip-link")) return false;
        const r = el.getBoundingClientRect();
        // Visually hidden controls (1 px, clipped) are operated through their visible label.
        return r.width > 2 && r.height > 2;
      });
    const fixed = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const position = getComputedStyle(e).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    };
    // Fixed elements (the header) first, at the top of the page, before scrolling hides the header.
    window.scrollTo({ top: 0, behavior: "instant" });
    await sleep(50);
    const checked = new Set<Element>();
    const check = async (candidates: Element[]) => {
      const ordered = [...candidates.filter(fixed), ...candidates.filter((el) => !fixed(el))];
      for (const el of ordered) {
        checked.add(el);
        // Replaced or hidden since the list was taken (a list reloaded for the map's bounds, a
        // carousel dropping its arrows once it has measured): its box is 0×0 at the top left,
        // where the header is. What replaced it is checked on the second pass.
        if (!el.isConnected || !visible(el)) continue;
        // A no-op for an element fixed to the screen; fixed inside a transformed box, it scrolls.
        el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
        // A link wrapping over two lines: its first line's box (the middle of both is between them).
        const r = [...el.getClientRects()].find((box) => box.width > 0 && box.height > 0) ?? el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        // Map markers may overlap where listings are close (clusters group them as the map
        // zooms out); the map's list of places is their accessible equivalent.
        if (el.closest(".leaflet-marker-pane")) continue;
        // Slides of a carousel that are out of its window are reached with its arrows.
        const slideWindow = el.closest(".carousel__viewport, .embla__viewport");
        if (slideWindow) {
          const w = slideWindow.getBoundingClientRect();
          if (x < w.left || x > w.right || y < w.top || y > w.bottom) continue;
        }
        if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
          unreachable.push(`${describe(el)} centre off screen at (${Math.round(x)}, ${Math.round(y)})`);
          continue;
        }
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit))) continue;
        // A label drawn over its own control is how custom checkboxes and radios work.
        if (hit && el instanceof HTMLInputElement && hit.closest("label")?.control === el) continue;
        unreachable.push(`${describe(el)} covered by ${hit ? describe(hit) : "nothing"}`);
      }
    };
    await check(collect());
    // Elements that replaced others during the first pass (reloaded lists, re-rendered controls).
    await check(collect().filter((el) => !checked.has(el)));
    window.scrollTo({ top: 0, behavior: "instant" });
    return {
      overflow,
      unreachable,
      emptyBlocks,
      brokenImages,
      h1: document.querySelectorAll("h1").length,
    };
  });
}

/** Looks at one page as a visitor does; `fail` records what is wrong. */
async function sweepPage(page: Page, target: Target, width: number, fail: (kind: string, detail: string) => void) {
  const answer = await page.goto(target.url, { waitUntil: "load" });
  if ((answer?.status() ?? 0) !== (target.status ?? 200)) fail("status", `${answer?.status()}`);
  // Hydrated: React has claimed every block's element (the gallery's hundreds of blocks take
  // seconds); effects (client-only embeds, data-loading blocks) start right after.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("main, [data-block-type]")].every((el) =>
        Object.keys(el).some((key) => key.startsWith("__reactFiber")),
      ),
    undefined,
    { timeout: 30_000 },
  );
  const report = await inspect(page);
  if (report.overflow > 0) fail("horizontal overflow", `document ${report.overflow}px wider than the screen`);
  for (const detail of report.unreachable) fail("unreachable control", detail);
  for (const detail of report.emptyBlocks) fail("empty block", detail);
  for (const detail of report.brokenImages) fail("image not loaded", detail);
  if (!target.gallery && report.h1 !== 1) fail("h1 count", `${report.h1} h1 elements`);
  if (AXE_WIDTHS.has(width)) {
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS).analyze();
    for (const v of results.violations)
      fail(
        `axe ${v.id}`,
        `${v.help}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
      );
  }
  if (KEY_PAGES.includes(target.name))
    await page.screenshot({
      path: path.join(OUT, String(width), `${target.name.replace(/\W+/g, "_") || "_"}.png`),
      fullPage: true,
    });
}

async function sweepWidth(browser: Browser, request: APIRequestContext, width: number): Promise<Failure[]> {
  const list = await sweepTargets(request);
  const phone = width < 768;
  const context = await browser.newContext({
    viewport: { width, height: phone ? HEIGHT.phone : HEIGHT.desktop },
    isMobile: phone,
    hasTouch: phone,
    locale: "fr-CA",
  });
  const page = await context.newPage();
  const failures: Failure[] = [];
  let current: Target | undefined;
  const fail = (kind: string, detail: string) =>
    failures.push({ width, page: current?.name ?? "?", kind, detail: detail.slice(0, 300) });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // The error page's own document answers 404: Chromium logs it as a failed resource.
    if (current?.status === 404 && RESOURCE_404.test(text) && message.location().url === current.url) return;
    fail("console error", text);
  });
  page.on("pageerror", (error) => fail("page error", error.message));
  fs.mkdirSync(path.join(OUT, String(width)), { recursive: true });

  for (const target of list) {
    current = target;
    try {
      await sweepPage(page, target, width, fail);
    } catch (error) {
      // One page that cannot be looked at (it navigated away, never hydrated) is a failure of
      // that page; the sweep goes on with the others.
      fail("sweep error", error instanceof Error ? error.message.split("\n")[0]! : String(error));
    }
  }
  await context.close();
  fs.writeFileSync(
    path.join(OUT, `summary-${width}.json`),
    JSON.stringify({ width, pages: list.length, failures: failures.length, byKind: countBy(failures) }, null, 2),
  );
  return failures;
}

function countBy(failures: Failure[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of failures) out[f.kind] = (out[f.kind] ?? 0) + 1;
  return out;
}

const format = (failures: Failure[]) => failures.map((f) => `${f.width}px ${f.page}: ${f.kind}: ${f.detail}`);

// A trace of hundreds of pages costs minutes and memory; failures name page, width and element.
test.use({ trace: "off" });

test.describe("visitor's sweep", () => {
  for (const width of WIDTHS) {
    test(`every page at ${width} px`, async ({ browser, request }) => {
      test.setTimeout(15 * 60_000);
      const failures = await sweepWidth(browser, request, width);
      expect(format(failures)).toEqual([]);
    });
  }

  test("without JavaScript, what opens on a phone's first screen opens", async ({ browser, request }) => {
    test.setTimeout(10 * 60_000);
    const list = (await sweepTargets(request)).filter((t) => !t.gallery && !t.status);
    const context = await browser.newContext({
      viewport: { width: 390, height: HEIGHT.phone },
      isMobile: true,
      hasTouch: true,
      locale: "fr-CA",
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const failures: string[] = [];
    for (const target of list) {
      await page.goto(target.url);
      const count = await page.locator(OPENERS).count();
      for (let i = 0; i < count; i++) {
        const opener = page.locator(OPENERS).nth(i);
        const box = await opener.boundingBox();
        // The first screen: what a visitor may tap before anything loads.
        if (!box || !(await opener.isVisible()) || box.y > HEIGHT.phone || box.y + box.height < 0) continue;
        const name = await opener.evaluate(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || (el as HTMLElement).innerText).trim().slice(0, 30)}"`,
        );
        await opener.tap();
        if ((await popupState(opener)) !== "open")
          failures.push(`${target.name}: ${name} does nothing without JavaScript`);
        await page.keyboard.press("Escape");
        if ((await popupState(opener)) === "open") await page.goto(target.url);
      }
    }
    await context.close();
    expect(failures).toEqual([]);
  });

  for (const width of [390, 1280]) {
    test(`Escape closes every popover, dropdown and dialog at ${width} px`, async ({ browser, request }) => {
      test.setTimeout(15 * 60_000);
      // One page of each kind: the popovers are the header's, a listing's and the search's (every
      // page of a template has the same ones); both sites.
      const kinds = new Set<string>();
      const list = (await sweepTargets(request)).filter((t) => {
        if (t.gallery || t.status) return false;
        const kind = `${t.host ?? ""}${KEY_PAGES.includes(t.name.replace(/^agency/, "")) ? t.name : (/\/(propriete|property|blogue|blog|courtiers|brokers)\//.exec(t.name)?.[1] ?? "page")}`;
        if (kinds.has(kind)) return false;
        kinds.add(kind);
        return true;
      });
      const phone = width < 768;
      const context = await browser.newContext({
        viewport: { width, height: phone ? HEIGHT.phone : HEIGHT.desktop },
        isMobile: phone,
        hasTouch: phone,
        locale: "fr-CA",
      });
      const page = await context.newPage();
      const failures: string[] = [];
      for (const target of list) {
        await page.goto(target.url);
        // Hydrated: the openers' handlers are there.
        await page.waitForFunction(() =>
          [...document.querySelectorAll("main, [data-block-type]")].every((el) =>
            Object.keys(el).some((key) => key.startsWith("__reactFiber")),
          ),
        );
        const count = await page.locator(OPENERS).count();
        for (let i = 0; i < count; i++) {
          const opener = page.locator(OPENERS).nth(i);
          if (!(await opener.isVisible())) continue;
          const name = await opener.evaluate(
            (el) =>
              `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || (el as HTMLElement).innerText).trim().slice(0, 30)}"`,
          );
          // A control that cannot be clicked (covered, moving) is the pointer's problem, reported by the
          // sweep's reachability check: here it is only skipped, not waited for until the test ends.
          const clicked = await opener
            .scrollIntoViewIfNeeded({ timeout: 3000 })
            .then(() => opener.click({ timeout: 3000 }))
            .then(() => true)
            .catch(() => false);
          if (!clicked) continue;
          // Some load their code on the first opening.
          await expect
            .poll(() => popupState(opener), { timeout: 5000 })
            .toBe("open")
            .catch(() => {});
          if ((await popupState(opener)) !== "open") {
            failures.push(`${target.name}: ${name} did not open`);
            continue;
          }
          await page.keyboard.press("Escape");
          await expect
            .poll(() => popupState(opener), { timeout: 2000 })
            .toBe("closed")
            .catch(() => {});
          if ((await popupState(opener)) !== "closed") {
            failures.push(`${target.name}: Escape left ${name} open`);
            await page.goto(target.url);
          }
        }
      }
      await context.close();
      expect(failures).toEqual([]);
    });
  }

  test("the Nu HTML validator finds no error on the swept pages", async ({ request }) => {
    test.setTimeout(5 * 60_000);
    const list = await sweepTargets(request);
    const dir = path.join(OUT, "html");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (const [i, target] of list.entries()) {
      const answer = await get(request, target.url, target.host);
      const file = path.join(dir, `${String(i).padStart(3, "0")}${target.name.replace(/\W+/g, "_")}.html`);
      fs.writeFileSync(file, await answer.text());
      files.push(file);
    }
    const jar = path.resolve(import.meta.dirname, "../node_modules/vnu-jar/build/dist/vnu.jar");
    // One Java run for every page (the validator's start-up is most of its time).
    const { stdout, stderr } = await promisify(execFile)(
      "java",
      ["-jar", jar, "--errors-only", "--exit-zero-always", "--format", "gnu", ...files],
      {
        maxBuffer: 32 * 1024 * 1024,
      },
    );
    const errors = `${stdout}${stderr}`
      .split("\n")
      .filter((line) => line.includes("error"))
      .map((line) => line.replace(dir, ""));
    expect(errors).toEqual([]);
  });
});
