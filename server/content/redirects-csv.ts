/**
 * Redirects as CSV, both ways: the export a spreadsheet opens (server/leads/csv.ts's quoting and
 * formula guard), and the import of a file a broker's office kept or wrote, read by a small
 * RFC 4180 reader: quoted fields (doubled quotes, separators and line breaks inside), CRLF or LF,
 * a byte order mark, and `;` as the separator when the header uses it (French-Canadian Excel).
 * Columns are found by their header (`from`, `to`, `status`, or `de`, `vers`, `statut`).
 */
import { csvFile } from "../leads/csv";
import type { RedirectRecord } from "./stores/content";

/** The rows of a CSV text, each a list of its fields as written (quotes removed). */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === separator) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && source[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty row a spreadsheet kept) are not records.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ""));
}

const COLUMNS = {
  from: ["from", "de", "source", "old", "ancienne"],
  to: ["to", "vers", "destination", "target", "new", "nouvelle"],
  status: ["status", "statut", "code", "type"],
} as const;

export type CsvRedirectRow = { line: number; from: string; to: string; status: string };

/**
 * The redirects a CSV file holds, each with its line number (the header is line 1), or the
 * problem with the file itself: no `from` column, or nothing after the header.
 */
export function redirectsFromCsv(text: string): { rows: CsvRedirectRow[] } | { problem: "no-header" | "empty" } {
  const [header, ...records] = parseCsv(text);
  if (!header) return { problem: "empty" };
  const names = header.map((h) => h.trim().toLowerCase());
  const find = (aliases: readonly string[]) => names.findIndex((n) => aliases.includes(n));
  const from = find(COLUMNS.from);
  const to = find(COLUMNS.to);
  const status = find(COLUMNS.status);
  if (from < 0) return { problem: "no-header" };
  if (records.length === 0) return { problem: "empty" };
  return {
    rows: records.map((cells, i) => ({
      line: i + 2,
      from: (cells[from] ?? "").trim(),
      to: to < 0 ? "" : (cells[to] ?? "").trim(),
      status: status < 0 ? "" : (cells[status] ?? "").trim(),
    })),
  };
}

/** The site's redirects as a CSV file (what the import reads back). */
export function redirectsCsv(redirects: readonly RedirectRecord[]): string {
  return csvFile(
    ["from", "to", "status", "created_by", "created_at"],
    redirects.map((r) => [r.from, r.to, r.status, r.created_by?.name ?? "", r.created_at ?? ""]),
  );
}
