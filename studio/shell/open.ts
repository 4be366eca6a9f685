/**
 * Opening a page in the studio: from the toolbar's Open menu, at start (the last draft, else the
 * last page, else the demo page), and from an edit-mode link of the public site
 * (`?page=/fr/a-propos&block=…&action=edit`), which opens that page with that block selected
 * and the action started.
 */
import type { TFunction } from "i18next";
import { z } from "zod";
import {
  docOfDraft,
  flushDraft,
  lastDocRef,
  loadDraft,
  rememberLastDoc,
  type StudioDoc,
  useStudioStore,
} from "../store";
import type { StudioApi } from "./api";
import { flushPending, leaveServerPage, openServerPage } from "./drafts";
import { showToast } from "./toasts";

/**
 * Loads a document that is not a page of the site (the demo page, a file): its draft, kept in
 * this browser, comes back with it. Pages of the site open with `openServerPage` (their drafts
 * are the server's).
 */
export async function openDoc(load: () => Promise<StudioDoc>, t: TFunction, quiet = false): Promise<boolean> {
  try {
    await flushPending();
    flushDraft();
    const next = await load();
    leaveServerPage();
    const { restored } = useStudioStore.getState().load(next);
    rememberLastDoc(next.site_id, next.page_id, next.origin);
    if (!quiet || restored)
      showToast({ text: restored ? t("studio.toolbar.draft-restored") : t("studio.toolbar.loaded") });
    return true;
  } catch (error) {
    showToast({ text: t("studio.toolbar.load-error", { message: (error as Error).message }), tone: "error" });
    return false;
  }
}

/**
 * The general settings screen: the last draft comes back (its theme is the preview's), nothing
 * else opens; a page of the site comes with its server draft.
 */
export async function restoreLastDraft(siteId: string, t: TFunction): Promise<boolean> {
  const store = useStudioStore.getState();
  if (store.doc) return true;
  const last = lastDocRef();
  if (!last || last.site_id !== siteId) return false;
  if (last.origin === "server" || last.origin === undefined) return openServerPage(last.page_id, t, true);
  const draft = loadDraft(last.site_id, last.page_id);
  const doc = draft ? docOfDraft(draft) : null;
  if (!draft || !doc) return false;
  store.restoreDraft(draft, doc);
  return true;
}

/**
 * At start: the last draft of this site, else the last page opened (it had no edit yet: a reload
 * before the first edit keeps it open), else the demo page. A studio that already holds a
 * document (a language switch) keeps it.
 */
export async function openAtStart(api: StudioApi, siteId: string, t: TFunction): Promise<void> {
  const store = useStudioStore.getState();
  if (store.doc) return;
  const last = lastDocRef();
  if (last && last.site_id === siteId && (last.origin === "server" || last.origin === undefined)) {
    // A page of the site: with its server draft, whoever wrote it.
    if (await openServerPage(last.page_id, t, true)) return;
  } else if (last && last.site_id === siteId) {
    const draft = loadDraft(last.site_id, last.page_id);
    const doc = draft ? docOfDraft(draft) : null;
    if (draft && doc) {
      store.restoreDraft(draft, doc);
      showToast({ text: t("studio.toolbar.draft-restored") });
      return;
    }
  }
  await openDoc(() => api.demoPage(), t, true);
}

export const OPEN_ACTIONS = ["edit", "delete", "color-scheme"] as const;
export type OpenAction = (typeof OPEN_ACTIONS)[number];

/** What an edit-mode link asks for (query string, parsed with zod; anything else is ignored). */
export const openRequestSchema = z.object({
  page: z
    .string()
    .regex(/^\/(fr|en)(\/[^?#]*)?$/)
    .max(500),
  block: z.string().min(1).max(200).optional(),
  action: z.enum(OPEN_ACTIONS).optional(),
});
export type OpenRequest = z.infer<typeof openRequestSchema>;

export function parseOpenRequest(search: string): OpenRequest | null {
  const params = new URLSearchParams(search);
  if (!params.has("page")) return null;
  const parsed = openRequestSchema.safeParse({
    page: params.get("page") ?? undefined,
    block: params.get("block") ?? undefined,
    action: params.get("action") ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/** A path as pages store it: no trailing slash except the home page's own. */
export function normalisePagePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * Opens the page an edit-mode link names. Resolves with the block to act on when it is on that
 * page, or null (the page or the block was not found: the editor is told).
 */
export async function openFromRequest(
  api: StudioApi,
  request: OpenRequest,
  t: TFunction,
): Promise<{ blockId: string; action: OpenAction } | null> {
  const path = normalisePagePath(request.page);
  let pageId: string | undefined;
  try {
    const pages = await api.listPages();
    pageId = pages.find(
      (p) => normalisePagePath(p.paths.fr) === path || normalisePagePath(p.paths.en) === path,
    )?.page_id;
  } catch {
    pageId = undefined;
  }
  if (!pageId) {
    showToast({ text: t("studio.open.page-not-found", { path }), tone: "error" });
    return null;
  }
  if (!(await openServerPage(pageId, t, true))) return null;
  if (!request.block) return null;
  const exists = useStudioStore.getState().doc?.blocks.some((b) => b.id === request.block);
  if (!exists) {
    showToast({ text: t("studio.open.block-not-found"), tone: "error" });
    return null;
  }
  return { blockId: request.block, action: request.action ?? "edit" };
}
