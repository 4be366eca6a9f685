/**
 * GET /articles (protected): the blog archive, per language, with optional categories.
 * GET /article/{id} (protected, content): one article with its body blocks per language.
 * GET /articles/sitemap (protected, content): every article's slugs and dates (sitemap, RSS).
 */
import {
  articleDetailAnswerSchema,
  articleSitemapAnswerSchema,
  articlesAnswerSchema,
  articlesQuerySchema,
} from "../../../schema/api";
import { HttpError, json, queryObject } from "../http";
import type { Route } from "../service";

export const articleRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/articles",
    clients: ["protected"],
    handler: async ({ url, storage }) => {
      const raw = queryObject(url);
      for (const [key, value] of Object.entries(raw)) {
        if (Array.isArray(value)) throw new HttpError(400, `Invalid query parameter: ${key}`, { [key]: "repeated" });
      }
      const parsed = articlesQuerySchema.safeParse(raw);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "query")] ??= issue.message;
        throw new HttpError(400, `Invalid query parameter: ${Object.keys(errors).join(", ")}`, errors);
      }
      const q = parsed.data;
      const store = storage.articles;
      const { articles, total } = await store.list({
        language: q.language,
        page: q.page,
        limit: q.limit,
        order: q.order,
        categories: q.categories,
      });
      const categories = q.with_categories ? await store.categories(q.language) : undefined;
      return json(articlesAnswerSchema.parse({ data: { ...(categories ? { categories } : {}), articles, total } }));
    },
  },
  {
    method: "GET",
    pattern: "/articles/sitemap",
    clients: ["protected", "content"],
    handler: async ({ storage }) =>
      json(articleSitemapAnswerSchema.parse({ data: await storage.articles.listAll() }), 200, {
        "cache-control": "public, max-age=300",
      }),
  },
  {
    method: "GET",
    pattern: "/article/:id",
    clients: ["protected", "content"],
    handler: async ({ params, storage }) => {
      if (!/^\d{1,9}$/.test(params.id ?? "")) throw new HttpError(400, "Invalid article id", { id: "format" });
      const article = await storage.articles.getById(Number(params.id));
      if (!article) throw new HttpError(404, "Article not found");
      return json(articleDetailAnswerSchema.parse({ data: article }));
    },
  },
];
