/** Contact keys of contact_infos_block (blocks.md §8: unknown contact key warning). */
/** The site contact details a block may show (zod-free: this runs in the browser). */
export const CONTACT_KEYS = ["phone", "email", "address", "sms"] as const;

export type ContactKey = (typeof CONTACT_KEYS)[number];
export type ContactDetails = Partial<Record<ContactKey, string>>;

export interface ContactEntry {
  key: ContactKey;
  value: string;
  /** tel:, mailto: or sms: link; none for the address. */
  href?: string;
}

function dialable(value: string): string {
  const plus = value.trim().startsWith("+");
  const digits = value.replace(/\D/g, "");
  if (plus) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : digits;
}

function hrefOf(key: ContactKey, value: string): string | undefined {
  if (key === "phone") return `tel:${dialable(value)}`;
  if (key === "sms") return `sms:${dialable(value)}`;
  if (key === "email") return `mailto:${value.trim()}`;
  return undefined;
}

/**
 * The contact details to show, in the order of `keys` (comma-separated or a list).
 * An unknown key logs the French warning of the spec and is skipped; a known key
 * without a value, or a repeated key, is skipped silently.
 */
export function resolveContactKeys(
  keys: string | readonly string[] | undefined,
  details: ContactDetails | undefined,
  warn: (message: string) => void = console.warn,
): ContactEntry[] {
  const list = typeof keys === "string" ? keys.split(",") : (keys ?? []);
  const seen = new Set<ContactKey>();
  const entries: ContactEntry[] = [];
  for (const raw of list) {
    const key = raw.trim();
    if (!key) continue;
    if (!(CONTACT_KEYS as readonly string[]).includes(key)) {
      warn(`La clé de contact « ${key} » n'existe pas dans les informations de contact.`);
      continue;
    }
    const known = key as ContactKey;
    const value = details?.[known]?.trim();
    if (!value || seen.has(known)) continue;
    seen.add(known);
    entries.push({ key: known, value, href: hrefOf(known, value) });
  }
  return entries;
}
