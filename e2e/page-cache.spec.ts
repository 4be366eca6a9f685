/**
 * The rendered-page cache in a real browser (issue 20): a page served from memory, with the
 * nonce written into its compressed bytes, runs its scripts under the policy (the page hydrates,
 * its menu opens on a tap, no CSP report); an editor who turns the global edit mode on is no
 * longer served from the cache, and is again once it is off.
 */

import type { Page, Response } from "@playwright/test";
import fr from "../locales/fr.json" with { type: "json" };
import { expect, test } from "./helpers";

const PHONE = { width: 390, height: 844 };

/**
 * The page as the cache serves it. Each web process keeps its own cache (the PostgreSQL pass runs
 * two, and a new connection may reach the other one), and another test's publish empties them:
 * a visit fills the cache of the process that answered, so a few visits reach a cached copy.
 */
async function cachedVisit(page: Page, path: string): Promise<Response | null> {
  let response: Response | null = null;
  for (let visit = 0; visit < 5; visit++) {
    response = await page.goto(path);
    if (response?.headers()["x-page-cache"] === "HIT") break;
  }
  return response;
}

test.describe("pages from the cache", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("a cached page hydrates under its own nonce and its menu opens on a tap", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await cachedVisit(page, "/fr/a-propos");
    expect(response?.headers()["x-page-cache"]).toBe("HIT");
    expect(response?.headers()["content-encoding"]).toBe("br");
    const nonce = /'nonce-([^']+)'/.exec(response?.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await response?.text()).toContain(`nonce="${nonce}"`);

    await expect(page.locator(".site-header[data-ready]")).toBeAttached({ timeout: 15_000 });
    await page.getByRole("button", { name: fr.header["open-menu"] }).tap();
    await expect(page.getByRole("dialog", { name: fr.header.menu })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("an editor in global edit mode gets fresh renders, and the cache again once it is off", async ({
    page,
    context,
  }) => {
    expect((await cachedVisit(page, "/fr/a-propos"))?.headers()["x-page-cache"]).toBe("HIT");

    // The studio's settings, as its settings panel saves them.
    await page.evaluate(() =>
      localStorage.setItem(
        "studio:settings",
        JSON.stringify({ payloadColorsEnabled: false, globalEditModeActivated: true }),
      ),
    );
    await page.reload();
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === "courtier_edit_mode"))
      .toBe(true);
    const editing = await page.goto("/fr/a-propos");
    expect(editing?.headers()["x-page-cache"]).toBe("BYPASS");
    expect(editing?.headers()["cache-control"]).toBe("private, no-cache");

    await page.evaluate(() =>
      localStorage.setItem(
        "studio:settings",
        JSON.stringify({ payloadColorsEnabled: false, globalEditModeActivated: false }),
      ),
    );
    await page.reload();
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === "courtier_edit_mode"))
      .toBe(false);
    expect((await cachedVisit(page, "/fr/a-propos"))?.headers()["x-page-cache"]).toBe("HIT");
  });
});
