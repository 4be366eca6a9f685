/**
 * Forms as a visitor uses them (issue 6): the contact, alert and valuation forms sent end to
 * end in French and English, validation without a request, server failures, the mortgage
 * calculator, and what the content service stored.
 */
import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, t, test } from "./helpers";
import { signIn } from "./studio-helpers";

const BROKER = { site_id: "demo-broker", site_key: "sk_demo_broker_public_0001" };

interface Stored {
  id: string;
  type: string;
  locale: string;
  recipient_type: string | null;
  recipient_slug: string | null;
  payload: Record<string, unknown>;
  created_at: string;
}

/** The leads as the broker's inbox lists them (its API, editors only). */
async function storedSubmissions(page: Page): Promise<Stored[]> {
  // Read as a signed-in editor (the session cookie of the page's context).
  await signIn(page);
  const response = await page.request.get(`/api/leads/${BROKER.site_id}?limit=200`, {
    headers: { accept: "application/json" },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { leads: Stored[] } }).data.leads;
}

/** Opens a page and waits until its form is hydrated (forms mark themselves data-ready). */
async function open(page: Page, path: string, selector: string) {
  await page.goto(path);
  await expect(page.locator(`${selector}[data-ready]`)).toBeVisible({ timeout: 15_000 });
}

/** What the content service answers when its store has no space left (issue 27): nothing stored, try again. */
const STORE_FULL = {
  status: 503,
  headers: { "retry-after": "60" },
  contentType: "application/json",
  body: JSON.stringify({ status: "error", message: "Not saved: the server has no space left to store it." }),
};

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("contact form", () => {
  for (const locale of ["fr", "en"] as const) {
    test(`sends the contact form and stores what was typed (${locale})`, async ({ page }) => {
      await open(page, `/${locale}/contact`, ".contact-form");
      const form = page.locator(".contact-form-block form");
      await expect(form.getByRole("button", { name: t(locale, "contact-form.submit") })).toBeEnabled();
      await expect(page.getByRole("heading", { name: t(locale, "contact-form.title.individual") })).toBeVisible();
      const message = unique(locale === "fr" ? "Bonjour, une visite samedi?" : "Hello, a showing on Saturday?");
      await form.locator('[name="firstname"]').fill("Marie");
      await form.locator('[name="lastname"]').fill("Lavoie");
      await form.locator('[name="email"]').fill("marie.lavoie@example.com");
      await form.locator('[name="phone"]').pressSequentially("5145550199");
      await expect(form.locator('[name="phone"]')).toHaveValue("(514) 555-0199");
      await form.locator('[name="message"]').fill(message);
      await form.getByRole("button", { name: t(locale, "contact-form.submit") }).click();

      const toast = page.locator(".toast--success");
      await expect(toast).toContainText(t(locale, "contact-form.message.success.title"));
      await expect(toast.locator(".toast__countdown")).toBeVisible();
      await expect(form.locator('[name="message"]')).toHaveValue("");
      // Contact details stay (session storage), the message is blanked.
      await expect(form.locator('[name="firstname"]')).toHaveValue("Marie");

      const stored = (await storedSubmissions(page)).find((s) => s.payload.message === message);
      expect(stored).toMatchObject({
        type: "contact_form",
        locale,
        recipient_type: "broker",
        recipient_slug: "julie-tremblay",
        payload: {
          form_type: "contact_form",
          locale,
          full_name: "Marie Lavoie",
          first_name: "Marie",
          last_name: "Lavoie",
          phone: "(514) 555-0199",
          email: "marie.lavoie@example.com",
          message,
        },
      });
      expect(Date.now() - Date.parse(stored!.created_at)).toBeLessThan(60_000);

      // The details are remembered across forms: the calculator page's modal or another page's form.
      await open(page, `/${locale}/contact`, ".contact-form");
      await expect(page.locator('.contact-form-block [name="email"]')).toHaveValue("marie.lavoie@example.com");
    });
  }

  test("invalid data shows field errors and sends nothing", async ({ page }) => {
    await open(page, "/en/contact", ".contact-form");
    const form = page.locator(".contact-form-block form");
    await expect(form.getByRole("button", { name: "Send" })).toBeEnabled();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/contact")) posts.push(request.url());
    });
    await form.locator('[name="email"]').fill("marie@example");
    await form.locator('[name="message"]').fill("   ");
    await form.getByRole("button", { name: "Send" }).click();
    const danger = form.locator(".form-danger");
    await expect(danger).toContainText(t("en", "contact-form.message.title"));
    await expect(danger).toContainText(t("en", "contact-form.errors.firstname-required"));
    await expect(danger).toContainText(t("en", "contact-form.errors.email-invalid"));
    await expect(danger).toContainText(t("en", "contact-form.errors.message-required"));
    const firstname = form.locator('[name="firstname"]');
    await expect(firstname).toHaveAttribute("aria-invalid", "true");
    await expect(firstname).toBeFocused();
    const describedBy = await firstname.getAttribute("aria-describedby");
    await expect(page.locator(`#${CSS_escape(describedBy ?? "")}`)).toHaveText(
      t("en", "contact-form.errors.firstname-required"),
    );
    expect(posts).toEqual([]);
  });

  test("a server failure shows the failure toast; closing it returns to neutral", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/500/);
    await page.route("**/contact", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"status":"error","message":"boom"}' })
        : route.continue(),
    );
    await open(page, "/en/contact", ".contact-form");
    const form = page.locator(".contact-form-block form");
    await form.locator('[name="firstname"]').fill("John");
    await form.locator('[name="lastname"]').fill("Smith");
    await form.locator('[name="email"]').fill("john@example.ca");
    await form.locator('[name="message"]').fill("Hello");
    await form.getByRole("button", { name: "Send" }).click();
    const toast = page.locator(".toast--error");
    await expect(toast).toContainText("The request could not be submitted");
    await expect(page.locator(".contact-form")).toHaveAttribute("data-status", "failure");
    await expect(form.locator('[name="message"]')).toHaveValue("Hello");
    await toast.getByRole("button", { name: t("en", "shell.toast.close") }).click();
    await expect(page.locator(".contact-form")).toHaveAttribute("data-status", "neutral");
  });

  test("a full store: not sent, try again in a minute, and what was typed stays (fr)", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/503/);
    await page.route("**/contact", (route) =>
      route.request().method() === "POST" ? route.fulfill(STORE_FULL) : route.continue(),
    );
    await open(page, "/fr/contact", ".contact-form");
    const form = page.locator(".contact-form-block form");
    await form.locator('[name="firstname"]').fill("Marie");
    await form.locator('[name="lastname"]').fill("Lavoie");
    await form.locator('[name="email"]').fill("marie.lavoie@example.com");
    await form.locator('[name="message"]').fill("Une visite samedi?");
    await form.getByRole("button", { name: t("fr", "contact-form.submit") }).click();
    await expect(page.locator(".toast--error")).toContainText(t("fr", "forms.errors.unavailable"));
    await expect(form.locator('[name="message"]')).toHaveValue("Une visite samedi?");
    await expect(form.locator('[name="email"]')).toHaveValue("marie.lavoie@example.com");
    await expect(form.getByRole("button", { name: t("fr", "contact-form.submit") })).toBeEnabled();
  });

  test("the agency contact page uses the plural wording", async ({ page }) => {
    // The agency answers on its own domain: the server-rendered page is read with its Host header.
    const response = await page.request.get("/fr/contact", { headers: { host: "agence.localhost" } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(t("fr", "contact-form.title.plural"));
    expect(html).not.toContain(t("fr", "contact-form.title.individual"));
  });

  test("the contact page passes axe", async ({ page }) => {
    await open(page, "/fr/contact", ".contact-form");
    await expect(page.locator(".contact-form-block form")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

/** CSS.escape for ids made by React's useId (":r1:" style). */
function CSS_escape(id: string) {
  return id.replace(/([^\w-])/g, "\\$1");
}

/** A message with its {{placeholders}} filled, e.g. tf("en", "multi-step-form.progress", { step: 1, total: 6 }). */
function tf(locale: "fr" | "en", key: string, values: Record<string, string | number> = {}): string {
  return t(locale, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

const PATHS = {
  alert: { fr: "/fr/alerte-proprietes", en: "/en/property-alerts" },
  valuation: { fr: "/fr/evaluation-gratuite", en: "/en/free-valuation" },
} as const;

test.describe("property alert form", () => {
  for (const locale of ["fr", "en"] as const) {
    test(`validates a step, then sends all six steps (${locale})`, async ({ page }) => {
      const button = (key: string) => root.getByRole("button", { name: t(locale, `multi-step-form.${key}`) });
      await open(page, PATHS.alert[locale], ".multistep");
      const root = page.locator(".multistep");
      await expect(button("start")).toBeEnabled();
      await button("start").click();
      await expect(root.getByRole("progressbar")).toHaveAttribute(
        "aria-valuetext",
        tf(locale, "multi-step-form.progress", { step: 1, total: 6 }),
      );
      await expect(root.getByRole("heading", { name: t(locale, "multi-step-form.alert.steps.1") })).toBeFocused();

      // Step 1 fails without a municipality.
      await button("next").click();
      await expect(root.locator(".form-danger")).toContainText(
        t(locale, "multi-step-form.errors.municipalities-required"),
      );
      await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
      await root.getByLabel(t(locale, "multi-step-form.municipality-filter")).fill("Lév");
      await root.getByRole("checkbox", { name: "Lévis", exact: true }).check();
      await root.getByLabel(t(locale, "multi-step-form.municipality-filter")).fill("Québec");
      await root.getByRole("checkbox", { name: "Québec", exact: true }).check();
      await button("next").click();

      // Step 2
      await expect(root.getByRole("progressbar")).toHaveAttribute(
        "aria-valuetext",
        tf(locale, "multi-step-form.progress", { step: 2, total: 6 }),
      );
      await root.getByRole("radio", { name: t(locale, "forms.moving-dates.4-8") }).check();
      await root.getByRole("radio", { name: t(locale, "forms.situations.tenant") }).check();
      await button("next").click();
      // Step 3: budget (optional), Previous goes back and clears errors.
      await button("previous").click();
      await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
      await button("next").click();
      await root.getByLabel(t(locale, "forms.fields.budget_min"), { exact: true }).selectOption("300000");
      await button("next").click();
      // Step 4
      await root.getByLabel(t(locale, "forms.fields.property_type"), { exact: true }).selectOption("condo");
      await root.locator('[name="bedrooms"]').fill("2");
      await root.locator('[name="bathrooms"]').fill("0");
      await button("next").click();
      // Step 5
      await root.locator('[name="firstname"]').fill("Sophie");
      await root.locator('[name="lastname"]').fill("Gagnon");
      await root.locator('[name="phone"]').fill("418 555 0123");
      await expect(root.locator('[name="phone"]')).toHaveValue("(418) 555-0123");
      const email = `${unique("sophie").replace(/\W/g, "")}@example.com`;
      await root.locator('[name="email"]').fill(email);
      await root.getByRole("radio", { name: t(locale, "forms.contact-methods.text") }).check();
      await button("next").click();
      // Step 6
      await expect(root.getByRole("progressbar")).toHaveAttribute(
        "aria-valuetext",
        tf(locale, "multi-step-form.progress", { step: 6, total: 6 }),
      );
      // Send is never greyed without a word: pressed empty, it says what is missing.
      const send = button("submit");
      await expect(send).toBeEnabled();
      await send.click();
      for (const field of ["address", "postal_code", "city"])
        await expect(root.locator(".form-danger")).toContainText(t(locale, `multi-step-form.errors.${field}-required`));
      await expect(root.locator('[name="address"]')).toBeFocused();
      await expect(root.locator('[name="address"]')).toHaveAttribute("aria-invalid", "true");
      await root.locator('[name="address"]').fill("12, rue des Érables");
      // Digits first cannot be a postal code: said at once, not dropped in silence.
      await root.locator('[name="postal_code"]').fill("123456");
      await expect(root.locator('[name="postal_code"]')).toHaveValue("");
      await expect(root.locator(".form-field", { has: page.locator('[name="postal_code"]') })).toContainText(
        t(locale, "multi-step-form.errors.postal_code-invalid"),
      );
      await root.locator('[name="postal_code"]').fill("g6v3h1");
      await expect(root.locator('[name="postal_code"]')).toHaveValue("G6V 3H1");
      await root.locator('[name="city"]').fill("Lévis");
      await expect(root.locator('[name="province"]')).toHaveValue("Québec");
      await expect(root.locator('[name="country"]')).toHaveValue("Canada");
      // The privacy policy is linked; the e-mails need express consent (CASL), an unticked box.
      await expect(root.getByRole("link", { name: t(locale, "forms.privacy.link") })).toHaveAttribute(
        "href",
        locale === "fr" ? "/fr/politique-confidentialite" : "/en/privacy-policy",
      );
      const consent = root.getByRole("checkbox", { name: /Julie Tremblay/ });
      await expect(consent).not.toBeChecked();
      await send.click();
      await expect(root.locator(".form-danger")).toContainText(
        t(locale, "multi-step-form.errors.consent_email-required"),
      );
      await consent.check();
      await send.click();
      // The real captcha: the ALTCHA widget fetched a challenge and solved it in workers.
      await expect(root.locator(".form-success")).toContainText(t(locale, "multi-step-form.alert.success.text"), {
        timeout: 20_000,
      });

      const stored = (await storedSubmissions(page)).find((s) => s.payload.email === email);
      expect(stored).toMatchObject({
        type: "property_alert",
        locale,
        payload: {
          form_type: "property_alert",
          municipality: "Lévis, Québec",
          current_client_situation: "tenant",
          desired_moving_timeframe: "4-8",
          budget_min: 300000,
          budget_max: "Infinity",
          property_type: "condo",
          nb_bedrooms: 2,
          nb_bathrooms: 0,
          first_name: "Sophie",
          last_name: "Gagnon",
          full_name: "Sophie Gagnon",
          phone: "(418) 555-0123",
          preferred_method_of_contact: "text",
          address: "12, rue des Érables",
          postal_code: "G6V 3H1",
          city: "Lévis",
          province: "Québec",
          country: "Canada",
          consent_email: "yes",
        },
      });
    });
  }
});

test.describe("property valuation form", () => {
  async function fillValuation(page: Page, locale: "fr" | "en", email: string) {
    const root = page.locator(".multistep");
    const button = (key: string) => root.getByRole("button", { name: t(locale, `multi-step-form.${key}`) });
    await expect(button("start")).toBeEnabled();
    await button("start").click();
    await root.locator(`select[name="municipalities"]`).selectOption("Lévis");
    await button("next").click();
    await root.locator(`select[name="property_type"]`).selectOption("maison");
    await root.locator('[name="construction_year"]').fill("19985");
    await expect(root.locator('[name="construction_year"]')).toHaveValue("1998");
    await root.locator('[name="bedrooms"]').fill("3");
    await root.locator('[name="bathrooms"]').fill("2");
    await root.locator('[name="parking"]').fill("2");
    await root.locator('[name="garage"]').fill("1");
    await button("next").click();
    // Imperial first, in the language's unit (sq ft, pi² in French); then metric.
    const imperial = locale === "fr" ? "pi²" : "sq ft";
    await expect(root.getByLabel(tf(locale, "forms.fields.livable_surface_area", { unit: imperial }))).toBeVisible();
    await root.getByRole("radio", { name: tf(locale, "forms.measurement-systems.metric", { unit: "m²" }) }).check();
    await root.getByLabel(tf(locale, "forms.fields.livable_surface_area", { unit: "m²" })).fill("140");
    await root.getByLabel(tf(locale, "forms.fields.lot_surface_area", { unit: "m²" })).fill("600");
    await button("next").click();
    await root
      .getByRole("group", { name: t(locale, "forms.fields.report") })
      .getByRole("radio", { name: t(locale, "forms.yes-no.yes") })
      .check();
    await button("next").click();
    await root.locator('[name="selling_motivation"]').fill("Moving closer to family");
    await button("next").click();
    await root.locator('[name="firstname"]').fill("John");
    await root.locator('[name="lastname"]').fill("Smith");
    await root.locator('[name="phone"]').fill("8195550123");
    await root.locator('[name="email"]').fill(email);
    await button("next").click();
    await expect(root.getByRole("progressbar")).toHaveAttribute(
      "aria-valuetext",
      tf(locale, "multi-step-form.progress", { step: 7, total: 7 }),
    );
    await root.locator('[name="address"]').fill("5700 Guillaume-Couture Blvd");
    await root.locator('[name="postal_code"]').fill("G6V 3H1");
    await root.locator('[name="city"]').fill("Lévis");
    return root;
  }

  test("a server failure shows the submit error and unlocks the form", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/500/);
    await page.route("**/contact", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "" }) : route.continue(),
    );
    await open(page, PATHS.valuation.en, ".multistep");
    const root = await fillValuation(page, "en", "failure@example.com");
    await root.getByRole("button", { name: "Send" }).click();
    await expect(root.locator(".form-danger")).toContainText(
      "An error occurred while submitting the form, please try again later",
    );
    await expect(root.locator('[name="city"]')).toBeEnabled();
    await expect(root.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  test("a full store: not sent, try again in a minute, and the answers stay", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/503/);
    await page.route("**/contact", (route) =>
      route.request().method() === "POST" ? route.fulfill(STORE_FULL) : route.continue(),
    );
    await open(page, PATHS.valuation.en, ".multistep");
    const root = await fillValuation(page, "en", "full@example.com");
    await root.getByRole("button", { name: "Send" }).click();
    await expect(root.locator(".form-danger")).toContainText(t("en", "multi-step-form.errors.submit-unavailable"));
    await expect(root.locator('[name="city"]')).toHaveValue("Lévis");
    await expect(root.locator('[name="city"]')).toBeEnabled();
    await expect(root.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  for (const locale of ["fr", "en"] as const) {
    test(`sends all seven steps end to end (${locale})`, async ({ page }) => {
      await open(page, PATHS.valuation[locale], ".multistep");
      const email = `${unique("john").replace(/\W/g, "")}@example.com`;
      const root = await fillValuation(page, locale, email);
      await root.getByRole("button", { name: t(locale, "multi-step-form.submit") }).click();
      await expect(root.locator(".form-success")).toContainText(t(locale, "multi-step-form.valuation.success.text"));
      const stored = (await storedSubmissions(page)).find((s) => s.payload.email === email);
      expect(stored).toMatchObject({
        type: "property_valuation",
        locale,
        payload: {
          municipality: "Lévis",
          property_type: "maison",
          year_of_construction: "1998",
          nb_bedrooms: 3,
          nb_bathrooms: 2,
          nb_parking: 2,
          nb_garage: 1,
          living_area: "140 m²",
          land_area: "600 m²",
          evaluation_report: "yes",
          availability_of_report: "no",
          reason_for_sale: "Moving closer to family",
          renos_and_improvments: "",
          phone: "(819) 555-0123",
          postal_code: "G6V 3H1",
        },
      });
    });
  }
});

test.describe("mortgage calculator", () => {
  test("shows the payment after Calculate, then follows the fields; French decimals (fr)", async ({ page }) => {
    await open(page, "/fr/calculatrice-hypothecaire", ".calculator");
    const calc = page.locator(".calculator");
    const cost = calc.locator('[name="cost"]');
    await cost.fill("");
    await cost.pressSequentially("500000");
    await expect(cost).toHaveValue("500 000");
    const down = calc.locator('[name="down_payment"]');
    await down.fill("10000");
    // Below the minimum (25 000 $): a danger message, Calculate disabled.
    await expect(calc.locator(".form-danger")).toContainText("25 000,00");
    await expect(calc.getByRole("button", { name: "Calculer" })).toBeDisabled();
    await down.fill("100000");
    await expect(down).toHaveValue("100 000");
    await expect(calc.locator('[name="down_payment_percentage"]')).toHaveValue("20,00");
    await expect(calc.locator('[name="loan_amount"]')).toHaveValue("400 000");
    // The default rate in the French format, then a rate typed the French way.
    await expect(calc.locator('[name="interest_rate"]')).toHaveValue("5,5");
    await calc.locator('[name="interest_rate"]').fill("4,79");
    await expect(calc.getByText(t("fr", "calculator.errors.interest-rate"))).toHaveCount(0);
    await calc.getByRole("button", { name: "Calculer" }).click();
    await expect(calc.getByTestId("mortgage-payment")).toHaveText(/^2\s278,83\s\$$/);
    await calc.locator('[name="interest_rate"]').fill("5");
    await expect(calc.locator('[name="amortization_period"]')).toHaveValue("25");
    await expect(calc.locator('[name="payment_frequency"]')).toHaveValue("monthly");
    // Once calculated, the result follows the fields.
    await expect(calc.getByTestId("mortgage-payment")).toHaveText(/^2\s326,42\s\$$/);
    await calc.locator('[name="payment_frequency"]').selectOption("bi-weekly");
    await expect(calc.getByTestId("mortgage-payment")).toHaveText(/^1\s163,21\s\$$/);

    // Too high, then a negative rate: Calculate disabled.
    await down.fill("600000");
    await expect(calc.locator(".form-danger")).toContainText(t("fr", "calculator.messages.down-payment-too-high"));
    await expect(calc.getByRole("button", { name: "Calculer" })).toBeDisabled();
    await expect(calc.getByTestId("mortgage-payment")).toHaveCount(0);
    await down.fill("100000");
    await calc.locator('[name="interest_rate"]').fill("-1");
    await expect(calc.getByRole("button", { name: "Calculer" })).toBeDisabled();
    // The visitor is told why (site.md §5).
    await expect(calc.getByText(t("fr", "calculator.errors.interest-rate"))).toBeVisible();
    await expect(calc.locator('[name="interest_rate"]')).toHaveAttribute("aria-invalid", "true");
  });

  test("English amounts and axe", async ({ page }) => {
    await open(page, "/en/mortgage-calculator", ".calculator");
    const calc = page.locator(".calculator");
    await calc.locator('[name="cost"]').fill("1250000");
    await expect(calc.locator('[name="cost"]')).toHaveValue("1,250,000");
    await calc.locator('[name="down_payment"]').fill("250000");
    await calc.locator('[name="interest_rate"]').fill("5");
    await calc.getByRole("button", { name: "Calculate" }).click();
    await expect(calc.getByTestId("mortgage-payment")).toHaveText("$5,816.05");
    await expectNoAxeViolations(page);
  });
});
