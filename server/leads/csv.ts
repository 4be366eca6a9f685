/**
 * CSV for spreadsheet programs (RFC 4180): every field quoted (quotes doubled), records ended by
 * CRLF, and the file starts with a UTF-8 byte order mark so Excel reads accents. A formula a
 * spreadsheet would run (a cell starting with =, +, -, @, a tab or a carriage return) gets a
 * leading apostrophe, at the start of the field and after any separator a spreadsheet may split
 * on (a comma, a semicolon — common with French-Canadian settings —, a tab or a line break): a
 * visitor's "Roy;=HYPERLINK(…)" stays text (OWASP CSV injection).
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
/** A formula's first character, at the start of the field or after a separator a spreadsheet may split on. */
const FORMULA_START = /(^|[,;\t\r\n])(?=[=+\-@\t\r])/g;

/** One cell: neutralised, then quoted. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${text.replace(FORMULA_START, "$1'").replace(/"/g, '""')}"`;
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
