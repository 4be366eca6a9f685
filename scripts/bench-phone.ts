/**
 * `npm run bench -- --only=phone` (issue 34): a throttled phone, the way Lighthouse's mobile
 * profile throttles one (slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; the CPU
 * four times slower), at 375 × 667 in Chromium:
 *
 * - the home page's menu: when the hamburger is drawn, and when the first tap on it opens the
 *   menu (taps every 50 ms from the moment it is drawn; a tap before the page's script runs must
 *   open it too, target: as soon as it is drawn);
 * - the search page's largest contentful paint (its list; budget 2.5 s, Core Web Vitals' good).
 *
 * Each figure is the median of RUNS fresh browser contexts.
 */
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import type { BenchContext, BenchRow, BenchSection } from "./bench";

const RUNS = 5;
const PHONE = { width: 375, height: 667 };
const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const TAP_EVERY_MS = 50;
const LCP_BUDGET_MS = 2500;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};

async function throttledPage(browser: Browser): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: "fr-CA" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { page, cdp, close: () => context.close() };
}

/** Milliseconds from the navigation's start until the hamburger is drawn and until a tap on it opens the menu. */
async function menuTap(browser: Browser, origin: string): Promise<{ drawn: number; opened: number; taps: number }> {
  const { page, close } = await throttledPage(browser);
  try {
    const navigation = page.goto(`${origin}/fr`, { waitUntil: "commit" });
    const started = Date.now();
    await navigation;
    const burger = page.locator(".hdr-burger");
    await burger.waitFor({ state: "visible", timeout: 60_000 });
    const drawn = Date.now() - started;
    for (let taps = 1; ; taps++) {
      await burger.tap({ timeout: 60_000 }).catch(() => {});
      const open = await page
        .evaluate(() => Boolean(document.querySelector(".hdr-panel:popover-open, [role='dialog'][aria-modal]")))
        .catch(() => false);
      if (open) return { drawn, opened: Date.now() - started, taps };
      if (Date.now() - started > 60_000) throw new Error("the menu never opened");
      await page.waitForTimeout(TAP_EVERY_MS);
    }
  } finally {
    await close();
  }
}

/** The search page's largest contentful paint (ms) and what it painted. */
async function searchLcp(browser: Browser, origin: string): Promise<{ lcp: number; element: string }> {
  const { page, close } = await throttledPage(browser);
  try {
    await page.goto(`${origin}/fr/proprietes`, { waitUntil: "load", timeout: 120_000 });
    // The list's cards, then a moment for a later, larger paint.
    await page.locator(".search-grid .property-card").first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    return await page.evaluate(
      () =>
        new Promise<{ lcp: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            const el = last?.element;
            resolve({
              lcp: Math.round(last?.startTime ?? Number.NaN),
              element: el ? `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").split(" ")[0]}` : "?",
            });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
  } finally {
    await close();
  }
}

export const phoneSection: BenchSection = {
  id: "phone",
  title: "Throttled phone (slow 4G, CPU ×4, 375 px)",
  async run({ origin, log }: BenchContext): Promise<BenchRow[]> {
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    try {
      const taps: { drawn: number; opened: number; taps: number }[] = [];
      const paints: { lcp: number; element: string }[] = [];
      for (let i = 0; i < RUNS; i++) {
        taps.push(await menuTap(browser, origin));
        paints.push(await searchLcp(browser, origin));
        log(
          `phone run ${i + 1}: menu drawn ${taps.at(-1)!.drawn} ms, opened ${taps.at(-1)!.opened} ms; LCP ${paints.at(-1)!.lcp} ms`,
        );
      }
      const drawn = median(taps.map((t) => t.drawn));
      const opened = median(taps.map((t) => t.opened));
      const lag = median(taps.map((t) => t.opened - t.drawn));
      const tapsNeeded = Math.max(...taps.map((t) => t.taps));
      const lcp = median(paints.map((p) => p.lcp));
      return [
        { section: "phone", metric: "/fr: hamburger drawn", value: drawn, unit: "ms", note: `median of ${RUNS}` },
        {
          section: "phone",
          metric: "/fr: first tap that opens the menu",
          value: opened,
          unit: "ms",
          note: `median of ${RUNS}; ${lag} ms after it is drawn`,
        },
        {
          section: "phone",
          metric: "/fr: taps until the menu opens, from the moment it is drawn",
          value: tapsNeeded,
          unit: "taps",
          // The first tap once the hamburger is drawn opens it (a tap lost before hydration made it 20 and more).
          budget: "1 (every run)",
          pass: tapsNeeded === 1,
          note: `worst of ${RUNS}; the first opening tap lands ${lag} ms after the button is drawn (one tap and check under the throttled CPU)`,
        },
        {
          section: "phone",
          metric: "/fr/proprietes: largest contentful paint",
          value: lcp,
          unit: "ms",
          budget: `≤ ${LCP_BUDGET_MS} ms`,
          pass: lcp <= LCP_BUDGET_MS,
          note: `median of ${RUNS}; ${[...new Set(paints.map((p) => p.element))].join(", ")}`,
        },
      ];
    } finally {
      await browser.close();
    }
  },
};
