/**
 * The blog (site.md §2, §4 Blog archive; blocks.md §3 Blog): category filters, reset,
 * sort, loading more on scroll, opening a post, the language warning on a post without
 * a translation, share links, slug redirects and WCAG 2.2 AA checks.
 */
import { expect, expectNoAxeViolations, t, test } from "./helpers";

const archive = "/fr/blogue";

// Only when run against the Vite dev server (BLOG_E2E_DEV=1): its websocket and dev-only head differences.
const DEV_NOISE = [/WebSocket/, /\[vite\]/, /A tree hydrated but some attributes/];
test.beforeEach(({ consoleErrors }) => {
  if (process.env.BLOG_E2E_DEV) for (const pattern of DEV_NOISE) consoleErrors.allow(pattern);
});
const cards = ".blog-archive .blog-list > article.blog-card";
const categoryButtons = ".blog-archive .blog-chip";

test.describe("blog archive", () => {
  test("filters by category, resets, sorts and loads more on scroll", async ({ page }) => {
    await page.goto(archive);
    await expect(page.locator(cards)).toHaveCount(6);
    await expect(page.locator(categoryButtons).first()).toBeVisible();
    const chips = page.locator(categoryButtons);
    await expect(chips.first()).toHaveAttribute("aria-pressed", "true");
    const reset = page.getByRole("button", { name: t("fr", "blog.reset") });
    await expect(reset).toBeDisabled();

    // One category while all are selected: only it.
    const buying = chips.filter({ hasText: "Achat" });
    let request = page.waitForRequest((r) => r.url().includes("/articles?") && r.url().includes("categories=1"));
    await buying.click();
    const first = new URL((await request).url());
    expect(first.searchParams.get("with_categories")).toBeNull();
    expect(first.searchParams.get("page")).toBe("1");
    await expect(buying).toHaveAttribute("aria-pressed", "true");
    await expect(chips.filter({ hasText: "Vente" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator(`${cards} .blog-card__category`).first()).toHaveText("Achat");
    await expect(page.locator(`${cards} .blog-card__category`).filter({ hasNotText: "Achat" })).toHaveCount(0);

    // Another one: toggles it on.
    request = page.waitForRequest((r) => r.url().includes("categories=1%2C2") || r.url().includes("categories=1,2"));
    await chips.filter({ hasText: "Vente" }).click();
    await request;
    await expect(page.locator(`${cards} .blog-card__category`).filter({ hasNotText: /Achat|Vente/ })).toHaveCount(0);
    await expect(page.locator(cards).first()).toBeVisible();

    // Reset: all selected, categories omitted.
    await expect(reset).toBeEnabled();
    request = page.waitForRequest((r) => r.url().includes("/articles?") && !r.url().includes("categories="));
    await reset.click();
    await request;
    await expect(chips.filter({ hasText: "Vente" })).toHaveAttribute("aria-pressed", "true");
    await expect(reset).toBeDisabled();
    await expect(page.locator(cards)).toHaveCount(6);

    // Sort ascending: the oldest post comes first.
    const newest = await page.locator(`${cards} time`).first().getAttribute("datetime");
    request = page.waitForRequest((r) => r.url().includes("order=asc"));
    await page.getByLabel(t("fr", "blog.sort-label")).selectOption("asc");
    await request;
    await expect(page.locator(cards)).toHaveCount(6);
    const oldest = await page.locator(`${cards} time`).first().getAttribute("datetime");
    expect(oldest! < newest!).toBe(true);

    // Scrolling to the end loads the next page (appended).
    request = page.waitForRequest((r) => r.url().includes("page=2"));
    await page.locator(".blog-archive__sentinel").scrollIntoViewIfNeeded();
    await request;
    await expect(page.locator(cards)).toHaveCount(12);
  });

  test("shows two skeleton cards while fetching", async ({ page }) => {
    await page.goto(archive);
    await expect(page.locator(cards)).toHaveCount(6);
    const request = page.waitForRequest((r) => r.url().includes("categories=3"));
    await page.locator(categoryButtons).filter({ hasText: "Location" }).click();
    await expect(page.locator(categoryButtons).filter({ hasText: "Location" })).toHaveAttribute("aria-pressed", "true");
    // The fetch waits 1 s after a filter change: the skeletons show meanwhile.
    await expect(page.locator(".blog-archive [data-testid=blog-skeleton]")).toHaveCount(2);
    await request;
    await expect(page.locator(".blog-archive [data-testid=blog-skeleton]")).toHaveCount(0);
  });

  test("archive has no axe violations", async ({ page }) => {
    await page.goto(archive);
    await expect(page.locator(cards)).toHaveCount(6);
    await expectNoAxeViolations(page);
  });
});

test.describe("blog post", () => {
  test("opens from the archive, with share links and head", async ({ page }) => {
    await page.goto(archive);
    const link = page.locator(`${cards} .blog-card__link`).first();
    const title = (await link.textContent())!;
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveURL(/\/fr\/blogue\/[a-z0-9-]+-\d+$/);
    const encoded = encodeURIComponent(page.url());
    for (const network of ["facebook", "twitter", "linkedin", "mail"]) {
      await expect(page.locator(`[data-share=${network}]`)).toHaveAttribute("href", new RegExp(escapeRegExp(encoded)));
    }
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('head link[rel=alternate][type="application/rss+xml"]').first()).toHaveAttribute(
      "href",
      /\/fr\/blogue\/rss\.xml$/,
    );
    await expectNoAxeViolations(page);
  });

  test("a wrong slug redirects to the right one", async ({ page, request }) => {
    const answer = await request.get("/fr/blogue/mauvais-slug-1", { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toMatch(/\/fr\/blogue\/premier-achat-les-etapes-1$/);
    await page.goto("/fr/blogue/mauvais-slug-1");
    await expect(page).toHaveURL(/\/fr\/blogue\/premier-achat-les-etapes-1$/);
  });

  test("switching language goes to the translation when it exists", async ({ page }) => {
    await page.goto("/fr/blogue/premier-achat-les-etapes-1");
    await expect(page.locator("main[data-ready]")).toBeAttached();
    await page.locator('a[data-locale-switch="en"]:visible').first().click();
    await expect(page).toHaveURL(/\/en\/blog\/[a-z0-9-]+-1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  });

  test("switching language without a translation opens the warning; cancel stays", async ({ page }) => {
    await page.goto("/fr/blogue/taxe-de-bienvenue-calcul-2");
    await expect(page.locator("main[data-ready]")).toBeAttached();
    await expect(page.locator("head link[hreflang='en-CA']")).toHaveCount(0);
    const before = page.url();
    await page.locator('a[data-locale-switch="en"]:visible').first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: t("en", "shell.language-warning.archive") })).toHaveAttribute(
      "href",
      /\/en\/blog/,
    );
    await dialog.getByRole("button", { name: t("en", "shell.language-warning.cancel") }).click();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(before);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
