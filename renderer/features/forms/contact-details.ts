/**
 * The visitor's contact details, remembered in session storage across forms
 * (site.md §3, §9): firstname, lastname, email, phone, all empty at first. What is
 * read back is parsed; anything malformed falls back to empty strings.
 */
import * as z from "zod/mini";
import { CONTACT_DETAIL_KEYS, type ContactDetails, emptyContactDetails } from "../../../schema/forms";

export const CONTACT_DETAILS_STORAGE_KEY = "contact-details";

const stored = z.object({
  firstname: z._default(z.string().check(z.maxLength(200)), ""),
  lastname: z._default(z.string().check(z.maxLength(200)), ""),
  email: z._default(z.string().check(z.maxLength(254)), ""),
  phone: z._default(z.string().check(z.maxLength(20)), ""),
});

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readContactDetails(): ContactDetails {
  const raw = storage()?.getItem(CONTACT_DETAILS_STORAGE_KEY);
  if (!raw) return emptyContactDetails();
  try {
    const parsed = stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyContactDetails();
  } catch {
    return emptyContactDetails();
  }
}

export const isContactDetailKey = (key: string): key is keyof ContactDetails =>
  (CONTACT_DETAIL_KEYS as readonly string[]).includes(key);

/** Remembers one detail; an unknown key only logs a warning (site.md §8, in French). */
export function saveContactDetail(key: string, value: string): void {
  if (!isContactDetailKey(key)) {
    console.warn(`La clé « ${key} » n'existe pas dans les informations de contact.`);
    return;
  }
  const next = { ...readContactDetails(), [key]: value };
  try {
    storage()?.setItem(CONTACT_DETAILS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the form still works, it just forgets.
  }
}
