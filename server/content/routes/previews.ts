/**
 * Preview links over HTTP (issue 33).
 *
 * Editors (content client):
 *  - GET    /previews/{site}/{page}        the page's live links (never their secrets)
 *  - POST   /previews/{site}/{page}        { version?, days? }: a new link; its secret is in this
 *            answer only (the store keeps its SHA-256)
 *  - DELETE /previews/{site}/{page}/{id}   revokes one
 *
 * The site (protected client, its site key): POST /preview { token } answers the page the link
 * shows, for the visitor who has it: the draft as it is now (or the version the link names; the
 * page as published when its draft went), marked noindex. 404 for an unknown, expired or revoked
 * link, or one of another site: a visitor learns nothing of which.
 */
import { z } from "zod";
import { MAX_INT32 } from "../../../schema/common";
import { docOfDraft, overrideOfDoc } from "../../../schema/draft";
import { PREVIEW_TOKEN, type PreviewInfo } from "../../../schema/preview";
import { hashSecret, randomSecret } from "../../auth/secrets";
import { fieldErrors, HttpError, json, readJson } from "../http";
import type { Route, RouteContext } from "../service";
import type { PageRecord } from "../stores/content";
import type { PreviewLink } from "../stores/preview-links";
import { pageAnswerOf } from "./pages";

export const PREVIEW_DEFAULT_DAYS = 7;
export const PREVIEW_MAX_DAYS = 30;
const DAY_MS = 24 * 3600_000;

const createSchema = z
  .object({
    version: z.number().int().positive().max(MAX_INT32).optional(),
    days: z.number().int().min(1).max(PREVIEW_MAX_DAYS).default(PREVIEW_DEFAULT_DAYS),
  })
  .strict();

const openSchema = z.object({ token: z.string().regex(PREVIEW_TOKEN) }).strict();

const linkView = (link: PreviewLink) => ({
  id: link.id,
  version: link.version,
  editor: link.editor,
  created_at: link.created_at,
  expires_at: new Date(link.expires_ms).toISOString(),
});

async function target(ctx: RouteContext) {
  const who = await ctx.principal();
  if (!who) throw new HttpError(401, "Sign in to the studio, or send an API token");
  const siteId = ctx.params.site_id ?? "";
  const pageId = ctx.params.page_id ?? "";
  if (!(await ctx.storage.content.getSite(siteId))) throw new HttpError(404, "Unknown site");
  // A page never published (issue 29's new pages) is its draft: a client may preview it too.
  const known =
    (await ctx.storage.content.getPage(siteId, pageId)) !== undefined ||
    (await ctx.storage.drafts.summary(siteId, pageId)) !== undefined;
  if (!known) throw new HttpError(404, "Unknown page");
  return { who, siteId, pageId };
}

/** The page a link shows now: its version, or the draft (rebuilt from its steps), or the page as published. */
async function shownPage(
  ctx: Pick<RouteContext, "storage">,
  link: PreviewLink,
): Promise<
  { page: PageRecord; source: PreviewInfo["source"]; chrome?: { header: unknown[]; footer: unknown[] } } | undefined
> {
  const published = await ctx.storage.content.getPage(link.site_id, link.page_id);
  if (link.version !== null) {
    const version = await ctx.storage.pageVersions.get(link.site_id, link.page_id, link.version);
    return version ? { page: version.page, source: "version" } : undefined;
  }
  const stored = await ctx.storage.drafts.get(link.site_id, link.page_id);
  const doc = stored ? docOfDraft(stored.draft) : null;
  if (doc) {
    const override = overrideOfDoc(doc);
    return {
      page: {
        page_id: link.page_id,
        paths: doc.paths,
        title: doc.title,
        content: doc.blocks,
        hidden: doc.hidden ?? false,
        version: doc.base_version,
        ...(doc.seo !== undefined ? { seo: doc.seo as PageRecord["seo"] } : {}),
        ...(override !== undefined ? { override: override as PageRecord["override"] } : {}),
      },
      // The site's header and footer as the draft edits them (issue 29): the client sees them too.
      ...(doc.chrome ? { chrome: { header: doc.chrome.header, footer: doc.chrome.footer } } : {}),
      source: "draft",
    };
  }
  return published ? { page: published, source: "page" } : undefined;
}

export const previewRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/previews/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const t = await target(ctx);
      const links = await ctx.storage.previewLinks.list(t.siteId, t.pageId, ctx.auth.now());
      return json({ links: links.map(linkView) });
    },
  },
  {
    method: "POST",
    pattern: "/previews/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    maxBody: 1024,
    handler: async (ctx) => {
      const t = await target(ctx);
      const parsed = createSchema.safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid preview link", fieldErrors(parsed.error));
      const { version, days } = parsed.data;
      if (version !== undefined && !(await ctx.storage.pageVersions.get(t.siteId, t.pageId, version)))
        throw new HttpError(404, "Unknown version");
      const token = randomSecret();
      const link = await ctx.storage.previewLinks.create(
        t.siteId,
        t.pageId,
        {
          tokenHash: hashSecret(token),
          version: version ?? null,
          editor: { id: t.who.editor.id, name: t.who.editor.name },
          expiresMs: ctx.auth.now() + days * DAY_MS,
        },
        new Date(ctx.auth.now()),
      );
      await ctx.audit({
        action: "preview.create",
        outcome: "success",
        target: `${t.siteId}/${t.pageId}`,
        details: { link: link.id, version: link.version, days },
      });
      return json({ status: "success", link: linkView(link), token }, 201);
    },
  },
  {
    method: "DELETE",
    pattern: "/previews/:site_id/:page_id/:link_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const t = await target(ctx);
      const id = ctx.params.link_id ?? "";
      if (!(await ctx.storage.previewLinks.revoke(t.siteId, t.pageId, id, new Date(ctx.auth.now()))))
        throw new HttpError(404, "Unknown preview link");
      await ctx.audit({
        action: "preview.revoke",
        outcome: "success",
        target: `${t.siteId}/${t.pageId}`,
        details: { link: id },
      });
      return json({ status: "success" });
    },
  },
  {
    // A visitor opens a preview link: the site asks with its key and the link's secret.
    method: "POST",
    pattern: "/preview",
    clients: ["protected"],
    maxBody: 1024,
    handler: async (ctx) => {
      const parsed = openSchema.safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(404, "Unknown preview");
      const link = await ctx.storage.previewLinks.find(hashSecret(parsed.data.token), ctx.auth.now());
      if (!link || !ctx.site || link.site_id !== ctx.site.site_id) throw new HttpError(404, "Unknown preview");
      const shown = await shownPage(ctx, link);
      if (!shown) throw new HttpError(404, "Unknown preview");
      const site = shown.chrome ? { ...ctx.site, header: shown.chrome.header, footer: shown.chrome.footer } : ctx.site;
      const page = pageAnswerOf(site as typeof ctx.site, shown.page, ctx.forms.captcha.publicConfig, undefined, {
        noindex: true,
      });
      const preview: PreviewInfo = {
        source: shown.source,
        version: shown.source === "version" ? link.version : null,
        expires_at: new Date(link.expires_ms).toISOString(),
      };
      return json({ page, preview }, 200, {
        "cache-control": "private, no-store",
        "x-robots-tag": "noindex, nofollow",
      });
    },
  },
];
