/**
 * Visitor journeys on the production build: language redirects, server-rendered
 * pages with their full head, language switching, error pages, robots and sitemap,
 * and WCAG 2.2 AA checks.
 */
import type { APIResponse, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, type Locale, RESOURCE_404, t, test } from "./helpers";

/** Pages the demo-broker fixtures publish; each is checked in its own language. */
const HEAD_PAGES: { path: string; locale: Locale }[] = [
  { path: "/fr", locale: "fr" },
  { path: "/en", locale: "en" },
  { path: "/en/contact", locale: "en" },
  { path: "/fr/termes-et-conditions", locale: "fr" },
];

/** Pairs of equivalent pages (fixtures): switching language keeps the visitor on the same page. */
const EQUIVALENT_PAGES: [string, string][] = [
  ["/fr", "/en"],
  ["/fr/a-propos", "/en/about"],
];

const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

function metaContent(html: string, key: "name" | "property", value: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*${key}="${value.replace(/[.:]/g, "\\$&")}"[^>]*>`))?.[0];
  return tag ? attr(tag, /content="([^"]*)"/) : undefined;
}

function linkHref(html: string, rel: string, hreflang?: string): string | undefined {
  const links = html.match(/<link\b[^>]*>/g) ?? [];
  const found = links.find(
    (l) => l.includes(`rel="${rel}"`) && (hreflang === undefined || new RegExp(`hrefLang="${hreflang}"`, "i").test(l)),
  );
  return found ? attr(found, /href="([^"]*)"/) : undefined;
}

async function redirectTarget(response: APIResponse): Promise<string | undefined> {
  expect([301, 302, 303, 307, 308]).toContain(response.status());
  const location = response.headers().location;
  return location ? new URL(location, "http://x").pathname : undefined;
}

test.describe("language at /", () => {
  test("redirects to /fr by default", async ({ request }) => {
    const response = await request.get("/", { maxRedirects: 0, headers: { "accept-language": "" } });
    expect(await redirectTarget(response)).toBe("/fr");
  });

  test("redirects to /en for an English browser", async ({ request }) => {
    const response = await request.get("/", {
      maxRedirects: 0,
      headers: { "accept-language": "en-US,en;q=0.9,fr;q=0.5" },
    });
    expect(await redirectTarget(response)).toBe("/en");
  });

  test("the i18n_redirected cookie wins over the browser language", async ({ request }) => {
    const toEn = await request.get("/", {
      maxRedirects: 0,
      headers: { "accept-language": "fr-CA,fr", cookie: "i18n_redirected=en" },
    });
    expect(await redirectTarget(toEn)).toBe("/en");
    const toFr = await request.get("/", {
      maxRedirects: 0,
      headers: { "accept-language": "en-US,en", cookie: "i18n_redirected=fr" },
    });
    expect(await redirectTarget(toFr)).toBe("/fr");
  });

  test("a browser in English lands on /en", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-CA" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
    await context.close();
  });

  test("a browser in French lands on /fr", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.locator("html")).toHaveAttribute("lang", /^fr/);
  });
});

test.describe("server-rendered pages with their full head", () => {
  for (const { path, locale } of HEAD_PAGES) {
    test(`raw HTML of ${path}`, async ({ request, baseURL }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();

      expect(attr(html, /<html[^>]*\blang="([^"]+)"/)).toBe(`${locale}-CA`);
      const title = attr(html, /<title>([^<]*)<\/title>/);
      expect(title?.trim(), "title").toBeTruthy();
      expect(metaContent(html, "name", "description")?.trim(), "meta description").toBeTruthy();
      expect(linkHref(html, "canonical"), "canonical").toBe(`${baseURL}${path}`);

      const fr = linkHref(html, "alternate", "fr-CA");
      const en = linkHref(html, "alternate", "en-CA");
      const xDefault = linkHref(html, "alternate", "x-default");
      expect(fr, "hreflang fr-CA").toMatch(new RegExp(`^${baseURL}/fr(/|$)`));
      expect(en, "hreflang en-CA").toMatch(new RegExp(`^${baseURL}/en(/|$)`));
      expect(xDefault, "hreflang x-default").toBe(fr);
      expect(locale === "fr" ? fr : en, "the page is its own alternate").toBe(`${baseURL}${path}`);

      expect(metaContent(html, "property", "og:title")?.trim(), "og:title").toBeTruthy();
      expect(metaContent(html, "property", "og:description")?.trim(), "og:description").toBeTruthy();
      expect(metaContent(html, "property", "og:url"), "og:url").toBe(`${baseURL}${path}`);
      expect(metaContent(html, "property", "og:locale"), "og:locale").toBe(`${locale}_CA`);
      expect(metaContent(html, "property", "og:type"), "og:type").toBeTruthy();
      expect(metaContent(html, "name", "twitter:card"), "twitter:card").toBeTruthy();

      // The content itself is in the HTML, not rendered later by the browser.
      expect(html).toMatch(/<main[^>]*id="main-content"/);
      expect(html).toMatch(/data-block-type="[a-z0-9_]+"/);
      expect(html).toContain(t(locale, "site.skip-to-content"));
    });

    test(`${path} in the browser`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", `${locale}-CA`);
      expect((await page.title()).trim()).not.toBe("");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      for (const hreflang of ["fr-CA", "en-CA", "x-default"]) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
      }
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator("main#main-content [data-block-type]").first()).toBeVisible();
    });
  }

  test("/fr fits a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/fr");
    await expect(page.locator("main#main-content")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
  });
});

/** Switches language the way a visitor would: the switcher if the page has one, else the alternate path. */
async function switchLanguage(page: Page, to: Locale) {
  const hreflang = `${to}-CA`;
  const inBody = page.locator(`body a[hreflang="${hreflang}"], body a[hreflang="${to}"]`);
  const switcher = page.locator("[data-locale-switcher] a, [data-locale-switcher] button");
  if ((await inBody.count()) > 0 && (await inBody.first().isVisible())) {
    await inBody.first().click();
  } else if ((await switcher.count()) > 0 && (await switcher.first().isVisible())) {
    await switcher.first().click();
  } else {
    const alternate = page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`);
    await expect(alternate, `alternate ${hreflang} in the head`).toHaveCount(1);
    const href = await alternate.getAttribute("href");
    expect(href, `alternate ${hreflang}`).toBeTruthy();
    await page.goto(href!);
  }
}

test.describe("switching language", () => {
  for (const [frPath, enPath] of EQUIVALENT_PAGES) {
    test(`${frPath} ⇄ ${enPath}`, async ({ page, context }) => {
      await page.goto(frPath);
      await switchLanguage(page, "en");
      await expect(page).toHaveURL(new RegExp(`${enPath}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
      await expect(page.locator("main#main-content [data-block-type]").first()).toBeVisible();
      const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
      expect(cookie?.value).toBe("en");

      await switchLanguage(page, "fr");
      await expect(page).toHaveURL(new RegExp(`${frPath}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
      expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("fr");
    });
  }

  test("the idle prefetch of the other language's page leaves the cookie on the language read", async ({
    page,
    context,
  }) => {
    for (const [path, other, lang] of [
      ["/fr", "/en", "fr"],
      ["/en", "/fr", "en"],
    ] as const) {
      // The prefetch of the header's language switch (its page data), made once the page is still.
      const prefetched = page.waitForResponse((r) => new URL(r.url()).pathname === `${other}.data`, {
        timeout: 15_000,
      });
      await page.goto(path);
      await prefetched;
      await page.waitForTimeout(300);
      const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
      expect(cookie?.value, `after the prefetch on ${path}`).toBe(lang);
    }
    // And the next visit to / opens in the language read last.
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
  });

  test("a damaged language cookie does not keep a visitor out", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "i18n_redirected", value: "%E0%A4%A", url: baseURL! }]);
    for (const path of ["/", "/en/contact"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("main#main-content [data-block-type]").first()).toBeVisible();
    }
    // The page opened replaced it.
    expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("en");
  });

  test("the chosen language is remembered at /", async ({ page }) => {
    await page.goto("/en");
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
  });
});

test.describe("client-side navigation", () => {
  test("header links load the next page's data and stylesheets without a full reload", async ({ page }) => {
    await page.goto("/fr");
    await expect(page.locator("main#main-content [data-block-type]").first()).toBeVisible();
    // A marker on window survives client navigations only.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const nav = page.getByRole("navigation", { name: t("fr", "header.main-navigation") });
    await nav.getByRole("link", { name: "Propriétés", exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/proprietes$/);
    // The search feature's own stylesheet arrives with its view.
    await expect(page.locator(".search-bar")).toHaveCSS("display", "flex");
    await nav.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/contact$/);
    await expect(page.locator('main#main-content [data-block-type*="contact"]').first()).toBeVisible();
    await expect(page.getByText(t("fr", "errors.404-message"))).toHaveCount(0);
    await page.goBack();
    await expect(page.locator(".search-bar")).toBeVisible();
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

test.describe("error pages", () => {
  test("an unknown French page is a 404 with a way home", async ({ page, consoleErrors }) => {
    consoleErrors.allow(RESOURCE_404);
    const response = await page.goto("/fr/page-inexistante");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(page.getByText(t("fr", "errors.404-message"))).toBeVisible();
    const home = page.getByRole("link", { name: t("fr", "blocks.block-error.home") });
    await expect(home).toHaveAttribute("href", "/fr");
    await home.click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.locator("main#main-content [data-block-type]").first()).toBeVisible();
  });

  test("an unknown English page is a 404 in English", async ({ page, consoleErrors }) => {
    consoleErrors.allow(RESOURCE_404);
    const response = await page.goto("/en/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
    await expect(page.getByText(t("en", "errors.404-message"))).toBeVisible();
    await expect(page.getByRole("link", { name: t("en", "blocks.block-error.home") })).toHaveAttribute("href", "/en");
  });

  test("an unknown language prefix is a 404", async ({ page, request, consoleErrors }) => {
    consoleErrors.allow(RESOURCE_404);
    expect((await request.get("/xx/foo")).status()).toBe(404);
    const response = await page.goto("/xx/foo");
    expect(response?.status()).toBe(404);
    // No route matches a path outside /fr and /en: site.md §8's "This page could not be found".
    await expect(page.getByText(t("fr", "errors.not-found"), { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: t("fr", "blocks.block-error.home") })).toBeVisible();
  });

  test("the 404 answer is server-rendered", async ({ request }) => {
    const response = await request.get("/fr/page-inexistante");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain(t("fr", "errors.404-message"));
    expect(html).toMatch(/<html[^>]*lang="fr-CA"/);
  });
});

test.describe("robots.txt and sitemap.xml", () => {
  test("robots.txt points to the sitemap and keeps the studio out", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(body).toContain("Disallow: /fr/qa/");
    expect(body).toContain("Disallow: /en/qa/");
  });

  test("sitemap.xml is an index of the pages' file and the listings' files", async ({ request, baseURL }) => {
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("xml");
    const files = [...(await index.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]);
    // 50,000 listings, 25,000 per file (50,000 URLs, the protocol's limit).
    expect(files).toEqual([
      `${baseURL}/sitemaps/pages.xml`,
      `${baseURL}/sitemaps/listings/1.xml`,
      `${baseURL}/sitemaps/listings/2.xml`,
    ]);
    const listings = await request.get("/sitemaps/listings/1.xml");
    expect(listings.status()).toBe(200);
    const xml = await listings.text();
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    expect(urls.length).toBeGreaterThan(40_000);
    expect(urls.length).toBeLessThanOrEqual(50_000);
    expect(urls[0]).toMatch(/<loc>[^<]+\/fr\/propriete\/[a-z0-9-]+-\d+<\/loc>/);
    for (const hreflang of ["fr-CA", "en-CA", "x-default"]) expect(urls[0]).toContain(`hreflang="${hreflang}"`);
    expect((await request.get("/sitemaps/listings/3.xml")).status()).toBe(404);
    expect((await request.get("/sitemaps/listings/abc")).status()).toBe(404);
  });

  test("the pages' sitemap lists both languages with alternates", async ({ request, baseURL }) => {
    const response = await request.get("/sitemaps/pages.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    const locs = urls.map((u) => u.match(/<loc>([^<]+)<\/loc>/)?.[1]);
    for (const path of ["/fr", "/en", ...EQUIVALENT_PAGES.flat()]) expect(locs).toContain(`${baseURL}${path}`);
    // Content pages exist in both languages; articles may exist in one language only.
    const isArticle = (u: string) => /<loc>[^<]+\/(blogue|blog)\/[^<]+<\/loc>/.test(u);
    const pages = urls.filter((u) => !isArticle(u));
    const pageLocs = pages.map((u) => u.match(/<loc>([^<]+)<\/loc>/)?.[1]);
    expect(pageLocs.filter((l) => l?.startsWith(`${baseURL}/fr`)).length).toBe(
      pageLocs.filter((l) => l?.startsWith(`${baseURL}/en`)).length,
    );
    for (const url of pages) {
      for (const hreflang of ["fr-CA", "en-CA", "x-default"]) {
        expect(url, `alternate ${hreflang}`).toMatch(new RegExp(`<xhtml:link rel="alternate" hreflang="${hreflang}"`));
      }
    }
    // An article lists itself among its alternates, and only translations that exist.
    const articles = urls.filter(isArticle);
    expect(articles.length).toBeGreaterThan(0);
    for (const url of articles) {
      const loc = url.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? "";
      const own = loc.startsWith(`${baseURL}/fr/`) ? "fr-CA" : "en-CA";
      expect(url).toContain(`hreflang="${own}" href="${loc}"`);
    }
    const home = urls.find((u) => u.includes(`<loc>${baseURL}/fr</loc>`));
    expect(home).toContain(`hreflang="en-CA" href="${baseURL}/en"`);
  });
});

test.describe("accessibility (WCAG 2.2 AA)", () => {
  for (const path of ["/fr", "/en", "/en/contact"]) {
    test(`axe on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main#main-content")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("axe on the 404 page", async ({ page, consoleErrors }) => {
    consoleErrors.allow(RESOURCE_404);
    await page.goto("/fr/page-inexistante");
    await expect(page.getByText(t("fr", "errors.404-message"))).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the skip link leads to the main content", async ({ page }) => {
    await page.goto("/fr");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: t("fr", "site.skip-to-content") });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main-content")).toBeFocused();
  });
});
