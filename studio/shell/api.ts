/**
 * The studio's calls to the content service (content client) as the signed-in editor: the
 * browser sends the HttpOnly session cookie with these same-origin calls, so no key is
 * asked for, stored or bundled. Publishing sends the version it edited (`base_version` and
 * `If-Match`): the service refuses a save without it (428).
 */
import { z } from "zod";
import type { Block } from "../../schema/block";
import { fillLocales, normaliseRawBlock, rawBlockSchema } from "../../schema/block";
import { draftSummarySchema, overrideOfDoc, type StoredDraft, storedDraftSchema } from "../../schema/draft";
import { changeSummarySchema } from "../../schema/page-diff";
import { type DefinitionLookup, parseBlock } from "../../schema/parse";
import { themeSchema } from "../../schema/theme";
import { withReauth } from "../auth/client";
import type { StudioDoc } from "../store/types";
import { useSiteStore } from "./site-store";

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
  updated_at: z.string().optional(),
  /** Who published the version online (null: the seed or a script). */
  editor: z.object({ id: z.string(), name: z.string() }).nullish(),
  /** Who has a draft of the page, and since when. */
  draft: draftSummarySchema.nullish(),
  /** When it is scheduled to be published, and by whom. */
  scheduled: z.object({ run_at: z.string(), editor: z.object({ id: z.string(), name: z.string() }) }).nullish(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

/** A page never published (a new page, issue 29): its server draft, which every editor sees. */
export const newPageSchema = z.object({
  page_id: z.string(),
  paths: localized,
  title: localized,
  draft: draftSummarySchema,
});
export type NewPageSummary = z.infer<typeof newPageSchema>;

/** What the studio edits site-wide (GET /api/sites/{site}/settings), with the versions its writes name. */
export const siteSettingsSchema = z.object({
  name: z.string(),
  info: z.unknown().nullable(),
  info_version: z.number().int(),
  header: z.array(z.unknown()),
  footer: z.array(z.unknown()),
  chrome_version: z.number().int(),
  theme: themeSchema,
  theme_version: z.number().int(),
  active_variant_id: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const redirectSchema = z.object({
  from: z.string(),
  to: z.string(),
  status: z.union([z.literal(301), z.literal(302), z.literal(410)]),
  origin: z.string().optional(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullish(),
  created_at: z.string().optional(),
});
export type Redirect = z.infer<typeof redirectSchema>;

export const variantSchema = z.object({
  variant_id: z.string(),
  name: z.string(),
  color: z.string(),
  version: z.number().int().default(1),
  header: z.array(z.unknown()).optional(),
  footer: z.array(z.unknown()).optional(),
  pages: z.record(
    z.string(),
    z.object({ content: z.array(z.unknown()), title: localized.optional(), override: z.unknown().optional() }),
  ),
});
export type VariantSummary = z.infer<typeof variantSchema>;

export const themeVersionSchema = z.object({
  version: z.number().int(),
  theme: themeSchema,
  editor: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string().nullable(),
});
export type ThemeVersion = z.infer<typeof themeVersionSchema>;

/** An answer the service refused: its status, message, field errors and code (`embed_admin_only`…). */
const refusalSchema = z
  .object({
    message: z.string().optional(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
    version: z.number().optional(),
  })
  .passthrough();

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

/** The site's header and footer (a variant's when it has them) as the document carries them. */
export function chromeOf(settings: SiteSettings, variant?: VariantSummary): NonNullable<StudioDoc["chrome"]> {
  return {
    header: studioBlocks(variant?.header ?? settings.header),
    footer: studioBlocks(variant?.footer ?? settings.footer),
    version: variant ? variant.version : settings.chrome_version,
  };
}

/** A page's overrides split: its own footer (edited as blocks) and the rest (kept as loaded). */
function splitOverride(override: unknown): { override?: unknown; page_footer?: Block[] } {
  if (!override || typeof override !== "object") return override === undefined ? {} : { override };
  const { footer, ...rest } = override as { footer?: unknown };
  return {
    ...(Object.keys(rest).length > 0 ? { override: rest } : {}),
    ...(Array.isArray(footer) ? { page_footer: studioBlocks(footer) } : {}),
  };
}

export function docOfPage(
  page: PageRecord,
  site: StudioSiteRef,
  origin: StudioDoc["origin"] = "server",
  settings?: SiteSettings,
): StudioDoc {
  return {
    page_id: page.page_id,
    site_id: site.site_id,
    base_version: origin === "server" ? page.version : 0,
    title: page.title,
    paths: page.paths,
    blocks: studioBlocks(page.content),
    theme: settings?.theme ?? siteTheme(site),
    settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
    origin,
    hidden: page.hidden,
    seo: page.seo,
    ...splitOverride(page.override),
    ...(settings ? { chrome: chromeOf(settings) } : {}),
  };
}

/** The page's overrides as the service stores them: its own footer back inside. */
export function pageOfDoc(doc: StudioDoc, target?: PageSummary): PageRecord {
  const override = overrideOfDoc(doc);
  return {
    page_id: target?.page_id ?? doc.page_id,
    paths: target?.paths ?? doc.paths,
    title: target?.title ?? doc.title,
    content: doc.blocks,
    hidden: doc.hidden ?? false,
    ...(doc.seo !== undefined ? { seo: doc.seo } : {}),
    ...(override !== undefined ? { override } : {}),
    version: target?.version ?? doc.base_version,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the document's header and footer differ from the ones it was opened with. */
export function chromeChanged(doc: StudioDoc, base: StudioDoc | null): boolean {
  return (
    (!!doc.chrome && !same(doc.chrome.header, base?.chrome?.header)) ||
    (!!doc.chrome && !same(doc.chrome.footer, base?.chrome?.footer))
  );
}

/** Whether the page itself (its content, settings or own footer) differs from the one it was opened with. */
export function pageChanged(doc: StudioDoc, base: StudioDoc | null): boolean {
  if (!base || (doc.origin ?? "server") !== "server" || doc.base_version === 0) return true;
  return !same(pageOfDoc(doc), pageOfDoc(base));
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
  /** Field errors the service named (`{ "info.phone": "phone" }`), and the reason's code. */
  get errors(): Record<string, string> {
    return refusalSchema.safeParse(this.body).data?.errors ?? {};
  }
  get code(): string | undefined {
    return refusalSchema.safeParse(this.body).data?.code;
  }
}

/** Sends a JSON write; a sensitive one answered `reauth_required` is sent again once the editor confirms who they are. */
async function write(method: string, path: string, body?: unknown, contentType = "application/json"): Promise<unknown> {
  const send = () =>
    fetch(path, {
      method,
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": contentType }) },
      credentials: "same-origin",
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  const response = await withReauth(send);
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = refusalSchema.safeParse(answer).data?.message ?? `HTTP ${response.status}`;
    throw new StudioApiError(response.status, message, answer);
  }
  return answer;
}

const versionAnswer = z.object({ version: z.number().int() });

export function createStudioApi(site: StudioSiteRef, onTimeZone?: (zone: string) => void) {
  /** A page's draft, or its draft in a variant (kept apart: `?variant=`), at a revision for a discard. */
  const draftUrl = (pageId: string, variant?: string, revision?: number) => {
    const query = new URLSearchParams();
    if (variant) query.set("variant", variant);
    if (revision !== undefined) query.set("revision", String(revision));
    const search = query.toString();
    return `/api/drafts/${site.site_id}/${encodeURIComponent(pageId)}${search ? `?${search}` : ""}`;
  };
  /** The site's pages, and the pages only a draft has (never published), with the site's time zone. */
  const pageList = async (): Promise<{ pages: PageSummary[]; new_pages: NewPageSummary[]; time_zone?: string }> => {
    const body = z
      .object({
        pages: z.array(pageSummarySchema),
        new_pages: z.array(newPageSchema).default([]),
        time_zone: z.string().optional(),
      })
      .parse(await get(`/api/pages/${site.site_id}`));
    if (body.time_zone) onTimeZone?.(body.time_zone);
    return body;
  };
  /** A publish that did not write the page itself (its header and footer, its variant) ends its draft here. */
  const endDraft = async (doc: StudioDoc, revision?: number) => {
    if (!revision) return;
    await fetch(draftUrl(doc.page_id, doc.variant?.id, revision), {
      method: "DELETE",
      headers: { accept: "application/json" },
      credentials: "same-origin",
    }).catch(() => undefined);
  };
  const headers = { accept: "application/json" };
  async function get(path: string): Promise<unknown> {
    const response = await fetch(path, { headers, credentials: "same-origin" });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new StudioApiError(response.status, `HTTP ${response.status}`, body);
    return body;
  }
  return {
    siteId: site.site_id,
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
      return (await pageList()).pages;
    },
    /** The site's pages, and the pages only a draft has (never published), with the site's time zone. */
    pageList,
    async page(pageId: string): Promise<StudioDoc> {
      const [body, settings] = await Promise.all([
        get(`/api/pages/${site.site_id}/${encodeURIComponent(pageId)}`).then((b) =>
          z.object({ page: pageRecordSchema }).parse(b),
        ),
        this.settings(),
      ]);
      return docOfPage(body.page, site, "server", settings);
    },
    /** A page as a variant shows it: the variant's own content when it has some, with its banner. */
    async variantPage(variantId: string, pageId: string): Promise<StudioDoc> {
      const [page, settings, variants] = await Promise.all([
        get(`/api/pages/${site.site_id}/${encodeURIComponent(pageId)}`).then((b) =>
          z.object({ page: pageRecordSchema }).parse(b),
        ),
        this.settings(),
        this.variants(),
      ]);
      const variant = variants.variants.find((v) => v.variant_id === variantId);
      if (!variant) throw new StudioApiError(404, "Unknown variant");
      const own = variant.pages[pageId];
      const doc = docOfPage(page.page, site, "server", settings);
      return {
        ...doc,
        blocks: own ? studioBlocks(own.content) : doc.blocks,
        ...(own?.title ? { title: own.title } : {}),
        ...(own?.override !== undefined ? splitOverride(own.override) : {}),
        chrome: chromeOf(settings, variant),
        variant: { id: variant.variant_id, name: variant.name, color: variant.color, version: variant.version },
      };
    },
    /** The site's settings, which the studio's site store then holds (the canvas reads its information). */
    async settings(): Promise<SiteSettings> {
      const settings = siteSettingsSchema.parse(await get(`/api/sites/${site.site_id}/settings`));
      useSiteStore.getState().setSettings(site.site_id, settings);
      return settings;
    },
    async saveInfo(info: unknown, baseVersion: number): Promise<number> {
      return versionAnswer.parse(
        await write("PUT", `/api/sites/${site.site_id}/info`, { info, base_version: baseVersion }),
      ).version;
    },
    async publishTheme(theme: unknown, baseVersion: number): Promise<number> {
      return versionAnswer.parse(
        await write("PUT", `/api/sites/${site.site_id}/theme`, { theme, base_version: baseVersion }),
      ).version;
    },
    async themeVersions(): Promise<ThemeVersion[]> {
      return z
        .object({ versions: z.array(themeVersionSchema) })
        .parse(await get(`/api/sites/${site.site_id}/theme/versions`)).versions;
    },
    async redirects(): Promise<Redirect[]> {
      return z.object({ redirects: z.array(redirectSchema) }).parse(await get(`/api/redirects/${site.site_id}`))
        .redirects;
    },
    redirectsCsvUrl: `/api/redirects/${site.site_id}?format=csv`,
    async saveRedirect(redirect: { from: string; to: string; status: number }, replacing?: string): Promise<void> {
      if (replacing === undefined) await write("POST", `/api/redirects/${site.site_id}`, redirect);
      else await write("PUT", `/api/redirects/${site.site_id}`, { replacing, redirect });
    },
    async deleteRedirect(from: string): Promise<void> {
      await write("DELETE", `/api/redirects/${site.site_id}`, { from });
    },
    async importRedirects(csv: string): Promise<number> {
      return z
        .object({ count: z.number() })
        .parse(await write("POST", `/api/redirects/${site.site_id}/import`, csv, "text/csv")).count;
    },
    async variants(): Promise<{
      variants: VariantSummary[];
      active_variant_id: string | null;
      chrome_version: number;
    }> {
      return z
        .object({
          variants: z.array(variantSchema),
          active_variant_id: z.string().nullable(),
          chrome_version: z.number().int(),
        })
        .parse(await get(`/api/variants/${site.site_id}`));
    },
    async createVariant(name: string, color: string): Promise<string> {
      return z
        .object({ variant_id: z.string() })
        .parse(await write("POST", `/api/variants/${site.site_id}`, { name, color })).variant_id;
    },
    async updateVariant(id: string, name: string, color: string, baseVersion: number): Promise<void> {
      await write("PUT", `/api/variants/${site.site_id}/${encodeURIComponent(id)}`, {
        name,
        color,
        base_version: baseVersion,
      });
    },
    async deleteVariant(id: string): Promise<void> {
      await write("DELETE", `/api/variants/${site.site_id}/${encodeURIComponent(id)}`);
    },
    async setActiveVariant(id: string | null, baseVersion: number): Promise<void> {
      await write("PUT", `/api/sites/${site.site_id}/active-variant`, { variant_id: id, base_version: baseVersion });
    },
    /** Deletes a page; its addresses redirect to another page's or answer 410. */
    async deletePage(pageId: string, fate: { redirect_to: string } | { gone: true }): Promise<void> {
      await write("DELETE", `/api/pages/${site.site_id}/${encodeURIComponent(pageId)}`, fate);
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
    /** The page's server draft (its draft in `variant`, when named), or null. */
    async draft(pageId: string, variant?: string): Promise<StoredDraft | null> {
      const body = z.object({ draft: storedDraftSchema.nullable() }).parse(await get(draftUrl(pageId, variant)));
      return body.draft as StoredDraft | null;
    },
    /**
     * Writes the page's server draft from `revision` (0: none yet). `draftText` is the draft's
     * JSON, already made for this device's copy: it is not serialised twice.
     */
    async saveDraft(pageId: string, revision: number, draftText: string, variant?: string): Promise<DraftAnswer> {
      const response = await fetch(draftUrl(pageId, variant), {
        method: "PUT",
        headers: { ...headers, "content-type": "application/json" },
        credentials: "same-origin",
        body: `{"revision":${revision},"draft":${draftText}}`,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    async discardDraft(pageId: string, revision: number, variant?: string): Promise<DraftAnswer> {
      const response = await fetch(draftUrl(pageId, variant, revision), {
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
    /**
     * Schedules the draft's page to be published at `runAt` (an ISO instant), or moves its pending
     * publish; the site's header and footer go with it when they were edited (issue 29).
     */
    async scheduleAt(
      doc: StudioDoc,
      runAt: string,
      options: { base?: StudioDoc | null; draftRevision?: number; note?: string } = {},
    ): Promise<Schedule> {
      const page = pageOfDoc(doc);
      const chrome =
        doc.chrome && !doc.variant && chromeChanged(doc, options.base ?? null)
          ? { header: doc.chrome.header, footer: doc.chrome.footer, base_version: doc.chrome.version }
          : undefined;
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
          ...(chrome ? { chrome } : {}),
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
    /**
     * Publishes the document: the site's (or the variant's) header and footer first when they
     * changed (one write for every page), then the page itself, or the variant's content of it,
     * when it changed. Answers the page's version and the versions the other writes answered.
     */
    async publish(
      doc: StudioDoc,
      target?: PageSummary,
      options: { base?: StudioDoc | null; draftRevision?: number; note?: string } = {},
    ): Promise<{ version: number; chrome?: number; variant?: number }> {
      const base = options.base;
      let chrome: number | undefined;
      let variant: number | undefined;
      if (doc.chrome && !target && chromeChanged(doc, base ?? null)) {
        const url = doc.variant
          ? `/api/variants/${site.site_id}/${encodeURIComponent(doc.variant.id)}/chrome`
          : `/api/sites/${site.site_id}/chrome`;
        const answer = versionAnswer.parse(
          await write("PUT", url, {
            header: doc.chrome.header,
            footer: doc.chrome.footer,
            base_version: variant ?? doc.chrome.version,
          }),
        );
        if (doc.variant) variant = answer.version;
        else chrome = answer.version;
      }
      if (doc.variant && !target) {
        if (!pageChanged(doc, base ?? null)) {
          await endDraft(doc, options.draftRevision);
          return { version: doc.base_version, chrome, variant };
        }
        const own = pageOfDoc(doc);
        const answer = versionAnswer.parse(
          await write(
            "PUT",
            `/api/variants/${site.site_id}/${encodeURIComponent(doc.variant.id)}/pages/${encodeURIComponent(doc.page_id)}`,
            {
              content: own.content,
              title: own.title,
              ...(own.override !== undefined ? { override: own.override } : {}),
              base_version: variant ?? doc.variant.version,
            },
          ),
        );
        await endDraft(doc, options.draftRevision);
        return { version: doc.base_version, chrome, variant: answer.version };
      }
      if (!target && !pageChanged(doc, base ?? null)) {
        await endDraft(doc, options.draftRevision);
        return { version: doc.base_version, chrome };
      }
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
      return { version: Number(body?.version ?? base_version + 1), chrome };
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
