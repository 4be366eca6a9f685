/**
 * Page drafts over HTTP (content client, editors; issue 33): the studio saves the open page's
 * draft a moment after each change and when the tab hides, and any device or editor opening the
 * page reads it back with its undo history and who wrote it last.
 *
 *  - GET    /drafts/{site}/{page}                     the draft (or null) and who holds the page
 *  - PUT    /drafts/{site}/{page}  { revision, draft } writes it; `revision` is the one the writer
 *            started from (0: none yet); 409 when it moved on, 423 when another editor holds the page
 *  - DELETE /drafts/{site}/{page}?revision=N          discards it (what the editor saw, N)
 *
 * `?variant=ID` names a variant's content of the page (issue 29): a draft of its own, apart from
 * the page's, under the page's lock (one editor edits a page and its variants at a time). A page
 * never published (a new page of the Pages screen) has a draft and no page yet: its first draft
 * is written from version 0, and publishing version 0 creates the page and removes the draft.
 *
 * The page lock decides who writes (Payload's model): a write renews the writer's lock, or takes
 * it when it lapsed, and is refused while someone else holds it. Embedded code stays an
 * administrator's right here too: an editor's draft may not add script embeds the published page
 * does not have (an administrator could otherwise publish an editor's script unawares).
 */
import { applyPatches, type Patch } from "immer";
import { z } from "zod";
import { newEmbedCode } from "../../../schema/blocks/embeds";
import { MAX_INT32 } from "../../../schema/common";
import { type Draft, draftSchema, type StudioDoc } from "../../../schema/draft";
import { fieldErrors, HttpError, json, readJson } from "../http";
import type { Route, RouteContext } from "../service";
import { variantIdSchema } from "../stores/content";
import { LOCK_TTL_MS } from "./locks";

/** A draft holds the page as opened, where its history starts, and the steps: several pages' worth. */
export const DRAFT_MAX_BODY = 24_000_000;

/**
 * Saves come every few seconds while an editor types: the trail records a draft's creation, a new
 * writer, and at most one save per writer every ten minutes (a discard always).
 */
export const DRAFT_AUDIT_EVERY_MS = 10 * 60_000;

const putBodySchema = z.object({
  revision: z.number().int().min(0).max(MAX_INT32),
  draft: draftSchema,
});

const revisionQuerySchema = z
  .object({
    revision: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .pipe(z.number().int().min(1)),
    variant: variantIdSchema.optional(),
  })
  .strict();

const variantQuerySchema = z.object({ variant: variantIdSchema.optional() }).strict();

/** A new page's id, as the studio proposes it (schema/site-routes.ts's proposePageId). */
export const NEW_PAGE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The states a draft's history can show (every cursor position): what undo and redo reach. */
export function* draftStates(draft: Draft): Generator<StudioDoc> {
  const start = draft.start ?? draft.base;
  yield draft.base;
  let doc: StudioDoc = start;
  yield doc;
  for (const step of draft.steps) {
    doc = applyStep(doc, step.patches);
    yield doc;
  }
}

const applyStep = (doc: StudioDoc, patches: readonly unknown[]) => applyPatches(doc, patches as Patch[]) as StudioDoc;

/** What a draft's embed check compares with: the published content, its own footer, the header and footer shown. */
export interface PublishedBlocks {
  content?: readonly unknown[];
  override?: { footer?: readonly unknown[] };
  chrome?: readonly unknown[];
}

/** Blocks an embed check reads: the content, the footer override, the site's (or variant's) header and footer. */
const blocksOfPage = (page?: PublishedBlocks) => [
  ...(page?.content ?? []),
  ...(page?.override?.footer ?? []),
  ...(page?.chrome ?? []),
];
const blocksOfDoc = (doc: StudioDoc) => [
  ...doc.blocks,
  ...(((doc.override as { footer?: unknown[] } | undefined)?.footer ?? []) as unknown[]),
  ...(doc.page_footer ?? []),
  ...(doc.chrome?.header ?? []),
  ...(doc.chrome?.footer ?? []),
];

/** Ids of blocks whose embed code some state of the draft has and the published page does not. */
export function draftEmbedCode(published: PublishedBlocks | undefined, draft: Draft): string[] {
  const known = blocksOfPage(published) as Parameters<typeof newEmbedCode>[0];
  const found = new Set<string>();
  try {
    for (const state of draftStates(draft)) for (const id of newEmbedCode(known, blocksOfDoc(state))) found.add(id);
  } catch {
    // Steps that do not apply to their start: the draft is refused for that (400) before this matters.
  }
  return [...found];
}

/**
 * The draft a call names: a page's (a page of the site, or one never published when `newPage`
 * allows it and the id is a new page's), or a variant's content of a page of the site.
 */
async function target(ctx: RouteContext, variantId: string | undefined, newPage: boolean) {
  const who = await ctx.principal();
  if (!who) throw new HttpError(401, "Sign in to the studio, or send an API token");
  const siteId = ctx.params.site_id ?? "";
  const pageId = ctx.params.page_id ?? "";
  const site = await ctx.storage.content.getSite(siteId);
  if (!site) throw new HttpError(404, "Unknown site");
  const page = await ctx.storage.content.getPage(siteId, pageId);
  const variant = variantId === undefined ? undefined : await ctx.storage.content.getVariant(siteId, variantId);
  if (variantId !== undefined && !variant) throw new HttpError(404, "Unknown variant");
  if (!page && (variant || !newPage || !NEW_PAGE_ID.test(pageId) || pageId.length > 64))
    throw new HttpError(404, "Unknown page");
  const of = variantId === undefined ? pageId : { page: pageId, variant: variantId };
  // What a save's embed check compares with: the page (or the variant's content of it) and the header and footer shown.
  const own = variant?.pages[pageId];
  const published: PublishedBlocks = {
    content: own?.content ?? page?.content ?? [],
    override: own?.override ?? page?.override,
    chrome: [...(variant?.header ?? site.header), ...(variant?.footer ?? site.footer)],
  };
  return { who, siteId, pageId, page, variantId, of, published };
}

/** A draft in the audit trail: `site/page`, or `site/page@variant` for a variant's. */
const auditTarget = (t: { siteId: string; pageId: string; variantId?: string }) =>
  `${t.siteId}/${t.pageId}${t.variantId ? `@${t.variantId}` : ""}`;

/** The `?variant=` of a call, parsed (anything else in the query is refused). */
function variantQuery(ctx: RouteContext): string | undefined {
  const query = variantQuerySchema.safeParse(Object.fromEntries(ctx.url.searchParams));
  if (!query.success) throw new HttpError(400, "Unknown query", fieldErrors(query.error));
  return query.data.variant;
}

/** Takes or renews the writer's lock; the answer refusing the write when someone else holds it. */
async function lockFor(ctx: RouteContext, t: Awaited<ReturnType<typeof target>>): Promise<Response | undefined> {
  const result = await ctx.auth.storage.pageLocks.acquire(
    t.siteId,
    t.pageId,
    { holder: t.who.holder, editor_id: t.who.editor.id, editor_name: t.who.editor.name },
    ctx.auth.now(),
    LOCK_TTL_MS,
    false,
  );
  if (result.ok) return undefined;
  return json(
    {
      status: "error",
      code: "locked",
      message: `${result.lock.editor_name} is editing this page`,
      lock: { editor: { id: result.lock.editor_id, name: result.lock.editor_name } },
    },
    423,
  );
}

export const draftRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/drafts/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const t = await target(ctx, variantQuery(ctx), true);
      const stored = await ctx.storage.drafts.get(t.siteId, t.of);
      // A page never published is its draft: without one, there is no such page.
      if (!t.page && !stored) throw new HttpError(404, "Unknown page");
      return json({ draft: stored ?? null });
    },
  },
  {
    method: "PUT",
    pattern: "/drafts/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    maxBody: DRAFT_MAX_BODY,
    handler: async (ctx) => {
      const t = await target(ctx, variantQuery(ctx), true);
      const parsed = putBodySchema.safeParse(await readJson(ctx.request, ctx.maxBody));
      if (!parsed.success) throw new HttpError(400, "Invalid draft", fieldErrors(parsed.error));
      const { revision, draft } = parsed.data as { revision: number; draft: Draft };
      if (draft.base.page_id !== t.pageId || draft.base.site_id !== t.siteId)
        throw new HttpError(400, "The draft is of another page", { "draft.base.page_id": "mismatch" });
      if ((draft.base.variant?.id ?? undefined) !== t.variantId)
        throw new HttpError(400, "The draft is of another variant", { "draft.base.variant": "mismatch" });
      // A page never published: its draft starts from version 0 (publishing it creates the page).
      if (!t.page && (draft.base.base_version !== 0 || draft.base_version !== 0))
        throw new HttpError(404, "Unknown page");
      if (t.who.editor.role !== "admin") {
        const added = draftEmbedCode(t.published, draft);
        if (added.length) {
          await ctx.audit({
            action: "draft.save",
            outcome: "failure",
            target: auditTarget(t),
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
      const locked = await lockFor(ctx, t);
      if (locked) return locked;
      const before = revision > 0 ? await ctx.storage.drafts.summary(t.siteId, t.of) : undefined;
      const editor = { id: t.who.editor.id, name: t.who.editor.name };
      const result = await ctx.storage.drafts.put(t.siteId, t.of, draft, revision, editor, new Date(ctx.auth.now()));
      if (!result.ok) {
        return json(
          {
            status: "error",
            code: "conflict",
            message: "The draft changed since you read it",
            current: result.current,
          },
          409,
        );
      }
      // The first save of a writer in each ten minutes is recorded; the ones after it are not.
      const window = (ms: number) => Math.floor(ms / DRAFT_AUDIT_EVERY_MS);
      const quiet = before?.editor.id === editor.id && window(ctx.auth.now()) === window(Date.parse(before.updated_at));
      if (!quiet) {
        await ctx.audit({
          action: "draft.save",
          outcome: "success",
          target: auditTarget(t),
          details: { revision: result.revision, ...(revision === 0 ? { created: true } : {}) },
        });
      }
      return json({ status: "success", revision: result.revision, updated_at: result.updated_at, editor });
    },
  },
  {
    method: "DELETE",
    pattern: "/drafts/:site_id/:page_id",
    clients: ["content"],
    access: "editor",
    handler: async (ctx) => {
      const query = revisionQuerySchema.safeParse(Object.fromEntries(ctx.url.searchParams));
      if (!query.success)
        throw new HttpError(400, "Name the revision you discard: ?revision=N", { revision: "required" });
      const t = await target(ctx, query.data.variant, true);
      const locked = await lockFor(ctx, t);
      if (locked) return locked;
      const removed = await ctx.storage.drafts.remove(t.siteId, t.of, query.data.revision);
      if (!removed) {
        const current = await ctx.storage.drafts.summary(t.siteId, t.of);
        if (!current) throw new HttpError(404, "This page has no draft");
        return json(
          { status: "error", code: "conflict", message: "The draft changed since you read it", current },
          409,
        );
      }
      await ctx.audit({
        action: "draft.discard",
        outcome: "success",
        target: auditTarget(t),
        details: { revision: removed.revision, author: removed.editor.name },
      });
      return json({ status: "success", discarded: removed });
    },
  },
];
