/**
 * Preview links (issue 33): a link that shows a page's draft, or one of its versions, to anyone
 * who has it (a client without an account), read only. The link's secret is stored only as its
 * SHA-256 (server/auth/secrets.ts, as API tokens and one-time links): a stolen database opens no
 * preview. Each link expires (7 days by default) and can be revoked from the studio.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db/dialect";

export interface PreviewLink {
  id: string;
  site_id: string;
  page_id: string;
  /** A version of the page; null: its draft as it is when the link is opened. */
  version: number | null;
  editor: { id: string; name: string };
  created_at: string;
  expires_ms: number;
}

const COLUMNS = [
  "id",
  "site_id",
  "page_id",
  "version",
  "editor_id",
  "editor_name",
  "created_at",
  "expires_ms",
] as const;

type Row = {
  id: string;
  site_id: string;
  page_id: string;
  version: number | null;
  editor_id: string;
  editor_name: string;
  created_at: string;
  expires_ms: number;
};

const linkOf = ({ editor_id, editor_name, ...rest }: Row): PreviewLink => ({
  ...rest,
  editor: { id: editor_id, name: editor_name },
});

export class PreviewLinksStore {
  constructor(private readonly db: Db) {}

  async create(
    siteId: string,
    pageId: string,
    input: { tokenHash: string; version: number | null; editor: { id: string; name: string }; expiresMs: number },
    now = new Date(),
  ): Promise<PreviewLink> {
    const row = await this.db
      .insertInto("preview_links")
      .values({
        id: randomUUID(),
        token_hash: input.tokenHash,
        site_id: siteId,
        page_id: pageId,
        version: input.version,
        editor_id: input.editor.id,
        editor_name: input.editor.name,
        created_at: now.toISOString(),
        expires_ms: input.expiresMs,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return linkOf(row);
  }

  /** A page's links that still open (not revoked, not expired), newest first. */
  async list(siteId: string, pageId: string, now: number): Promise<PreviewLink[]> {
    const rows = await this.db
      .selectFrom("preview_links")
      .select(COLUMNS)
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .where("revoked_at", "is", null)
      .where("expires_ms", ">", now)
      .orderBy("created_at", "desc")
      .execute();
    return rows.map(linkOf);
  }

  /** The live link a secret's hash names; undefined when unknown, revoked or expired. */
  async find(tokenHash: string, now: number): Promise<PreviewLink | undefined> {
    const row = await this.db
      .selectFrom("preview_links")
      .select(COLUMNS)
      .where("token_hash", "=", tokenHash)
      .where("revoked_at", "is", null)
      .where("expires_ms", ">", now)
      .executeTakeFirst();
    return row ? linkOf(row) : undefined;
  }

  /** Revokes a page's link; false when it has no such live link. */
  async revoke(siteId: string, pageId: string, id: string, now = new Date()): Promise<boolean> {
    const result = await this.db
      .updateTable("preview_links")
      .set({ revoked_at: now.toISOString() })
      .where("id", "=", id)
      .where("site_id", "=", siteId)
      .where("page_id", "=", pageId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
