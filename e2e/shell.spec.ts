import { expect, type Locator, type Page, test } from "@playwright/test";

/** Dispatches a site event until `target` shows (listeners attach after hydration). */
async function dispatchUntilVisible(page: Page, name: string, detail: unknown, target: Locator) {
  await expect(async () => {
    await page.evaluate(([n, d]) => window.dispatchEvent(new CustomEvent(`site:${n as string}`, { detail: d })), [
      name,
      detail,
    ] as const);
    await expect(target).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test.describe("shell", () => {
  test("a toast event shows a toast with a countdown that closes with its button", async ({ page }) => {
    await page.goto("/fr");
    const region = page.getByRole("region", { name: "Notifications" });
    const toast = region.getByRole("alertdialog", { name: "Message envoyé" });
    await dispatchUntilVisible(
      page,
      "toast",
      { id: "e2e", tone: "success", title: "Message envoyé", messages: ["Merci!"], timeoutMs: 5000, countdown: true },
      toast,
    );
    await page.evaluate(() => {
      const w = window as unknown as { __closedToasts: string[] };
      w.__closedToasts = [];
      window.addEventListener("site:toast-closed", (e) =>
        w.__closedToasts.push((e as CustomEvent<{ id: string }>).detail.id),
      );
    });
    await expect(toast).toContainText("Merci!");
    await expect(toast).toContainText(/Fermeture dans [1-5] seconde/);
    await toast.getByRole("button", { name: "Fermer la notification" }).click();
    await expect(toast).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __closedToasts: string[] }).__closedToasts)).toContain(
      "e2e",
    );
  });

  test("a malformed toast payload shows nothing", async ({ page }) => {
    await page.goto("/fr");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("site:toast", { detail: { tone: "nope", title: 3 } })),
    );
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("the language-warning modal traps focus, blocks scroll and closes with Escape", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto("/fr");
    const dialog = page.getByRole("dialog", { name: "Article not available" });
    await dispatchUntilVisible(page, "open-language-warning", { archiveUrl: "/en/blog" }, dialog);
    // Make sure the page could scroll (after hydration), so blocking it means something.
    await page.evaluate(() => {
      document.body.style.minHeight = "4000px";
      window.scrollTo(0, 0);
    });

    await expect(dialog).toContainText("This article is not available in English.");
    await expect(dialog.getByRole("link", { name: "See the blog articles" })).toHaveAttribute("href", /^\/en\/blog/);

    // Focus is inside the dialog and stays there.
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")));
    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await focusInDialog()).toBe(true);

    // Page scroll is blocked while open.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(640, 30);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    await expect(page).toHaveURL(/\/fr$/);
    // Scrolling works again once closed.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("the language-warning cancel stays on the current page", async ({ page }) => {
    await page.goto("/fr");
    const dialog = page.getByRole("dialog", { name: "Article not available" });
    await dispatchUntilVisible(page, "open-language-warning", { archiveUrl: "/en/blog" }, dialog);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  });

  test("the contact modal opens by event with a link to the contact page", async ({ page }) => {
    await page.goto("/en");
    // A broker's site speaks in the first person singular (site.md §1).
    const dialog = page.getByRole("dialog", { name: "Write to me" });
    await dispatchUntilVisible(page, "open-contact-modal", {}, dialog);
    await expect(dialog.getByRole("link", { name: "Go to the contact page" })).toHaveAttribute(
      "href",
      /^\/en\/contact/,
    );
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("the contact modal's title speaks for the agency on an agency's site", async ({ page }) => {
    const port = new URL(process.env.PW_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`).port || "80";
    await page.goto(`http://agence.localhost:${port}/fr`);
    const dialog = page.getByRole("dialog", { name: "Écrivez-nous" });
    await dispatchUntilVisible(page, "open-contact-modal", {}, dialog);
    await dialog.getByRole("button", { name: "Fermer" }).click();
    // Written to one broker of the agency, it speaks for her.
    const broker = page.getByRole("dialog", { name: "Écrivez-moi" });
    await dispatchUntilVisible(
      page,
      "open-contact-modal",
      { recipient_type: "broker", recipient_slug: "julie-tremblay" },
      broker,
    );
  });

  test("a chunk that fails to load during a navigation loads the page the visitor was going to", async ({ page }) => {
    await page.goto("/fr");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("main [data-block-type]")].every((el) =>
        Object.keys(el).some((key) => key.startsWith("__reactFiber")),
      ),
    );
    // What the page loads by itself once loaded (the header panel's code) is there: only the
    // navigation's chunks are missing (a lazy chunk failing on its own reloads the page shown).
    await page.waitForLoadState("networkidle");
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    // As after a deploy: the page's next scripts are gone from the server. The blog's chunks
    // are not on the home page, so going there needs them.
    await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
    await page.locator('header a[href="/fr/blogue"]').first().click();
    await expect.poll(() => documents, { timeout: 15_000 }).toContain("/fr/blogue");
    await expect(page).toHaveURL(/\/fr\/blogue$/);
    expect(documents).not.toContain("/fr");
  });

  test("after 2 s of idle the linked pages are prefetched, never with the data saver on", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const data: string[] = [];
    page.on("request", (request) => {
      if (/\.data(\?|$)/.test(request.url())) data.push(new URL(request.url()).pathname);
    });
    await page.goto("/fr");
    await page.waitForTimeout(1000);
    expect(data).toEqual([]);
    await expect.poll(() => data.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(data.every((path) => /^\/(fr|en)/.test(path) && !path.startsWith("/fr/qa"))).toBe(true);
    await context.close();

    const saver = await browser.newContext();
    await saver.addInitScript(() =>
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } }),
    );
    const quiet = await saver.newPage();
    const none: string[] = [];
    quiet.on("request", (request) => {
      if (/\.data(\?|$)/.test(request.url())) none.push(request.url());
    });
    await quiet.goto("/fr");
    await quiet.waitForTimeout(4000);
    expect(none).toEqual([]);
    await saver.close();
  });
});
