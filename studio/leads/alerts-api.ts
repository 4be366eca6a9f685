/** The studio's calls for saved-search alerts (issue 32): the site's list, the CSV of the consent proof, a deletion. */
import { z } from "zod";
import { ALERT_STATES, type AlertState, alertRecordSchema } from "../../schema/alerts";
import { editorRequest, StudioApiError, type StudioSiteRef } from "../shell/api";
import { read } from "./api";

const pageSchema = z.object({
  data: z.object({
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    limit: z.number().int(),
    alerts: z.array(alertRecordSchema),
  }),
});
export type AlertPage = z.infer<typeof pageSchema>["data"];

export interface AlertQuery {
  page: number;
  q?: string;
  state?: AlertState | "";
}

const queryOf = (query: AlertQuery, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  params.set("page", String(query.page));
  if (query.q?.trim()) params.set("q", query.q.trim());
  if (query.state && (ALERT_STATES as readonly string[]).includes(query.state)) params.set("state", query.state);
  return params.toString();
};

export function createAlertsApi(site: Pick<StudioSiteRef, "site_id">) {
  const base = `/api/alert-subscriptions/${encodeURIComponent(site.site_id)}`;
  return {
    async list(query: AlertQuery): Promise<AlertPage> {
      return (await read(await editorRequest(`${base}?${queryOf(query, { limit: "25" })}`), pageSchema)).data;
    },
    async remove(id: string) {
      await read(await editorRequest(`${base}/${encodeURIComponent(id)}`, { method: "DELETE" }), z.unknown());
    },
    async exportCsv(query: AlertQuery, locale: string): Promise<{ blob: Blob; name: string }> {
      const response = await editorRequest(`${base}/export?${queryOf({ ...query, page: 1 }, { locale })}`, {
        accept: "text/csv",
      });
      if (!response.ok) throw new StudioApiError(response.status, `HTTP ${response.status}`);
      const name =
        /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "alert-subscriptions.csv";
      return { blob: await response.blob(), name };
    },
  };
}
export type AlertsApi = ReturnType<typeof createAlertsApi>;
