/**
 * The browser's rules (schema/forms.ts) and the server's zod schemas (schema/api.ts)
 * agree: the same samples pass or fail on both sides, and each form sends exactly the
 * form-data fields of site.md §7.
 */
import { describe, expect, it } from "vitest";
import {
  alertPayloadSchema,
  contactFormPayloadSchema,
  PROPERTY_TYPES,
  RECIPIENT_TYPES,
  EMAIL_PATTERN as SERVER_EMAIL_PATTERN,
  valuationPayloadSchema,
} from "../schema/api";
import {
  ALERT_STEPS,
  type AlertValues,
  alertPayload,
  budgetIncrements,
  type ContactFormValues,
  contactPayload,
  EMAIL_PATTERN,
  hasErrors,
  PROPERTY_TYPE_CODES,
  RECIPIENT_TYPE_CODES,
  VALUATION_STEPS,
  type ValuationValues,
  validateAlertStep,
  validateAll,
  validateContact,
  validateValuationStep,
  valuationPayload,
} from "../schema/forms";
import { defaultPriceIncrements } from "../schema/search";
import { validAlert, validValuation } from "./helpers/form-samples";

const ctx = { locale: "fr" as const, token: "offline-token" };
const contact: ContactFormValues = {
  firstname: "Marie",
  lastname: "Lavoie",
  email: "marie@example.com",
  phone: "(514) 555-0199",
  message: "Bonjour, j'aimerais visiter.",
  preferred_method_of_contact: "",
};

describe("shared constants", () => {
  it("agree with schema/api.ts and schema/search.ts", () => {
    expect(EMAIL_PATTERN).toBe(SERVER_EMAIL_PATTERN);
    expect([...PROPERTY_TYPE_CODES]).toEqual([...PROPERTY_TYPES]);
    expect([...RECIPIENT_TYPE_CODES].sort()).toEqual([...RECIPIENT_TYPES].sort());
    expect(budgetIncrements()).toEqual(defaultPriceIncrements());
  });
});

describe("contact form: browser and server agree", () => {
  const samples: [string, Partial<ContactFormValues>][] = [
    ["valid", {}],
    ["no phone", { phone: "" }],
    ["preferred communication", { preferred_method_of_contact: "text" }],
    ["padded values", { firstname: "  Marie ", email: " marie@example.com " }],
    ["missing firstname", { firstname: "" }],
    ["blank firstname", { firstname: "   " }],
    ["missing lastname", { lastname: "" }],
    ["missing email", { email: "" }],
    ["email without dot", { email: "marie@example" }],
    ["email without at", { email: "marie.example.com" }],
    ["email with space", { email: "ma rie@example.com" }],
    ["unmasked phone", { phone: "5145550199" }],
    ["short phone", { phone: "(514) 555-019" }],
    ["blank message", { message: " \n\t " }],
    ["long message", { message: "x".repeat(5001) }],
    ["markup in name", { lastname: "<script>" }],
    ["long name", { firstname: "x".repeat(201) }],
  ];
  it.each(samples)("%s", (_name, change) => {
    const values = { ...contact, ...change };
    const browserOk = !hasErrors(validateContact(values));
    const serverOk = contactFormPayloadSchema.safeParse(contactPayload(values, ctx)).success;
    expect(browserOk).toBe(serverOk);
  });

  it("sends exactly the site.md §7 fields", () => {
    expect(Object.keys(contactPayload(contact, ctx))).toEqual([
      "recaptcha_response",
      "form_type",
      "locale",
      "full_name",
      "first_name",
      "last_name",
      "phone",
      "email",
      "message",
    ]);
    const withRecipient = contactPayload(contact, {
      ...ctx,
      recipient_type: "broker",
      recipient_slug: "julie-tremblay",
    });
    expect(withRecipient).toMatchObject({
      form_type: "contact_form",
      full_name: "Marie Lavoie",
      recipient_type: "broker",
      recipient_slug: "julie-tremblay",
    });
  });
});

const validateAllAlert = (v: AlertValues) => validateAll(ALERT_STEPS, validateAlertStep, v);
const validateAllValuation = (v: ValuationValues) => validateAll(VALUATION_STEPS, validateValuationStep, v);

describe("alert form: browser and server agree", () => {
  const samples: [string, Partial<AlertValues>][] = [
    ["valid", {}],
    ["a budget", { budget_min: 250_000, budget_max: 500_000 }],
    ["any type", { property_type: "" }],
    ["a type", { property_type: "chalet" }],
    ["zero rooms", { bedrooms: "0", bathrooms: "0" }],
    ["no municipality", { municipalities: [] }],
    ["no moving date", { moving_date: "" }],
    ["no situation", { current_situation: "" }],
    ["no bedrooms", { bedrooms: "" }],
    ["no bathrooms", { bathrooms: "" }],
    ["bad email", { email: "marie@" }],
    ["bad phone", { phone: "514" }],
    ["no address", { address: "" }],
    ["bad postal code", { postal_code: "G1V4T" }],
    ["lower-case postal code", { postal_code: "g1v 4t3" }],
    ["no city", { city: "" }],
    ["no firstname", { firstname: "" }],
    ["no consent to e-mails (CASL)", { consent_email: false }],
  ];
  it.each(samples)("%s", (_name, change) => {
    const values = { ...validAlert(), ...change };
    const browserOk = !hasErrors(validateAllAlert(values));
    const parsed = alertPayloadSchema.safeParse(alertPayload(values, ctx));
    expect(browserOk, JSON.stringify(parsed.error?.issues)).toBe(parsed.success);
  });

  it("is stricter on one point: the multi-step forms require a phone (site.md §5)", () => {
    const values = { ...validAlert(), phone: "" };
    expect(hasErrors(validateAllAlert(values))).toBe(true);
    expect(alertPayloadSchema.safeParse(alertPayload(values, ctx)).success).toBe(true);
  });

  it("sends exactly the site.md §7 fields", () => {
    const payload = alertPayload(validAlert(), ctx);
    expect(Object.keys(payload).sort()).toEqual(
      [
        "recaptcha_response",
        "form_type",
        "locale",
        "full_name",
        "first_name",
        "last_name",
        "phone",
        "email",
        "preferred_method_of_contact",
        "address",
        "postal_code",
        "city",
        "province",
        "country",
        "municipality",
        "property_type",
        "current_client_situation",
        "desired_moving_timeframe",
        "budget_min",
        "budget_max",
        "nb_bedrooms",
        "nb_bathrooms",
        "consent_email",
      ].sort(),
    );
    expect(payload).toMatchObject({
      form_type: "property_alert",
      consent_email: "yes",
      municipality: "Québec, Lévis",
      budget_min: "0",
      budget_max: "Infinity",
      province: "Québec",
      country: "Canada",
    });
  });
});

describe("valuation form: browser and server agree", () => {
  const samples: [string, Partial<ValuationValues>][] = [
    ["valid", {}],
    ["metric", { measurement_system: "metric" }],
    ["reports", { report: "yes", report_available: "yes" }],
    ["reasons", { selling_motivation: "Retraite", renovations: "Toiture 2020" }],
    ["no municipality", { municipalities: [] }],
    ["no type", { property_type: "" }],
    ["no year", { construction_year: "" }],
    ["short year", { construction_year: "98" }],
    ["no parking", { parking: "" }],
    ["no garage", { garage: "" }],
    ["no living area", { livable_surface_area: "" }],
    ["no lot area", { lot_surface_area: "" }],
    ["markup in reason", { selling_motivation: "<b>vite</b>" }],
    ["no postal code", { postal_code: "" }],
  ];
  it.each(samples)("%s", (_name, change) => {
    const values = { ...validValuation(), ...change };
    const browserOk = !hasErrors(validateAllValuation(values));
    const parsed = valuationPayloadSchema.safeParse(valuationPayload(values, ctx));
    expect(browserOk, JSON.stringify(parsed.error?.issues)).toBe(parsed.success);
  });

  it("sends exactly the site.md §7 fields, areas with their unit", () => {
    const payload = valuationPayload(validValuation(), ctx);
    expect(Object.keys(payload).sort()).toEqual(
      [
        "recaptcha_response",
        "form_type",
        "locale",
        "full_name",
        "first_name",
        "last_name",
        "phone",
        "email",
        "preferred_method_of_contact",
        "address",
        "postal_code",
        "city",
        "province",
        "country",
        "municipality",
        "property_type",
        "year_of_construction",
        "nb_bedrooms",
        "nb_bathrooms",
        "nb_parking",
        "nb_garage",
        "living_area",
        "land_area",
        "evaluation_report",
        "availability_of_report",
        "reason_for_sale",
        "renos_and_improvments",
      ].sort(),
    );
    expect(payload).toMatchObject({ living_area: "950 pi²", land_area: "0 pi²", municipality: "Lévis" });
    expect(
      valuationPayload({ ...validValuation(), measurement_system: "metric" }, { ...ctx, locale: "en" }),
    ).toMatchObject({ living_area: "950 m²" });
    expect(valuationPayload(validValuation(), { ...ctx, locale: "en" }).living_area).toBe("950 sq ft");
  });
});
