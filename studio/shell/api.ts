/**
 * The studio's calls to the content service (content client) as the signed-in editor: the
 * browser sends the HttpOnly session cookie with these same-origin calls, so no key is
 * asked for, stored or bundled. Publishing sends the version it edited (`base_version` and
 * `If-Match`): the service refuses a save without it (428).
 */
import { z } from "zod";
import type { Block } from "../../schema/block";
import { fillLocales, normaliseRawBlock, rawBlockSchema } from "../../schema/block";
import { draftSummarySchema, type StoredDraft, storedDraftSchema } from "../../schema/draft";
import { changeSummarySchema } from "../../schema/page-diff";
import { type DefinitionLookup, parseBlock } from "../../schema/parse";
import { themeSchema } from "../../schema/theme";
import type { StudioDoc } from "../store/types";

export interface StudioSiteRef {
  site_id: string;
  site_key: string;
  theme: unknown;
}

const localized = z.object({ fr: z.string(), en: z.string() });

export const pageRecordSchema = z.object({
  page_id: z.string().min(1),
  paths: z.object({ fr: z.string().startsWith("/fr"), en: z.string().startsWith("/en") }),
  title: localized,
  content: z.array(z.unknown()).default([]),
  override: z.unknown().optional(),
  seo: z.unknown().optional(),
  hidden: z.boolean().default(false),
  version: z.number().int().nonnegative().default(1),
  updated_at: z.string().optional(),
});
export type PageRecord = z.infer<typeof pageRecordSchema>;

/** What an imported file may hold: a page record, or `{ page }` as exported by the studio. */
export const importFileSchema = z.union([z.object({ page: pageRecordSchema }), pageRecordSchema]);

export const pageSummarySchema = z.object({
  page_id: z.string(),
  paths: localized,
  title: localized,
  hidden: z.boolean().default(false),
  version: z.number(),
  /** Who has a draft of the page, and since when. */
  draft: draftSummarySchema.nullable().default(null),
  /** When it is scheduled to be published, and by whom. */
  scheduled: z
    .object({ run_at: z.string(), editor: z.object({ id: z.string(), name: z.string() }) })
    .nullable()
    .default(null),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

/**
 * Blocks as the studio keeps them: valid blocks parsed (schema defaults filled), invalid ones
 * kept as they are so the canvas shows an error card instead of losing them.
 */
export function studioBlocks(raw: readonly unknown[], lookup?: DefinitionLookup): Block[] {
  const quiet = () => {};
  return raw.flatMap((item, index) => {
    const { block } = parseBlock(item, index, quiet, lookup);
    if (block) return [block];
    const envelope = rawBlockSchema.safeParse(item);
    if (!envelope.success) return [];
    const normalised = normaliseRawBlock(envelope.data, index, quiet);
    return [{ ...normalised, fields: fillLocales(normalised.fields) } as Block];
  });
}

export function siteTheme(site: StudioSiteRef) {
  const parsed = themeSchema.safeParse(site.theme ?? {});
  return parsed.success ? parsed.data : themeSchema.parse({});
}

export function docOfPage(page: PageRecord, site: StudioSiteRef, origin: StudioDoc["origin"] = "server"): StudioDoc {
  return {
    page_id: page.page_id,
    site_id: site.site_id,
    base_version: origin === "server" ? page.version : 0,
    title: page.title,
    paths: page.paths,
    blocks: studioBlocks(page.content),
    theme: siteTheme(site),
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
    origin,
    hidden: page.hidden,
    seo: page.seo,
    override: page.override,
  };
}

export function pageOfDoc(doc: StudioDoc, target?: PageSummary): PageRecord {
  return {
    page_id: target?.page_id ?? doc.page_id,
    paths: target?.paths ?? doc.paths,
    title: target?.title ?? doc.title,
    content: doc.blocks,
    hidden: doc.hidden ?? false,
    ...(doc.seo !== undefined ? { seo: doc.seo } : {}),
    ...(doc.override !== undefined ? { override: doc.override } : {}),
    version: target?.version ?? doc.base_version,
  };
}

/** A scheduled publish as the service answers it. */
export const scheduleSchema = z.object({
  id: z.string(),
  run_at: z.string(),
  state: z.enum(["pending", "done", "failed", "cancelled"]),
  editor: z.object({ id: z.string(), name: z.string() }),
  note: z.string().nullable(),
  finished_at: z.string().nullable(),
  version: z.number().nullable(),
  error: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;
const scheduleStatusSchema = z.object({
  schedule: scheduleSchema.nullable(),
  last: scheduleSchema.nullable(),
  time_zone: z.string(),
});
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;

/** A preview link as the service lists it (never its secret). */
export const previewLinkSchema = z.object({
  id: z.string(),
  version: z.number().nullable(),
  editor: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** A version as the versions panel lists it (the service's answer, parsed). */
export const versionSummarySchema = z.object({
  version: z.number().int().nonnegative(),
  editor: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  summary: changeSummarySchema,
  note: z.string().nullable().default(null),
  scheduled_for: z.string().nullable().default(null),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;
const versionListSchema = z.object({ versions: z.array(versionSummarySchema), next: z.number().nullable() });
const versionAnswerSchema = z.object({ version: versionSummarySchema.extend({ page: pageRecordSchema }) });
export type VersionDetail = z.infer<typeof versionAnswerSchema>["version"];

/** A draft call's answer: its status and body (the caller tells a conflict from a lost lock). */
export interface DraftAnswer {
  status: number;
  body: unknown;
}

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function createStudioApi(site: StudioSiteRef, onTimeZone?: (zone: string) => void) {
  const headers = { accept: "application/json" };
  async function get(path: string): Promise<unknown> {
    const response = await fetch(path, { headers, credentials: "same-origin" });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new StudioApiError(response.status, `HTTP ${response.status}`, body);
    return body;
  }
  return {
    async demoPage(): Promise<StudioDoc> {
      const body = z.object({ blocks: z.array(z.unknown()) }).parse(await get("/api/development/demo-page"));
      return docOfPage(
        {
          page_id: "demo",
          paths: { fr: "/fr/demo", en: "/en/demo" },
          title: { fr: "Page de démonstration", en: "Demo page" },
          content: body.blocks,
          hidden: true,
          version: 0,
        },
        site,
        "demo",
      );
    },
    async listPages(): Promise<PageSummary[]> {
      const body = z
        .object({ pages: z.array(pageSummarySchema), time_zone: z.string().optional() })
        .parse(await get(`/api/pages/${site.site_id}`));
      if (body.time_zone) onTimeZone?.(body.time_zone);
      return body.pages;
    },
    async page(pageId: string): Promise<StudioDoc> {
      const body = z
        .object({ page: pageRecordSchema })
        .parse(await get(`/api/pages/${site.site_id}/${encodeURIComponent(pageId)}`));
      return docOfPage(body.page, site, "server");
    },
    /** A page's versions, newest first, 20 at a time (`before`: the previous answer's `next`). */
    async versions(pageId: string, before?: number): Promise<z.infer<typeof versionListSchema>> {
      const query = before === undefined ? "" : `?before=${before}`;
      return versionListSchema.parse(
        await get(`/api/pages/${site.site_id}/${encodeURIComponent(pageId)}/versions${query}`),
      );
    },
    async version(pageId: string, version: number): Promise<VersionDetail> {
      return versionAnswerSchema.parse(
        await get(`/api/pages/${site.site_id}/${encodeURIComponent(pageId)}/versions/${version}`),
      ).version;
    },
    /** The page's server draft, or null. */
    async draft(pageId: string): Promise<StoredDraft | null> {
      const body = z
        .object({ draft: storedDraftSchema.nullable() })
        .parse(await get(`/api/drafts/${site.site_id}/${encodeURIComponent(pageId)}`));
      return body.draft as StoredDraft | null;
    },
    /**
     * Writes the page's server draft from `revision` (0: none yet). `draftText` is the draft's
     * JSON, already made for this device's copy: it is not serialised twice.
     */
    async saveDraft(pageId: string, revision: number, draftText: string): Promise<DraftAnswer> {
      const response = await fetch(`/api/drafts/${site.site_id}/${encodeURIComponent(pageId)}`, {
        method: "PUT",
        headers: { ...headers, "content-type": "application/json" },
        credentials: "same-origin",
        body: `{"revision":${revision},"draft":${draftText}}`,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    async discardDraft(pageId: string, revision: number): Promise<DraftAnswer> {
      const response = await fetch(`/api/drafts/${site.site_id}/${encodeURIComponent(pageId)}?revision=${revision}`, {
        method: "DELETE",
        headers,
        credentials: "same-origin",
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    /** The page's pending publish, its last one made or failed, and the site's time zone. */
    async schedule(pageId: string): Promise<ScheduleStatus> {
      return scheduleStatusSchema.parse(await get(`/api/schedules/${site.site_id}/${encodeURIComponent(pageId)}`));
    },
    /** Schedules the draft's page to be published at `runAt` (an ISO instant), or moves its pending publish. */
    async scheduleAt(
      doc: StudioDoc,
      runAt: string,
      options: { draftRevision?: number; note?: string } = {},
    ): Promise<Schedule> {
      const page = pageOfDoc(doc);
      const response = await fetch(`/api/schedules/${site.site_id}/${encodeURIComponent(page.page_id)}`, {
        method: "PUT",
        headers: { ...headers, "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({
          run_at: runAt,
          page,
          base_version: doc.base_version,
          ...(options.draftRevision ? { draft_revision: options.draftRevision } : {}),
          ...(options.note ? { note: options.note } : {}),
        }),
      });
      const body = (await response.json().catch(() => null)) as { schedule?: unknown; message?: string } | null;
      if (!response.ok) throw new StudioApiError(response.status, body?.message ?? `HTTP ${response.status}`, body);
      return scheduleSchema.parse(body?.schedule);
    },
    async previews(pageId: string): Promise<PreviewLink[]> {
      return z
        .object({ links: z.array(previewLinkSchema) })
        .parse(await get(`/api/previews/${site.site_id}/${encodeURIComponent(pageId)}`)).links;
    },
    /** A new preview link; its secret is in this answer only. */
    async createPreview(
      pageId: string,
      options: { version?: number; days: number },
    ): Promise<{ link: PreviewLink; token: string }> {
      const response = await fetch(`/api/previews/${site.site_id}/${encodeURIComponent(pageId)}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(options),
      });
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (!response.ok) throw new StudioApiError(response.status, body?.message ?? `HTTP ${response.status}`, body);
      return z.object({ link: previewLinkSchema, token: z.string() }).parse(body);
    },
    async revokePreview(pageId: string, id: string): Promise<void> {
      const response = await fetch(
        `/api/previews/${site.site_id}/${encodeURIComponent(pageId)}/${encodeURIComponent(id)}`,
        { method: "DELETE", headers, credentials: "same-origin" },
      );
      if (!response.ok && response.status !== 404) throw new StudioApiError(response.status, `HTTP ${response.status}`);
    },
    async unschedule(pageId: string): Promise<void> {
      const response = await fetch(`/api/schedules/${site.site_id}/${encodeURIComponent(pageId)}`, {
        method: "DELETE",
        headers,
        credentials: "same-origin",
      });
      if (!response.ok && response.status !== 404) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new StudioApiError(response.status, body?.message ?? `HTTP ${response.status}`, body);
      }
    },
    async publish(
      doc: StudioDoc,
      target?: PageSummary,
      options: { draftRevision?: number; note?: string } = {},
    ): Promise<{ version: number }> {
      const page = pageOfDoc(doc, target);
      const base_version = target?.version ?? doc.base_version;
      const draft_revision = !target && options.draftRevision ? options.draftRevision : undefined;
      const response = await fetch(`/api/pages/${site.site_id}/${encodeURIComponent(page.page_id)}`, {
        method: "PUT",
        headers: { ...headers, "content-type": "application/json", "if-match": `"${base_version}"` },
        credentials: "same-origin",
        body: JSON.stringify({
          page,
          base_version,
          ...(draft_revision ? { draft_revision } : {}),
          ...(options.note ? { note: options.note } : {}),
        }),
      });
      const body = (await response.json().catch(() => null)) as { version?: number; message?: string } | null;
      if (!response.ok) throw new StudioApiError(response.status, body?.message ?? `HTTP ${response.status}`, body);
      return { version: Number(body?.version ?? base_version + 1) };
    },
  };
}
export type StudioApi = ReturnType<typeof createStudioApi>;

/**
 * A call that needs an editor (the leads inbox): the signed-in editor's session cookie goes with
 * this same-origin call (HttpOnly: no script reads it, nothing is stored in the browser). A 401
 * means the session ended; the caller sends the editor to the sign-in page.
 */
export async function editorRequest(
  path: string,
  init: { method?: string; json?: unknown; accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: init.accept ?? "application/json" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(path, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    credentials: "same-origin",
    cache: "no-store",
  });
}
