/**
 * Header behaviours (blocks.md §4 Header and navigation) on the demo-broker site:
 * the mobile panel on a phone, the locale switcher, desktop submenus by hover and keyboard.
 */
import { expect, type Page, test } from "@playwright/test";
import en from "../locales/en.json" with { type: "json" };
import fr from "../locales/fr.json" with { type: "json" };

const PHONE = { width: 414, height: 896 };
const DESKTOP = { width: 1280, height: 800 };

/** Navigates and waits until the header is hydrated (it marks itself data-ready). */
async function goto(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(".site-header[data-ready]")).toBeAttached({ timeout: 15_000 });
}

async function openPanel(page: Page) {
  await page.getByRole("button", { name: fr.header["open-menu"] }).click();
  const dialog = page.getByRole("dialog", { name: fr.header.menu });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("mobile panel (phone)", () => {
  test.use({ viewport: PHONE });

  test("opens from the hamburger and closes with Escape", async ({ page }) => {
    await goto(page, "/fr");
    const burger = page.getByRole("button", { name: fr.header["open-menu"] });
    await expect(burger).toBeVisible();
    await expect(page.getByRole("navigation", { name: fr.header["main-navigation"] })).toBeHidden();
    const dialog = await openPanel(page);
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect(dialog.getByRole("link", { name: fr.header.locale.en })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(burger).toHaveAttribute("aria-expanded", "false");
  });

  test("closes with the close button and on an outside click", async ({ page }) => {
    await goto(page, "/fr");
    let dialog = await openPanel(page);
    await dialog.getByRole("button", { name: fr.header["close-menu"] }).click();
    await expect(dialog).toBeHidden();
    dialog = await openPanel(page);
    // The panel sits on the right: click the dimmed page on its left.
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
  });

  test("opens an accordion submenu and closes on a link click", async ({ page }) => {
    await goto(page, "/fr");
    const dialog = await openPanel(page);
    // A <details> per submenu: it opens without the page's script too.
    const group = dialog.locator("details", { has: page.locator("summary", { hasText: "À propos" }) });
    await expect(group).not.toHaveAttribute("open");
    await group.locator("summary").click();
    await expect(group).toHaveAttribute("open", "");
    await dialog.getByRole("link", { name: "Termes et conditions" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/fr\/termes-et-conditions$/);
  });

  test("Tab stays inside the open panel, which has focus when it opens", async ({ page }) => {
    await goto(page, "/fr");
    // Focus into the panel and Tab kept inside are its script's, loaded once the page has loaded
    // (before, the browser opens the popover and focus stays on the button).
    await page.waitForLoadState("networkidle");
    const dialog = await openPanel(page);
    await expect(dialog).toBeFocused();
    const stops = await dialog.evaluate(
      (panel) =>
        [...panel.querySelectorAll("a[href], button, summary")].filter((el) => el.getClientRects().length > 0).length,
    );
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    }
  });

  test("shows the SMS call to action on mobile", async ({ page }) => {
    await goto(page, "/fr");
    await expect(page.locator(".site-header a[href^='sms:']")).toBeVisible();
  });
});

test.describe("locale switcher", () => {
  test("links to the page's alternate path", async ({ page }) => {
    await goto(page, "/fr/a-propos");
    const header = page.locator(".site-header");
    const switcher = header.getByRole("link", { name: fr.header.locale.en });
    await expect(switcher).toHaveAttribute("href", "/en/about");
    await switcher.click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
    await expect(header.getByRole("link", { name: en.header.locale.fr })).toHaveAttribute("href", "/fr/a-propos");
  });

  test("switches from the mobile panel too", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await goto(page, "/fr/a-propos");
    const dialog = await openPanel(page);
    await dialog.getByRole("link", { name: fr.header.locale.en }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/en\/about$/);
  });
});

test.describe("desktop navigation", () => {
  test.use({ viewport: DESKTOP });

  test("opens a submenu on hover, dims the other links and closes on leaving", async ({ page }) => {
    await goto(page, "/fr");
    const nav = page.getByRole("navigation", { name: fr.header["main-navigation"] });
    await expect(nav).toBeVisible();
    await expect(page.locator(".hdr-burger")).toBeHidden();
    const toggle = nav.getByRole("button", { name: "À propos" });
    await toggle.hover();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const submenu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(submenu.getByRole("link", { name: "Termes et conditions" })).toBeVisible();
    await expect(nav.locator("li[data-dimmed]")).toHaveCount(4);
    await page.mouse.move(640, 600);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(submenu).toBeHidden();
  });

  test("opens a submenu with Enter, closes with Escape, and on a link click", async ({ page }) => {
    await goto(page, "/fr");
    const nav = page.getByRole("navigation", { name: fr.header["main-navigation"] });
    const toggle = nav.getByRole("button", { name: "À propos" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const link = page.locator(`#${await toggle.getAttribute("aria-controls")}`).getByRole("link", {
      name: "Politique de confidentialité",
    });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/fr\/politique-confidentialite$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("closes an open submenu on an outside click", async ({ page }) => {
    await goto(page, "/fr");
    const toggle = page.getByRole("navigation", { name: fr.header["main-navigation"] }).getByRole("button", {
      name: "À propos",
    });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.mouse.click(640, 700);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("hides on a fast downward scroll and comes back on the way up", async ({ page }) => {
    await goto(page, "/fr");
    const header = page.locator(".site-header");
    await expect(header).not.toHaveAttribute("data-opaque", "");
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(60);
    }
    await expect(header).toHaveAttribute("data-hidden", "");
    await expect(header).toHaveAttribute("data-opaque", "");
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, -150);
      await page.waitForTimeout(60);
    }
    await expect(header).not.toHaveAttribute("data-hidden", "");
  });
});

test.describe("the menu without the page's script", () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });

  test("the hamburger opens the panel, a submenu opens, Escape and the close button close it", async ({ page }) => {
    await page.goto("/fr/a-propos");
    const burger = page.getByRole("button", { name: fr.header["open-menu"] });
    await burger.tap();
    const dialog = page.getByRole("dialog", { name: fr.header.menu });
    await expect(dialog).toBeVisible();
    // Inside the screen, whole, once it has slid in.
    await expect
      .poll(async () => {
        const box = (await dialog.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 320;
      })
      .toBe(true);
    await dialog.locator("summary", { hasText: "À propos" }).tap();
    await expect(dialog.getByRole("link", { name: "Termes et conditions" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await burger.tap();
    await dialog.getByRole("button", { name: fr.header["close-menu"] }).tap();
    await expect(dialog).toBeHidden();
    await burger.tap();
    await dialog.getByRole("link", { name: "Contact" }).tap();
    await expect(page).toHaveURL(/\/fr\/contact$/);
  });
});

test.describe("desktop submenus without the page's script", () => {
  test.use({ viewport: DESKTOP, javaScriptEnabled: false });

  test("a submenu opens under the pointer and for the keyboard, and its links work", async ({ page }) => {
    await page.goto("/fr");
    const nav = page.getByRole("navigation", { name: fr.header["main-navigation"] });
    const toggle = nav.getByRole("button", { name: "À propos" });
    const submenu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    const terms = submenu.getByRole("link", { name: "Termes et conditions" });
    await expect(submenu).toBeHidden();
    await toggle.hover();
    await expect(terms).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(submenu).toBeHidden();
    // The keyboard: on the toggle the submenu shows, Tab goes into it.
    await toggle.focus();
    await expect(terms).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(submenu.getByRole("link").first()).toBeFocused();
    await terms.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/fr\/termes-et-conditions$/);
  });
});

test.describe("favourites from the header", () => {
  for (const { width, phone } of [
    { width: 320, phone: true },
    { width: 1440, phone: false },
  ]) {
    test(`one tap away at ${width} px, on content pages and a listing`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const answer = await request.get("/api/swc/ms-demo-broker/properties?limit=1", {
        headers: { "x-site-key": "sk_demo_broker_public_0001" },
      });
      const listing = ((await answer.json()) as { data: { propertiesListing: { url: { fr: string } }[] } }).data
        .propertiesListing[0]!.url.fr;
      for (const path of ["/fr", "/fr/blogue", "/fr/proprietes", listing]) {
        await page.goto(path);
        const link = page.locator(".site-header").getByRole("link", { name: fr.header.favourites });
        await expect(link, path).toBeInViewport({ ratio: 1 });
        expect(phone || (await link.boundingBox())!.width >= 24).toBe(true);
      }
      await page.locator(".site-header").getByRole("link", { name: fr.header.favourites }).click();
      await expect(page).toHaveURL(/\/fr\/favoris$/);
      await page.goto("/en/about");
      await page.locator(".site-header").getByRole("link", { name: en.header.favourites }).click();
      await expect(page).toHaveURL(/\/en\/favourites$/);
    });
  }
});
