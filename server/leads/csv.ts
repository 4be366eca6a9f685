/**
 * CSV for spreadsheet programs (RFC 4180): fields separated by commas, records by CRLF, a
 * field quoted when it holds a comma, a quote or a line break (quotes doubled), and the
 * file starts with a UTF-8 byte order mark so Excel reads accents. A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * gets a leading apostrophe: a visitor's "=HYPERLINK(…)" stays text (OWASP CSV injection).
 */
import {
  FIELD_ORDER,
  fieldLabel,
  type LeadLike,
  leadValue,
  spreadsheetDate,
  type Translate,
} from "../../schema/lead-fields";

export const BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised, then quoted when needed. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]) => cells.map(csvCell).join(",");

/** A whole file: BOM, header, rows, each record ended by CRLF. */
export function csvFile(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${BOM}${[header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("")}`;
}

export interface ExportedLead extends LeadLike {
  id: string;
  status: string;
}

/** Columns of an export: the lead's facts, then the union of every form's fields, then any other. */
export function exportColumns(leads: readonly ExportedLead[]): string[] {
  const fields: string[] = [];
  const add = (name: string) => {
    if (!fields.includes(name)) fields.push(name);
  };
  for (const order of Object.values(FIELD_ORDER)) for (const name of order) add(name);
  add("first_name");
  add("last_name");
  for (const lead of leads) {
    for (const name of Object.keys(lead.payload)) {
      if (!["form_type", "locale", "recaptcha_response", "recipient_type", "recipient_slug"].includes(name)) add(name);
    }
  }
  return fields;
}

/** Leads as a CSV file with headers in `locale`. */
export function leadsCsv(leads: readonly ExportedLead[], locale: string, t: Translate): string {
  const fields = exportColumns(leads);
  const header = [
    "id",
    fieldLabel("created_at", t),
    fieldLabel("type", t),
    fieldLabel("status", t),
    fieldLabel("locale", t),
    fieldLabel("recipient", t),
    ...fields.map((name) => fieldLabel(name, t)),
    fieldLabel("consent_given_at", t),
  ];
  const rows = leads.map((lead) => [
    lead.id,
    spreadsheetDate(lead.created_at),
    t(`leads.types.${lead.type}`, { defaultValue: lead.type }),
    t(`leads.statuses.${lead.status}`, { defaultValue: lead.status }),
    t(`leads.values.locale.${lead.locale}`, { defaultValue: lead.locale }),
    lead.recipient_type ? [lead.recipient_type, lead.recipient_slug].filter(Boolean).join(" ") : "",
    ...fields.map((name) => {
      const value = lead.payload[name];
      return value === undefined || value === null || value === "" ? "" : leadValue(name, value, locale, t);
    }),
    lead.consent?.email ? spreadsheetDate(lead.consent.email.given_at) : "",
  ]);
  return csvFile(header, rows);
}
