/**
 * Switching language reloads the page once a script that speaks one language is in it (site.md
 * §2): the captcha (ALTCHA's widget strings) is made in the page's language, so after a
 * client-side switch it would stay in the first one. Before any captcha, the switch stays a
 * client-side navigation.
 */
import { expect, type Page } from "@playwright/test";
import { type Locale, t, test } from "./helpers";

async function sendContact(page: Page, locale: Locale) {
  await expect(page.locator(".contact-form[data-ready]")).toBeVisible({ timeout: 15_000 });
  const form = page.locator(".contact-form-block form");
  await form.locator('[name="firstname"]').fill("Éloïse");
  await form.locator('[name="lastname"]').fill(`Langue${Date.now().toString(36)}`);
  await form.locator('[name="email"]').fill("eloise@example.com");
  await form.locator('[name="phone"]').pressSequentially("5145550199");
  await form
    .locator('[name="message"]')
    .fill(locale === "fr" ? "Bonjour, une visite samedi?" : "Hello, a visit Saturday?");
  await form.getByRole("button", { name: t(locale, "contact-form.submit") }).click();
  await expect(page.locator(".toast--success")).toContainText(t(locale, "contact-form.message.success.title"), {
    timeout: 20_000,
  });
}

/** The text the ALTCHA widget shows (its label: "not a robot", "verifying", "verified"). */
const widgetText = (page: Page) =>
  page.locator("altcha-widget").evaluate((el) => (el.shadowRoot ?? el).textContent?.replace(/\s+/g, " ").trim() ?? "");

/** The header's language link (the header hides while the page scrolls down: back to the top first). */
async function languageLink(page: Page, locale: Locale) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const link = page.locator(`a[data-locale-switch="${locale}"]:visible`).first();
  await expect(link).toBeVisible();
  return link;
}

/** Marks the document: a full page load forgets the mark, a client-side navigation keeps it. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

test("switching language after the captcha loaded reloads the page: the captcha speaks the new language", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/fr/contact");
  await sendContact(page, "fr");
  await expect(page.locator("altcha-widget")).toHaveCount(1);
  expect(await widgetText(page)).toMatch(/robot|Vérifi/);
  expect(await widgetText(page)).not.toMatch(/not a robot|Verif/);

  await mark(page);
  await (await languageLink(page, "en")).click();
  await expect(page).toHaveURL(/\/en\/contact$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  // A new document: the captcha's French widget is gone with the old page.
  expect(await sameDocument(page)).toBe(false);

  await sendContact(page, "en");
  await expect(page.locator("altcha-widget")).toHaveCount(1);
  expect(await widgetText(page)).toMatch(/not a robot|Verif/);
  expect(await widgetText(page)).not.toMatch(/Je ne suis pas|Vérifi/);
});

test("switching language before any captcha stays a client-side navigation", async ({ page }) => {
  await page.goto("/fr/contact");
  await expect(page.locator(".contact-form[data-ready]")).toBeVisible({ timeout: 15_000 });
  await mark(page);
  await (await languageLink(page, "en")).click();
  await expect(page).toHaveURL(/\/en\/contact$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  await expect(
    page.locator(".contact-form-block form").getByRole("button", { name: t("en", "contact-form.submit") }),
  ).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});
