/** Blog articles and categories. An article lists in a language only when it has that language's slug. */
import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import type { ArticleDetail, ArticleSitemapEntry, ArticleSummary, Category } from "../../../schema/api";
import type { Locale } from "../../../schema/common";
import { bodyToBlocks, bodyWords } from "../data/article-body";
import { bumpRevisions, StatementCache, sqliteTransaction } from "../db/sqlite";

const localizedText = z.object({ fr: z.string().min(1), en: z.string().min(1) });
const articleLocaleSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  excerpt: z.string().min(1),
  /** Light markup (server/content/data/article-body.ts), turned into content blocks. */
  body: z.string().min(1),
  tags: z.array(z.string().min(1)).default([]),
});
export const articleCategoryRecordSchema = z.object({ id: z.number().int().positive(), label: localizedText });
export type ArticleCategoryRecord = z.infer<typeof articleCategoryRecordSchema>;

export const articleRecordSchema = z
  .object({
    id: z.number().int().positive(),
    category_id: z.number().int().positive(),
    published_at: z.iso.datetime(),
    updated_at: z.iso.datetime().optional(),
    author: z.object({ name: z.string().min(1), thumbnail: z.string().optional() }),
    thumbnails: z.object({ url_small: z.string(), url_large: z.string() }),
    fr: articleLocaleSchema.optional(),
    en: articleLocaleSchema.optional(),
  })
  .refine((a) => a.fr || a.en, "An article needs at least one language");
export type ArticleRecord = z.infer<typeof articleRecordSchema>;

export const articlesFixtureSchema = z.object({
  categories: z.array(articleCategoryRecordSchema),
  articles: z.array(articleRecordSchema),
});

/** Reading time in minutes: words / 200, rounded, at least 1 (site.md §9). */
export function readTime(text: string): number {
  return Math.max(1, Math.round(bodyWords(text) / 200));
}

export interface ArticleListQuery {
  language: Locale;
  page: number;
  limit: number;
  order: "asc" | "desc";
  categories?: number[];
}

export interface ArticlesStore {
  /** Replaces every category and article (seeding, imports). */
  replaceAll(categories: readonly ArticleCategoryRecord[], articles: readonly ArticleRecord[]): Promise<void>;
  /** One page of the articles having a slug in the language, by publication date then id. */
  list(query: ArticleListQuery): Promise<{ articles: ArticleSummary[]; total: number }>;
  /** Categories having at least one article in the language, with that count. */
  categories(language: Locale): Promise<Category[]>;
  getBySlug(
    language: Locale,
    slug: string,
  ): Promise<(ArticleRecord & { read_time: { fr?: number; en?: number } }) | undefined>;
  /** One article in every language it exists in, its body as blocks. */
  getById(id: number): Promise<ArticleDetail | undefined>;
  /** Every article, newest first (sitemap, RSS). */
  listAll(): Promise<ArticleSitemapEntry[]>;
}

/** Reading time of each language of an article, stored with it. */
export const readTimes = (a: ArticleRecord) => ({
  fr: a.fr ? readTime(a.fr.body) : null,
  en: a.en ? readTime(a.en.body) : null,
});

/** The summary of an article in one language, as GET /articles lists it. */
export function articleSummary(
  article: ArticleRecord,
  language: Locale,
  readTimeOfLanguage: number | null,
  labels: { fr: string; en: string },
): ArticleSummary {
  const text = article[language]!;
  return {
    id: article.id,
    slug: { fr: article.fr?.slug ?? null, en: article.en?.slug ?? null },
    title: text.title,
    excerpt: text.excerpt,
    thumbnails: article.thumbnails,
    author: article.author,
    category: labels[language],
    published_at: new Date(article.published_at).toISOString(),
    read_time: readTimeOfLanguage ?? 1,
  };
}

/** One article with its body as blocks in every language it has (GET /article/{id}). */
export function articleDetail(
  a: ArticleRecord,
  readTimes: { fr: number | null; en: number | null },
  labels: { fr: string; en: string },
): ArticleDetail {
  const pick = <T>(fn: (text: NonNullable<ArticleRecord["fr"]>, locale: Locale) => T) => ({
    fr: a.fr ? fn(a.fr, "fr") : null,
    en: a.en ? fn(a.en, "en") : null,
  });
  const published = new Date(a.published_at).toISOString();
  return {
    id: a.id,
    slug: pick((t) => t.slug),
    title: pick((t) => t.title),
    excerpt: pick((t) => t.excerpt),
    body: pick((t, locale) => bodyToBlocks(t.body, locale, `a${a.id}-${locale}`)),
    author: a.author,
    category: { id: a.category_id, label: labels },
    tags: pick((t) => t.tags),
    published_at: published,
    updated_at: a.updated_at ? new Date(a.updated_at).toISOString() : published,
    read_time: { fr: a.fr ? (readTimes.fr ?? 1) : null, en: a.en ? (readTimes.en ?? 1) : null },
    thumbnails: a.thumbnails,
    translations: (["fr", "en"] as const).filter((l) => a[l]),
  };
}

/** An article's entry in the sitemap and RSS list. */
export function articleSitemapEntry(a: ArticleRecord, labels: { fr: string; en: string }): ArticleSitemapEntry {
  const published = new Date(a.published_at).toISOString();
  return {
    id: a.id,
    slug: { fr: a.fr?.slug ?? null, en: a.en?.slug ?? null },
    title: { fr: a.fr?.title ?? null, en: a.en?.title ?? null },
    excerpt: { fr: a.fr?.excerpt ?? null, en: a.en?.excerpt ?? null },
    author: a.author.name,
    category: labels,
    published_at: published,
    updated_at: a.updated_at ? new Date(a.updated_at).toISOString() : published,
  };
}

type Row = {
  doc: string;
  read_time_fr: number | null;
  read_time_en: number | null;
  label_fr: string;
  label_en: string;
};

/** The embedded implementation (schema in db/sqlite-migrations.ts). PostgreSQL: articles.postgres.ts. */
export class SqliteArticlesStore implements ArticlesStore {
  private readonly sql: StatementCache;

  constructor(private readonly db: DatabaseSync) {
    this.sql = new StatementCache(db);
  }

  async replaceAll(categories: readonly ArticleCategoryRecord[], articles: readonly ArticleRecord[]): Promise<void> {
    sqliteTransaction(this.db, () => {
      this.db.exec("DELETE FROM articles; DELETE FROM article_categories;");
      for (const c of categories) {
        this.sql
          .get("INSERT INTO article_categories(id, label_fr, label_en) VALUES(?, ?, ?)")
          .run(c.id, c.label.fr, c.label.en);
      }
      for (const a of articles) {
        const times = readTimes(a);
        this.sql
          .get(
            "INSERT INTO articles(id, category_id, slug_fr, slug_en, published_at, read_time_fr, read_time_en, doc) VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .run(
            a.id,
            a.category_id,
            a.fr?.slug ?? null,
            a.en?.slug ?? null,
            new Date(a.published_at).toISOString(),
            times.fr,
            times.en,
            JSON.stringify(a),
          );
      }
      bumpRevisions(this.sql, "content");
    });
  }

  async list(query: ArticleListQuery): Promise<{ articles: ArticleSummary[]; total: number }> {
    const slugColumn = query.language === "fr" ? "a.slug_fr" : "a.slug_en";
    const params: number[] = [];
    let where = `WHERE ${slugColumn} IS NOT NULL`;
    if (query.categories?.length) {
      where += ` AND a.category_id IN (${query.categories.map(() => "?").join(",")})`;
      params.push(...query.categories);
    }
    const total = (this.sql.get(`SELECT count(*) AS n FROM articles a ${where}`).get(...params) as { n: number }).n;
    const direction = query.order === "asc" ? "ASC" : "DESC";
    const rows = this.sql
      .get(
        `SELECT a.doc, a.read_time_fr, a.read_time_en, c.label_fr, c.label_en FROM articles a
       JOIN article_categories c ON c.id = a.category_id
       ${where} ORDER BY a.published_at ${direction}, a.id ${direction} LIMIT ? OFFSET ?`,
      )
      .all(...params, query.limit, (query.page - 1) * query.limit) as Row[];
    return {
      total,
      articles: rows.map((row) =>
        articleSummary(
          JSON.parse(row.doc) as ArticleRecord,
          query.language,
          query.language === "fr" ? row.read_time_fr : row.read_time_en,
          { fr: row.label_fr, en: row.label_en },
        ),
      ),
    };
  }

  async categories(language: Locale): Promise<Category[]> {
    const slugColumn = language === "fr" ? "a.slug_fr" : "a.slug_en";
    const rows = this.sql
      .get(
        `SELECT c.id, c.label_fr, c.label_en, count(a.id) AS n FROM article_categories c
       JOIN articles a ON a.category_id = c.id AND ${slugColumn} IS NOT NULL
       GROUP BY c.id ORDER BY c.id`,
      )
      .all() as { id: number; label_fr: string; label_en: string; n: number }[];
    return rows.map((r) => ({ id: r.id, label: { fr: r.label_fr, en: r.label_en }, articles_count: r.n }));
  }

  async getBySlug(language: Locale, slug: string) {
    const column = language === "fr" ? "slug_fr" : "slug_en";
    const row = this.sql.get(`SELECT doc, read_time_fr, read_time_en FROM articles WHERE ${column} = ?`).get(slug) as
      | Pick<Row, "doc" | "read_time_fr" | "read_time_en">
      | undefined;
    if (!row) return undefined;
    const article = JSON.parse(row.doc) as ArticleRecord;
    return {
      ...article,
      read_time: { fr: row.read_time_fr ?? undefined, en: row.read_time_en ?? undefined },
    };
  }

  async getById(id: number): Promise<ArticleDetail | undefined> {
    const row = this.sql
      .get(
        `SELECT a.doc, a.read_time_fr, a.read_time_en, c.label_fr, c.label_en FROM articles a
         LEFT JOIN article_categories c ON c.id = a.category_id WHERE a.id = ?`,
      )
      .get(id) as
      | (Omit<Row, "label_fr" | "label_en"> & { label_fr: string | null; label_en: string | null })
      | undefined;
    if (!row) return undefined;
    return articleDetail(
      JSON.parse(row.doc) as ArticleRecord,
      { fr: row.read_time_fr, en: row.read_time_en },
      { fr: row.label_fr ?? "", en: row.label_en ?? "" },
    );
  }

  async listAll(): Promise<ArticleSitemapEntry[]> {
    const rows = this.sql
      .get(
        `SELECT a.doc, c.label_fr, c.label_en FROM articles a JOIN article_categories c ON c.id = a.category_id
       ORDER BY a.published_at DESC, a.id DESC`,
      )
      .all() as Pick<Row, "doc" | "label_fr" | "label_en">[];
    return rows.map((row) =>
      articleSitemapEntry(JSON.parse(row.doc) as ArticleRecord, { fr: row.label_fr, en: row.label_en }),
    );
  }
}
