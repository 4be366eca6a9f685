/**
 * The search page's alert calls (issue 32): the consent sentence to show, and a new alert. Both
 * on the protected client with the site key, like the contact form. Answers parsed with zod/mini.
 */
import * as z from "zod/mini";
import type { AlertView, SavedSearch } from "../../../schema/alerts-shared";

export interface AlertSite {
  micrositeId?: string;
  siteKey?: string;
  locale: "fr" | "en";
}

const base = (site: AlertSite) => `/api/swc/${encodeURIComponent(site.micrositeId ?? "")}/alerts`;
const headers = (site: AlertSite) => ({
  accept: "application/json",
  "x-site-key": site.siteKey ?? "",
  "content-language": site.locale,
});

const consentSchema = z.object({ consent: z.nullable(z.string()) });

/** The consent sentence in the page's language; undefined when alerts are off for this site. */
export async function fetchAlertConsent(site: AlertSite): Promise<string | undefined> {
  try {
    const response = await fetch(`${base(site)}/consent?locale=${site.locale}`, { headers: headers(site) });
    if (!response.ok) return undefined;
    const parsed = consentSchema.safeParse(await response.json());
    return parsed.success ? (parsed.data.consent ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

const answerSchema = z.object({
  status: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.string())),
});

export interface NewAlertBody {
  email: string;
  frequency: "instant" | "daily" | "weekly";
  locale: "fr" | "en";
  search: SavedSearch;
  page: string;
  consent: true;
  consent_text: string;
  recaptcha_response: string;
}

/** Posts a new alert: the HTTP status (0 when it never reached the server) and field errors. */
export async function postAlert(
  site: AlertSite,
  body: NewAlertBody,
): Promise<{ status: number; errors: Record<string, string> }> {
  let response: Response;
  try {
    response = await fetch(base(site), {
      method: "POST",
      headers: { ...headers(site), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0, errors: {} };
  }
  const parsed = answerSchema.safeParse(await response.json().catch(() => ({})));
  return { status: response.status, errors: (parsed.success && parsed.data.errors) || {} };
}

const viewSchema = z.object({
  data: z.object({
    email: z.string(),
    locale: z.enum(["fr", "en"]),
    frequency: z.enum(["instant", "daily", "weekly"]),
    state: z.enum(["pending", "active", "paused", "unsubscribed"]),
    // The service parsed the search when it was saved; its shape is SavedSearch.
    search: z.record(z.string(), z.unknown()),
    page: z.string(),
    site_name: z.string(),
    created_at: z.string(),
    confirmed_at: z.nullable(z.string()),
    others: z.number(),
  }),
});

/** An alert's view from the content service's answer (GET /api/swc/alerts/{token}), or undefined. */
export function parseAlertView(body: unknown): AlertView | undefined {
  const parsed = viewSchema.safeParse(body);
  return parsed.success ? { ...parsed.data.data, search: parsed.data.data.search as SavedSearch } : undefined;
}
