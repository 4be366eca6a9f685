/**
 * Members, partners and testimonials blocks (blocks.md §4 Members, Offices/partners,
 * Rewards/testimonials/team; §9 paging and truncation) on the demo sites: the agency's
 * team page (reached by its host name) and the broker's testimonials page.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, t } from "./helpers";

const PORT = new URL(process.env.PW_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`).port || "80";
const TEAM_URL = `http://agence.localhost:${PORT}/fr/notre-equipe`;
const TESTIMONIALS_PATH = "/fr/temoignages";

async function goto(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator(".site-header[data-ready]")).toBeAttached({ timeout: 15_000 });
}

const membersStatus = (shown: number, total: number) =>
  t("fr", "members.count").replace("{{shown}}", String(shown)).replace("{{total}}", String(total));

test.describe("team page (agency)", () => {
  test.use({ viewport: { width: 414, height: 896 } });

  test("load more adds a page; changing the office returns to page 1", async ({ page }) => {
    await goto(page, TEAM_URL);
    const block = page.locator('[data-block-type="member_cards_block"]');
    // The cards a person sees: the widest page is in the HTML, CSS shows the breakpoint's page.
    const cards = block.locator("[data-member-card]").filter({ visible: true });
    await expect(cards).toHaveCount(6);
    await expect(block.getByText(membersStatus(6, 12))).toBeVisible();

    const more = block.getByRole("button", { name: t("fr", "members.load-more") });
    await more.click();
    await expect(cards).toHaveCount(12);
    await expect(more).toBeHidden();
    // Focus moves to the first card that was added.
    await expect(cards.nth(6)).toBeFocused();

    await block.getByLabel(t("fr", "members.office-label")).selectOption("levis");
    await expect(cards).toHaveCount(6);
    await expect(block.getByText(membersStatus(6, 7))).toBeVisible();
    await expect(more).toBeVisible();
    await more.click();
    await expect(cards).toHaveCount(7);

    await block.getByLabel(t("fr", "members.office-label")).selectOption("saint-romuald");
    await expect(cards).toHaveCount(5);
    await expect(more).toBeHidden();
  });

  test("more cards per page on wide screens", async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await goto(page, TEAM_URL);
    await expect(page.locator("[data-member-card]").filter({ visible: true })).toHaveCount(8);
    await expect(page.getByText(membersStatus(8, 12))).toBeVisible();
  });

  test("the server's page is right at every width before the scripts run", async ({ browser }) => {
    // Before hydration the page once showed 6 cards and "load more" at every width, then
    // jumped to 12 cards on a desktop (and the button vanished under the visitor's pointer).
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(TEAM_URL);
    const block = page.locator('[data-block-type="member_cards_block"]');
    await expect(block.locator("[data-member-card]").filter({ visible: true })).toHaveCount(12);
    await expect(block.getByRole("button", { name: t("fr", "members.load-more") })).toBeHidden();
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(block.locator("[data-member-card]").filter({ visible: true })).toHaveCount(8);
    await expect(block.getByRole("button", { name: t("fr", "members.load-more") })).toBeVisible();
    await context.close();
  });

  test("a broker without a photo shows the franchise logo on the agency's site", async ({ page }) => {
    await goto(page, TEAM_URL);
    const card = page.locator("[data-member-card]", { hasText: "Chantal Morin" });
    await expect(card.locator("img").first()).toHaveAttribute("src", /avatar-franchise\.svg$/);
    // A broker's own photo stays hers.
    const julie = page.locator("[data-member-card]", { hasText: "Julie Tremblay" });
    await expect(julie.locator("img").first()).not.toHaveAttribute("src", /avatar-(franchise|broker)\.svg$/);
  });

  test("partner tag filter and show more", async ({ page }) => {
    await goto(page, TEAM_URL);
    const block = page.locator('[data-block-type="partners_block"]');
    const cards = block.locator("[data-partner-card]");
    await expect(cards).toHaveCount(6);
    const showMore = block.getByRole("button", { name: t("fr", "partners.show-more") });
    await showMore.click();
    await expect(cards).toHaveCount(8);
    await expect(showMore).toBeHidden();

    const financing = block.getByRole("button", { name: "Financement", exact: true });
    await financing.click();
    await expect(financing).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(3);
    for (const title of await cards.locator("h3").allTextContents())
      expect(["Hypothèques Lévis", "Caisse Desjardins de Lévis", "Banque Laurentienne"]).toContain(title);

    const notaries = block.getByRole("button", { name: "Notaires", exact: true });
    await notaries.click();
    await expect(cards).toHaveCount(5);
    await financing.click();
    await expect(financing).toHaveAttribute("aria-pressed", "false");
    await expect(cards).toHaveCount(2);

    await block.getByRole("button", { name: t("fr", "partners.all") }).click();
    await expect(notaries).toHaveAttribute("aria-pressed", "false");
    await expect(cards).toHaveCount(8);
  });

  test("bank name filter ignores case and accents", async ({ page }) => {
    await goto(page, TEAM_URL);
    const block = page.locator('[data-block-type="bank_partners_block"]');
    const banks = block.locator("[data-bank-card]");
    await expect(banks).toHaveCount(3);
    const input = block.getByLabel(t("fr", "partners.bank-filter-label"));
    await input.fill("LEVIS");
    await expect(banks).toHaveCount(1);
    await expect(banks.first().getByRole("heading")).toHaveText("Caisse Desjardins de Lévis");
    await input.fill("banque");
    await expect(banks).toHaveCount(2);
    await input.fill("hypothèque introuvable");
    await expect(banks).toHaveCount(0);
    await expect(block.getByText("hypothèque introuvable", { exact: false })).toBeVisible();
    await input.fill("");
    await expect(banks).toHaveCount(3);
  });

  test("team member see-more opens the detail modal", async ({ page }) => {
    await goto(page, TEAM_URL);
    const block = page.locator('[data-block-type="team_members_carousel_block"]');
    const more = block.getByRole("button", { name: /Julie Tremblay/ });
    await expect(more).toBeVisible();
    // The short descriptions fit their clamp: no see-more for them.
    await expect(block.getByRole("button", { name: /Sophie Lavoie/ })).toHaveCount(0);
    await more.click();
    const dialog = page.getByRole("dialog", { name: "Julie Tremblay" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Elle parle français, anglais et espagnol.");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(more).toBeFocused();
  });

  test("has no axe violations", async ({ page }) => {
    await goto(page, TEAM_URL);
    await expectNoAxeViolations(page);
  });
});

test.describe("testimonials page (broker)", () => {
  test("broker testimony show-more modal closes with Escape and an outside click", async ({ page }) => {
    await goto(page, TESTIMONIALS_PATH);
    const block = page.locator('[data-block-type="testimonials_brokers_block"]');
    const more = block.getByRole("button", { name: t("fr", "testimonials.show-more") }).first();
    await expect(more).toBeVisible();
    await more.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Nous la recommandons sans hésiter");
    // Page scrolling is blocked while the modal is open.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(more).toBeFocused();

    await more.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await more.click();
    await dialog.getByRole("button", { name: t("fr", "shell.modal.close") }).click();
    await expect(dialog).toBeHidden();
  });

  test("Google average shows 2 decimals and stars are announced", async ({ page }) => {
    await goto(page, TESTIMONIALS_PATH);
    const block = page.locator('[data-block-type="testimonials_google_block"]');
    await expect(block.locator("[data-average]")).toHaveText("4,87");
    await expect(block.getByRole("img", { name: "5 sur 5" }).first()).toBeAttached();
    // Review text is plain text: markup from Google is not rendered.
    await expect(block.locator("blockquote b")).toHaveCount(0);
    await expect(block).toContainText("premier achat");
  });

  test("testimonials list shows 3 then all, long texts collapse with a toggle", async ({ page }) => {
    // Below lg the collapse limit is 128 px, which the long testimonial exceeds.
    await page.setViewportSize({ width: 414, height: 896 });
    await goto(page, TESTIMONIALS_PATH);
    const block = page.locator('[data-block-type="testimonials_list_block"]');
    const items = block.locator("[data-testimony]");
    await expect(items).toHaveCount(3);
    const toggle = block.getByRole("button", { name: t("fr", "testimonials.show-more") });
    await expect(toggle).toHaveCount(1);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const text = items.first().locator("blockquote");
    const collapsed = await text.evaluate((el) => el.getBoundingClientRect().height);
    expect(collapsed).toBeLessThanOrEqual(128);
    await toggle.click();
    await expect(block.getByRole("button", { name: t("fr", "testimonials.show-less") })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(await text.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(collapsed);
    await block.getByRole("button", { name: t("fr", "testimonials.show-all") }).click();
    await expect(items).toHaveCount(5);
  });

  test("has no axe violations", async ({ page }) => {
    await goto(page, TESTIMONIALS_PATH);
    await expectNoAxeViolations(page);
  });
});
