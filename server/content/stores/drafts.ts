/**
 * Page drafts on the server (issue 33): one draft per page, shared by every device and editor.
 * A draft is the studio's document (schema/draft.ts: the page as opened, its undo steps and the
 * cursor), stored as JSON text, with who wrote it last and when. Every write bumps its revision
 * and names the revision it started from (0: no draft yet): a stale writer (a tab that lost the
 * page's lock while offline, a second process's late retry) gets a conflict, never overwrites.
 * The page lock (stores/page-locks.ts) decides who may write; this store keeps the writes honest.
 *
 * A draft is a page's, or a variant's content of that page (issue 29): `DraftOf` names which, and
 * the two are kept apart (a variant's draft is not the page's). A page that was never published
 * (a new page) has a draft and no page record: the draft is where it lives until its first publish.
 */
import { type Draft, type DraftSummary, parseDraftValue, type StoredDraft } from "../../../schema/draft";
import type { Db, StoreDialect } from "../db/dialect";

/** Which draft: a page's (by its id), or a variant's content of the page. */
export type DraftOf = string | { page: string; variant?: string };
const keyOf = (of: DraftOf) =>
  typeof of === "string" ? { page: of, variant: "" } : { page: of.page, variant: of.variant ?? "" };

export interface DraftAuthor {
  id: string;
  name: string;
}

export type PutDraftResult =
  | { ok: true; revision: number; updated_at: string }
  /** The stored revision is not the one the writer started from: what is stored now. */
  | { ok: false; reason: "conflict"; current: DraftSummary | undefined };

interface Row {
  revision: number;
  doc: string;
  editor_id: string;
  editor_name: string;
  updated_at: string;
}

const summaryOf = (row: Omit<Row, "doc">): DraftSummary => ({
  revision: row.revision,
  editor: { id: row.editor_id, name: row.editor_name },
  updated_at: row.updated_at,
});

export class DraftsStore {
  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
  ) {}

  /** A page's draft; undefined when it has none (or what is stored no longer parses: logged by the caller). */
  async get(siteId: string, of: DraftOf): Promise<StoredDraft | undefined> {
    const key = keyOf(of);
    const row = await this.db
      .selectFrom("page_drafts")
      .select(["revision", "doc", "editor_id", "editor_name", "updated_at"])
      .where("site_id", "=", siteId)
      .where("page_id", "=", key.page)
      .where("variant_id", "=", key.variant)
      .executeTakeFirst();
    if (!row) return undefined;
    const parsed = parseDraftValue(JSON.parse(row.doc));
    if (!parsed.success) return undefined;
    return { ...summaryOf(row), draft: parsed.data };
  }

  /** Who wrote a page's draft last, and when; undefined when it has none. */
  async summary(siteId: string, of: DraftOf): Promise<DraftSummary | undefined> {
    const key = keyOf(of);
    const row = await this.db
      .selectFrom("page_drafts")
      .select(["revision", "editor_id", "editor_name", "updated_at"])
      .where("site_id", "=", siteId)
      .where("page_id", "=", key.page)
      .where("variant_id", "=", key.variant)
      .executeTakeFirst();
    return row ? summaryOf(row) : undefined;
  }

  /** The drafts of a site's pages (not their variants'), by page id (the page list's "draft by Sophie, 2 min ago"). */
  async summaries(siteId: string): Promise<Map<string, DraftSummary>> {
    const rows = await this.db
      .selectFrom("page_drafts")
      .select(["page_id", "revision", "editor_id", "editor_name", "updated_at"])
      .where("site_id", "=", siteId)
      .where("variant_id", "=", "")
      .execute();
    return new Map(rows.map((row) => [row.page_id, summaryOf(row)]));
  }

  /**
   * Writes a page's draft when the stored revision is `expected` (0: there is none yet), as the
   * next revision. One statement decides, as a page's save does: of two writers from the same
   * revision one wins and the other gets a conflict.
   */
  async put(
    siteId: string,
    of: DraftOf,
    draft: Draft,
    expected: number,
    editor: DraftAuthor,
    at: Date = new Date(),
  ): Promise<PutDraftResult> {
    const now = at.toISOString();
    const doc = JSON.stringify(draft);
    const key = keyOf(of);
    return this.db.transaction().execute(async (trx): Promise<PutDraftResult> => {
      let row: { revision: number; updated_at: string } | undefined;
      if (expected === 0) {
        row = await trx
          .insertInto("page_drafts")
          .values({
            site_id: siteId,
            page_id: key.page,
            variant_id: key.variant,
            revision: 1,
            doc,
            editor_id: editor.id,
            editor_name: editor.name,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(["site_id", "page_id", "variant_id"]).doNothing())
          .returning(["revision", "updated_at"])
          .executeTakeFirst();
      } else {
        row = await trx
          .updateTable("page_drafts")
          .set((eb) => ({
            revision: eb("revision", "+", 1),
            doc,
            editor_id: editor.id,
            editor_name: editor.name,
            updated_at: now,
          }))
          .where("site_id", "=", siteId)
          .where("page_id", "=", key.page)
          .where("variant_id", "=", key.variant)
          .where("revision", "=", expected)
          .returning(["revision", "updated_at"])
          .executeTakeFirst();
      }
      if (row) return { ok: true, revision: row.revision, updated_at: row.updated_at };
      const current = await this.dialect
        .forUpdate(
          trx
            .selectFrom("page_drafts")
            .select(["revision", "editor_id", "editor_name", "updated_at"])
            .where("site_id", "=", siteId)
            .where("page_id", "=", key.page)
            .where("variant_id", "=", key.variant),
        )
        .executeTakeFirst();
      return { ok: false, reason: "conflict", current: current ? summaryOf(current) : undefined };
    });
  }

  /**
   * Removes a page's draft: only at `revision` when given (a publish of that very draft, a discard
   * of what the editor saw), whatever it is otherwise. Answers what was removed.
   */
  async remove(siteId: string, of: DraftOf, revision?: number): Promise<DraftSummary | undefined> {
    const key = keyOf(of);
    const row = await this.db
      .deleteFrom("page_drafts")
      .where("site_id", "=", siteId)
      .where("page_id", "=", key.page)
      .where("variant_id", "=", key.variant)
      .$if(revision !== undefined, (q) => q.where("revision", "=", revision!))
      .returning(["revision", "editor_id", "editor_name", "updated_at"])
      .executeTakeFirst();
    return row ? summaryOf(row) : undefined;
  }
}
