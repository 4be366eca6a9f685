/** Blog articles and categories. An article lists in a language only when it has that language's slug. */
import { z } from "zod";
import type { ArticleDetail, ArticleSitemapEntry, ArticleSummary, Category } from "../../../schema/api";
import type { Locale } from "../../../schema/common";
import { bodyToBlocks, bodyWords } from "../data/article-body";
import type { Db } from "../db/dialect";
import { bumpRevisions } from "../db/queries";

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

/** Reading time of each language of an article, stored with it. */
const readTimes = (a: ArticleRecord) => ({
  fr: a.fr ? readTime(a.fr.body) : null,
  en: a.en ? readTime(a.en.body) : null,
});

/** The summary of an article in one language, as GET /articles lists it. */
function articleSummary(
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
function articleDetail(
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
function articleSitemapEntry(a: ArticleRecord, labels: { fr: string; en: string }): ArticleSitemapEntry {
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

const labelsOf = (row: { label_fr: string | null; label_en: string | null }) => ({
  fr: row.label_fr ?? "",
  en: row.label_en ?? "",
});

export class ArticlesStore {
  constructor(private readonly db: Db) {}

  /** Replaces every category and article (seeding, imports). */
  async replaceAll(categories: readonly ArticleCategoryRecord[], articles: readonly ArticleRecord[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("articles").execute();
      await trx.deleteFrom("article_categories").execute();
      if (categories.length) {
        await trx
          .insertInto("article_categories")
          .values(categories.map((c) => ({ id: c.id, label_fr: c.label.fr, label_en: c.label.en })))
          .execute();
      }
      // Rows per statement well under both databases' limits on parameters.
      for (let i = 0; i < articles.length; i += 500) {
        await trx
          .insertInto("articles")
          .values(
            articles.slice(i, i + 500).map((a) => {
              const times = readTimes(a);
              return {
                id: a.id,
                category_id: a.category_id,
                slug_fr: a.fr?.slug ?? null,
                slug_en: a.en?.slug ?? null,
                published_at: new Date(a.published_at).toISOString(),
                read_time_fr: times.fr,
                read_time_en: times.en,
                doc: JSON.stringify(a),
              };
            }),
          )
          .execute();
      }
      await bumpRevisions(trx, "content");
    });
  }

  /** One page of the articles having a slug in the language, by publication date then id. */
  async list(query: ArticleListQuery): Promise<{ articles: ArticleSummary[]; total: number }> {
    const slug = query.language === "fr" ? "a.slug_fr" : "a.slug_en";
    const direction = query.order === "asc" ? "asc" : "desc";
    const base = this.db
      .selectFrom("articles as a")
      .where(slug, "is not", null)
      .$if(Boolean(query.categories?.length), (q) => q.where("a.category_id", "in", query.categories!));
    const total = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin("article_categories as c", "c.id", "a.category_id")
      .select(["a.doc", "a.read_time_fr", "a.read_time_en", "c.label_fr", "c.label_en"])
      .orderBy("a.published_at", direction)
      .orderBy("a.id", direction)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return {
      total: Number(total.n),
      articles: rows.map((row) =>
        articleSummary(
          JSON.parse(row.doc) as ArticleRecord,
          query.language,
          query.language === "fr" ? row.read_time_fr : row.read_time_en,
          labelsOf(row),
        ),
      ),
    };
  }

  /** Categories having at least one article in the language, with that count. */
  async categories(language: Locale): Promise<Category[]> {
    const slug = language === "fr" ? "a.slug_fr" : "a.slug_en";
    const rows = await this.db
      .selectFrom("article_categories as c")
      .innerJoin("articles as a", (join) => join.onRef("a.category_id", "=", "c.id").on(slug, "is not", null))
      .select((eb) => ["c.id", "c.label_fr", "c.label_en", eb.fn.count<number>("a.id").as("n")])
      .groupBy(["c.id", "c.label_fr", "c.label_en"])
      .orderBy("c.id")
      .execute();
    return rows.map((r) => ({ id: r.id, label: { fr: r.label_fr, en: r.label_en }, articles_count: Number(r.n) }));
  }

  async getBySlug(
    language: Locale,
    slug: string,
  ): Promise<(ArticleRecord & { read_time: { fr?: number; en?: number } }) | undefined> {
    const row = await this.db
      .selectFrom("articles")
      .select(["doc", "read_time_fr", "read_time_en"])
      .where(language === "fr" ? "slug_fr" : "slug_en", "=", slug)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...(JSON.parse(row.doc) as ArticleRecord),
      read_time: { fr: row.read_time_fr ?? undefined, en: row.read_time_en ?? undefined },
    };
  }

  /** One article in every language it exists in, its body as blocks. */
  async getById(id: number): Promise<ArticleDetail | undefined> {
    const row = await this.db
      .selectFrom("articles as a")
      .leftJoin("article_categories as c", "c.id", "a.category_id")
      .select(["a.doc", "a.read_time_fr", "a.read_time_en", "c.label_fr", "c.label_en"])
      .where("a.id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    return articleDetail(
      JSON.parse(row.doc) as ArticleRecord,
      { fr: row.read_time_fr, en: row.read_time_en },
      labelsOf(row),
    );
  }

  /** Every article, newest first (sitemap, RSS). */
  async listAll(): Promise<ArticleSitemapEntry[]> {
    const rows = await this.db
      .selectFrom("articles as a")
      .innerJoin("article_categories as c", "c.id", "a.category_id")
      .select(["a.doc", "c.label_fr", "c.label_en"])
      .orderBy("a.published_at", "desc")
      .orderBy("a.id", "desc")
      .execute();
    return rows.map((row) => articleSitemapEntry(JSON.parse(row.doc) as ArticleRecord, labelsOf(row)));
  }
}
