/**
 * Forms as a visitor uses them (issue 6): the contact form in French and English,
 * validation without a request, a server failure, the alert and valuation forms end
 * to end, the mortgage calculator, and what the content service stored.
 */
import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, t, test } from "./helpers";

const EDITOR_KEY = process.env.E2E_EDITOR_KEY ?? "e2e-editor-key-0123456789";
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

async function storedSubmissions(page: Page): Promise<Stored[]> {
  const response = await page.request.get(`/api/submissions/${BROKER.site_id}?limit=200`, {
    headers: { "x-site-id": BROKER.site_id, "x-site-key": BROKER.site_key, "x-editor-key": EDITOR_KEY },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { submissions: Stored[] } }).data.submissions;
}

/** Opens a page and waits until its form is hydrated (forms mark themselves data-ready). */
async function open(page: Page, path: string, selector: string) {
  await page.goto(path);
  await expect(page.locator(`${selector}[data-ready]`)).toBeVisible({ timeout: 15_000 });
}

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

test.describe("property alert form", () => {
  test("validates a step, then sends all six steps (fr)", async ({ page }) => {
    await open(page, "/fr/alerte-proprietes", ".multistep");
    const root = page.locator(".multistep");
    const start = root.getByRole("button", { name: "Débuter" });
    await expect(start).toBeEnabled();
    await start.click();
    await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Étape 1 sur 6");
    await expect(root.getByRole("heading", { name: t("fr", "multi-step-form.alert.steps.1") })).toBeFocused();

    // Step 1 fails without a municipality.
    await root.getByRole("button", { name: "Suivant" }).click();
    await expect(root.locator(".form-danger")).toContainText(t("fr", "multi-step-form.errors.municipalities-required"));
    await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    await root.getByLabel(t("fr", "multi-step-form.municipality-filter")).fill("Lév");
    await root.getByRole("checkbox", { name: "Lévis", exact: true }).check();
    await root.getByLabel(t("fr", "multi-step-form.municipality-filter")).fill("Québec");
    await root.getByRole("checkbox", { name: "Québec", exact: true }).check();
    await root.getByRole("button", { name: "Suivant" }).click();

    // Step 2
    await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Étape 2 sur 6");
    await root.getByRole("radio", { name: t("fr", "forms.moving-dates.4-8") }).check();
    await root.getByRole("radio", { name: t("fr", "forms.situations.tenant") }).check();
    await root.getByRole("button", { name: "Suivant" }).click();
    // Step 3: budget (optional), Previous goes back and clears errors.
    await root.getByRole("button", { name: "Précédent" }).click();
    await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
    await root.getByRole("button", { name: "Suivant" }).click();
    await root.getByLabel(t("fr", "forms.fields.budget_min"), { exact: true }).selectOption("300000");
    await root.getByRole("button", { name: "Suivant" }).click();
    // Step 4
    await root.getByLabel(t("fr", "forms.fields.property_type"), { exact: true }).selectOption("condo");
    await root.locator('[name="bedrooms"]').fill("2");
    await root.locator('[name="bathrooms"]').fill("0");
    await root.getByRole("button", { name: "Suivant" }).click();
    // Step 5
    await root.locator('[name="firstname"]').fill("Sophie");
    await root.locator('[name="lastname"]').fill("Gagnon");
    await root.locator('[name="phone"]').fill("418 555 0123");
    await expect(root.locator('[name="phone"]')).toHaveValue("(418) 555-0123");
    const email = `${unique("sophie").replace(/\W/g, "")}@example.com`;
    await root.locator('[name="email"]').fill(email);
    await root.getByRole("radio", { name: t("fr", "forms.contact-methods.text") }).check();
    await root.getByRole("button", { name: "Suivant" }).click();
    // Step 6
    await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Étape 6 sur 6");
    const send = root.getByRole("button", { name: t("fr", "multi-step-form.submit") });
    await expect(send).toBeDisabled();
    await root.locator('[name="address"]').fill("12, rue des Érables");
    await root.locator('[name="postal_code"]').fill("g6v3h1");
    await expect(root.locator('[name="postal_code"]')).toHaveValue("G6V 3H1");
    await root.locator('[name="city"]').fill("Lévis");
    await expect(root.locator('[name="province"]')).toHaveValue("Québec");
    await expect(root.locator('[name="country"]')).toHaveValue("Canada");
    await send.click();
    await expect(root.locator(".form-success")).toContainText(t("fr", "multi-step-form.alert.success.text"));

    const stored = (await storedSubmissions(page)).find((s) => s.payload.email === email);
    expect(stored).toMatchObject({
      type: "property_alert",
      locale: "fr",
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
      },
    });
  });
});

test.describe("property valuation form", () => {
  async function fillValuation(page: Page, email: string) {
    const root = page.locator(".multistep");
    await expect(root.getByRole("button", { name: "Start" })).toBeEnabled();
    await root.getByRole("button", { name: "Start" }).click();
    await root.locator(`select[name="municipalities"]`).selectOption("Lévis");
    await root.getByRole("button", { name: "Next" }).click();
    await root.locator(`select[name="property_type"]`).selectOption("maison");
    await root.locator('[name="construction_year"]').fill("19985");
    await expect(root.locator('[name="construction_year"]')).toHaveValue("1998");
    await root.locator('[name="bedrooms"]').fill("3");
    await root.locator('[name="bathrooms"]').fill("2");
    await root.locator('[name="parking"]').fill("2");
    await root.locator('[name="garage"]').fill("1");
    await root.getByRole("button", { name: "Next" }).click();
    await expect(root.getByLabel("Livable area (sq ft)")).toBeVisible();
    await root.getByRole("radio", { name: /Metric/ }).check();
    await root.getByLabel("Livable area (m²)").fill("140");
    await root.getByLabel("Lot area (m²)").fill("600");
    await root.getByRole("button", { name: "Next" }).click();
    await root
      .getByRole("group", { name: t("en", "forms.fields.report") })
      .getByRole("radio", { name: "Yes" })
      .check();
    await root.getByRole("button", { name: "Next" }).click();
    await root.locator('[name="selling_motivation"]').fill("Moving closer to family");
    await root.getByRole("button", { name: "Next" }).click();
    await root.locator('[name="firstname"]').fill("John");
    await root.locator('[name="lastname"]').fill("Smith");
    await root.locator('[name="phone"]').fill("8195550123");
    await root.locator('[name="email"]').fill(email);
    await root.getByRole("button", { name: "Next" }).click();
    await expect(root.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Step 7 of 7");
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
    await open(page, "/en/free-valuation", ".multistep");
    const root = await fillValuation(page, "failure@example.com");
    await root.getByRole("button", { name: "Send" }).click();
    await expect(root.locator(".form-danger")).toContainText(
      "An error occurred while submitting the form, please try again later",
    );
    await expect(root.locator('[name="city"]')).toBeEnabled();
    await expect(root.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  test("sends all seven steps end to end (en)", async ({ page }) => {
    await open(page, "/en/free-valuation", ".multistep");
    const email = `${unique("john").replace(/\W/g, "")}@example.com`;
    const root = await fillValuation(page, email);
    await root.getByRole("button", { name: "Send" }).click();
    await expect(root.locator(".form-success")).toContainText(t("en", "multi-step-form.valuation.success.text"));
    const stored = (await storedSubmissions(page)).find((s) => s.payload.email === email);
    expect(stored).toMatchObject({
      type: "property_valuation",
      locale: "en",
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
});

test.describe("mortgage calculator", () => {
  test("shows the payment only after Calculate (fr)", async ({ page }) => {
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
    await expect(calc.locator('[name="down_payment_percentage"]')).toHaveValue("20.00");
    await expect(calc.locator('[name="loan_amount"]')).toHaveValue("400 000");
    await calc.locator('[name="interest_rate"]').fill("5");
    await expect(calc.locator('[name="amortization_period"]')).toHaveValue("25");
    await expect(calc.locator('[name="payment_frequency"]')).toHaveValue("monthly");
    await expect(calc.getByTestId("mortgage-payment")).toHaveCount(0);
    await calc.getByRole("button", { name: "Calculer" }).click();
    await expect(calc.getByTestId("mortgage-payment")).toHaveText(/^2\s326,42\s\$$/);
    await calc.locator('[name="payment_frequency"]').selectOption("bi-weekly");
    await expect(calc.getByTestId("mortgage-payment")).toHaveCount(0);
    await calc.getByRole("button", { name: "Calculer" }).click();
    await expect(calc.getByTestId("mortgage-payment")).toHaveText(/^1\s163,21\s\$$/);

    // Too high, then a negative rate: Calculate disabled.
    await down.fill("600000");
    await expect(calc.locator(".form-danger")).toContainText(t("fr", "calculator.messages.down-payment-too-high"));
    await expect(calc.getByRole("button", { name: "Calculer" })).toBeDisabled();
    await down.fill("100000");
    await calc.locator('[name="interest_rate"]').fill("-1");
    await expect(calc.getByRole("button", { name: "Calculer" })).toBeDisabled();
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
