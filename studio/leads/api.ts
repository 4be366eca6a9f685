/** The inbox's calls to the content service (server/content/routes/leads.ts), answers parsed with zod. */
import { z } from "zod";
import { editorRequest, StudioApiError, type StudioSiteRef } from "../shell/api";

export const leadSchema = z.object({
  id: z.string(),
  site_id: z.string(),
  type: z.string(),
  locale: z.enum(["fr", "en"]),
  recipient_type: z.string().nullable(),
  recipient_slug: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  status: z.enum(["new", "handled"]),
  handled_at: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  consent: z.object({ email: z.object({ given_at: z.string(), text: z.string() }).optional() }).nullable(),
  delivery: z.enum(["none", "pending", "delivered", "failing", "failed"]),
});
export type Lead = z.infer<typeof leadSchema>;

const pageSchema = z.object({
  data: z.object({
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    problems: z.number(),
    retention_days: z.number(),
    channels: z.array(z.string()),
    leads: z.array(leadSchema),
  }),
});
export type LeadPage = z.infer<typeof pageSchema>["data"];

export const deliverySchema = z.object({
  id: z.string(),
  channel: z.string(),
  state: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

const detailSchema = z.object({ data: z.object({ lead: leadSchema, deliveries: z.array(deliverySchema) }) });

export interface LeadQuery {
  type?: string;
  status?: string;
  from?: string;
  to?: string;
  q?: string;
  problems?: boolean;
  page: number;
}

export function queryString(query: LeadQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...extra })) {
    if (value === undefined || value === "" || value === false) continue;
    params.set(key, value === true ? "1" : String(value));
  }
  return params.toString();
}

export async function read<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: string } | null)?.message ?? `HTTP ${response.status}`;
    throw new StudioApiError(response.status, message, body);
  }
  return schema.parse(body);
}

export function createLeadsApi(site: Pick<StudioSiteRef, "site_id">) {
  const base = `/api/leads/${encodeURIComponent(site.site_id)}`;
  const call = editorRequest;
  return {
    async list(query: LeadQuery): Promise<LeadPage> {
      return (await read(await call(`${base}?${queryString(query, { limit: "25" })}`), pageSchema)).data;
    },
    async detail(id: string) {
      return (await read(await call(`${base}/${encodeURIComponent(id)}`), detailSchema)).data;
    },
    async setStatus(id: string, status: Lead["status"]) {
      await read(
        await call(`${base}/${encodeURIComponent(id)}/status`, { method: "PUT", json: { status } }),
        z.unknown(),
      );
    },
    async retry(id: string) {
      await read(await call(`${base}/${encodeURIComponent(id)}/retry`, { method: "POST" }), z.unknown());
    },
    async remove(id: string) {
      await read(await call(`${base}/${encodeURIComponent(id)}`, { method: "DELETE" }), z.unknown());
    },
    /** The filtered leads as a CSV file. */
    async exportCsv(query: LeadQuery, locale: string): Promise<{ blob: Blob; name: string }> {
      const { page: _page, ...filters } = query;
      const response = await call(`${base}/export?${queryString({ ...filters, page: 1 }, { locale })}`, {
        accept: "text/csv",
      });
      if (!response.ok) throw new StudioApiError(response.status, `HTTP ${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "export.csv";
      return { blob: await response.blob(), name };
    },
  };
}
export type LeadsApi = ReturnType<typeof createLeadsApi>;
