/**
 * Journeys that assert what a person sees and does: the text of a blog post's body, and the
 * header's menu opened by a tap on a phone. Earlier tests passed while the body was empty and
 * the hamburger sat off screen (a click scrolls to an element, a thumb does not): these check
 * the text on screen and the controls inside the screen.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import blogEn from "../locales/blog/en.json" with { type: "json" };
import blog from "../locales/blog/fr.json" with { type: "json" };
import en from "../locales/en.json" with { type: "json" };
import fr from "../locales/fr.json" with { type: "json" };

interface FixtureArticle {
  id: number;
  fr?: { slug: string; title: string; body: string };
  en?: { slug: string; title: string; body: string };
}
const articles = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/articles.json"), "utf8")) as {
    articles: FixtureArticle[];
  }
).articles;

/** The first sentence of a body's first paragraph, as a reader sees it (markup removed). */
function firstSentence(body: string): string {
  const paragraph = body.split(/\n\s*\n/).find((p) => !/^(##|!img|!note|- |\d+\. )/.test(p.trim())) ?? "";
  const sentence = /^.*?[.!?](?=\s|$)/.exec(paragraph.replace(/\*\*/g, "").replace(/\s+/g, " ").trim())?.[0];
  return sentence ?? paragraph;
}

/** Reading time the page must show: words / 200, rounded, at least 1 (site.md §9). */
function readMinutes(body: string): number {
  const words = body
    .replace(/^!img .*$/gm, " ")
    .replace(/^!note /gm, " ")
    .split(/\s+/)
    .filter((w) => w && !/^(#+|-|\d+\.|\||\*\*)$/.test(w)).length;
  return Math.max(1, Math.round(words / 200));
}

test.describe("a blog post shows its article", () => {
  for (const locale of ["fr", "en"] as const) {
    test(`the body's text is on the page (${locale})`, async ({ page }) => {
      const article = articles.find((a) => a.fr && a.en && a.id === 60) ?? articles.find((a) => a.fr && a.en)!;
      const text = article[locale]!;
      const base = locale === "fr" ? "/fr/blogue" : "/en/blog";
      await page.goto(`${base}/${text.slug}-${article.id}`);
      await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
      const sentence = firstSentence(text.body);
      expect(sentence.length).toBeGreaterThan(20);
      const body = page.getByText(sentence, { exact: false });
      await expect(body).toBeVisible();
      await body.scrollIntoViewIfNeeded();
      await expect(body).toBeInViewport();
      // The read time comes from the same text.
      const minutes = readMinutes(text.body);
      const label = (locale === "fr" ? blog : blogEn).blog["read-time"].replace("{{count}}", String(minutes));
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    });
  }

  test("the breadcrumb and the title are not under the fixed header", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const article = articles.find((a) => a.id === 60)!;
    await page.goto(`/fr/blogue/${article.fr!.slug}-${article.id}`);
    const header = await page.locator(".site-header").boundingBox();
    const crumb = await page.getByRole("navigation", { name: blog.blog.breadcrumb }).boundingBox();
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(header && crumb && title).toBeTruthy();
    expect(crumb!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(title!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });
});

test.describe("the header on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a tap on the hamburger opens the menu; its links and the language switch work", async ({ page }) => {
    await page.goto("/fr");
    await expect(page.locator(".site-header[data-ready]")).toBeAttached({ timeout: 15_000 });
    const burger = page.getByRole("button", { name: fr.header["open-menu"] });
    // Within the screen, where a thumb can reach them, without scrolling sideways.
    await expect(burger).toBeInViewport({ ratio: 1 });
    await expect(page.locator(".site-header .hdr-sms")).toBeInViewport({ ratio: 1 });
    // The desktop call to action is hidden below 992 px.
    await expect(page.locator(".site-header .hdr-cta")).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await burger.tap();
    const dialog = page.getByRole("dialog", { name: fr.header.menu });
    await expect(dialog).toBeVisible();
    for (const name of ["Accueil", "Propriétés", "Blogue", "Contact"])
      await expect(dialog.getByRole("link", { name, exact: true })).toBeInViewport();
    const english = dialog.getByRole("link", { name: fr.header.locale.en });
    await expect(english).toBeInViewport();

    await dialog.getByRole("link", { name: "Blogue", exact: true }).tap();
    await expect(page).toHaveURL(/\/fr\/blogue$/);
    await expect(dialog).toBeHidden();

    // The language switch from the menu.
    await page.getByRole("button", { name: fr.header["open-menu"] }).tap();
    await page.getByRole("dialog", { name: fr.header.menu }).getByRole("link", { name: fr.header.locale.en }).tap();
    await expect(page).toHaveURL(/\/en\/blog$/);
    await expect(page.getByRole("button", { name: en.header["open-menu"] })).toBeInViewport({ ratio: 1 });
  });
});
