/**
 * Publishing a page: what the studio's Publish (PUT /pages/{site}/{page}) and a scheduled
 * publish (scheduler.ts) share. Embedded code stays an administrator's right, checked with the
 * role the editor has when the publish happens (a scheduled one: when its time comes); blocks
 * are stored at their types' current schema versions; the save, its version (with the note) and,
 * for a scheduled publish, its job commit together; the draft the publish comes from goes.
 */
import { newEmbedCode } from "../../schema/blocks/embeds";
import { migrateStoredBlocks } from "../../schema/parse";
import { reservedPath } from "../../schema/site-routes";
import type { Trx } from "./db/dialect";
import { footerProblem } from "./routes/site";
import type { Storage } from "./storage";
import type { PageRecord } from "./stores/content";
import type { JobChrome } from "./stores/publish-jobs";

/** The longest note a publish may carry. */
export const PUBLISH_NOTE_MAX = 500;

export interface Publisher {
  id: string;
  name: string;
  role: "admin" | "editor";
}

export interface PublishInput {
  siteId: string;
  page: PageRecord;
  /** The version the page was edited from (0 creates it). */
  expected: number;
  editor: Publisher;
  note?: string;
  /** The server draft this publish comes from: removed once published (only at that revision). */
  draftRevision?: number;
  /** A scheduled publish: when it was scheduled for, and its job, finished in the same transaction. */
  scheduled?: { for: string; finish: (trx: Trx, version: number) => Promise<void> };
}

export type PublishResult =
  /** `previous`: the paths the page had (none: the publish created it). */
  | { ok: true; version: number; previous?: { fr: string; en: string } }
  /** A rule of the page itself (issue 29): a path a page may not have, a footer without the OACIQ mentions. */
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "embed_admin_only"; blocks: string[] }
  | { ok: false; reason: "conflict"; version: number }
  | { ok: false; reason: "path-taken"; path: string }
  | { ok: false; reason: "unknown-page" };

export type ChromeResult =
  | { ok: true; version: number }
  | { ok: false; reason: "embed_admin_only"; blocks: string[] }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "conflict"; version: number };

/**
 * Checks the site's header and footer a publish would write (issue 29) against the rules of
 * their own save (routes/site.ts): embedded code an administrator's, the footer's OACIQ mentions.
 */
export async function chromeProblem(
  storage: Storage,
  siteId: string,
  chrome: JobChrome,
  editor: Publisher,
): Promise<Exclude<ChromeResult, { ok: true } | { reason: "conflict" }> | undefined> {
  const site = await storage.content.getSite(siteId);
  if (!site) return { ok: false, reason: "invalid", errors: { chrome: "unknown-site" } };
  if (editor.role !== "admin") {
    const added = newEmbedCode(
      [...site.header, ...site.footer] as Parameters<typeof newEmbedCode>[0],
      [...chrome.header, ...chrome.footer] as Parameters<typeof newEmbedCode>[1],
    );
    if (added.length) return { ok: false, reason: "embed_admin_only", blocks: added };
  }
  const problem = footerProblem(chrome.footer, site.info !== undefined);
  if (problem) return { ok: false, reason: "invalid", errors: { "chrome.footer": problem } };
  return undefined;
}

/** Writes the site's header and footer from the version they were edited from (a scheduled publish's, issue 29). */
export async function publishChrome(
  storage: Storage,
  siteId: string,
  chrome: JobChrome,
  editor: Publisher,
): Promise<ChromeResult> {
  const problem = await chromeProblem(storage, siteId, chrome, editor);
  if (problem) return problem;
  const result = await storage.content.saveChrome(
    siteId,
    { header: migrateStoredBlocks(chrome.header), footer: migrateStoredBlocks(chrome.footer) },
    chrome.base_version,
  );
  if (result.ok) return { ok: true, version: result.version };
  return { ok: false, reason: "conflict", version: "version" in result ? (result.version ?? 0) : 0 };
}

/** Blocks whose embed code a save by `editor` would add or change (none for an administrator). */
export async function refusedEmbedCode(storage: Storage, siteId: string, page: PageRecord, editor: Publisher) {
  if (editor.role === "admin") return [];
  const stored = await storage.content.getPage(siteId, page.page_id);
  const blocks = (p?: PageRecord) => [...(p?.content ?? []), ...(p?.override?.footer ?? [])];
  return newEmbedCode(blocks(stored), blocks(page));
}

/**
 * A path a page is given (a new page, a rename) must be one a page can have: not the studio's, a
 * listing's, a preview's or a blog post's (schema/site-routes.ts), well formed. Field errors by
 * the page's field, none when it may have them.
 */
export function pathErrors(
  page: Pick<PageRecord, "paths">,
  stored?: Pick<PageRecord, "paths">,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const locale of ["fr", "en"] as const) {
    const path = page.paths[locale];
    if (stored?.paths[locale] === path) continue;
    const reason = reservedPath(path, locale);
    if (reason) errors[`page.paths.${locale}`] = reason === "format" ? "path-format" : "path-reserved";
  }
  return errors;
}

export async function publishPage(storage: Storage, input: PublishInput): Promise<PublishResult> {
  const { siteId, editor } = input;
  const stored = await storage.content.getPage(siteId, input.page.page_id);
  const paths = pathErrors(input.page, stored);
  if (Object.keys(paths).length > 0) return { ok: false, reason: "invalid", errors: paths };
  const refused = await refusedEmbedCode(storage, siteId, input.page, editor);
  if (refused.length) return { ok: false, reason: "embed_admin_only", blocks: refused };
  // A page's own footer keeps the mentions OACIQ requires (checked after the embed rule: a refused editor learns that first).
  const overrideFooter = input.page.override?.footer;
  if (overrideFooter) {
    const site = await storage.content.getSite(siteId);
    const problem = footerProblem(overrideFooter, site?.info !== undefined);
    if (problem) return { ok: false, reason: "invalid", errors: { "page.override.footer": problem } };
  }
  // Blocks are stored at their types' current schema versions (those it can migrate; the rest as sent).
  // A new page (published from version 0) starts its history at version 1.
  const page = {
    ...input.page,
    ...(input.expected === 0 ? { version: 1 } : {}),
    content: migrateStoredBlocks(input.page.content),
    ...(input.page.override?.footer
      ? { override: { ...input.page.override, footer: migrateStoredBlocks(input.page.override.footer) } }
      : {}),
  };
  const result = await storage.content.savePage(
    siteId,
    page,
    input.expected,
    { id: editor.id, name: editor.name },
    {
      ...(input.note ? { note: input.note } : {}),
      ...(input.scheduled ? { scheduledFor: input.scheduled.for, inTransaction: input.scheduled.finish } : {}),
    },
  );
  if (!result.ok) {
    if (result.reason === "conflict") return { ok: false, reason: "conflict", version: result.version };
    if (result.reason === "path-taken") return { ok: false, reason: "path-taken", path: result.path };
    return { ok: false, reason: "unknown-page" };
  }
  if (input.draftRevision !== undefined) await storage.drafts.remove(siteId, page.page_id, input.draftRevision);
  return { ok: true, version: result.version, ...(stored ? { previous: stored.paths } : {}) };
}
