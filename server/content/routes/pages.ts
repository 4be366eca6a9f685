/** Page calls: POST /page/{site_id}, POST /page (first load), GET /development/demo-page, studio reads and writes. */
import { createHash } from "node:crypto";
import { z } from "zod";
import { demoPageAnswerSchema, firstLoadRequestSchema, pageRequestSchema } from "../../../schema/api";
import { newEmbedCode } from "../../../schema/blocks/embeds";
import { MAX_INT32 } from "../../../schema/common";
import {
  type CaptchaConfig,
  type FirstLoadData,
  firstLoadSchema,
  type PageData,
  pageDataSchema,
} from "../../../schema/page";
import { migrateStoredBlocks } from "../../../schema/parse";
import { pageFateSchema } from "../../../schema/site-admin";
import { applySiteInfo } from "../../../schema/site-info";
import { reservedPath } from "../../../schema/site-routes";
import { fieldErrors, HttpError, json, readJson } from "../http";
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
import { VERSIONS_PAGE_MAX } from "../stores/page-versions";
import { footerProblem } from "./site";

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
  // The site's information (phone, licence, logos…) is written into every header and footer shown.
  const shell = {
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
  const redirect = await content.findRedirect(site.site_id, path);
  if (redirect?.status === 410) return pageDataSchema.parse({ ...shell, status: 410, content: [] });
  if (redirect) {
    return pageDataSchema.parse({ ...shell, status: redirect.status, location: redirect.to, content: [] });
  }
  if (site.maintenance) return pageDataSchema.parse({ ...shell, status: 503, content: [] });
  const page = await content.findPageByPath(site.site_id, path);
  if (!page) return pageDataSchema.parse({ ...shell, status: 404, content: [] });
  const own = variant?.pages[page.page_id];
  const override = own?.override ?? page.override;
  const seo = {
    ...site.seo,
    ...page.seo,
    robots_index_rule: page.hidden
      ? "noindex, nofollow"
      : (page.seo?.robots_index_rule ?? site.seo.robots_index_rule ?? "index, follow"),
  };
  return pageDataSchema.parse({
    ...shell,
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
    handler: async ({ params, storage: { content }, site }) => {
      const siteId = params.site_id ?? "";
      if (site && site.site_id !== siteId) throw new HttpError(403, "Site key does not match this site");
      if (!(await content.getSite(siteId))) throw new HttpError(404, "Unknown site");
      const editors = await content.pageEditors(siteId);
      return json({
        pages: (await content.listPages(siteId)).map((p) => ({
          page_id: p.page_id,
          paths: p.paths,
          title: p.title,
          hidden: p.hidden,
          version: p.version,
          updated_at: p.updated_at,
          // Who published the version online now (null: the seed or a script).
          editor: editors.get(p.page_id) ?? null,
        })),
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
    handler: async ({ request, params, storage: { content }, audit, principal, auth, changed, maxBody }) => {
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
      const stored = await content.getPage(siteId, parsed.data.page.page_id);
      // A path a page is given (a new page, a rename) must be one a page can have: not the
      // studio's, a listing's or a blog post's (schema/site-routes.ts), well formed.
      const pathErrors: Record<string, string> = {};
      for (const locale of ["fr", "en"] as const) {
        const path = parsed.data.page.paths[locale];
        if (stored?.paths[locale] === path) continue;
        const reason = reservedPath(path, locale);
        if (reason) pathErrors[`page.paths.${locale}`] = reason === "format" ? "path-format" : "path-reserved";
      }
      if (Object.keys(pathErrors).length > 0) throw new HttpError(400, "This path cannot be a page's", pathErrors);
      if (who.editor.role !== "admin") {
        const blocks = (page?: PageRecord) => [...(page?.content ?? []), ...(page?.override?.footer ?? [])];
        const added = newEmbedCode(blocks(stored), blocks(parsed.data.page));
        if (added.length) {
          await audit({
            action: "page.publish",
            outcome: "failure",
            target: `${siteId}/${parsed.data.page.page_id}`,
            details: { reason: "embed-admin-only", blocks: added },
          });
          return json(
            {
              status: "error",
              code: "embed_admin_only",
              message: "Only an administrator can add or change embedded code (HTML and scripts)",
              blocks: added,
            },
            403,
          );
        }
      }
      // A page's own footer keeps the mentions OACIQ requires (checked after the embed rule: a refused editor learns that first).
      const overrideFooter = parsed.data.page.override?.footer;
      if (overrideFooter) {
        const site = await content.getSite(siteId);
        const problem = footerProblem(overrideFooter, site?.info !== undefined);
        if (problem)
          throw new HttpError(400, "The footer must keep the OACIQ mentions", { "page.override.footer": problem });
      }
      const lock = await auth.storage.pageLocks.get(siteId, parsed.data.page.page_id, auth.now());
      if (lock && lock.holder !== who.holder) {
        return json(
          {
            status: "error",
            message: `${lock.editor_name} is editing this page`,
            lock: { editor: { id: lock.editor_id, name: lock.editor_name } },
          },
          423,
        );
      }
      const target = `${siteId}/${parsed.data.page.page_id}`;
      // Blocks are stored at their types' current schema versions (those it can migrate; the rest as sent).
      // A new page (saved from version 0) starts its history at version 1.
      const page = {
        ...parsed.data.page,
        ...(expected === 0 ? { version: 1 } : {}),
        content: migrateStoredBlocks(parsed.data.page.content),
        ...(parsed.data.page.override?.footer
          ? {
              override: { ...parsed.data.page.override, footer: migrateStoredBlocks(parsed.data.page.override.footer) },
            }
          : {}),
      };
      // Version 0 creates a page: any stored version is then a conflict.
      const result = await content.savePage(siteId, page, expected, {
        id: who.editor.id,
        name: who.editor.name,
      });
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
      await audit({
        action: "page.publish",
        outcome: "success",
        target,
        details: {
          version: result.version,
          ...(stored ? {} : { created: true }),
          ...(stored && (stored.paths.fr !== page.paths.fr || stored.paths.en !== page.paths.en)
            ? { moved: { from: stored.paths, to: page.paths } }
            : {}),
        },
      });
      // A new or moved page changes more than itself (the sitemap, redirects, menus): the whole site.
      changed(
        stored && stored.paths.fr === page.paths.fr && stored.paths.en === page.paths.en
          ? { siteId, pageId: page.page_id }
          : { siteId },
      );
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
