/**
 * Page versions: every successful save of a page (its creation, each publish) keeps an
 * immutable snapshot of the document with who saved it, when, and a summary of what changed
 * against the version before. The snapshot is written by the content store's `savePage` inside
 * the page's own transaction (`recordPageVersion`), so a saved page never lacks its version and a
 * version never exists for a save that rolled back. This store only reads them: newest first, paged by
 * version number (keyset), and one version's document.
 */
import { z } from "zod";
import {
  type ChangeSummary,
  changeSummarySchema,
  type DiffablePage,
  summariseChanges,
} from "../../../schema/page-diff";
import { comparableBlocks } from "../../../schema/parse";
import type { Db, Trx } from "../db/dialect";
import { type PageRecord, pageDocument, pageRecordSchema } from "./content-records";

/** Who saved a version: an editor's account, or nobody (fixtures, imports, scripts). */
export const versionEditorSchema = z.object({ id: z.string().min(1), name: z.string() });
export type VersionEditor = z.infer<typeof versionEditorSchema>;

export const pageVersionSummarySchema = z.object({
  version: z.number().int().nonnegative(),
  editor: versionEditorSchema.nullable(),
  created_at: z.string(),
  summary: changeSummarySchema,
  /** The editor's note at publish. */
  note: z.string().nullable().default(null),
  /** A scheduled publish: the time it was scheduled for. */
  scheduled_for: z.string().nullable().default(null),
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

/** The row a save writes; `previous` is the stored page before this save (undefined when created). */
export function versionRow(
  page: PageRecord,
  previous: unknown,
  editor: VersionEditor | undefined,
): { doc: string; summary: ChangeSummary; editor: VersionEditor | undefined } {
  const document = pageDocument(page);
  return {
    doc: JSON.stringify(document),
    // Compared with the schemas' defaults filled on both sides: only real changes are counted.
    summary: summariseChanges(previous ? comparable(previous as DiffablePage) : undefined, comparable(document)),
    editor: editor ? versionEditorSchema.parse(editor) : undefined,
  };
}

/** A page document with its blocks (content and footer override) as the summary compares them. */
function comparable(page: DiffablePage): DiffablePage {
  const override = page.override as { footer?: unknown[] } | undefined;
  return {
    ...page,
    content: comparableBlocks(page.content ?? []),
    ...(override?.footer ? { override: { ...override, footer: comparableBlocks(override.footer) } } : {}),
  };
}

const clampLimit = (limit: number | undefined) =>
  Math.max(1, Math.min(VERSIONS_PAGE_MAX, Math.trunc(limit ?? 20) || 20));

type Row = {
  version: number;
  editor_id: string | null;
  editor_name: string | null;
  created_at: string;
  summary: string;
  note: string | null;
  scheduled_for: string | null;
};

function summaryOf(row: Row): PageVersionSummary {
  return pageVersionSummarySchema.parse({
    version: row.version,
    editor: row.editor_id ? { id: row.editor_id, name: row.editor_name ?? "" } : null,
    created_at: row.created_at,
    summary: JSON.parse(row.summary),
    note: row.note,
    scheduled_for: row.scheduled_for,
  });
}

/** A version to write: the page as saved and its stored document before the save (JSON text; undefined when created). */
export interface VersionWrite {
  siteId: string;
  page: PageRecord;
  version: number;
  previousDoc: string | undefined;
  editor: VersionEditor | undefined;
  at: string;
  note?: string;
  scheduledFor?: string;
}

/** Writes versions inside the caller's transaction (ContentStore.savePage, importSites). */
export async function recordPageVersions(trx: Trx, writes: readonly VersionWrite[]): Promise<void> {
  // Rows per statement well under both databases' limits on parameters.
  for (let i = 0; i < writes.length; i += 500) {
    const rows = writes.slice(i, i + 500).map((w) => {
      const row = versionRow(w.page, w.previousDoc === undefined ? undefined : JSON.parse(w.previousDoc), w.editor);
      return {
        site_id: w.siteId,
        page_id: w.page.page_id,
        version: w.version,
        doc: row.doc,
        editor_id: row.editor?.id ?? null,
        editor_name: row.editor?.name ?? null,
        created_at: w.at,
        summary: JSON.stringify(row.summary),
        note: w.note ?? null,
        scheduled_for: w.scheduledFor ?? null,
      };
    });
    await trx
      .insertInto("page_versions")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["site_id", "page_id", "version"]).doUpdateSet((eb) => ({
          doc: eb.ref("excluded.doc"),
          editor_id: eb.ref("excluded.editor_id"),
          editor_name: eb.ref("excluded.editor_name"),
          created_at: eb.ref("excluded.created_at"),
          summary: eb.ref("excluded.summary"),
          note: eb.ref("excluded.note"),
          scheduled_for: eb.ref("excluded.scheduled_for"),
        })),
      )
      .execute();
  }
}

/** Reads a page's versions: newest first, paged by version number (keyset), and one version's document. */
export class PageVersionsStore {
  constructor(private readonly db: Db) {}

  /** A page's versions, newest first, `limit` at a time, older than `before` when given. */
  async list(siteId: string, pageId: string, options: { limit?: number; before?: number } = {}): Promise<VersionPage> {
    const limit = clampLimit(options.limit);
    const rows = await this.db
      .selectFrom("page_versions")
      .select(["version", "editor_id", "editor_name", "created_at", "summary", "note", "scheduled_for"])
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .$if(options.before !== undefined, (q) => q.where("version", "<", options.before!))
      .orderBy("version", "desc")
      .limit(limit + 1)
      .execute();
    const versions = rows.slice(0, limit).map(summaryOf);
    return { versions, next: rows.length > limit ? (versions.at(-1)?.version ?? null) : null };
  }

  /** One version with its page document (the page as it was saved, at that version). */
  async get(siteId: string, pageId: string, version: number): Promise<PageVersion | undefined> {
    const row = await this.db
      .selectFrom("page_versions")
      .select(["version", "editor_id", "editor_name", "created_at", "summary", "note", "scheduled_for", "doc"])
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .where("version", "=", version)
      .executeTakeFirst();
    if (!row) return undefined;
    return pageVersionSchema.parse({
      ...summaryOf(row),
      page: { ...JSON.parse(row.doc), version: row.version, updated_at: row.created_at },
    });
  }
}
