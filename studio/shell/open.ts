/**
 * Opening a page in the studio: from the toolbar's Open menu, at start (the last draft, else the
 * last page, else the demo page), and from an edit-mode link of the public site
 * (`?page=/fr/a-propos&block=…&action=edit`), which opens that page with that block selected
 * and the action started.
 */
import type { TFunction } from "i18next";
import { z } from "zod";
import type { Locale } from "../../schema/locales";
import { flushDraft, type StudioDoc, useStudioStore } from "../store";
import type { StudioApi } from "./api";
import { flushPending, leaveServerPage, openServerPage, openTicket, superseded } from "./drafts";
import { showToast } from "./toasts";

/**
 * Loads a document that is not a page of the site (the demo page, a file): its draft, kept in
 * this browser, comes back with it. Pages of the site open with `openServerPage` (their drafts
 * are the server's).
 */
export async function openDoc(load: () => Promise<StudioDoc>, t: TFunction, quiet = false): Promise<boolean> {
  const ticket = openTicket();
  try {
    await flushPending();
    flushDraft();
    const next = await load();
    // Another document was asked for meanwhile (the last asked wins).
    if (superseded(ticket)) return true;
    leaveServerPage();
    const { restored } = useStudioStore.getState().load(next);
    // A draft kept from before the site's header or footer was published elsewhere shows them as they are now.
    if (restored && next.chrome) useStudioStore.getState().refreshChrome(next.chrome);
    if (!quiet || restored)
      showToast({ text: restored ? t("studio.toolbar.draft-restored") : t("studio.toolbar.loaded") });
    return true;
  } catch (error) {
    if (superseded(ticket)) return true;
    showToast({ text: t("studio.toolbar.load-error", { message: (error as Error).message }), tone: "error" });
    return false;
  }
}

/**
 * At start without a page named in the address: the home page of the site (its draft when one is
 * kept), else the demo page. A studio that already holds a document (a language switch) keeps it.
 */
export async function openAtStart(api: StudioApi, siteId: string, t: TFunction, locale: Locale = "fr"): Promise<void> {
  const store = useStudioStore.getState();
  if (store.doc) return;
  try {
    const pages = await api.listPages();
    const home =
      pages.find((p) => normalisePagePath(p.paths[locale]) === `/${locale}`) ?? pages.find((p) => p.page_id === "home");
    if (home && (await openServerPage(home.page_id, t, true))) return;
  } catch {
    // No page list (the service is away): the demo page still opens, from the same service or not at all.
  }
  void siteId;
  await openDoc(() => api.demoPage(), t, true);
}

export const OPEN_ACTIONS = ["edit", "delete", "color-scheme"] as const;
export type OpenAction = (typeof OPEN_ACTIONS)[number];

/**
 * What the studio's address asks to open (query string, parsed with zod; anything else is
 * ignored): a page by its path (and a variant of it), with a block and an action when an
 * edit-mode link of the site sent the editor (url.ts writes the same `page` and `variant`).
 */
export const openRequestSchema = z.object({
  page: z
    .string()
    .regex(/^\/(fr|en)(\/[^?#]*)?$/)
    .max(500),
  variant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  block: z.string().min(1).max(200).optional(),
  action: z.enum(OPEN_ACTIONS).optional(),
});
export type OpenRequest = z.infer<typeof openRequestSchema>;

export function parseOpenRequest(search: string): OpenRequest | null {
  const params = new URLSearchParams(search);
  if (!params.has("page")) return null;
  const parsed = openRequestSchema.safeParse({
    page: params.get("page") ?? undefined,
    variant: params.get("variant") ?? undefined,
    block: params.get("block") ?? undefined,
    action: params.get("action") ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

/** The other things an address may name: the demo page, or a new page's (server) draft by its id. */
export function parseOtherRequest(search: string): { demo: true } | { draft: string } | null {
  const params = new URLSearchParams(search);
  if (params.has("demo")) return { demo: true };
  const draft = z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .safeParse(params.get("draft"));
  return draft.success ? { draft: draft.data } : null;
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
  if (!(await openServerPage(pageId, t, true, request.variant))) return null;
  if (!request.block) return null;
  const exists = useStudioStore.getState().doc?.blocks.some((b) => b.id === request.block);
  if (!exists) {
    showToast({ text: t("studio.open.block-not-found"), tone: "error" });
    return null;
  }
  return { blockId: request.block, action: request.action ?? "edit" };
}
