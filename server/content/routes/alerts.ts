/**
 * Saved-search alerts (issue 32). Every body and query is parsed with zod (schema/alerts.ts);
 * bad input is a 4xx that stores nothing.
 *
 * Visitors (the site key's protected client, like the contact form):
 *   GET  /api/swc/{microsite}/alerts/consent?locale=fr   the consent sentence to show beside the box (null: alerts off)
 *   POST /api/swc/{microsite}/alerts                     a new alert (JSON): rate limit (429), fields (400),
 *                                                        the consent sentence must be the current one (409),
 *                                                        captcha (403); stored pending with its consent and
 *                                                        its confirmation e-mail (double opt-in)
 * The alert's own links (no login: the token in the link is the authority; unprotected client):
 *   GET  /api/swc/alerts/{token}                         the alert as its owner sees it
 *   POST /api/swc/alerts/{token}                         one change (confirm, frequency, pause, resume,
 *                                                        search, unsubscribe, unsubscribe_all, delete)
 *   POST /api/swc/alerts/{token}/unsubscribe             RFC 8058 one-click: body List-Unsubscribe=One-Click
 * The broker (signed-in editor; audited):
 *   GET    /api/alert-subscriptions/{site}               the site's alerts (q, state, page, limit)
 *   GET    /api/alert-subscriptions/{site}/export        the same as CSV with the consent proof
 *   DELETE /api/alert-subscriptions/{site}/{id}          deletes one on the person's request (Law 25)
 */
import { z } from "zod";
import {
  ALERT_CONSENT_VERSION,
  ALERT_STATES,
  type AlertRecord,
  type AlertView,
  alertChangeSchema,
  alertSubscribeSchema,
  summarizeSearch,
} from "../../../schema/alerts";
import { localeSchema } from "../../../schema/common";
import { PROPERTY_TYPE_LABELS } from "../../../schema/search";
import { alertsT } from "../../alerts/messages";
import { nextDigestAt } from "../../alerts/schedule";
import { alertConsentText, alertSenderOf } from "../../alerts/sender";
import { alertsEnabled } from "../../alerts/worker";
import type { Config } from "../../config";
import { csvFile } from "../../leads/csv";
import { requireEditor } from "../auth";
import { fieldErrors, HttpError, json, queryObject, readBody, readJson } from "../http";
import { clientIp } from "../rate-limit";
import type { Route, RouteContext } from "../service";
import { AlertLimitError } from "../stores/alerts";
import type { SiteRecord } from "../stores/content";
import { originOf } from "./contact";

const scheduleOf = (config: Config) => ({
  timeZone: config.ALERTS_TIME_ZONE,
  hour: config.ALERTS_DIGEST_HOUR,
  weekday: config.ALERTS_WEEKLY_DAY,
});

const originFor = (ctx: RouteContext, site: SiteRecord) => originOf(ctx.config, ctx.request, site);

function requireAlerts(ctx: RouteContext): void {
  if (!alertsEnabled(ctx.config)) throw new HttpError(404, "Alerts are not available on this site");
}

function senderOrRefuse(site: SiteRecord, locale: "fr" | "en", origin: string | null) {
  const sender = alertSenderOf(site, locale, origin ?? undefined);
  // CASL: a message must name a mailing address; a site that publishes none sends no alerts.
  if (!sender) throw new HttpError(404, "Alerts are not available on this site");
  return sender;
}

const consentQuerySchema = z.object({ locale: localeSchema.default("fr") });

/** The store's options of a change made now. */
async function changeOptions(ctx: RouteContext) {
  const now = new Date();
  const fromSeq = await ctx.storage.listings.lastEventSeq();
  return {
    now,
    fromSeq,
    nextDigest: (f: Parameters<typeof nextDigestAt>[0]) => nextDigestAt(f, now.getTime(), scheduleOf(ctx.config)),
  };
}

async function viewOf(ctx: RouteContext, token: string): Promise<AlertView> {
  const alert = await ctx.storage.alerts.byToken(token, new Date());
  if (!alert) throw new HttpError(404, "This link matches no alert");
  const site = await ctx.storage.content.getSite(alert.site_id);
  return {
    email: alert.email,
    locale: alert.locale,
    frequency: alert.frequency,
    state: alert.state,
    search: alert.search,
    page: alert.page,
    site_name: site?.name ?? "",
    created_at: alert.created_at,
    confirmed_at: alert.consent.confirmed_at,
    others: await ctx.storage.alerts.othersOf({ id: alert.id, site_id: alert.site_id, email: alert.email }),
  };
}

const TOKEN_PARAM = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

function tokenOf(ctx: RouteContext): string {
  const parsed = TOKEN_PARAM.safeParse(ctx.params.token);
  if (!parsed.success) throw new HttpError(404, "This link matches no alert");
  return parsed.data;
}

const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  state: z.enum(ALERT_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  locale: localeSchema.default("fr"),
});

function parseList(url: URL) {
  const parsed = listQuerySchema.safeParse(queryObject(url));
  if (!parsed.success) throw new HttpError(400, "Invalid query", fieldErrors(parsed.error));
  return parsed.data;
}

async function siteOf(ctx: RouteContext): Promise<string> {
  const siteId = ctx.params.site_id ?? "";
  await requireEditor(ctx, siteId);
  if (!(await ctx.storage.content.getSite(siteId))) throw new HttpError(404, "Unknown site");
  return siteId;
}

/** The consent proof as CSV columns, headers and values in the studio's language. */
export function alertsCsv(alerts: readonly AlertRecord[], locale: "fr" | "en"): string {
  const t = alertsT(locale);
  const f = (key: string) => t(`alerts.studio.fields.${key}`);
  const header = [
    f("email"),
    f("state"),
    f("frequency"),
    f("search"),
    f("locale"),
    f("source"),
    f("page"),
    f("consent_text"),
    f("consent_version"),
    f("given_at"),
    f("confirmed_at"),
    f("withdrawn_at"),
    f("ip_hash"),
    f("sent"),
    f("last_sent_at"),
  ];
  const rows = alerts.map((a) => [
    a.email,
    t(`alerts.states.${a.state}`),
    t(`alerts.frequency-short.${a.frequency}`),
    summarizeSearch(
      a.search,
      locale,
      (k, o) => t(k, o),
      (code) => PROPERTY_TYPE_LABELS[code][locale],
    ).join(" · "),
    a.locale,
    t(`alerts.studio.sources.${a.consent.source}`),
    a.consent.page,
    a.consent.text,
    a.consent.version,
    a.consent.given_at,
    a.consent.confirmed_at ?? "",
    a.consent.withdrawn_at ?? "",
    a.consent.ip_hash ?? "",
    a.sent,
    a.last_sent_at ?? "",
  ]);
  return csvFile(header, rows);
}

export const alertRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/alerts/consent",
    clients: ["protected"],
    handler: async (ctx) => {
      if (!ctx.site) throw new HttpError(401, "Missing or invalid site key");
      const parsed = consentQuerySchema.safeParse(queryObject(ctx.url));
      if (!parsed.success) throw new HttpError(400, "Invalid query", fieldErrors(parsed.error));
      // Alerts off, or a site without a mailing address (CASL): answered, not a 404, since every
      // search page asks (a 404 is an error in the visitor's console).
      const sender = alertsEnabled(ctx.config)
        ? alertSenderOf(ctx.site, parsed.data.locale, originFor(ctx, ctx.site) ?? undefined)
        : undefined;
      if (!sender) return json({ consent: null });
      return json({ consent: alertConsentText(parsed.data.locale, sender), version: ALERT_CONSENT_VERSION });
    },
  },
  {
    method: "POST",
    pattern: "/alerts",
    clients: ["protected"],
    handler: async (ctx) => {
      const { site, storage, forms, request } = ctx;
      if (!site) throw new HttpError(401, "Missing or invalid site key");
      requireAlerts(ctx);
      const ip = clientIp(request);
      const limit = await forms.alertLimiter.take(ip);
      if (!limit.allowed) {
        return json({ status: "error", message: "Too many submissions, try again later" }, 429, {
          "retry-after": String(limit.retryAfter),
        });
      }
      const parsed = alertSubscribeSchema.safeParse(await readJson(request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(400, "Some fields are missing or invalid", fieldErrors(parsed.error));
      const body = parsed.data;
      const origin = originFor(ctx, site);
      const sender = senderOrRefuse(site, body.locale, origin);
      // The proof holds the words the visitor read: the dialog's sentence must be this version's.
      const text = alertConsentText(body.locale, sender);
      if (body.consent_text !== text) {
        throw new HttpError(409, "The consent wording changed: reload the page", { consent_text: "stale" });
      }
      const verdict = await forms.captcha.verify(body.recaptcha_response, {
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
      let id: string;
      try {
        ({ id } = await storage.alerts.subscribe(
          {
            site_id: site.site_id,
            email: body.email,
            locale: body.locale,
            search: body.search,
            page: body.page,
            origin,
            frequency: body.frequency,
            consent: { text, version: ALERT_CONSENT_VERSION, page: body.page, source: "search" },
            ip: ip === "unknown" ? null : ip,
          },
          new Date(),
        ));
      } catch (error) {
        if (error instanceof AlertLimitError) {
          throw new HttpError(409, "This address has too many alerts waiting", { email: "limit" });
        }
        throw error;
      }
      await ctx.audit({
        action: "alert.subscribed",
        outcome: "success",
        target: `${site.site_id}/${id}`,
        details: { site_id: site.site_id },
      });
      forms.alerts.changed();
      return json({ status: "success" });
    },
  },
  {
    method: "GET",
    pattern: "/alerts/:token",
    clients: ["unprotected"],
    handler: async (ctx) => json({ data: await viewOf(ctx, tokenOf(ctx)) }),
  },
  {
    method: "POST",
    pattern: "/alerts/:token",
    clients: ["unprotected"],
    handler: async (ctx) => {
      const token = tokenOf(ctx);
      const parsed = alertChangeSchema.safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid change", fieldErrors(parsed.error));
      const alert = await ctx.storage.alerts.byToken(token, new Date());
      if (!alert) throw new HttpError(404, "This link matches no alert");
      const result = await ctx.storage.alerts.change(alert.id, parsed.data, await changeOptions(ctx));
      await ctx.audit({
        action: `alert.${parsed.data.action}`,
        outcome: "success",
        target: `${alert.site_id}/${alert.id}`,
        details: {
          site_id: alert.site_id,
          changed: result.changed,
          ...(result.removed ? { removed: result.removed } : {}),
        },
      });
      ctx.forms.alerts.changed();
      if (parsed.data.action === "delete") return json({ status: "deleted", changed: result.changed });
      return json({ status: "success", changed: result.changed, data: await viewOf(ctx, token) });
    },
  },
  {
    method: "POST",
    pattern: "/alerts/:token/unsubscribe",
    clients: ["unprotected"],
    handler: async (ctx) => {
      const token = tokenOf(ctx);
      // RFC 8058: the body is List-Unsubscribe=One-Click (form-encoded or multipart), nothing else needed.
      const alert = await ctx.storage.alerts.byToken(token, new Date());
      if (!alert) throw new HttpError(404, "This link matches no alert");
      const raw = new TextDecoder().decode(await readBody(ctx.request, ctx.maxBody));
      const oneClick =
        /(^|&|\n)List-Unsubscribe=One-Click(\r?$|&|\r?\n)/m.test(raw) ||
        /name="List-Unsubscribe"\r?\n\r?\nOne-Click/.test(raw);
      if (!oneClick) throw new HttpError(400, "Send List-Unsubscribe=One-Click", { "List-Unsubscribe": "required" });
      const result = await ctx.storage.alerts.change(alert.id, { action: "unsubscribe" }, await changeOptions(ctx));
      await ctx.audit({
        action: "alert.unsubscribe",
        outcome: "success",
        target: `${alert.site_id}/${alert.id}`,
        details: { site_id: alert.site_id, one_click: true, changed: result.changed },
      });
      return json({ status: "unsubscribed" });
    },
  },
  {
    method: "GET",
    pattern: "/alert-subscriptions/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const query = parseList(ctx.url);
      const { total, alerts } = await ctx.storage.alerts.list(siteId, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        q: query.q,
        state: query.state,
      });
      return json({ data: { total, page: query.page, limit: query.limit, alerts } });
    },
  },
  {
    method: "GET",
    pattern: "/alert-subscriptions/:site_id/export",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const query = parseList(ctx.url);
      const all: AlertRecord[] = [];
      for (let offset = 0; offset < 50_000; offset += 500) {
        const page = await ctx.storage.alerts.list(siteId, { offset, limit: 500, q: query.q, state: query.state });
        all.push(...page.alerts);
        if (page.alerts.length < 500) break;
      }
      await ctx.audit({
        action: "alert.exported",
        outcome: "success",
        target: siteId,
        details: { site_id: siteId, count: all.length },
      });
      const name = `${query.locale === "fr" ? "alertes" : "alerts"}-${new Date().toISOString().slice(0, 10)}.csv`;
      return new Response(alertsCsv(all, query.locale), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${name}"`,
          "cache-control": "no-store",
        },
      });
    },
  },
  {
    method: "DELETE",
    pattern: "/alert-subscriptions/:site_id/:id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const id = z.string().uuid().safeParse(ctx.params.id);
      if (!id.success || !(await ctx.storage.alerts.remove(siteId, id.data, new Date()))) {
        throw new HttpError(404, "No such alert");
      }
      await ctx.audit({
        action: "alert.deleted",
        outcome: "success",
        target: `${siteId}/${id.data}`,
        details: { site_id: siteId },
      });
      return json({ status: "deleted" });
    },
  },
];
