import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesAnswerSchema } from "../schema/api";
import { articlesFixtureSchema, readTime } from "../server/content/stores/articles";
import { createTestService, getProtected, type TestService } from "./helpers/content-service";

let ctx: TestService;
const fixture = articlesFixtureSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/articles.json"), "utf8")),
);
const get = async (q: string) => {
  const answer = await getProtected(ctx.service, `/articles?${q}`);
  return answer.status === 200 ? { ...answer, data: articlesAnswerSchema.parse(answer.body).data } : answer;
};

beforeAll(async () => {
  ctx = await createTestService();
});
afterAll(() => ctx.cleanup());

describe("articles fixture", () => {
  it("has six categories, bilingual articles and some in one language only", () => {
    expect(fixture.categories).toHaveLength(6);
    expect(fixture.articles.length).toBeGreaterThanOrEqual(12);
    expect(fixture.articles.some((a) => a.fr && !a.en)).toBe(true);
    expect(fixture.articles.some((a) => a.en && !a.fr)).toBe(true);
  });
});

describe("GET /articles", () => {
  it("lists only articles in the requested language", async () => {
    for (const language of ["fr", "en"] as const) {
      // More articles than one page of 50 holds: read the second page too.
      const first = await get(`language=${language}&limit=50`);
      const second = await get(`language=${language}&limit=50&page=2`);
      if (!("data" in first) || !("data" in second)) throw new Error("expected 200");
      const answer = { data: { ...first.data, articles: [...first.data.articles, ...second.data.articles] } };
      const expected = fixture.articles.filter((a) => a[language]);
      expect(answer.data.total).toBe(expected.length);
      expect(answer.data.articles.map((a) => a.id).sort((x, y) => x - y)).toEqual(
        expected.map((a) => a.id).sort((x, y) => x - y),
      );
      for (const article of answer.data.articles) expect(article.slug[language]).not.toBeNull();
      const frOnly = fixture.articles.find((a) => a.fr && !a.en)!;
      if (language === "en") expect(answer.data.articles.some((a) => a.id === frOnly.id)).toBe(false);
    }
  });

  it("answers titles, category labels and read time in the language", async () => {
    const answer = await get("language=en&limit=50");
    if (!("data" in answer)) throw new Error("expected 200");
    const first = answer.data.articles[0]!;
    const source = fixture.articles.find((a) => a.id === first.id)!;
    const category = fixture.categories.find((c) => c.id === source.category_id)!;
    expect(first.title).toBe(source.en!.title);
    expect(first.category).toBe(category.label.en);
    expect(first.read_time).toBe(readTime(source.en!.body));
    expect(answer.data.categories).toBeUndefined();
  });

  it("orders by published_at, desc by default, and pages by 6", async () => {
    const desc = await get("language=fr");
    const asc = await get("language=fr&order=asc&limit=50");
    if (!("data" in desc) || !("data" in asc)) throw new Error("expected 200");
    expect(desc.data.articles).toHaveLength(6);
    const dates = asc.data.articles.map((a) => a.published_at);
    expect([...dates].sort()).toEqual(dates);
    // The newest (first desc) is the last of the ascending order, which may be past the first 50.
    const lastAsc = await get(`language=fr&order=asc&limit=1&page=${asc.data.total}`);
    if (!("data" in lastAsc)) throw new Error("expected 200");
    expect(desc.data.articles[0]!.published_at).toBe(lastAsc.data.articles[0]!.published_at);
    const page2 = await get("language=fr&page=2");
    if (!("data" in page2)) throw new Error("expected 200");
    const ids = new Set([...desc.data.articles, ...page2.data.articles].map((a) => a.id));
    expect(ids.size).toBe(desc.data.articles.length + page2.data.articles.length);
  });

  it("filters by categories and adds categories with counts on request", async () => {
    const answer = await get("language=en&categories=1,6&with_categories=1&limit=50");
    if (!("data" in answer)) throw new Error("expected 200");
    const expected = fixture.articles.filter((a) => a.en && [1, 6].includes(a.category_id));
    expect(answer.data.total).toBe(expected.length);
    expect(answer.data.articles.every((a) => ["Buying", "Renovation"].includes(a.category))).toBe(true);
    const categories = answer.data.categories!;
    for (const category of categories) {
      expect(category.articles_count).toBe(
        fixture.articles.filter((a) => a.en && a.category_id === category.id).length,
      );
      expect(category.articles_count).toBeGreaterThan(0);
    }
    expect(categories.map((c) => c.label.fr)).toContain("Achat");
  });

  it.each([
    ["page=1", "language"],
    ["language=de", "language"],
    ["language=fr&order=random", "order"],
    ["language=fr&categories=1;2", "categories"],
    ["language=fr&limit=500", "limit"],
    ["language=fr&with_categories=true", "with_categories"],
  ])("%s answers 400 naming %s", async (query, param) => {
    const answer = await get(query);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(param);
  });

  it("computes read time as words / 200, at least 1", () => {
    expect(readTime("word")).toBe(1);
    expect(readTime(Array(500).fill("mot").join(" "))).toBe(3);
    expect(readTime(`<p>${Array(299).fill("x").join(" ")}</p>`)).toBe(1);
  });
});
