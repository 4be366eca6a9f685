/**
 * The broker's inbox (content client; signed-in editors and admins, or their API tokens:
 * `requireEditor` decides who that is):
 *
 * GET    /leads/:site_id                 leads matching filters (type, status, from, to, q, problems), paged
 * GET    /leads/:site_id/export          the same leads as CSV (UTF-8 with BOM), headers in `locale`
 * GET    /leads/:site_id/:id             one lead with its deliveries
 * PUT    /leads/:site_id/:id/status      { status: "new" | "handled" }
 * POST   /leads/:site_id/:id/retry       makes its undelivered e-mail and webhook due again
 * DELETE /leads/:site_id/:id             deletes the lead (a person's request under Law 25)
 *
 * Changes go to the audit trail (server/content/auth.ts `recordAudit`).
 */
import { z } from "zod";
import { leadsCsv } from "../../leads/csv";
import { startOfDay } from "../../leads/dates";
import { leadsT } from "../../leads/messages";
import { recordAudit, requireEditor } from "../auth";
import { HttpError, json, queryObject, readJson } from "../http";
import type { Route, RouteContext } from "../service";
import { LEAD_STATUSES, type LeadFilter, type SubmissionRecord } from "../stores/submissions";

const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const day = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "format")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "format")
    .optional(),
);

export const leadQuerySchema = z.object({
  type: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[a-z][a-z_]{0,39}$/, "format")
      .optional(),
  ),
  status: z.preprocess(unsetIfEmpty, z.enum(LEAD_STATUSES).optional()),
  /** First and last day shown (inclusive), in Québec's time. */
  from: day,
  to: day,
  q: z.preprocess(unsetIfEmpty, z.string().max(200).optional()),
  problems: z.preprocess(unsetIfEmpty, z.enum(["0", "1"]).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  locale: z.preprocess(unsetIfEmpty, z.enum(["fr", "en"]).default("fr")),
});
type LeadQuery = z.infer<typeof leadQuerySchema>;

const statusBodySchema = z.object({ status: z.enum(LEAD_STATUSES) });

/** At most this many leads in one export. */
const EXPORT_MAX = 50_000;

function parseQuery(url: URL): LeadQuery {
  const parsed = leadQuerySchema.safeParse(queryObject(url));
  if (!parsed.success) {
    const key = String(parsed.error.issues[0]?.path[0] ?? "query");
    throw new HttpError(400, `Invalid query parameter: ${key}`, { [key]: "format" });
  }
  return parsed.data;
}

export function filterOf(query: LeadQuery): LeadFilter {
  return {
    type: query.type,
    status: query.status,
    from: query.from ? startOfDay(query.from).toISOString() : undefined,
    to: query.to ? startOfDay(query.to, 1).toISOString() : undefined,
    q: query.q,
    deliveryProblem: query.problems === "1",
  };
}

/** A lead as the inbox receives it: never the IP hash. */
const publicLead = ({ ip_hash: _ip, ...lead }: SubmissionRecord) => lead;

async function siteOf(ctx: RouteContext): Promise<string> {
  const siteId = ctx.params.site_id ?? "";
  await requireEditor(ctx, siteId);
  if (!(await ctx.storage.content.getSite(siteId))) throw new HttpError(404, "Unknown site");
  return siteId;
}

async function leadOf(ctx: RouteContext, siteId: string): Promise<SubmissionRecord> {
  const lead = await ctx.storage.submissions.get(siteId, ctx.params.id ?? "");
  if (!lead) throw new HttpError(404, "Unknown lead");
  return lead;
}

export const leadRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/leads/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const query = parseQuery(ctx.url);
      const { total, submissions } = await ctx.storage.submissions.list(siteId, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        filter: filterOf(query),
      });
      const problems = (
        await ctx.storage.submissions.list(siteId, { offset: 0, limit: 1, filter: { deliveryProblem: true } })
      ).total;
      return json({
        data: {
          total,
          page: query.page,
          limit: query.limit,
          problems,
          retention_days: ctx.config.LEADS_RETENTION_DAYS,
          channels: ctx.forms.delivery.channels,
          leads: submissions.map(publicLead),
        },
      });
    },
  },
  {
    method: "GET",
    pattern: "/leads/:site_id/export",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const query = parseQuery(ctx.url);
      const filter = filterOf(query);
      const leads: SubmissionRecord[] = [];
      for (let offset = 0; offset < EXPORT_MAX; offset += 500) {
        const page = await ctx.storage.submissions.list(siteId, { offset, limit: 500, filter });
        leads.push(...page.submissions);
        if (page.submissions.length < 500) break;
      }
      await recordAudit(ctx, { action: "lead.exported", site_id: siteId, count: leads.length });
      const name = `${query.locale === "fr" ? "demandes" : "leads"}-${new Date().toISOString().slice(0, 10)}.csv`;
      return new Response(leadsCsv(leads, query.locale, leadsT(query.locale)), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${name}"`,
          "cache-control": "no-store",
        },
      });
    },
  },
  {
    method: "GET",
    pattern: "/leads/:site_id/:id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const lead = await leadOf(ctx, siteId);
      return json({ data: { lead: publicLead(lead), deliveries: await ctx.storage.outbox.forSubmission(lead.id) } });
    },
  },
  {
    method: "PUT",
    pattern: "/leads/:site_id/:id/status",
    clients: ["content"],
    access: "editor",
    maxBody: 1024,
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const parsed = statusBodySchema.safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid status", { status: "invalid" });
      const id = ctx.params.id ?? "";
      if (!(await ctx.storage.submissions.setStatus(siteId, id, parsed.data.status, new Date()))) {
        throw new HttpError(404, "Unknown lead");
      }
      await recordAudit(ctx, {
        action: parsed.data.status === "handled" ? "lead.handled" : "lead.reopened",
        site_id: siteId,
        lead_id: id,
      });
      return json({ status: "success", lead: publicLead(await leadOf(ctx, siteId)) });
    },
  },
  {
    method: "POST",
    pattern: "/leads/:site_id/:id/retry",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const lead = await leadOf(ctx, siteId);
      const retried = await ctx.storage.outbox.retry(lead.id, Date.now());
      ctx.forms.delivery.stored();
      await recordAudit(ctx, { action: "lead.retried", site_id: siteId, lead_id: lead.id });
      return json({ status: "success", retried });
    },
  },
  {
    method: "DELETE",
    pattern: "/leads/:site_id/:id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const siteId = await siteOf(ctx);
      const id = ctx.params.id ?? "";
      if (!(await ctx.storage.submissions.delete(siteId, id))) throw new HttpError(404, "Unknown lead");
      await recordAudit(ctx, { action: "lead.deleted", site_id: siteId, lead_id: id });
      return json({ status: "success" });
    },
  },
];
