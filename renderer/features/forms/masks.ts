/**
 * Input masks (site.md §5): phone (###) ###-####, postal code A#A #A#, year of 4
 * digits, counts of 2 digits, areas of 6 digits, and grouped-digit amounts for the
 * calculator ("1 250 000" in French, "1,250,000" in English). No mask library is
 * installed, so these are small pure functions: each takes whatever was typed or
 * pasted and returns the masked text; typing at the end and deleting both behave,
 * since a partial value never ends with a literal the visitor did not type.
 */

const digitsOf = (raw: string) => raw.replace(/\D/g, "");

/** (###) ###-####, built progressively: "5" → "(5", "5145" → "(514) 5", "5145550199" → "(514) 555-0199". */
export function maskPhone(raw: string): string {
  let digits = digitsOf(raw);
  // A pasted North-American number with its country code.
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (!digits) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A#A #A#, uppercased; characters that do not fit the next position are skipped. */
export function maskPostalCode(raw: string): string {
  const pattern = "A#A#A#";
  let out = "";
  let at = 0;
  for (const char of raw.toUpperCase()) {
    if (at >= pattern.length) break;
    const wantLetter = pattern[at] === "A";
    if (wantLetter ? /^[A-Z]$/.test(char) : /^\d$/.test(char)) {
      out += char;
      at++;
    }
  }
  return out.length > 3 ? `${out.slice(0, 3)} ${out.slice(3)}` : out;
}

/** Up to `max` digits, nothing else (a count or an area can never be negative). */
export function maskDigits(raw: string, max: number): string {
  return digitsOf(raw).slice(0, max);
}

export const maskYear = (raw: string) => maskDigits(raw, 4);
export const maskCount = (raw: string) => maskDigits(raw, 2);
export const maskArea = (raw: string) => maskDigits(raw, 6);

/** Digits of an amount field, spaces, commas and other separators removed; null when empty. */
export function parseAmount(raw: string): number | null {
  const digits = digitsOf(raw).replace(/^0+(?=\d)/, "");
  if (!digits) return null;
  return Number(digits.slice(0, 15));
}

/** Groups the digits of a whole amount by thousands: "1 250 000" (fr) or "1,250,000" (en). */
export function formatAmount(value: number | null, locale: "fr" | "en"): string {
  if (value === null || !Number.isFinite(value)) return "";
  const digits = String(Math.max(0, Math.trunc(value)));
  const separator = locale === "fr" ? " " : ",";
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** The amount mask: whatever was typed, re-grouped. */
export const maskAmount = (raw: string, locale: "fr" | "en") => formatAmount(parseAmount(raw), locale);
