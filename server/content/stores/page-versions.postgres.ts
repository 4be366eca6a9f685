/** Page versions on PostgreSQL (the embedded one and the contract: page-versions.ts). */
import type pg from "pg";
import type { Queryable } from "../db/postgres";
import type { PageRecord } from "../repository";
import {
  clampLimit,
  type PageVersion,
  type PageVersionSummary,
  type PageVersionsStore,
  pageVersionSchema,
  pageVersionSummarySchema,
  type VersionEditor,
  type VersionPage,
  versionRow,
} from "./page-versions";

type Row = {
  version: number;
  editor_id: string | null;
  editor_name: string | null;
  created_at: Date;
  summary: unknown;
  doc?: Record<string, unknown>;
};

function summaryOf(row: Row): PageVersionSummary {
  return pageVersionSummarySchema.parse({
    version: row.version,
    editor: row.editor_id ? { id: row.editor_id, name: row.editor_name ?? "" } : null,
    created_at: row.created_at.toISOString(),
    summary: row.summary,
  });
}

/** Writes a version inside the caller's transaction (PostgresContentRepository.savePage). */
export async function recordPageVersionPg(
  client: Queryable,
  siteId: string,
  page: PageRecord,
  version: number,
  previousDoc: unknown,
  editor: VersionEditor | undefined,
): Promise<void> {
  const row = versionRow(page, previousDoc, editor);
  await client.query(
    `INSERT INTO page_versions(site_id, page_id, version, doc, editor_id, editor_name, created_at, summary)
     VALUES($1, $2, $3, $4, $5, $6, now(), $7)
     ON CONFLICT(site_id, page_id, version) DO UPDATE SET doc = EXCLUDED.doc, editor_id = EXCLUDED.editor_id,
       editor_name = EXCLUDED.editor_name, created_at = EXCLUDED.created_at, summary = EXCLUDED.summary`,
    [
      siteId,
      page.page_id,
      version,
      row.doc,
      row.editor?.id ?? null,
      row.editor?.name ?? null,
      JSON.stringify(row.summary),
    ],
  );
}

export class PostgresPageVersionsStore implements PageVersionsStore {
  constructor(private readonly pool: pg.Pool) {}

  async list(siteId: string, pageId: string, options: { limit?: number; before?: number } = {}): Promise<VersionPage> {
    const limit = clampLimit(options.limit);
    const { rows } = await this.pool.query<Row>(
      `SELECT version, editor_id, editor_name, created_at, summary FROM page_versions
       WHERE site_id = $1 AND page_id = $2 AND ($3::integer IS NULL OR version < $3::integer)
       ORDER BY version DESC LIMIT $4`,
      [siteId, pageId, options.before ?? null, limit + 1],
    );
    const versions = rows.slice(0, limit).map(summaryOf);
    return { versions, next: rows.length > limit ? (versions.at(-1)?.version ?? null) : null };
  }

  async get(siteId: string, pageId: string, version: number): Promise<PageVersion | undefined> {
    const { rows } = await this.pool.query<Row>(
      `SELECT version, editor_id, editor_name, created_at, summary, doc FROM page_versions
       WHERE site_id = $1 AND page_id = $2 AND version = $3`,
      [siteId, pageId, version],
    );
    const row = rows[0];
    if (!row) return undefined;
    return pageVersionSchema.parse({
      ...summaryOf(row),
      page: { ...row.doc, version: row.version, updated_at: row.created_at.toISOString() },
    });
  }
}
