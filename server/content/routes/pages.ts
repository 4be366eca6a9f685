/** Page calls: POST /page/{site_id}, POST /page (first load), GET /development/demo-page, studio reads and writes. */
import { createHash } from "node:crypto";
import { z } from "zod";
import { demoPageAnswerSchema, firstLoadRequestSchema, pageRequestSchema } from "../../../schema/api";
import { MAX_INT32 } from "../../../schema/common";
import { type DraftSummary, docOfDraft } from "../../../schema/draft";
import {
  type CaptchaConfig,
  type FirstLoadData,
  firstLoadSchema,
  type PageData,
  pageDataSchema,
} from "../../../schema/page";
import { pageFateSchema } from "../../../schema/site-admin";
import { applySiteInfo } from "../../../schema/site-info";
import { fieldErrors, HttpError, json, readJson } from "../http";
import { PUBLISH_NOTE_MAX, publishPage, refusedEmbedCode } from "../publish";
import type { Route, RouteContext } from "../service";
import {
  alternatePathsOf,
  type ContentStore,
  type PageRecord,
  pageRecordSchema,
  type SiteRecord,
  type VariantRecord,
  variantIdSchema,
} from "../stores/content";
import type { DraftsStore } from "../stores/drafts";
import { VERSIONS_PAGE_MAX } from "../stores/page-versions";
import type { PublishJobSummary } from "../stores/publish-jobs";

/** A page's pending scheduled publish as page lists show it. */
const scheduleOf = (job: PublishJobSummary | undefined) =>
  job ? { run_at: new Date(job.run_at_ms).toISOString(), editor: job.editor } : null;

/** The pages of a site that are only a draft (never published), with their title and paths as the draft has them. */
async function newPagesOf(
  drafts: DraftsStore,
  siteId: string,
  published: ReadonlySet<string>,
  summaries: ReadonlyMap<string, DraftSummary>,
) {
  const ids = [...summaries.keys()].filter((id) => !published.has(id));
  const found = await Promise.all(ids.map((id) => drafts.get(siteId, id)));
  return found.flatMap((stored, i) => {
    const doc = stored ? docOfDraft(stored.draft) : null;
    if (!stored || !doc) return [];
    return [
      {
        page_id: ids[i]!,
        title: doc.title,
        paths: doc.paths,
        draft: { revision: stored.revision, editor: stored.editor, updated_at: stored.updated_at },
      },
    ];
  });
}

/** What a publish changed: a new or moved page changes more than itself (the sitemap, redirects, menus): the whole site. */
export function changeOf(
  siteId: string,
  page: Pick<PageRecord, "page_id" | "paths">,
  previous?: { fr: string; en: string },
) {
  return previous && previous.fr === page.paths.fr && previous.en === page.paths.en
    ? { siteId, pageId: page.page_id }
    : { siteId };
}

/** Normalises a requested path: no trailing slash, no double slashes. */
export function normalisePath(path: string): string {
  const clean = path.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  return clean === "" ? "/" : clean;
}

/**
 * The variant a page call shows: the one `?variant=` names when the site has it, else the
 * site's active variant, else none. An id the site does not have (mistyped, deleted since the
 * link was shared) shows the page as it is without one, never an error: see docs/decisions.md
 * "Content variants".
 */
export async function resolveVariant(
  content: ContentStore,
  site: SiteRecord,
  requested: string | undefined,
): Promise<VariantRecord | undefined> {
  const id = variantIdSchema.safeParse(requested);
  const named = id.success ? await content.getVariant(site.site_id, id.data) : undefined;
  if (named) return named;
  return site.active_variant_id ? content.getVariant(site.site_id, site.active_variant_id) : undefined;
}

/**
 * Builds the page answer of site.md §3 for a path of a site, as `variant` shows it (its
 * header, footer and this page's content when it has them; the site's otherwise). `captcha`
 * is the service's captcha (its verifier decides what the forms use, whatever key the site
 * record holds).
 */
export async function buildPageAnswer(
  content: ContentStore,
  site: SiteRecord,
  rawPath: string,
  captcha?: CaptchaConfig,
  variant?: VariantRecord,
): Promise<PageData> {
  const path = normalisePath(rawPath);
  const shell = shellOf(site, captcha, variant);
  const redirect = await content.findRedirect(site.site_id, path);
  if (redirect?.status === 410) return pageDataSchema.parse({ ...shell, status: 410, content: [] });
  if (redirect) {
    return pageDataSchema.parse({ ...shell, status: redirect.status, location: redirect.to, content: [] });
  }
  if (site.maintenance) return pageDataSchema.parse({ ...shell, status: 503, content: [] });
  const page = await content.findPageByPath(site.site_id, path);
  if (!page) return pageDataSchema.parse({ ...shell, status: 404, content: [] });
  return pageAnswerOf(site, page, captcha, variant);
}

/** The page answer of one page record (as stored, or a draft's or a version's for a preview). */
export function pageAnswerOf(
  site: SiteRecord,
  page: PageRecord,
  captcha?: CaptchaConfig,
  variant?: VariantRecord,
  options: { noindex?: boolean } = {},
): PageData {
  const own = variant?.pages[page.page_id];
  const override = own?.override ?? page.override;
  const seo = {
    ...site.seo,
    ...page.seo,
    robots_index_rule:
      page.hidden || options.noindex
        ? "noindex, nofollow"
        : (page.seo?.robots_index_rule ?? site.seo.robots_index_rule ?? "index, follow"),
  };
  return pageDataSchema.parse({
    ...shellOf(site, captcha, variant),
    status: 200,
    content: own?.content ?? page.content,
    override: override?.footer ? { ...override, footer: applySiteInfo(override.footer, site.info) } : override,
    seo,
    title: own?.title ?? page.title,
    alternate_paths: alternatePathsOf(page),
    version: page.version,
    page_id: page.page_id,
  });
}

/** What every page answer of a site carries, whatever the page. */
function shellOf(site: SiteRecord, captcha?: CaptchaConfig, variant?: VariantRecord) {
  return {
    // The site's information (phone, licence, logos…) is written into every header and footer shown.
    header: applySiteInfo(variant?.header ?? site.header, site.info),
    footer: applySiteInfo(variant?.footer ?? site.footer, site.info),
    theme: site.theme,
    metadata: site.metadata,
    variant: variant ? { id: variant.variant_id, name: variant.name, color: variant.color } : null,
    microsite_id: site.microsite_id,
    site_id: site.site_id,
    site_type: site.site_type,
    site_key: site.site_key,
    recaptcha: site.recaptcha,
    captcha,
    privacy_policy: site.privacy_policy,
    site_name: site.name,
    production: true,
  };
}

function firstLoad(site: SiteRecord, captcha: CaptchaConfig, activeVariant: VariantRecord | undefined): FirstLoadData {
  return firstLoadSchema.parse({
    captcha,
    privacy_policy: site.privacy_policy,
    site_name: site.name,
    production: true,
    microsite_id: site.microsite_id,
    site_id: site.site_id,
    site_type: site.site_type,
    site_key: site.site_key,
    variant_id: activeVariant?.variant_id ?? null,
    recaptcha: site.recaptcha,
  });
}

// Serialised page answers per content store, valid for one content revision (read from the store
// per request, so a write by any process is seen), with an entity tag of their text (a client
// that already parsed this answer need not read it again).
interface CachedAnswer {
  revision: number;
  body: string;
  etag: string;
}
const answerCaches = new WeakMap<ContentStore, Map<string, CachedAnswer>>();

async function cachedPageAnswer(
  content: ContentStore,
  site: SiteRecord,
  path: string,
  captcha: CaptchaConfig,
  variant: VariantRecord | undefined,
): Promise<CachedAnswer> {
  let answerCache = answerCaches.get(content);
  if (!answerCache) {
    answerCache = new Map();
    answerCaches.set(content, answerCache);
  }
  // Keyed on the variant shown, not the one asked: unknown ids share the default page's answer.
  const key = `${site.site_id}\u0000${normalisePath(path)}\u0000${captcha.provider}\u0000${variant?.variant_id ?? ""}`;
  const revision = await content.revision();
  const hit = answerCache.get(key);
  if (hit && hit.revision === revision) return hit;
  const body = JSON.stringify(await buildPageAnswer(content, site, path, captcha, variant));
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  if (answerCache.size >= 2000) answerCache.clear();
  const answer = { revision, body, etag };
  answerCache.set(key, answer);
  return answer;
}

const savePageBodySchema = z.object({
  page: pageRecordSchema,
  /** The version the editor started from; a different stored version is a conflict. */
  base_version: z.number().int().nonnegative().max(MAX_INT32).optional(),
  /**
   * The revision of the server draft this publish comes from (the studio's): that draft is
   * published, so it goes. A tool's publish names none and leaves an editor's draft alone.
   */
  draft_revision: z.number().int().positive().max(MAX_INT32).optional(),
  /** What this publish changes and why, in the editor's words: the history shows it. */
  note: z.string().trim().max(PUBLISH_NOTE_MAX).optional(),
});

/** The version an `If-Match` header names (`"3"` or `W/"3"`); undefined when absent; NaN when unreadable. */
export function ifMatchVersion(header: string | null): number | undefined {
  if (header === null) return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  return match ? Number(match[1]) : Number.NaN;
}

const versionsQuerySchema = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(VERSIONS_PAGE_MAX)),
    before: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .pipe(z.number().int().min(1)),
  })
  .partial()
  .strict();
const versionParamSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/** The page a versions call names, in the site it names: 403 for another site's key, 404 when either is unknown. */
async function versionedPage(
  ctx: Pick<RouteContext, "params" | "storage" | "site">,
): Promise<{ siteId: string; pageId: string }> {
  const siteId = ctx.params.site_id ?? "";
  const pageId = ctx.params.page_id ?? "";
  if (ctx.site && ctx.site.site_id !== siteId) throw new HttpError(403, "Site key does not match this site");
  if (!(await ctx.storage.content.getSite(siteId))) throw new HttpError(404, "Unknown site");
  if (!(await ctx.storage.content.getPage(siteId, pageId))) throw new HttpError(404, "Unknown page");
  return { siteId, pageId };
}

export const pageRoutes: Route[] = [
  {
    method: "POST",
    pattern: "/page/:site_id",
    clients: ["protected", "content"],
    handler: async ({ request, params, storage: { content }, site, forms, maxBody }) => {
      const parsed = pageRequestSchema.safeParse(await readJson(request, maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid page request", fieldErrors(parsed.error));
      const target = site?.site_id === params.site_id ? site : await content.getSite(params.site_id ?? "");
      if (!target) throw new HttpError(404, "Unknown site");
      if (site && site.site_id !== target.site_id) throw new HttpError(403, "Site key does not match this site");
      const variant = await resolveVariant(content, target, parsed.data.query?.variant);
      const answer = await cachedPageAnswer(content, target, parsed.data.path, forms.captcha.publicConfig, variant);
      return new Response(answer.body, {
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", etag: answer.etag },
      });
    },
  },
  {
    method: "POST",
    pattern: "/page",
    clients: ["unprotected"],
    handler: async ({ request, storage: { content }, config, forms, maxBody }) => {
      const parsed = firstLoadRequestSchema.safeParse(await readJson(request, maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid first-load request", fieldErrors(parsed.error));
      const host = parsed.data.domain_name.toLowerCase().replace(/:\d+$/, "");
      const site = (await content.findSiteByDomain(host)) ?? (await content.getSite(config.SITE_ID));
      if (!site) throw new HttpError(404, "Unknown domain");
      // Only a variant that exists is announced: links would otherwise carry a dead id.
      const active = site.active_variant_id
        ? await content.getVariant(site.site_id, site.active_variant_id)
        : undefined;
      return json(firstLoad(site, forms.captcha.publicConfig, active));
    },
  },
  {
    method: "GET",
    pattern: "/development/demo-page",
    clients: ["content"],
    handler: async ({ storage: { content } }) =>
      json(demoPageAnswerSchema.parse({ blocks: await content.getDemoBlocks() })),
  },
  {
    // The sitemap's list: visible pages only, with the public site key.
    method: "GET",
    pattern: "/pages",
    clients: ["protected"],
    handler: async ({ storage: { content }, site }) =>
      json({
        pages: (await content.listPages(site!.site_id))
          .filter((p) => !p.hidden)
          .map((p) => ({
            page_id: p.page_id,
            paths: p.paths,
            title: p.title,
            hidden: false,
            version: p.version,
            updated_at: p.updated_at,
          })),
      }),
  },
  {
    // Every page, hidden ones included: editors only.
    method: "GET",
    pattern: "/pages/:site_id",
    clients: ["content"],
    access: "editor",
    handler: async ({ params, storage, site }) => {
      const { content } = storage;
      const siteId = params.site_id ?? "";
      if (site && site.site_id !== siteId) throw new HttpError(403, "Site key does not match this site");
      const siteRecord = await content.getSite(siteId);
      if (!siteRecord) throw new HttpError(404, "Unknown site");
      const [editors, drafts, scheduled] = await Promise.all([
        content.pageEditors(siteId),
        storage.drafts.summaries(siteId),
        storage.publishJobs.pendingBySite(siteId),
      ]);
      const pages = await content.listPages(siteId);
      return json({
        pages: pages.map((p) => ({
          page_id: p.page_id,
          paths: p.paths,
          title: p.title,
          hidden: p.hidden,
          version: p.version,
          updated_at: p.updated_at,
          // Who published the version online now (null: the seed or a script).
          editor: editors.get(p.page_id) ?? null,
          // Who has a draft of it, and since when (the studio's page lists show it).
          draft: drafts.get(p.page_id) ?? null,
          // When it is scheduled to be published, and by whom.
          scheduled: scheduleOf(scheduled.get(p.page_id)),
        })),
        // Pages never published (issue 29's new pages): their drafts, so every editor sees and opens them.
        new_pages: await newPagesOf(storage.drafts, siteId, new Set(pages.map((p) => p.page_id)), drafts),
        // The scheduled times are instants; the studio shows them in the site's time zone.
        time_zone: siteRecord.time_zone,
      });
    },
  },
  {
    method: "GET",
    pattern: "/pages/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async ({ params, storage: { content }, site }) => {
      const siteId = params.site_id ?? "";
      if (site && site.site_id !== siteId) throw new HttpError(403, "Site key does not match this site");
      const page = await content.getPage(siteId, params.page_id ?? "");
      if (!page) throw new HttpError(404, "Unknown page");
      return json({ page }, 200, { etag: `"${page.version}"` });
    },
  },
  {
    // A page's versions, newest first: ?limit= (1–100, 20 by default) and ?before= (the `next` of the previous answer).
    method: "GET",
    pattern: "/pages/:site_id/:page_id/versions",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const query = versionsQuerySchema.safeParse(Object.fromEntries(ctx.url.searchParams));
      if (!query.success) throw new HttpError(400, "Invalid versions query", fieldErrors(query.error));
      const { siteId, pageId } = await versionedPage(ctx);
      return json(await ctx.auth.storage.pageVersions.list(siteId, pageId, query.data), 200, {
        "cache-control": "no-store",
      });
    },
  },
  {
    // One version with the page as it was then (the studio restores it as a new draft).
    method: "GET",
    pattern: "/pages/:site_id/:page_id/versions/:version",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const version = versionParamSchema.safeParse(ctx.params.version);
      if (!version.success) throw new HttpError(400, "The version must be a number");
      const { siteId, pageId } = await versionedPage(ctx);
      const found = await ctx.auth.storage.pageVersions.get(siteId, pageId, version.data);
      if (!found) throw new HttpError(404, "Unknown version");
      return json({ version: found }, 200, { "cache-control": "no-store" });
    },
  },
  {
    method: "PUT",
    pattern: "/pages/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    // A whole page with its blocks.
    maxBody: 8_000_000,
    handler: async ({ request, params, storage, audit, principal, auth, changed, maxBody }) => {
      const { content } = storage;
      const parsed = savePageBodySchema.safeParse(await readJson(request, maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid page", fieldErrors(parsed.error));
      const siteId = params.site_id ?? "";
      if (!(await content.getSite(siteId))) throw new HttpError(404, "Unknown site");
      if (parsed.data.page.page_id !== params.page_id) throw new HttpError(400, "page_id does not match the URL");
      // Saving over a page needs the version it started from: without it a client would
      // overwrite an edit it never saw (RFC 6585's 428).
      const ifMatch = ifMatchVersion(request.headers.get("if-match"));
      if (Number.isNaN(ifMatch)) throw new HttpError(400, 'If-Match must be a version, e.g. "3"');
      const { base_version } = parsed.data;
      if (ifMatch !== undefined && base_version !== undefined && ifMatch !== base_version)
        throw new HttpError(400, "If-Match and base_version disagree");
      const expected = base_version ?? ifMatch;
      if (expected === undefined)
        return json({ status: "error", message: "Send the version you edited (base_version or If-Match)" }, 428);
      const who = (await principal())!;
      const target = `${siteId}/${parsed.data.page.page_id}`;
      const lock = await auth.storage.pageLocks.get(siteId, parsed.data.page.page_id, auth.now());
      if (lock && lock.holder !== who.holder) {
        // An administrator's embed code refused to an editor is said first: it is the page itself.
        const refused = await refusedEmbedCode(storage, siteId, parsed.data.page, who.editor);
        if (!refused.length) {
          return json(
            {
              status: "error",
              message: `${lock.editor_name} is editing this page`,
              lock: { editor: { id: lock.editor_id, name: lock.editor_name } },
            },
            423,
          );
        }
      }
      // Version 0 creates a page: any stored version is then a conflict.
      const result = await publishPage(storage, {
        siteId,
        page: parsed.data.page,
        expected,
        editor: who.editor,
        note: parsed.data.note,
        draftRevision: parsed.data.draft_revision,
      });
      if (!result.ok && result.reason === "invalid") {
        const footer = "page.override.footer" in result.errors;
        throw new HttpError(
          400,
          footer ? "The footer must keep the OACIQ mentions" : "This path cannot be a page's",
          result.errors,
        );
      }
      if (!result.ok && result.reason === "embed_admin_only") {
        await audit({
          action: "page.publish",
          outcome: "failure",
          target,
          details: { reason: "embed-admin-only", blocks: result.blocks },
        });
        return json(
          {
            status: "error",
            code: "embed_admin_only",
            message: "Only an administrator can add or change embedded code (HTML and scripts)",
            blocks: result.blocks,
          },
          403,
        );
      }
      if (!result.ok && result.reason === "conflict") {
        await audit({
          action: "page.publish",
          outcome: "failure",
          target,
          details: { reason: "conflict", base_version: expected },
        });
        return json({ status: "error", message: "The page changed since you opened it", version: result.version }, 409);
      }
      if (!result.ok && result.reason === "path-taken") {
        return json(
          { status: "error", message: "Another page already has this path", errors: { path: result.path } },
          409,
        );
      }
      if (!result.ok) throw new HttpError(404, "Unknown page");
      const page = parsed.data.page;
      const previous = result.previous;
      await audit({
        action: "page.publish",
        outcome: "success",
        target,
        details: {
          version: result.version,
          ...(previous ? {} : { created: true }),
          ...(previous && (previous.fr !== page.paths.fr || previous.en !== page.paths.en)
            ? { moved: { from: previous, to: page.paths } }
            : {}),
        },
      });
      changed(changeOf(siteId, page, previous));
      return json({ status: "success", version: result.version }, 200, { etag: `"${result.version}"` });
    },
  },
  {
    // Deletes a page; its addresses redirect to another page's or answer 410 (never a silent 404).
    method: "DELETE",
    pattern: "/pages/:site_id/:page_id",
    clients: ["content"],
    access: "admin",
    sudo: true,
    handler: async (ctx) => {
      const siteId = ctx.params.site_id ?? "";
      if (!(await ctx.storage.content.getSite(siteId))) throw new HttpError(404, "Unknown site");
      const parsed = pageFateSchema.safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success)
        throw new HttpError(400, "Say what the page's addresses should do", fieldErrors(parsed.error));
      const who = (await ctx.principal())!;
      const pageId = ctx.params.page_id ?? "";
      const target = `${siteId}/${pageId}`;
      const result = await ctx.storage.content.deletePage(siteId, pageId, parsed.data, {
        id: who.editor.id,
        name: who.editor.name,
      });
      if (!result.ok && result.reason === "not-found") throw new HttpError(404, "Unknown page");
      if (!result.ok)
        throw new HttpError(400, "Choose another page to send visitors to", { redirect_to: "bad-target" });
      await ctx.audit({ action: "page.delete", outcome: "success", target, details: { moves: result.moves } });
      ctx.changed({ siteId });
      return json({ status: "success", moves: result.moves });
    },
  },
];
