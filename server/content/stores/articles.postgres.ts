/** Blog articles and categories on PostgreSQL; the same answers as the embedded store (articles.ts). */
import type pg from "pg";
import type { ArticleDetail, ArticleSitemapEntry, ArticleSummary, Category } from "../../../schema/api";
import type { Locale } from "../../../schema/common";
import { bumpRevisions, pgTransaction } from "../db/postgres";
import {
  type ArticleCategoryRecord,
  type ArticleListQuery,
  type ArticleRecord,
  type ArticlesStore,
  articleDetail,
  articleSitemapEntry,
  articleSummary,
  readTimes,
} from "./articles";

type Row = {
  doc: ArticleRecord;
  read_time_fr: number | null;
  read_time_en: number | null;
  label_fr: string | null;
  label_en: string | null;
};
const labelsOf = (row: Pick<Row, "label_fr" | "label_en">) => ({ fr: row.label_fr ?? "", en: row.label_en ?? "" });

export class PostgresArticlesStore implements ArticlesStore {
  constructor(private readonly pool: pg.Pool) {}

  async replaceAll(categories: readonly ArticleCategoryRecord[], articles: readonly ArticleRecord[]): Promise<void> {
    await pgTransaction(this.pool, async (client) => {
      await client.query("DELETE FROM articles");
      await client.query("DELETE FROM article_categories");
      await client.query(
        "INSERT INTO article_categories(id, label_fr, label_en) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])",
        [categories.map((c) => c.id), categories.map((c) => c.label.fr), categories.map((c) => c.label.en)],
      );
      const times = articles.map(readTimes);
      await client.query(
        `INSERT INTO articles(id, category_id, slug_fr, slug_en, published_at, read_time_fr, read_time_en, doc)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::int[], $7::int[], $8::json[])`,
        [
          articles.map((a) => a.id),
          articles.map((a) => a.category_id),
          articles.map((a) => a.fr?.slug ?? null),
          articles.map((a) => a.en?.slug ?? null),
          articles.map((a) => new Date(a.published_at).toISOString()),
          times.map((t) => t.fr),
          times.map((t) => t.en),
          articles.map((a) => JSON.stringify(a)),
        ],
      );
      await bumpRevisions(client, "content");
    });
  }

  async list(query: ArticleListQuery): Promise<{ articles: ArticleSummary[]; total: number }> {
    const slugColumn = query.language === "fr" ? "a.slug_fr" : "a.slug_en";
    const params: unknown[] = [];
    let where = `WHERE ${slugColumn} IS NOT NULL`;
    if (query.categories?.length) {
      params.push(query.categories);
      where += " AND a.category_id = ANY($1::int[])";
    }
    const total = (await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM articles a ${where}`, params))
      .rows[0]!.n;
    const direction = query.order === "asc" ? "ASC" : "DESC";
    const n = params.length;
    const { rows } = await this.pool.query<Row>(
      `SELECT a.doc, a.read_time_fr, a.read_time_en, c.label_fr, c.label_en FROM articles a
       JOIN article_categories c ON c.id = a.category_id
       ${where} ORDER BY a.published_at ${direction}, a.id ${direction} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, query.limit, (query.page - 1) * query.limit],
    );
    return {
      total,
      articles: rows.map((row) =>
        articleSummary(
          row.doc,
          query.language,
          query.language === "fr" ? row.read_time_fr : row.read_time_en,
          labelsOf(row),
        ),
      ),
    };
  }

  async categories(language: Locale): Promise<Category[]> {
    const slugColumn = language === "fr" ? "a.slug_fr" : "a.slug_en";
    const { rows } = await this.pool.query<{ id: number; label_fr: string; label_en: string; n: number }>(
      `SELECT c.id, c.label_fr, c.label_en, count(a.id)::int AS n FROM article_categories c
       JOIN articles a ON a.category_id = c.id AND ${slugColumn} IS NOT NULL
       GROUP BY c.id ORDER BY c.id`,
    );
    return rows.map((r) => ({ id: r.id, label: { fr: r.label_fr, en: r.label_en }, articles_count: r.n }));
  }

  async getBySlug(language: Locale, slug: string) {
    const column = language === "fr" ? "slug_fr" : "slug_en";
    const { rows } = await this.pool.query<Pick<Row, "doc" | "read_time_fr" | "read_time_en">>(
      `SELECT doc, read_time_fr, read_time_en FROM articles WHERE ${column} = $1`,
      [slug],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { ...row.doc, read_time: { fr: row.read_time_fr ?? undefined, en: row.read_time_en ?? undefined } };
  }

  async getById(id: number): Promise<ArticleDetail | undefined> {
    const { rows } = await this.pool.query<Row>(
      `SELECT a.doc, a.read_time_fr, a.read_time_en, c.label_fr, c.label_en FROM articles a
       LEFT JOIN article_categories c ON c.id = a.category_id WHERE a.id = $1`,
      [id],
    );
    const row = rows[0];
    return row ? articleDetail(row.doc, { fr: row.read_time_fr, en: row.read_time_en }, labelsOf(row)) : undefined;
  }

  async listAll(): Promise<ArticleSitemapEntry[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT a.doc, c.label_fr, c.label_en FROM articles a JOIN article_categories c ON c.id = a.category_id
       ORDER BY a.published_at DESC, a.id DESC`,
    );
    return rows.map((row) => articleSitemapEntry(row.doc, labelsOf(row)));
  }
}
