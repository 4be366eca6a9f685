/**
 * Publishing a page: what the studio's Publish (PUT /pages/{site}/{page}) and a scheduled
 * publish (scheduler.ts) share. Embedded code stays an administrator's right, checked with the
 * role the editor has when the publish happens (a scheduled one: when its time comes); blocks
 * are stored at their types' current schema versions; the save, its version (with the note) and,
 * for a scheduled publish, its job commit together; the draft the publish comes from goes.
 */
import { newEmbedCode } from "../../schema/blocks/embeds";
import { migrateStoredBlocks } from "../../schema/parse";
import type { Trx } from "./db/dialect";
import type { Storage } from "./storage";
import type { PageRecord } from "./stores/content";

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
  | { ok: true; version: number }
  | { ok: false; reason: "embed_admin_only"; blocks: string[] }
  | { ok: false; reason: "conflict"; version: number }
  | { ok: false; reason: "path-taken"; path: string }
  | { ok: false; reason: "unknown-page" };

/** Blocks whose embed code a save by `editor` would add or change (none for an administrator). */
export async function refusedEmbedCode(storage: Storage, siteId: string, page: PageRecord, editor: Publisher) {
  if (editor.role === "admin") return [];
  const stored = await storage.content.getPage(siteId, page.page_id);
  const blocks = (p?: PageRecord) => [...(p?.content ?? []), ...(p?.override?.footer ?? [])];
  return newEmbedCode(blocks(stored), blocks(page));
}

export async function publishPage(storage: Storage, input: PublishInput): Promise<PublishResult> {
  const { siteId, editor } = input;
  const refused = await refusedEmbedCode(storage, siteId, input.page, editor);
  if (refused.length) return { ok: false, reason: "embed_admin_only", blocks: refused };
  // Blocks are stored at their types' current schema versions (those it can migrate; the rest as sent).
  const page = {
    ...input.page,
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
  return { ok: true, version: result.version };
}
