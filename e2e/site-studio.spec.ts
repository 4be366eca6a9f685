/**
 * The studio runs the whole site (issue 29), as a broker's new administrator does it from the
 * first-run link, on a fresh server of its own, at 1440 and at 1280 px: a page made from a
 * template with its SEO and paths, put in the header menu and the footer, published; a visitor
 * finds it at both paths, in the phone menu and in the sitemap with its alternates; renamed, its
 * old address answers 301; the phone changed once shows in every header and footer; the red
 * theme published then the previous version restored; a redirect made and a loop refused; the
 * variant "Portes ouvertes" made and its home page edited; the page deleted with a redirect home.
 * axe runs on every new screen, and each is photographed (test-results/site-studio/<width>/).
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { freshServer } from "./fresh-server";
import { expect, expectNoAxeViolations, t, test } from "./helpers";
import { st } from "./studio-helpers";

const PASSWORD = "Claire publie les annonces du lundi";
const SHOTS = path.resolve(import.meta.dirname, "../test-results/site-studio");

async function shoot(page: Page, width: number, name: string) {
  const dir = path.join(SHOTS, String(width));
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** The admin's sensitive writes may ask who they are (sudo mode): the studio's dialog, answered with the password. */
async function confirmIfAsked(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Confirmez votre identité" });
  if (await dialog.isVisible({ timeout: 1_500 }).catch(() => false)) {
    await dialog.getByLabel("Mot de passe actuel").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Confirmer" }).click();
  }
}

/** What a visitor gets without following redirects. */
async function visit(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location, text: await response.text() };
}

async function publish(page: Page) {
  const toolbar = page.getByRole("toolbar", { name: st("fr", "studio.toolbar.label") });
  await toolbar.getByRole("button", { name: /^Publier/ }).click();
  const dialog = page.getByRole("dialog", { name: st("fr", "studio.publish.title") });
  await dialog.getByRole("button", { name: st("fr", "studio.publish.submit") }).click();
  await expect(dialog.getByRole("status")).toContainText("publiée", { timeout: 20_000 });
  await dialog.getByRole("button", { name: st("fr", "studio.publish.close") }).click();
}

async function waitForStudio(page: Page) {
  await expect(page.locator(".studio-canvas [data-studio-block]").first()).toBeVisible({ timeout: 30_000 });
}

/** Selects a header or footer block on the canvas (the chrome bar's edit button) and waits for its panel. */
async function editChrome(page: Page, region: "header" | "footer") {
  const block = page.locator(`.studio-chrome[data-region="${region}"] [data-studio-block]`).first();
  await block.scrollIntoViewIfNeeded();
  await block.hover({ position: { x: 60, y: 20 } });
  await block.locator(".studio-chrome-bar [data-action='edit']").click();
  await expect(page.locator(".studio-chrome-note")).toBeVisible();
}

async function addPageToMenu(page: Page, title: string, under?: string) {
  const panel = page.locator(".studio-panel");
  if (under) await panel.getByRole("button", { name: st("fr", "studio.menu.add-child", { name: under }) }).click();
  else await panel.getByRole("button", { name: st("fr", "studio.menu.add"), exact: true }).click();
  const group = panel.getByRole("group", {
    name: under ? st("fr", "studio.menu.add-in", { name: under }) : st("fr", "studio.menu.add"),
  });
  await group.getByRole("button", { name: new RegExp(st("fr", "studio.menu.page-to-add")) }).click();
  await page.getByRole("option", { name: new RegExp(`^${title}`) }).click();
  await group.getByRole("button", { name: st("fr", "studio.menu.add-page") }).click();
  await expect(panel.locator(".sf-menu-item .sf-item-name", { hasText: title }).first()).toBeVisible();
}

async function journey(browser: Browser, width: number) {
  const server = await freshServer(`site-studio-${width}`, width === 1440 ? 2 : 3);
  try {
    const context = await browser.newContext({
      baseURL: server.origin,
      locale: "fr-CA",
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    const visitor = await browser.newContext({ baseURL: server.origin, locale: "fr-CA" });

    // The first administrator, through the one-time link the server printed.
    await page.goto(server.setupLink);
    await page.getByLabel("Votre nom").fill("Claire Dubois");
    await page.getByLabel("Courriel").fill("claire@agence.test");
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/fr\/qa\/compte$/, { timeout: 20_000 });

    // The studio opens on the home page, not the demo page.
    await page.goto("/fr/qa/sections");
    await waitForStudio(page);
    await expect(page.locator(".studio-doc-title")).toHaveText("Accueil");
    await expect(page).toHaveURL(/\/fr\/qa\/sections\?page=\/fr$/);
    await shoot(page, width, "sections-header-footer");

    // Pages: a new page from the "Vendre avec moi" template, at /fr/vendre and /en/sell.
    await page.goto("/fr/qa/pages");
    await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
    await expect(page.getByRole("link", { name: "À propos" }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, width, "pages");
    await page.getByRole("button", { name: st("fr", "studio.pages.new") }).click();
    const dialog = page.getByRole("dialog", { name: st("fr", "studio.new-page.title") });
    await dialog.getByRole("radio", { name: /Vendre avec moi/ }).check({ force: true });
    const fr = dialog.getByRole("group", { name: "Français" });
    const en = dialog.getByRole("group", { name: "Anglais" });
    await expect(fr.getByLabel("Titre de la page")).toHaveValue("Vendre avec moi");
    await expect(fr.getByLabel("Adresse")).toHaveValue("/fr/vendre-avec-moi");
    await expect(en.getByLabel("Adresse")).toHaveValue("/en/sell-with-me");
    await fr.getByLabel("Adresse").fill("/fr/qa/vendre");
    await dialog.getByRole("button", { name: st("fr", "studio.new-page.create") }).click();
    await expect(fr.getByText(st("fr", "studio.errors.path-reserved"))).toBeVisible();
    await expectNoAxeViolations(page, { include: [".studio-modal"] });
    await shoot(page, width, "new-page");
    await fr.getByLabel("Adresse").fill("/fr/vendre");
    await en.getByLabel("Adresse").fill("/en/sell");
    await dialog.getByRole("button", { name: st("fr", "studio.new-page.create") }).click();
    await expect(page).toHaveURL(/\/fr\/qa\/sections\?draft=vendre-avec-moi$/, { timeout: 20_000 });
    await waitForStudio(page);
    await expect(page.locator(".studio-doc-title")).toHaveText("Vendre avec moi");

    // Its SEO title and description in both languages.
    await page.getByRole("button", { name: st("fr", "studio.page-settings.open") }).click();
    const settings = page.getByRole("dialog", { name: /Paramètres de la page/ });
    const sfr = settings.getByRole("group", { name: "Français" });
    const sen = settings.getByRole("group", { name: "Anglais" });
    await sfr.getByLabel(st("fr", "studio.page-settings.seo-title")).fill("Vendre avec Julie Tremblay à Québec");
    await sfr
      .getByLabel(st("fr", "studio.page-settings.seo-description"))
      .fill(
        "Évaluation gratuite, mise en marché soignée et négociation : vendez votre propriété à Québec avec Julie Tremblay.",
      );
    await sen.getByLabel(st("fr", "studio.page-settings.seo-title")).fill("Sell with Julie Tremblay in Québec City");
    await sen
      .getByLabel(st("fr", "studio.page-settings.seo-description"))
      .fill(
        "Free valuation, careful marketing and negotiation: sell your property in Québec City with Julie Tremblay.",
      );
    await expect(settings.locator(".studio-serp-title").first()).toHaveText("Vendre avec Julie Tremblay à Québec");
    await expectNoAxeViolations(page, { include: [".studio-modal"] });
    await shoot(page, width, "page-settings");
    await settings.getByRole("button", { name: st("fr", "studio.page-settings.apply") }).click();

    // Into the header menu and the footer's first column, then published with the page.
    await editChrome(page, "header");
    await addPageToMenu(page, "Vendre avec moi");
    await expectNoAxeViolations(page, { include: [".studio-panel"] });
    await shoot(page, width, "header-menu");
    await editChrome(page, "footer");
    await addPageToMenu(page, "Vendre avec moi", "Naviguer");
    await publish(page);

    // A visitor: both paths, the SEO head, the menu on a 390 px phone, the sitemap with hreflang.
    let answer = await visit(visitor.request, "/fr/vendre");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("<title>Vendre avec Julie Tremblay à Québec</title>");
    // HTML attribute names are case-insensitive: React writes `hrefLang`.
    expect(answer.text).toMatch(/hreflang="en-CA" href="http:\/\/localhost/i);
    answer = await visit(visitor.request, "/en/sell");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("<title>Sell with Julie Tremblay in Québec City</title>");
    const phone = await browser.newContext({
      baseURL: server.origin,
      locale: "fr-CA",
      viewport: { width: 390, height: 844 },
    });
    const mobile = await phone.newPage();
    await mobile.goto("/fr");
    await expect(mobile.locator(".site-header[data-ready]")).toBeAttached({ timeout: 15_000 });
    await mobile.getByRole("button", { name: t("fr", "header.open-menu") }).click();
    const sell = mobile
      .getByRole("dialog", { name: t("fr", "header.menu") })
      .getByRole("link", { name: "Vendre avec moi" });
    await expect(sell).toBeVisible();
    await expect(sell).toHaveAttribute("href", "/fr/vendre");
    await mobile.screenshot({ path: path.join(SHOTS, String(width), "visitor-phone-menu.png") });
    await mobile.keyboard.press("Escape");
    await expect(mobile.locator("footer").getByRole("link", { name: "Vendre avec moi" })).toHaveAttribute(
      "href",
      "/fr/vendre",
    );
    const sitemap = await visit(visitor.request, "/sitemaps/pages.xml");
    expect(sitemap.text).toMatch(
      /<loc>http:\/\/localhost:\d+\/fr\/vendre<\/loc>.*?<xhtml:link rel="alternate" hreflang="en-CA" href="http:\/\/localhost:\d+\/en\/sell"\/>/,
    );

    // Renamed: the old address answers 301, the menus follow.
    await page.goto("/fr/qa/sections?page=/fr/vendre");
    await waitForStudio(page);
    await page.getByRole("button", { name: st("fr", "studio.page-settings.open") }).click();
    await settings
      .getByRole("group", { name: "Français" })
      .getByLabel("Adresse", { exact: true })
      .fill("/fr/vendre-ma-maison");
    await expect(settings.getByText(/l'ancienne adresse \/fr\/vendre redirigera/)).toBeVisible();
    await settings.getByRole("button", { name: st("fr", "studio.page-settings.apply") }).click();
    await publish(page);
    await expect(page).toHaveURL(/\?page=\/fr\/vendre-ma-maison$/);
    answer = await visit(visitor.request, "/fr/vendre");
    expect(answer).toMatchObject({ status: 301, location: "/fr/vendre-ma-maison" });
    expect((await visit(visitor.request, "/fr/vendre-ma-maison")).status).toBe(200);
    await mobile.goto("/fr");
    await expect(mobile.locator("footer").getByRole("link", { name: "Vendre avec moi" })).toHaveAttribute(
      "href",
      "/fr/vendre-ma-maison",
    );

    // The phone number, changed once, in the header and footer of every page.
    await page.goto("/fr/qa/parametres-generaux");
    await expect(page.getByRole("tab", { name: st("fr", "studio.settings.tab-info") })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const phoneField = page.getByLabel(st("fr", "studio.settings.phone"));
    await expect(phoneField).toHaveValue("418 555-0142");
    await expectNoAxeViolations(page);
    await shoot(page, width, "site-information");
    await phoneField.fill("418 555-0199");
    await page.getByRole("button", { name: st("fr", "studio.settings.info-save") }).click();
    await confirmIfAsked(page);
    await expect(page.getByText(st("fr", "studio.settings.info-saved"))).toBeVisible({ timeout: 15_000 });
    for (const url of ["/fr", "/fr/a-propos", "/en/about", "/fr/vendre-ma-maison"]) {
      const html = (await visit(visitor.request, url)).text;
      expect(html, url).toContain('href="sms:+14185550199"');
      expect(html, url).toContain('href="tel:+14185550199"');
      expect(html, url).toContain("418 555-0199");
      expect(html, url).not.toContain("418 555-0142");
    }

    // The red preset published for the site, then the previous version restored.
    await page.getByRole("tab", { name: st("fr", "studio.settings.tab-theme") }).click();
    await page.getByLabel(st("fr", "studio.settings.preset")).selectOption("red");
    await expect(page.locator(".studio-settings-sample .studio-canvas")).toHaveAttribute("data-theme-preset", "red");
    await expectNoAxeViolations(page);
    await shoot(page, width, "theme");
    await page.getByRole("button", { name: st("fr", "studio.settings.theme-publish") }).click();
    const review = page.getByRole("dialog", { name: st("fr", "studio.settings.review-title") });
    await expect(review.getByText("Palette")).toBeVisible();
    await shoot(page, width, "theme-review");
    await review.getByRole("button", { name: st("fr", "studio.settings.theme-publish-confirm") }).click();
    await confirmIfAsked(page);
    await expect(review.getByRole("status")).toContainText("Thème publié (version 2)", { timeout: 15_000 });
    await review.getByRole("button", { name: st("fr", "studio.publish.close") }).click();
    expect((await visit(visitor.request, "/fr")).text).toContain("--accent:#c8102e");
    await page.getByRole("button", { name: "Restaurer Version 1" }).click();
    await review.getByRole("button", { name: st("fr", "studio.settings.theme-publish-confirm") }).click();
    await confirmIfAsked(page);
    await expect(review.getByRole("status")).toContainText("Thème publié (version 3)", { timeout: 15_000 });
    await review.getByRole("button", { name: st("fr", "studio.publish.close") }).click();
    const home = (await visit(visitor.request, "/fr")).text;
    expect(home).toContain("--accent:#0b4fa8");
    expect(home).toContain("--radius-1:20px");
    // "Revenir au thème du site" shows exactly what is published.
    await page.getByLabel(st("fr", "studio.settings.radius", { n: 1 })).fill("8");
    await page.getByRole("button", { name: st("fr", "studio.settings.reset-theme") }).click();
    await expect(page.getByLabel(st("fr", "studio.settings.radius", { n: 1 }))).toHaveValue("20");

    // A redirect, and a loop refused with a clear message next to the field.
    await page.goto("/fr/qa/redirections");
    await expect(page.getByRole("cell", { name: /Changement d'adresse/ })).toBeVisible();
    const form = page.locator(".studio-card .studio-redirect-form");
    await form.getByLabel("De").fill("/fr/promo-printemps");
    await form.getByLabel("Vers").fill("/fr/contact");
    await form.getByRole("button", { name: st("fr", "studio.redirects.add") }).click();
    await expect(page.getByRole("rowheader", { name: "/fr/promo-printemps" })).toBeVisible();
    expect(await visit(visitor.request, "/fr/promo-printemps")).toMatchObject({ status: 301, location: "/fr/contact" });
    await form.getByLabel("De").fill("/fr/boucle-a");
    await form.getByLabel("Vers").fill("/fr/boucle-b");
    await form.getByRole("button", { name: st("fr", "studio.redirects.add") }).click();
    await expect(page.getByRole("rowheader", { name: "/fr/boucle-a" })).toBeVisible();
    await form.getByLabel("De").fill("/fr/boucle-b");
    await form.getByLabel("Vers").fill("/fr/boucle-a");
    await form.getByRole("button", { name: st("fr", "studio.redirects.add") }).click();
    await expect(form.getByText(st("fr", "studio.errors.loop"))).toBeVisible();
    await expect(form.getByLabel("Vers")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await shoot(page, width, "redirects");

    // The variant "Portes ouvertes": its home page edited, its banner and content at ?variant=.
    await page.goto("/fr/qa/variantes");
    await page.getByLabel(st("fr", "studio.variants.name")).fill("Portes ouvertes");
    await page.getByRole("button", { name: st("fr", "studio.variants.create") }).click();
    const card = page.locator(".studio-variant", { hasText: "Portes ouvertes" });
    await expect(card).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, width, "variants");
    await card.getByRole("link", { name: /Modifier le contenu/ }).click();
    await expect(page).toHaveURL(/\?page=\/fr&variant=portes-ouvertes$/);
    await waitForStudio(page);
    await expect(page.locator(".studio-canvas .variant-banner")).toHaveText(
      'Vous visualisez la variante "Portes ouvertes"',
    );
    const hero = page.locator(".studio-chunk > [data-studio-block]").first();
    await hero.click({ position: { x: 200, y: 200 } });
    const title = page
      .locator(".studio-panel")
      .getByLabel(/Titre principal.*français/i)
      .first();
    await title.fill("Portes ouvertes samedi, de 10 h à 16 h");
    await shoot(page, width, "variant-canvas");
    await publish(page);
    const open = (await visit(visitor.request, "/fr?variant=portes-ouvertes")).text;
    expect(open).toContain("Vous visualisez la variante");
    expect(open).toContain("Portes ouvertes samedi, de 10 h à 16 h");
    expect((await visit(visitor.request, "/fr")).text).not.toContain("Portes ouvertes samedi");

    // The page deleted, its addresses sent home.
    await page.goto("/fr/qa/pages");
    await page
      .getByRole("row", { name: /Vendre avec moi/ })
      .getByRole("button", { name: /Supprimer/ })
      .click();
    const remove = page.getByRole("alertdialog", { name: /Supprimer la page/ });
    await expect(remove.getByRole("radio", { name: st("fr", "studio.delete-page.redirect") })).toBeChecked();
    await expectNoAxeViolations(page, { include: [".studio-modal"] });
    await shoot(page, width, "delete-page");
    await remove.getByRole("button", { name: st("fr", "studio.delete-page.confirm") }).click();
    await confirmIfAsked(page);
    await expect(page.getByText("Page « Vendre avec moi » supprimée.")).toBeVisible({ timeout: 15_000 });
    expect(await visit(visitor.request, "/fr/vendre-ma-maison")).toMatchObject({ status: 301, location: "/fr" });
    expect(await visit(visitor.request, "/fr/vendre")).toMatchObject({ status: 301, location: "/fr" });
    expect(await visit(visitor.request, "/en/sell")).toMatchObject({ status: 301, location: "/en" });
    await mobile.goto("/fr");
    await expect(mobile.locator("footer").getByRole("link", { name: "Vendre avec moi" })).toHaveCount(0);

    await phone.close();
    await visitor.close();
    await context.close();
  } finally {
    server.child.kill("SIGTERM");
  }
}

test.describe("the studio runs the whole site", () => {
  test.describe.configure({ mode: "serial" });
  // Both widths on the embedded store; on PostgreSQL (the storage pass) the one journey is enough
  // to cover the stores, and keeps the suite within its hour.
  for (const width of process.env.DATABASE_URL ? [1280] : [1440, 1280]) {
    test(`a new administrator runs the site from the first-run link at ${width} px`, async ({
      browser,
      consoleErrors,
    }) => {
      test.setTimeout(12 * 60_000);
      // The sign-in's refused common password and a sudo prompt's 403 are answers the page expects.
      consoleErrors.allow(/Failed to load resource: the server responded with a status of (400|403|409)/);
      await journey(browser, width);
    });
  }
});
