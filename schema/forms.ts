/**
 * Browser-side rules of the contact, property-alert and valuation forms (site.md §3,
 * §5, §7) as pure functions, and the form-data payloads they send. No zod here: the
 * public bundle imports this module. The server validates the same payloads with the
 * zod schemas of schema/api.ts; tests/forms-payload.test.ts runs the same samples
 * through both and checks they agree.
 */

/** Email rule (site.md §5): text, an at sign, text, a dot, text. schema/api.ts reuses it. */
/**
 * An e-mail address as people type it (the HTML standard's "valid e-mail address", letters of
 * any script allowed): a local part, one @, dot-separated labels and a top-level domain of
 * letters. Nothing after the domain: "a@b.ca?bcc=…" is not an address.
 */
export const EMAIL_PATTERN =
  /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

/** A mailto: link to one address, encoded so that nothing in it becomes a header or a recipient. */
export const mailtoHref = (address: string) => `mailto:${encodeURIComponent(address).replace(/%40/g, "@")}`;
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
export const POSTAL_CODE_PATTERN = /^[A-Z]\d[A-Z] \d[A-Z]\d$/;
export const YEAR_PATTERN = /^\d{4}$/;

/** Same codes as schema/api.ts PROPERTY_TYPES (checked by a test), kept here so the browser needs no zod. */
export const PROPERTY_TYPE_CODES = ["maison", "condo", "prop", "ferme", "chalet", "terrain", "comm"] as const;
export type PropertyTypeCode = (typeof PROPERTY_TYPE_CODES)[number];

export const INDIVIDUAL_RECIPIENTS = ["broker", "administrative_team", "executive_team"] as const;
export const PLURAL_RECIPIENTS = ["team", "office", "agency"] as const;
export const RECIPIENT_TYPE_CODES = [...INDIVIDUAL_RECIPIENTS, ...PLURAL_RECIPIENTS] as const;
export type RecipientType = (typeof RECIPIENT_TYPE_CODES)[number];

export function isRecipientType(value: unknown): value is RecipientType {
  return (RECIPIENT_TYPE_CODES as readonly unknown[]).includes(value);
}

/**
 * "Écrivez-moi" or "Écrivez-nous" (site.md §1): individual for a broker or a named staff
 * member, plural for a team, an office or an agency; without a recipient, by the site's type.
 */
export function contactWording(
  recipientType: RecipientType | undefined,
  siteType: "broker" | "agency",
): "individual" | "plural" {
  if (recipientType)
    return (INDIVIDUAL_RECIPIENTS as readonly string[]).includes(recipientType) ? "individual" : "plural";
  return siteType === "agency" ? "plural" : "individual";
}

export const CONTACT_METHODS = ["phone", "email", "text"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const MOVING_DATES = ["0-60", "60-120", "4-8", "8+"] as const;
export type MovingDate = (typeof MOVING_DATES)[number];
export const CURRENT_SITUATIONS = ["owner", "tenant", "parents", "abroad", "other"] as const;
export type CurrentSituation = (typeof CURRENT_SITUATIONS)[number];
export const MEASUREMENT_SYSTEMS = ["imperial", "metric"] as const;
export type MeasurementSystem = (typeof MEASUREMENT_SYSTEMS)[number];
export const YES_NO = ["yes", "no"] as const;
export type YesNo = (typeof YES_NO)[number];

/** Area unit text sent with the surface areas (site.md §9 Units). */
export const AREA_UNITS = {
  imperial: { fr: "pi²", en: "sq ft" },
  metric: { fr: "m²", en: "m²" },
} as const;

/** Budget steps of the alert form: the search filter's default price increments (schema/search.ts, checked by a test). */
export function budgetIncrements(): number[] {
  const steps: number[] = [];
  for (let price = 0; price <= 500_000; price += 25_000) steps.push(price);
  for (let price = 550_000; price <= 1_000_000; price += 50_000) steps.push(price);
  steps.push(2_000_000, 3_000_000, 4_000_000, 5_000_000, 10_000_000);
  return steps;
}

// ---- errors ------------------------------------------------------------------------

export type ErrorCode = "required" | "invalid" | "too-long" | "expired" | "replayed" | "rate-limited" | "unavailable";
/** Field errors by field name, in field order. */
export type FieldErrors = Record<string, ErrorCode>;

/** Error keys as the toasts and translations name them: `firstname-required`, `email-invalid`. */
export function errorKeys(errors: Readonly<Record<string, string>>): string[] {
  return Object.entries(errors).map(([field, code]) => `${field}-${code}`);
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

const MARKUP = /[<>]/;
const NAME_MAX = 200;
const MESSAGE_MAX = 5000;

function requiredText(errors: FieldErrors, field: string, value: string, max = NAME_MAX) {
  const trimmed = value.trim();
  if (!trimmed) errors[field] = "required";
  else if (trimmed.length > max) errors[field] = "too-long";
  else if (MARKUP.test(trimmed)) errors[field] = "invalid";
}

function optionalText(errors: FieldErrors, field: string, value: string, max = NAME_MAX) {
  const trimmed = value.trim();
  if (trimmed.length > max) errors[field] = "too-long";
  else if (MARKUP.test(trimmed)) errors[field] = "invalid";
}

function email(errors: FieldErrors, value: string) {
  const trimmed = value.trim();
  if (!trimmed) errors.email = "required";
  else if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) errors.email = "invalid";
}

function phone(errors: FieldErrors, value: string, required: boolean) {
  const trimmed = value.trim();
  if (!trimmed) {
    if (required) errors.phone = "required";
  } else if (!PHONE_PATTERN.test(trimmed)) errors.phone = "invalid";
}

/** A number counts as present when it is 0 or more (site.md §5); the inputs hold digits as text. */
export function isPresentNumber(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string" && value.trim() === "") return false;
  const n = Number(value);
  return !Number.isNaN(n) && n >= 0;
}

function count(errors: FieldErrors, field: string, value: string, maxDigits = 2) {
  if (!isPresentNumber(value)) errors[field] = "required";
  else if (!new RegExp(`^\\d{1,${maxDigits}}$`).test(value.trim())) errors[field] = "invalid";
}

// ---- contact form -------------------------------------------------------------------

/** Contact details remembered across forms (site.md §3); all start empty. */
export interface ContactDetails {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}
export const CONTACT_DETAIL_KEYS = ["firstname", "lastname", "email", "phone"] as const;
export const emptyContactDetails = (): ContactDetails => ({ firstname: "", lastname: "", email: "", phone: "" });

export interface ContactFormValues extends ContactDetails {
  message: string;
  /** Optional preferred communication; "" when not chosen. */
  preferred_method_of_contact: ContactMethod | "";
}

/** site.md §5 Contact form: firstname, lastname, email, message required; phone optional but masked. */
export function validateContact(values: ContactFormValues): FieldErrors {
  const errors: FieldErrors = {};
  requiredText(errors, "firstname", values.firstname);
  requiredText(errors, "lastname", values.lastname);
  email(errors, values.email);
  phone(errors, values.phone, false);
  const message = values.message.trim();
  if (!message) errors.message = "required";
  else if (message.length > MESSAGE_MAX) errors.message = "too-long";
  return errors;
}

export interface SubmitContext {
  locale: "fr" | "en";
  /** The captcha token of this submission. */
  token: string;
}

const fullName = (d: ContactDetails) => `${d.firstname.trim()} ${d.lastname.trim()}`.trim();

function contactFields(ctx: SubmitContext, form_type: string, d: ContactDetails) {
  return {
    recaptcha_response: ctx.token,
    form_type,
    locale: ctx.locale,
    full_name: fullName(d),
    first_name: d.firstname.trim(),
    last_name: d.lastname.trim(),
    phone: d.phone.trim(),
    email: d.email.trim(),
  };
}

/** The form-data fields of POST /contact for the contact form (site.md §7), in order. */
export function contactPayload(
  values: ContactFormValues,
  ctx: SubmitContext & { recipient_type?: RecipientType; recipient_slug?: string; visit_uls?: string },
): Record<string, string> {
  // A visit request is the contact form about one listing: its own form type, the listing's number.
  const type = ctx.visit_uls ? "visit_request" : "contact_form";
  const out: Record<string, string> = { ...contactFields(ctx, type, values), message: values.message.trim() };
  if (ctx.visit_uls) out.uls = ctx.visit_uls;
  if (ctx.recipient_type) out.recipient_type = ctx.recipient_type;
  if (ctx.recipient_slug) out.recipient_slug = ctx.recipient_slug;
  if (values.preferred_method_of_contact) out.preferred_method_of_contact = values.preferred_method_of_contact;
  return out;
}

/** Server field names → the form's field names, for error keys from a 400 answer. */
const SERVER_FIELD_NAMES: Record<string, string> = {
  first_name: "firstname",
  last_name: "lastname",
  recaptcha_response: "recaptcha",
  municipality: "municipalities",
  year_of_construction: "construction_year",
  nb_bedrooms: "bedrooms",
  nb_bathrooms: "bathrooms",
  nb_parking: "parking",
  nb_garage: "garage",
  living_area: "livable_surface_area",
  land_area: "lot_surface_area",
  current_client_situation: "current_situation",
  desired_moving_timeframe: "moving_date",
};
const SERVER_CODES: Record<string, ErrorCode> = {
  required: "required",
  "too-long": "too-long",
  // The captcha's refusals (403): a challenge that expired or was already used asks to send again.
  expired: "expired",
  replayed: "replayed",
};

/** A content-service error map (`{ first_name: "required", email: "format" }`) as form errors. */
export function formErrorsFromServer(errors: Readonly<Record<string, string>> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, code] of Object.entries(errors ?? {})) {
    out[SERVER_FIELD_NAMES[field] ?? field] = SERVER_CODES[code] ?? "invalid";
  }
  return out;
}

// ---- multi-step forms ---------------------------------------------------------------------

export interface AddressValues {
  /** Unselected until the visitor chooses (site.md §7); left out of the payload then. */
  preferred_method_of_contact: ContactMethod | "";
  address: string;
  postal_code: string;
  city: string;
  province: string;
  country: string;
}

export interface AlertValues extends ContactDetails, AddressValues {
  /** Municipality names (labels). */
  municipalities: string[];
  moving_date: MovingDate | "";
  current_situation: CurrentSituation | "";
  budget_min: number;
  budget_max: number;
  /** "" = any type. */
  property_type: PropertyTypeCode | "";
  bedrooms: string;
  bathrooms: string;
  /** Express consent to receive the alert's e-mails (CASL): an unticked box the visitor ticks. */
  consent_email: boolean;
}

export interface ValuationValues extends ContactDetails, AddressValues {
  /** One municipality name, kept as a list for the shared step-1 rule. */
  municipalities: string[];
  property_type: PropertyTypeCode | "";
  construction_year: string;
  bedrooms: string;
  bathrooms: string;
  parking: string;
  garage: string;
  measurement_system: MeasurementSystem;
  livable_surface_area: string;
  lot_surface_area: string;
  report: YesNo;
  report_available: YesNo;
  selling_motivation: string;
  renovations: string;
}

const addressDefaults = (): AddressValues => ({
  preferred_method_of_contact: "",
  address: "",
  postal_code: "",
  city: "",
  province: "Québec",
  country: "Canada",
});

export function defaultAlertValues(details: ContactDetails = emptyContactDetails()): AlertValues {
  return {
    ...details,
    ...addressDefaults(),
    municipalities: [],
    moving_date: "",
    current_situation: "",
    budget_min: 0,
    budget_max: Number.POSITIVE_INFINITY,
    property_type: "",
    bedrooms: "",
    bathrooms: "",
    consent_email: false,
  };
}

export function defaultValuationValues(details: ContactDetails = emptyContactDetails()): ValuationValues {
  return {
    ...details,
    ...addressDefaults(),
    municipalities: [],
    property_type: "",
    construction_year: "",
    bedrooms: "",
    bathrooms: "",
    parking: "",
    garage: "",
    measurement_system: "imperial",
    livable_surface_area: "",
    lot_surface_area: "",
    report: "no",
    report_available: "no",
    selling_motivation: "",
    renovations: "",
  };
}

export const ALERT_STEPS = 6;
export const VALUATION_STEPS = 7;

function municipalities(errors: FieldErrors, list: readonly string[]) {
  if (list.filter((m) => m.trim()).length === 0) errors.municipalities = "required";
}

function contactStep(errors: FieldErrors, v: ContactDetails) {
  requiredText(errors, "firstname", v.firstname);
  requiredText(errors, "lastname", v.lastname);
  phone(errors, v.phone, true);
  email(errors, v.email);
}

function addressStep(errors: FieldErrors, v: AddressValues) {
  requiredText(errors, "address", v.address);
  const postal = v.postal_code.trim().toUpperCase();
  if (!postal) errors.postal_code = "required";
  else if (!POSTAL_CODE_PATTERN.test(postal)) errors.postal_code = "invalid";
  requiredText(errors, "city", v.city);
  optionalText(errors, "province", v.province);
  optionalText(errors, "country", v.country);
}

/** Errors of one alert step (1–6), site.md §5 table. */
export function validateAlertStep(step: number, v: AlertValues): FieldErrors {
  const errors: FieldErrors = {};
  switch (step) {
    case 1:
      municipalities(errors, v.municipalities);
      break;
    case 2:
      if (!(MOVING_DATES as readonly string[]).includes(v.moving_date)) errors.moving_date = "required";
      if (!(CURRENT_SITUATIONS as readonly string[]).includes(v.current_situation))
        errors.current_situation = "required";
      break;
    case 3:
      // Nothing required: the budget defaults to 0 – Infinity. A min above the max is refused.
      if (v.budget_min > v.budget_max) errors.budget_max = "invalid";
      break;
    case 4:
      count(errors, "bedrooms", v.bedrooms);
      count(errors, "bathrooms", v.bathrooms);
      break;
    case 5:
      contactStep(errors, v);
      break;
    case 6:
      addressStep(errors, v);
      if (!v.consent_email) errors.consent_email = "required";
      break;
  }
  return errors;
}

/** Errors of one valuation step (1–7), site.md §5 table. */
export function validateValuationStep(step: number, v: ValuationValues): FieldErrors {
  const errors: FieldErrors = {};
  switch (step) {
    case 1:
      municipalities(errors, v.municipalities);
      break;
    case 2:
      if (!(PROPERTY_TYPE_CODES as readonly string[]).includes(v.property_type)) errors.property_type = "required";
      if (!v.construction_year.trim()) errors.construction_year = "required";
      else if (!YEAR_PATTERN.test(v.construction_year.trim())) errors.construction_year = "invalid";
      count(errors, "bedrooms", v.bedrooms);
      count(errors, "bathrooms", v.bathrooms);
      count(errors, "parking", v.parking);
      count(errors, "garage", v.garage);
      break;
    case 3:
      count(errors, "livable_surface_area", v.livable_surface_area, 6);
      count(errors, "lot_surface_area", v.lot_surface_area, 6);
      break;
    case 4:
      break;
    case 5:
      optionalText(errors, "selling_motivation", v.selling_motivation, MESSAGE_MAX);
      optionalText(errors, "renovations", v.renovations, MESSAGE_MAX);
      break;
    case 6:
      contactStep(errors, v);
      break;
    case 7:
      addressStep(errors, v);
      break;
  }
  return errors;
}

/** Every step's errors at once (the last check before sending). */
export function validateAll<V>(steps: number, validate: (step: number, v: V) => FieldErrors, v: V): FieldErrors {
  const all: FieldErrors = {};
  for (let step = 1; step <= steps; step++) Object.assign(all, validate(step, v));
  return all;
}

/** The last step's submit stays disabled while address, postal code or city is empty (site.md §5). */
export const addressIncomplete = (v: AddressValues) => !v.address.trim() || !v.postal_code.trim() || !v.city.trim();

function addressFields(v: AddressValues) {
  return {
    ...(v.preferred_method_of_contact ? { preferred_method_of_contact: v.preferred_method_of_contact } : {}),
    address: v.address.trim(),
    postal_code: v.postal_code.trim().toUpperCase(),
    city: v.city.trim(),
    province: v.province.trim(),
    country: v.country.trim(),
  };
}

const joinNames = (names: readonly string[]) =>
  names
    .map((n) => n.trim())
    .filter(Boolean)
    .join(", ");

/** POST /contact fields of the alert form (site.md §7), in order. */
export function alertPayload(v: AlertValues, ctx: SubmitContext): Record<string, string> {
  return {
    ...contactFields(ctx, "property_alert", v),
    ...addressFields(v),
    municipality: joinNames(v.municipalities),
    property_type: v.property_type,
    current_client_situation: v.current_situation,
    desired_moving_timeframe: v.moving_date,
    budget_min: String(v.budget_min),
    // No maximum chosen: an empty field, not the text "Infinity" (site.md §7).
    budget_max: Number.isFinite(v.budget_max) ? String(v.budget_max) : "",
    nb_bedrooms: countField(v.bedrooms),
    nb_bathrooms: countField(v.bathrooms),
    consent_email: v.consent_email ? "yes" : "",
  };
}

/** Area with its unit text, e.g. "950 pi²". */
export const areaWithUnit = (value: string, system: MeasurementSystem, locale: "fr" | "en") =>
  value.trim() ? `${Number(value.trim())} ${AREA_UNITS[system][locale]}` : "";

/** A count as sent: its digits, or "" when missing (the server then refuses it). */
const countField = (value: string) => (isPresentNumber(value) ? String(Number(value)) : value.trim());

/** POST /contact fields of the valuation form (site.md §7), in order. */
export function valuationPayload(v: ValuationValues, ctx: SubmitContext): Record<string, string> {
  return {
    ...contactFields(ctx, "property_valuation", v),
    ...addressFields(v),
    municipality: joinNames(v.municipalities.slice(0, 1)),
    property_type: v.property_type,
    year_of_construction: v.construction_year.trim(),
    nb_bedrooms: countField(v.bedrooms),
    nb_bathrooms: countField(v.bathrooms),
    nb_parking: countField(v.parking),
    nb_garage: countField(v.garage),
    living_area: areaWithUnit(v.livable_surface_area, v.measurement_system, ctx.locale),
    land_area: areaWithUnit(v.lot_surface_area, v.measurement_system, ctx.locale),
    evaluation_report: v.report,
    availability_of_report: v.report_available,
    reason_for_sale: v.selling_motivation.trim(),
    renos_and_improvments: v.renovations.trim(),
  };
}
