/** Browser-side rules of the forms (schema/forms.ts), step by step, as site.md §5 lists them. */
import { describe, expect, it } from "vitest";
import {
  addressIncomplete,
  defaultAlertValues,
  defaultValuationValues,
  errorKeys,
  formErrorsFromServer,
  mailtoHref,
  validateAlertStep,
  validateContact,
  validateValuationStep,
} from "../schema/forms";
import { details, validAlert, validValuation } from "./helpers/form-samples";

const contact = { ...details, message: "Bonjour", preferred_method_of_contact: "" as const };

describe("contact form", () => {
  it("accepts a complete form, with or without a phone", () => {
    expect(validateContact(contact)).toEqual({});
    expect(validateContact({ ...contact, phone: "" })).toEqual({});
  });
  it("requires firstname, lastname, email, message (trimmed)", () => {
    const errors = validateContact({ ...contact, firstname: " ", lastname: "", email: "", message: "  \n " });
    expect(errorKeys(errors)).toEqual([
      "firstname-required",
      "lastname-required",
      "email-required",
      "message-required",
    ]);
  });
  it("checks the email pattern and the phone mask", () => {
    for (const email of [
      "marie",
      "marie@",
      "marie@example",
      "@example.com",
      "ma rie@example.com",
      // Nothing after the domain: it would become the reply link's headers and recipients.
      "victim@example.org?bcc=boss@example.org&subject=hi",
      "victim@example.org&cc=x@y.ca",
      "victim@example.org#x",
      "a@b@example.org",
      "marie@exa_mple.ca",
      "marie@-example.ca",
      "marie@example.c",
      "marie@example.123",
    ]) {
      expect(validateContact({ ...contact, email }), email).toEqual({ email: "invalid" });
    }
    for (const email of ["marie.roy+maison@example.ca", "o'neil@sub.example.qc.ca", "élise@caisse.québec", "a@b.co"]) {
      expect(validateContact({ ...contact, email }), email).toEqual({});
    }
    // And a stored address is encoded in a reply link, whatever it holds.
    expect(mailtoHref("o'neil@example.ca")).toBe("mailto:o'neil@example.ca");
    expect(mailtoHref("a@b.ca?bcc=c@d.ca")).toBe("mailto:a@b.ca%3Fbcc%3Dc@d.ca");
    expect(validateContact({ ...contact, phone: "5145550199" })).toEqual({ phone: "invalid" });
    expect(validateContact({ ...contact, phone: "(514) 555-019" })).toEqual({ phone: "invalid" });
  });
  it("refuses markup in names and over-long messages", () => {
    expect(validateContact({ ...contact, firstname: "<b>Marie</b>" })).toEqual({ firstname: "invalid" });
    expect(validateContact({ ...contact, message: "x".repeat(5001) })).toEqual({ message: "too-long" });
  });
  it("maps the server's error names to the form's keys", () => {
    expect(errorKeys(formErrorsFromServer({ first_name: "required", email: "format", message: "too-long" }))).toEqual([
      "firstname-required",
      "email-invalid",
      "message-too-long",
    ]);
  });
});

describe("alert form steps", () => {
  it("passes every step when complete", () => {
    for (let step = 1; step <= 6; step++) expect(validateAlertStep(step, validAlert()), `step ${step}`).toEqual({});
  });
  it("step 1: an empty list counts as missing", () => {
    expect(validateAlertStep(1, { ...validAlert(), municipalities: [] })).toEqual({ municipalities: "required" });
  });
  it("step 2: moving date and current situation", () => {
    expect(validateAlertStep(2, { ...validAlert(), moving_date: "", current_situation: "" })).toEqual({
      moving_date: "required",
      current_situation: "required",
    });
  });
  it("step 3: nothing required; the default budget is 0 – Infinity", () => {
    const v = defaultAlertValues();
    expect(v.budget_min).toBe(0);
    expect(v.budget_max).toBe(Number.POSITIVE_INFINITY);
    expect(validateAlertStep(3, v)).toEqual({});
  });
  it("step 4: bedrooms and bathrooms; 0 counts as present", () => {
    expect(validateAlertStep(4, { ...validAlert(), bedrooms: "", bathrooms: "" })).toEqual({
      bedrooms: "required",
      bathrooms: "required",
    });
    expect(validateAlertStep(4, { ...validAlert(), bedrooms: "0", bathrooms: "0" })).toEqual({});
  });
  it("step 5: firstname, lastname, phone, email", () => {
    expect(
      errorKeys(validateAlertStep(5, { ...validAlert(), firstname: "", lastname: "", phone: "", email: "x@y" })),
    ).toEqual(["firstname-required", "lastname-required", "phone-required", "email-invalid"]);
  });
  it("step 6: address, postal code, city; the submit waits for all three", () => {
    const v = { ...validAlert(), address: "", postal_code: "G1V", city: "" };
    expect(validateAlertStep(6, v)).toEqual({ address: "required", postal_code: "invalid", city: "required" });
    expect(addressIncomplete(v)).toBe(true);
    expect(addressIncomplete(validAlert())).toBe(false);
  });
});

describe("valuation form steps", () => {
  it("passes every step when complete", () => {
    for (let step = 1; step <= 7; step++)
      expect(validateValuationStep(step, validValuation()), `step ${step}`).toEqual({});
  });
  it("step 1: one municipality", () => {
    expect(validateValuationStep(1, { ...validValuation(), municipalities: [] })).toEqual({
      municipalities: "required",
    });
  });
  it("step 2: property type, year, and the four counts", () => {
    const v = {
      ...validValuation(),
      property_type: "" as const,
      construction_year: "98",
      bedrooms: "",
      bathrooms: "",
      parking: "",
      garage: "",
    };
    expect(errorKeys(validateValuationStep(2, v))).toEqual([
      "property_type-required",
      "construction_year-invalid",
      "bedrooms-required",
      "bathrooms-required",
      "parking-required",
      "garage-required",
    ]);
  });
  it("step 3: both areas, 0 allowed; imperial by default", () => {
    expect(defaultValuationValues().measurement_system).toBe("imperial");
    expect(validateValuationStep(3, { ...validValuation(), livable_surface_area: "", lot_surface_area: "" })).toEqual({
      livable_surface_area: "required",
      lot_surface_area: "required",
    });
  });
  it("steps 4 and 5: nothing required", () => {
    const v = { ...validValuation(), selling_motivation: "", renovations: "" };
    expect(validateValuationStep(4, v)).toEqual({});
    expect(validateValuationStep(5, v)).toEqual({});
  });
  it("steps 6 and 7: contact and address", () => {
    expect(Object.keys(validateValuationStep(6, { ...validValuation(), phone: "" }))).toEqual(["phone"]);
    expect(Object.keys(validateValuationStep(7, { ...validValuation(), city: " " }))).toEqual(["city"]);
  });
});
