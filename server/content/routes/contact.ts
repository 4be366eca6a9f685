/**
 * The lead path's server side, shared by every form type (contact, alert, valuation, visit
 * request — whose listing must be on the market — and any type added to `contactPayloadSchema`):
 *
 * POST /contact (protected; multipart/form-data or urlencoded). Order of checks: rate limit
 * (429 with Retry-After), content type (415), size (413; over HTTP a declared length over it
 * comes first), fields (400 with field errors; a NUL character makes a field invalid), captcha
 * (403: invalid, expired or replayed; 503 when reCAPTCHA cannot be reached), then the lead and
 * its outbox rows are stored durably in one transaction and answered {status:"success", id}
 * (503 with Retry-After when the store has no space left). Nothing is stored before every check
 * has passed.
 *
 * GET /captcha/challenge (protected): a new ALTCHA challenge for this site's forms.
 *
 * GET /submissions/:site_id (content client, a signed-in editor or a read token): the stored submissions, newest first.
 */
import { z } from "zod";
import { ALERT_CONSENT_VERSION, compactSearch, type SavedSearch } from "../../../schema/alerts";
import { type ContactPayload, contactPayloadSchema, PROPERTY_TYPES } from "../../../schema/api";
import { alertConsentText, alertSenderOf } from "../../alerts/sender";
import { alertsEnabled } from "../../alerts/worker";
import type { Config } from "../../config";
import { consentText } from "../../leads/messages";
import { requireEditor } from "../auth";
import { AltchaVerifier } from "../captcha";
import { HttpError, json, queryObject, readBody } from "../http";
import { clientIp } from "../rate-limit";
import type { Route, RouteContext } from "../service";
import { AlertLimitError } from "../stores/alerts";
import type { SiteRecord } from "../stores/content";
import type { LeadConsent } from "../stores/submissions";

export const MAX_CONTACT_BYTES = 64 * 1024;
/** The search page of each language: an alert form's alert replays its criteria there ("see all"). */
const SEARCH_PAGES = { fr: "/fr/proprietes", en: "/en/properties" } as const;

/** Where links of alert e-mails point: PUBLIC_ORIGIN, else the origin the visitor used when it is one of the site's. */
export function originOf(config: Config, request: Request, site: SiteRecord): string | null {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN.replace(/\/$/, "");
  const url = new URL(request.url);
  return site.domains.includes(url.hostname) ? url.origin : null;
}
const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];
const KNOWN_CODES = new Set(["required", "format", "markup-not-allowed", "too-long"]);

/**
 * The consent a form type records with its lead (CASL express consent to e-mails): with alerts on,
 * the alerts' sentence the form showed (issue 32), else the form's own.
 */
function consentOf(payload: ContactPayload, site: SiteRecord, at: Date, alertsText?: string): LeadConsent | null {
  if (payload.form_type !== "property_alert") return null;
  return { email: { given_at: at.toISOString(), text: alertsText ?? consentText(payload.locale, site.name) } };
}

/** The alert form's criteria as a saved search (cities by name, one type, the budget, rooms). */
async function searchOfAlertForm(
  payload: Extract<ContactPayload, { form_type: "property_alert" }>,
  storage: RouteContext["storage"],
): Promise<SavedSearch> {
  const names = new Set(
    payload.municipality
      .split(",")
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean),
  );
  const mun = names.size
    ? (await storage.listings.municipalities())
        .filter((m) => names.has(m.DESCRIPTION.toLowerCase()))
        .map((m) => m.MUN_CODE)
    : [];
  const type = (PROPERTY_TYPES as readonly string[]).includes(payload.property_type)
    ? [payload.property_type as SavedSearch["type"] & string]
    : [];
  return compactSearch({
    mun,
    type: type as SavedSearch["type"],
    price_min: payload.budget_min || undefined,
    price_max: Number.isFinite(payload.budget_max) ? payload.budget_max : undefined,
    bedrooms: payload.nb_bedrooms || undefined,
    bathrooms: payload.nb_bathrooms || undefined,
    forSaleForRent: "buy",
  });
}

/** Field errors by field name, as short codes: required, format, markup-not-allowed, too-long, invalid. */
export function contactErrors(error: z.ZodError, data: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "body");
    if (key in out) continue;
    const value = data[key];
    const missing = value === undefined || value === "";
    let code: string;
    if (KNOWN_CODES.has(issue.message)) code = issue.message;
    else if (issue.code === "invalid_type") code = missing ? "required" : "format";
    else if (issue.code === "invalid_value" || issue.code === "invalid_union") code = missing ? "required" : "invalid";
    else if (issue.code === "too_big") code = "too-long";
    else if (issue.code === "too_small") code = missing ? "required" : "too-small";
    else code = "invalid";
    out[key] = code;
  }
  return out;
}

function storedPayload(payload: ContactPayload): Record<string, unknown> {
  const { recaptcha_response: _token, ...rest } = payload;
  // JSON has no Infinity: keep the alert form's open budget readable.
  return Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, typeof v === "number" && !Number.isFinite(v) ? "Infinity" : v]),
  );
}

const submissionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const contactRoutes: Route[] = [
  {
    method: "POST",
    pattern: "/contact",
    clients: ["protected"],
    maxBody: MAX_CONTACT_BYTES,
    handler: async (ctx) => {
      const { request, storage, forms, site, maxBody, config } = ctx;
      if (!site) throw new HttpError(401, "Missing or invalid site key");
      const ip = clientIp(request);
      const limit = await forms.contactLimiter.take(ip);
      if (!limit.allowed) {
        return json({ status: "error", message: "Too many submissions, try again later" }, 429, {
          "retry-after": String(limit.retryAfter),
        });
      }
      // The boundary parameter is case-sensitive (browsers send "----WebKitFormBoundaryAbC…"):
      // only the media type is compared in lower case, the header is parsed as sent.
      const contentType = request.headers.get("content-type") ?? "";
      const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
      if (!FORM_TYPES.includes(mediaType)) {
        throw new HttpError(415, "Send multipart/form-data or application/x-www-form-urlencoded");
      }
      const bytes = await readBody(request, maxBody);
      let form: FormData;
      try {
        form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
      } catch {
        throw new HttpError(400, "Body is not valid form data");
      }

      const data: Record<string, unknown> = {};
      const fileErrors: Record<string, string> = {};
      for (const [key, value] of form.entries()) {
        // No field takes a NUL character (PostgreSQL cannot store one): the field is not valid.
        if (key.includes("\u0000")) throw new HttpError(400, "Some fields are missing or invalid", { body: "format" });
        if (key in data || key in fileErrors) continue;
        if (typeof value === "string" && !value.includes("\u0000")) data[key] = value;
        else fileErrors[key] = "format";
      }
      const parsed = contactPayloadSchema.safeParse(data);
      if (!parsed.success || Object.keys(fileErrors).length > 0) {
        const errors = { ...fileErrors, ...(parsed.success ? {} : contactErrors(parsed.error, data)) };
        throw new HttpError(400, "Some fields are missing or invalid", errors);
      }

      const payload = parsed.data;
      // A visit request names a listing on the market; its address goes with the lead so the
      // broker reads which property without looking the number up.
      let listing: { listing_address: string; listing_url: string } | undefined;
      if (payload.form_type === "visit_request") {
        const record = await storage.listings.get(payload.uls);
        if (!record) throw new HttpError(400, "Some fields are missing or invalid", { uls: "invalid" });
        listing = { listing_address: record.address[payload.locale], listing_url: record.url[payload.locale] };
      }
      const verdict = await forms.captcha.verify(payload.recaptcha_response, {
        remoteIp: ip === "unknown" ? undefined : ip,
        hostnames: site.domains,
        siteId: site.site_id,
      });
      if (!verdict.ok) {
        if (verdict.reason === "unavailable") {
          return json({ status: "error", message: "captcha verification unavailable" }, 503, { "retry-after": "5" });
        }
        throw new HttpError(403, "captcha verification failed", { recaptcha_response: verdict.reason });
      }

      // With alerts on, the alert form's express consent also makes an alert (issue 32), pending
      // until its owner confirms it from the e-mail (double opt-in), in the words the form showed.
      const alertOrigin =
        payload.form_type === "property_alert" && alertsEnabled(config) ? originOf(config, request, site) : undefined;
      const sender =
        payload.form_type === "property_alert" && alertsEnabled(config)
          ? alertSenderOf(site, payload.locale, alertOrigin ?? undefined)
          : undefined;
      const alertsText = sender ? alertConsentText(payload.locale, sender) : undefined;
      const id = await storage.submissions.insert({
        site_id: site.site_id,
        type: payload.form_type,
        locale: payload.locale,
        recipient_type: payload.form_type === "contact_form" ? (payload.recipient_type ?? null) : null,
        recipient_slug: payload.form_type === "contact_form" ? (payload.recipient_slug ?? null) : null,
        payload: { ...storedPayload(payload), ...listing },
        ip: ip === "unknown" ? null : ip,
        consent: consentOf(payload, site, new Date(), alertsText),
        deliveries: forms.delivery.channels,
      });
      forms.delivery.stored();
      if (alertsText && payload.form_type === "property_alert") {
        try {
          const alert = await storage.alerts.subscribe(
            {
              site_id: site.site_id,
              email: payload.email,
              locale: payload.locale,
              search: await searchOfAlertForm(payload, storage),
              page: SEARCH_PAGES[payload.locale],
              origin: alertOrigin ?? null,
              frequency: "instant",
              consent: {
                text: alertsText,
                version: ALERT_CONSENT_VERSION,
                page: SEARCH_PAGES[payload.locale],
                source: "alert_form",
              },
              ip: ip === "unknown" ? null : ip,
            },
            new Date(),
          );
          await ctx.audit({
            action: "alert.subscribed",
            outcome: "success",
            target: `${site.site_id}/${alert.id}`,
            details: { site_id: site.site_id, lead_id: id },
          });
          forms.alerts.changed();
        } catch (error) {
          // Too many alerts waiting for this address: the lead stands, no other alert is made.
          if (!(error instanceof AlertLimitError)) throw error;
        }
      }
      return json({ status: "success", id });
    },
  },
  {
    method: "GET",
    pattern: "/captcha/challenge",
    clients: ["protected"],
    handler: async ({ forms, site }) => {
      if (!site) throw new HttpError(401, "Missing or invalid site key");
      if (!(forms.captcha instanceof AltchaVerifier)) throw new HttpError(404, "This site does not use ALTCHA");
      return json(await forms.captcha.challenge(site.site_id));
    },
  },
  {
    method: "GET",
    pattern: "/submissions/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const { params, url, storage } = ctx;
      const siteId = params.site_id ?? "";
      await requireEditor(ctx, siteId);
      if (!(await storage.content.getSite(siteId))) throw new HttpError(404, "Unknown site");
      const parsed = submissionsQuerySchema.safeParse(queryObject(url));
      if (!parsed.success) {
        const key = String(parsed.error.issues[0]?.path[0] ?? "query");
        throw new HttpError(400, `Invalid query parameter: ${key}`, { [key]: "format" });
      }
      const { page, limit } = parsed.data;
      const { total, submissions } = await storage.submissions.list(siteId, { offset: (page - 1) * limit, limit });
      return json({
        data: {
          total,
          page,
          limit,
          submissions: submissions.map(({ ip_hash: _ip, ...rest }) => rest),
        },
      });
    },
  },
];
