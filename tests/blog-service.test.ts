import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssXml } from "../renderer/routes/feed";
import { articleDetailAnswerSchema, articleSitemapAnswerSchema } from "../schema/api";
import { parseBlocks } from "../schema/parse";
import { articlesFixtureSchema } from "../server/content/stores/articles";
import { BROKER, createTestService, getProtected, type TestService } from "./helpers/content-service";

let ctx: TestService;
const fixtureText = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/articles.json"), "utf8");
const fixture = articlesFixtureSchema.parse(JSON.parse(fixtureText));

beforeAll(async () => {
  ctx = await createTestService();
});
afterAll(() => ctx.cleanup());

describe("blog content", () => {
  it("has at least 60 articles over 6 categories, some in one language only, within 1.5 MB", () => {
    expect(fixture.articles.length).toBeGreaterThanOrEqual(60);
    expect(new Set(fixture.articles.map((a) => a.category_id)).size).toBeGreaterThanOrEqual(6);
    expect(fixture.articles.filter((a) => a.fr && !a.en).length).toBeGreaterThanOrEqual(6);
    expect(fixture.articles.filter((a) => a.en && !a.fr).length).toBeGreaterThanOrEqual(4);
    expect(new Set(fixture.articles.map((a) => a.author.name)).size).toBeGreaterThanOrEqual(2);
    expect(Buffer.byteLength(fixtureText)).toBeLessThan(1.5 * 1024 * 1024);
    for (const a of fixture.articles) {
      expect(fs.existsSync(path.resolve(import.meta.dirname, `../public${a.author.thumbnail}`))).toBe(true);
      expect(fs.existsSync(path.resolve(import.meta.dirname, `../public${a.thumbnails.url_large}`))).toBe(true);
    }
  });
});

describe("GET /article/{id}", () => {
  it("answers the article in every language with valid body blocks", async () => {
    const answer = await getProtected(ctx.service, "/article/1");
    expect(answer.status).toBe(200);
    const article = articleDetailAnswerSchema.parse(answer.body).data;
    expect(article.translations).toEqual(["fr", "en"]);
    expect(article.read_time.fr).toBeGreaterThanOrEqual(1);
    const source = fixture.articles.find((a) => a.id === 1)!;
    for (const locale of ["fr", "en"] as const) {
      const { blocks, issues } = parseBlocks(article.body[locale]!, () => undefined);
      expect(issues).toEqual([]);
      expect(blocks.length).toBeGreaterThan(0);
      // The text reaches the fields a view reads (the language's fields), not only the block list.
      const firstWords = source[locale]!.body.split("\n")[0]!.split(" ").slice(0, 6).join(" ");
      const text = blocks.map((b) => JSON.stringify(b.fields[locale] ?? {})).join(" ");
      expect(text).toContain(firstWords);
    }
  });

  it("marks a missing translation and answers 404 or 400 for unknown or bad ids", async () => {
    const frOnly = fixture.articles.find((a) => a.fr && !a.en)!;
    const article = articleDetailAnswerSchema.parse(
      (await getProtected(ctx.service, `/article/${frOnly.id}`)).body,
    ).data;
    expect(article.translations).toEqual(["fr"]);
    expect(article.slug.en).toBeNull();
    expect(article.body.en).toBeNull();
    expect((await getProtected(ctx.service, "/article/99999")).status).toBe(404);
    expect((await getProtected(ctx.service, "/article/abc")).status).toBe(400);
  });

  it("is available to the content client with the site key", async () => {
    const response = await ctx.service.handle(
      new Request("http://localhost/api/article/1", {
        headers: { "x-site-id": BROKER.site_id, "x-site-key": BROKER.site_key },
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe("GET /articles/sitemap and the RSS feed", () => {
  it("lists every article newest first, and the feed keeps 20 in the language, escaped", async () => {
    const entries = articleSitemapAnswerSchema.parse((await getProtected(ctx.service, "/articles/sitemap")).body).data;
    expect(entries).toHaveLength(fixture.articles.length);
    const dates = entries.map((e) => e.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const xml = rssXml({
      locale: "en",
      origin: "https://example.com",
      title: "A & B <blog>",
      description: "d",
      articles: entries,
    });
    expect(xml.match(/<item>/g)).toHaveLength(20);
    expect(xml).toContain("<title>A &amp; B &lt;blog&gt;</title>");
    expect(xml).toContain("<link>https://example.com/en/blog/");
    expect(xml).not.toContain("/fr/blogue/");
  });
});
