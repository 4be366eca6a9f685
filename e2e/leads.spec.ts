/**
 * The broker's inbox (issue 16): a visitor sends the contact form (the real ALTCHA captcha,
 * solved by the widget in Chromium), and the editor finds the lead in the studio's inbox,
 * searches, opens it, marks it handled, filters, exports it as CSV and deletes it. Editors sign
 * in as the fixture accounts (no key is typed or kept in the browser).
 */
import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { fixtureAccount } from "../tests/helpers/editors";
import { expectNoAxeViolations, t, test } from "./helpers";
import { signIn } from "./studio-helpers";

async function sendContact(page: Page, lastname: string) {
  await page.goto("/fr/contact");
  await expect(page.locator(".contact-form[data-ready]")).toBeVisible({ timeout: 15_000 });
  const form = page.locator(".contact-form-block form");
  await expect(form.getByRole("link", { name: t("fr", "forms.privacy.link") })).toHaveAttribute(
    "href",
    "/fr/politique-confidentialite",
  );
  await form.locator('[name="firstname"]').fill("Éloïse");
  await form.locator('[name="lastname"]').fill(lastname);
  await form.locator('[name="email"]').fill("eloise@example.com");
  await form.locator('[name="phone"]').pressSequentially("5145550199");
  await form.locator('[name="message"]').fill('=HYPERLINK("http://evil.example") Bonjour, une visite samedi?');
  await form.getByRole("button", { name: t("fr", "contact-form.submit") }).click();
  await expect(page.locator(".toast--success")).toContainText(t("fr", "contact-form.message.success.title"), {
    timeout: 20_000,
  });
}

test("a lead sent from the contact form is in the inbox: search, detail, handled, CSV, delete", async ({ page }) => {
  test.setTimeout(90_000);
  const lastname = `Côté${Date.now().toString(36)}`;
  await sendContact(page, lastname);

  await signIn(page);
  await page.goto("/fr/qa/demandes");
  await expect(page.getByRole("heading", { level: 1, name: t("fr", "leads.inbox.title") })).toBeVisible();
  await page.getByRole("searchbox", { name: t("fr", "leads.inbox.filters.search") }).fill(lastname.toLowerCase());
  const row = page.getByRole("button", { name: `Ouvrir la demande de Éloïse ${lastname}` });
  await expect(row).toBeVisible();
  await expect(page.getByRole("heading", { name: "1 demande" })).toBeVisible();
  await expect(row).toContainText(t("fr", "leads.types.contact_form"));
  await expect(row).toContainText("eloise@example.com · (514) 555-0199");
  await expect(row).toContainText(t("fr", "leads.statuses.new"));
  await expectNoAxeViolations(page);

  await row.click();
  // The dialog is named by its title (a screen reader says whose request opened).
  const dialog = page.getByRole("dialog", { name: `Demande de Éloïse ${lastname}` });
  await expect(dialog.getByRole("heading", { name: `Demande de Éloïse ${lastname}` })).toBeVisible();
  await expect(dialog).toContainText("Bonjour, une visite samedi?");
  await expect(dialog.getByRole("link", { name: t("fr", "leads.inbox.detail.reply") })).toHaveAttribute(
    "href",
    "mailto:eloise@example.com",
  );
  await expect(dialog).toContainText(t("fr", "leads.inbox.detail.no-channel"));
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: t("fr", "leads.inbox.mark-handled") }).click();
  await expect(page.getByText(t("fr", "leads.inbox.marked-handled"))).toBeVisible();
  await expect(dialog.getByRole("button", { name: t("fr", "leads.inbox.mark-new") })).toBeVisible();
  await dialog.getByRole("button", { name: t("fr", "leads.inbox.detail.close") }).click();
  await expect(row).toContainText(t("fr", "leads.statuses.handled"));

  // Status filter: the lead is among the handled ones, not the new ones.
  await page.getByRole("button", { name: new RegExp(t("fr", "leads.inbox.filters.status")) }).click();
  await page.getByRole("option", { name: t("fr", "leads.statuses.new") }).click();
  await expect(page.getByText(t("fr", "leads.inbox.empty"))).toBeVisible();
  await page.getByRole("button", { name: new RegExp(t("fr", "leads.inbox.filters.status")) }).click();
  await page.getByRole("option", { name: t("fr", "leads.statuses.handled") }).click();
  await expect(row).toBeVisible();

  // CSV: UTF-8 with BOM, the visitor's formula made harmless.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: t("fr", "leads.inbox.export") }).click();
  const file = fs.readFileSync(await (await download).path());
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = file.toString("utf8");
  expect(csv).toContain(`Éloïse ${lastname}`);
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"") Bonjour, une visite samedi?"`);

  // Delete (Law 25), after a confirmation.
  await row.click();
  await dialog.getByRole("button", { name: t("fr", "leads.inbox.delete"), exact: true }).click();
  await expect(page.getByRole("alertdialog", { name: t("fr", "leads.inbox.delete-title") })).toBeVisible();
  await dialog.getByRole("button", { name: t("fr", "leads.inbox.delete-confirm") }).click();
  await expect(page.getByText(t("fr", "leads.inbox.deleted"))).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("the inbox is for signed-in editors and speaks English at /en/qa/leads", async ({ page, consoleErrors }) => {
  // The answer to the signed-out session's call (401) is logged by the browser.
  consoleErrors.allow(/status of 401/);
  // The public site key reads no lead.
  const answer = await page.request.get("/api/leads/demo-broker", {
    headers: { "x-site-id": "demo-broker", "x-site-key": "sk_demo_broker_public_0001" },
  });
  expect(answer.status()).toBe(401);

  // Anonymous: the sign-in page, which comes back to the inbox.
  await page.goto("/en/qa/leads");
  await expect(page).toHaveURL(/\/en\/qa\/sign-in\?next=%2Fen%2Fqa%2Fleads$/);
  const { email, password } = fixtureAccount("editor");
  await page.getByLabel(t("en", "auth.sign-in.email")).fill(email);
  await page.getByLabel(t("en", "auth.sign-in.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t("en", "auth.sign-in.submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/qa\/leads$/);
  await expect(page.getByRole("heading", { level: 1, name: t("en", "leads.inbox.title") })).toBeVisible();
  await expect(page.getByRole("link", { name: "Français" })).toHaveAttribute("href", "/fr/qa/demandes");
  await expect(page.getByRole("heading", { level: 2, name: /leads?$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // No credential in the browser's storage: the session is an HttpOnly cookie.
  const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("courtier_session"));
  expect(session?.httpOnly).toBe(true);
  const stored = await page.evaluate(() =>
    [sessionStorage, localStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ""}`),
    ),
  );
  expect(stored.filter((entry) => /key|token|password|session/i.test(entry) || entry.includes(session!.value))).toEqual(
    [],
  );

  // Signed out elsewhere: the next call says so and links to the sign-in page.
  const out = await page.request.post("/api/auth/sign-out", { headers: { origin: new URL(page.url()).origin } });
  expect(out.ok()).toBe(true);
  await page.getByRole("searchbox", { name: t("en", "leads.inbox.filters.search") }).fill("zoe");
  await expect(page.getByRole("alert")).toContainText(t("en", "leads.inbox.sign-in.title"));
  await expect(page.getByRole("link", { name: t("en", "leads.inbox.sign-in.link") })).toHaveAttribute(
    "href",
    "/en/qa/sign-in?next=%2Fen%2Fqa%2Fleads",
  );
});
