/**
 * A lead's fields as a person reads them, in the order of its form: shared by the e-mail to
 * the broker, the webhook's labels, the CSV export (server) and the inbox (studio). Pure and
 * free of zod, so the studio can import it. A form type added to the lead path (schema/api.ts
 * `contactPayloadSchema`) shows its own fields after the common ones, labelled from
 * `leads.fields.<name>` in locales/leads (the raw name until a label is added).
 */
import { intlLocale } from "./locales";

/** The forms whose posts are leads (schema/api.ts `contactPayloadSchema`'s `form_type`). */
export const FORM_TYPES = ["contact_form", "property_alert", "property_valuation", "visit_request"] as const;

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a lead record holds that its display needs (SubmissionRecord and the inbox's answer both fit). */
export interface LeadLike {
  type: string;
  locale: string;
  created_at: string;
  payload: Record<string, unknown>;
  recipient_type?: string | null;
  recipient_slug?: string | null;
  consent?: { email?: { given_at: string; text: string } } | null;
}

export interface LeadField {
  /** Payload name, e.g. `nb_bedrooms`. */
  name: string;
  label: string;
  value: string;
}

const CONTACT = ["full_name", "email", "phone", "preferred_method_of_contact"];
const ADDRESS = ["address", "postal_code", "city", "province", "country"];

/** The fields of each form type, in the order the visitor filled them. */
export const FIELD_ORDER: Record<string, readonly string[]> = {
  contact_form: [...CONTACT, "message"],
  // A listing's page: the property first (the service adds its address and page), then the visitor.
  visit_request: ["listing_address", "uls", "listing_url", ...CONTACT, "message"],
  property_alert: [
    ...CONTACT,
    "municipality",
    "property_type",
    "desired_moving_timeframe",
    "current_client_situation",
    "budget_min",
    "budget_max",
    "nb_bedrooms",
    "nb_bathrooms",
    ...ADDRESS,
    "consent_email",
  ],
  property_valuation: [
    ...CONTACT,
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
    ...ADDRESS,
  ],
};

/** Payload entries that are not shown as fields: the form's own bookkeeping and parts of the full name. */
const HIDDEN = new Set([
  "form_type",
  "locale",
  "first_name",
  "last_name",
  "recaptcha_response",
  "recipient_type",
  "recipient_slug",
]);

/** Fields whose stored code has a label under `leads.values.<group>`. */
const VALUE_GROUPS: Record<string, string> = {
  preferred_method_of_contact: "preferred_method_of_contact",
  current_client_situation: "current_client_situation",
  desired_moving_timeframe: "desired_moving_timeframe",
  property_type: "property_type",
  evaluation_report: "yes_no",
  availability_of_report: "yes_no",
  consent_email: "yes_no",
};

/** Leads are Québec's: dates read in its time zone, whatever the server's. */
export const LEAD_TIME_ZONE = "America/Toronto";

export function formatLeadDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: LEAD_TIME_ZONE,
  }).format(date);
}

/** A date as spreadsheets read it: `2026-11-01 14:05` in Québec's time. */
export function spreadsheetDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("sv-SE", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: LEAD_TIME_ZONE,
  }).format(date);
}

function money(value: unknown, locale: string, t: Translate): string {
  if (value === "Infinity" || value === Number.POSITIVE_INFINITY) return t("leads.values.no_limit");
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value ?? "");
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency: "CAD",
    maximumFractionDigits: 0,
  }).format(n);
}

/** One field's value as text in `locale`. */
export function leadValue(name: string, value: unknown, locale: string, t: Translate): string {
  // An alert without a maximum budget sends an empty field (site.md §7).
  if (name === "budget_max" && (value === "" || value === undefined)) return t("leads.values.no_limit");
  if (value === undefined || value === null || value === "") {
    return name === "property_type" ? t("leads.values.any") : t("leads.values.empty");
  }
  if (name === "budget_min" || name === "budget_max") return money(value, locale, t);
  const group = VALUE_GROUPS[name];
  if (group) return t(`leads.values.${group}.${String(value)}`, { defaultValue: String(value) });
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export const fieldLabel = (name: string, t: Translate) => t(`leads.fields.${name}`, { defaultValue: name });

/** Every field of a lead, in its form's order, then any field its form type added. */
export function leadFields(lead: LeadLike, locale: string, t: Translate): LeadField[] {
  const payload: Record<string, unknown> = { ...lead.payload };
  if (lead.consent?.email) payload.consent_email = "yes";
  const order = FIELD_ORDER[lead.type] ?? CONTACT;
  const names = [...order, ...Object.keys(payload).filter((k) => !order.includes(k) && !HIDDEN.has(k))];
  const out: LeadField[] = [];
  for (const name of names) {
    if (!(name in payload) && !order.includes(name)) continue;
    if (name === "consent_email" && !lead.consent?.email && !("consent_email" in lead.payload)) continue;
    out.push({ name, label: fieldLabel(name, t), value: leadValue(name, payload[name], locale, t) });
  }
  if (lead.recipient_type) {
    const who = t(`leads.values.recipient_type.${lead.recipient_type}`, { defaultValue: lead.recipient_type });
    out.push({
      name: "recipient",
      label: fieldLabel("recipient", t),
      value: lead.recipient_slug ? `${who} (${lead.recipient_slug})` : who,
    });
  }
  if (lead.consent?.email) {
    out.push({
      name: "consent_given_at",
      label: fieldLabel("consent_given_at", t),
      value: formatLeadDate(lead.consent.email.given_at, locale),
    });
  }
  return out;
}

/** The visitor's name for headings and subjects: the full name, else the e-mail. */
export const leadName = (lead: { payload: Record<string, unknown> }) =>
  String(lead.payload.full_name ?? "").trim() || String(lead.payload.email ?? "").trim();
