/**
 * Page versions: every successful save of a page (its creation, each publish) keeps an
 * immutable snapshot of the document with who saved it, when, and a summary of what changed
 * against the version before. The snapshot is written by the repository's `savePage` inside
 * the page's own transaction (`recordPageVersion` here, `recordPageVersionPg` in
 * page-versions.postgres.ts), so a saved page never lacks its version and a version never
 * exists for a save that rolled back. This store only reads them: newest first, paged by
 * version number (keyset), and one version's document.
 */
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import {
  type ChangeSummary,
  changeSummarySchema,
  type DiffablePage,
  summariseChanges,
} from "../../../schema/page-diff";
import { StatementCache } from "../db/sqlite";
import { type PageRecord, pageDocument, pageRecordSchema } from "../repository";

/** Who saved a version: an editor's account, or nobody (fixtures, imports, scripts). */
export const versionEditorSchema = z.object({ id: z.string().min(1), name: z.string() });
export type VersionEditor = z.infer<typeof versionEditorSchema>;

export const pageVersionSummarySchema = z.object({
  version: z.number().int().nonnegative(),
  editor: versionEditorSchema.nullable(),
  created_at: z.string(),
  summary: changeSummarySchema,
});
export type PageVersionSummary = z.infer<typeof pageVersionSummarySchema>;

export const pageVersionSchema = pageVersionSummarySchema.extend({ page: pageRecordSchema });
export type PageVersion = z.infer<typeof pageVersionSchema>;

export interface VersionPage {
  versions: PageVersionSummary[];
  /** The `before` of the next (older) page; null on the last one. */
  next: number | null;
}

export const VERSIONS_PAGE_MAX = 100;

export interface PageVersionsStore {
  /** A page's versions, newest first, `limit` at a time, older than `before` when given. */
  list(siteId: string, pageId: string, options?: { limit?: number; before?: number }): Promise<VersionPage>;
  /** One version with its page document (the page as it was saved, at that version). */
  get(siteId: string, pageId: string, version: number): Promise<PageVersion | undefined>;
}

/** The row both dialects write; `previous` is the stored page before this save (undefined when created). */
export function versionRow(
  page: PageRecord,
  previous: unknown,
  editor: VersionEditor | undefined,
): { doc: string; summary: ChangeSummary; editor: VersionEditor | undefined } {
  const document = pageDocument(page);
  return {
    doc: JSON.stringify(document),
    // The stored document is a page record's (parsed when it was saved): the diff reads it as is.
    summary: summariseChanges(previous as DiffablePage | undefined, document),
    editor: editor ? versionEditorSchema.parse(editor) : undefined,
  };
}

export const clampLimit = (limit: number | undefined) =>
  Math.max(1, Math.min(VERSIONS_PAGE_MAX, Math.trunc(limit ?? 20) || 20));

type SqliteRow = {
  version: number;
  editor_id: string | null;
  editor_name: string | null;
  created_at: string;
  summary: string;
  doc?: string;
};

function summaryOf(row: SqliteRow): PageVersionSummary {
  return pageVersionSummarySchema.parse({
    version: row.version,
    editor: row.editor_id ? { id: row.editor_id, name: row.editor_name ?? "" } : null,
    created_at: row.created_at,
    summary: JSON.parse(row.summary),
  });
}

const INSERT_SQLITE = `INSERT INTO page_versions(site_id, page_id, version, doc, editor_id, editor_name, created_at, summary)
  VALUES(?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(site_id, page_id, version) DO UPDATE SET doc = excluded.doc, editor_id = excluded.editor_id,
    editor_name = excluded.editor_name, created_at = excluded.created_at, summary = excluded.summary`;

/** Writes a version inside the caller's transaction (SqliteContentRepository.savePage). */
export function recordPageVersion(
  sql: StatementCache,
  siteId: string,
  page: PageRecord,
  version: number,
  previousDoc: string | undefined,
  editor: VersionEditor | undefined,
  at: string,
): void {
  const row = versionRow(page, previousDoc === undefined ? undefined : JSON.parse(previousDoc), editor);
  sql
    .get(INSERT_SQLITE)
    .run(
      siteId,
      page.page_id,
      version,
      row.doc,
      row.editor?.id ?? null,
      row.editor?.name ?? null,
      at,
      JSON.stringify(row.summary),
    );
}

export class SqlitePageVersionsStore implements PageVersionsStore {
  private readonly sql: StatementCache;

  constructor(db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async list(siteId: string, pageId: string, options: { limit?: number; before?: number } = {}): Promise<VersionPage> {
    const limit = clampLimit(options.limit);
    const rows = this.sql
      .get(
        `SELECT version, editor_id, editor_name, created_at, summary FROM page_versions
         WHERE site_id = ? AND page_id = ? AND (? IS NULL OR version < ?)
         ORDER BY version DESC LIMIT ?`,
      )
      .all(siteId, pageId, options.before ?? null, options.before ?? null, limit + 1) as SqliteRow[];
    const versions = rows.slice(0, limit).map(summaryOf);
    return { versions, next: rows.length > limit ? (versions.at(-1)?.version ?? null) : null };
  }

  async get(siteId: string, pageId: string, version: number): Promise<PageVersion | undefined> {
    const row = this.sql
      .get(
        `SELECT version, editor_id, editor_name, created_at, summary, doc FROM page_versions
         WHERE site_id = ? AND page_id = ? AND version = ?`,
      )
      .get(siteId, pageId, version) as SqliteRow | undefined;
    if (!row) return undefined;
    return pageVersionSchema.parse({
      ...summaryOf(row),
      page: { ...JSON.parse(row.doc ?? "{}"), version: row.version, updated_at: row.created_at },
    });
  }
}
