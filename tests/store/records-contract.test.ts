/**
 * The contract of the article, submission and rate-limit stores, against SQLite and
 * PostgreSQL; rate-limit buckets and the IP key are shared by two instances on one
 * database, as by two web processes.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLES_FILE } from "../../server/content/seed-stores";
import type { Storage } from "../../server/content/storage";
import { type ArticleRecord, articlesFixtureSchema } from "../../server/content/stores/articles";
import { harnesses } from "./harness";

const fixture = articlesFixtureSchema.parse(JSON.parse(fs.readFileSync(ARTICLES_FILE, "utf8")));
const byDate = (a: ArticleRecord, b: ArticleRecord) =>
  Date.parse(a.published_at) - Date.parse(b.published_at) || a.id - b.id;

describe.each(harnesses)("$kind stores", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
    await store.articles.replaceAll(fixture.categories, fixture.articles);
  });
  afterAll(() => db.cleanup());

  describe("articles", () => {
    it.each(["fr", "en"] as const)("lists the %s articles by date in both directions, paged", async (language) => {
      const inLanguage = fixture.articles.filter((a) => a[language]).sort(byDate);
      const desc = await store.articles.list({ language, page: 1, limit: 5, order: "desc" });
      expect(desc.total).toBe(inLanguage.length);
      expect(desc.articles.map((a) => a.id)).toEqual(
        [...inLanguage]
          .reverse()
          .slice(0, 5)
          .map((a) => a.id),
      );
      const asc = await store.articles.list({ language, page: 2, limit: 5, order: "asc" });
      expect(asc.articles.map((a) => a.id)).toEqual(inLanguage.slice(5, 10).map((a) => a.id));
      const first = desc.articles[0]!;
      const source = fixture.articles.find((a) => a.id === first.id)!;
      const category = fixture.categories.find((c) => c.id === source.category_id)!;
      expect(first).toMatchObject({ title: source[language]!.title, category: category.label[language] });
      expect(first.read_time).toBeGreaterThanOrEqual(1);
    });

    it("filters by category and counts categories per language", async () => {
      const ids = [fixture.categories[0]!.id, fixture.categories[1]!.id];
      const want = fixture.articles.filter((a) => a.en && ids.includes(a.category_id));
      const answer = await store.articles.list({ language: "en", page: 1, limit: 100, order: "desc", categories: ids });
      expect(answer.total).toBe(want.length);
      expect(answer.articles.map((a) => a.id).sort()).toEqual(want.map((a) => a.id).sort());
      for (const category of await store.articles.categories("fr")) {
        const n = fixture.articles.filter((a) => a.fr && a.category_id === category.id).length;
        expect(category.articles_count).toBe(n);
        expect(n).toBeGreaterThan(0);
      }
    });

    it("finds an article by slug and by id, with its body as blocks", async () => {
      const source = fixture.articles.find((a) => a.fr && a.en)!;
      const bySlug = await store.articles.getBySlug("en", source.en!.slug);
      expect(bySlug?.id).toBe(source.id);
      expect(bySlug?.read_time.fr).toBeGreaterThanOrEqual(1);
      expect(
        await store.articles.getBySlug("fr", source.en!.slug === source.fr!.slug ? "no-such-slug" : source.en!.slug),
      ).toBeUndefined();
      const detail = await store.articles.getById(source.id);
      expect(detail?.title).toEqual({ fr: source.fr!.title, en: source.en!.title });
      expect(detail?.translations).toEqual(["fr", "en"]);
      expect(detail?.body.fr?.length).toBeGreaterThan(0);
      expect(await store.articles.getById(999_999)).toBeUndefined();
    });

    it("lists every article newest first for the sitemap", async () => {
      const all = await store.articles.listAll();
      expect(all.map((a) => a.id)).toEqual(
        [...fixture.articles]
          .sort(byDate)
          .reverse()
          .map((a) => a.id),
      );
    });
  });

  describe("submissions", () => {
    it("stores a submission durably and lists a site's newest first, paged", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push(
          await store.submissions.insert({
            site_id: "site-a",
            type: "contact_form",
            locale: i % 2 ? "en" : "fr",
            recipient_type: i === 0 ? "broker" : null,
            recipient_slug: i === 0 ? "julie" : null,
            payload: { first_name: `Marie ${i}`, budget: "Infinity", nested: { z: 1, a: 2 } },
            ip: "203.0.113.7",
          }),
        );
      }
      await other.submissions.insert({ site_id: "site-b", type: "alert_form", locale: "fr", payload: {} });
      expect(new Set(ids).size).toBe(5);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await store.submissions.count("site-a")).toBe(5);
      expect(await store.submissions.count()).toBe(6);
      const page = await other.submissions.list("site-a", { offset: 1, limit: 2 });
      expect(page.total).toBe(5);
      expect(page.submissions.map((s) => s.id)).toEqual([ids[3], ids[2]]);
      const oldest = (await store.submissions.list("site-a", { offset: 4, limit: 10 })).submissions[0]!;
      expect(oldest).toMatchObject({
        id: ids[0],
        site_id: "site-a",
        type: "contact_form",
        locale: "fr",
        recipient_type: "broker",
        recipient_slug: "julie",
        payload: { first_name: "Marie 0", budget: "Infinity", nested: { z: 1, a: 2 } },
      });
      expect(oldest.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it("keeps an IP only as a keyed hash, the same key for every instance", async () => {
      await other.submissions.insert({
        site_id: "site-c",
        type: "contact_form",
        locale: "fr",
        payload: {},
        ip: "203.0.113.7",
      });
      await store.submissions.insert({
        site_id: "site-c",
        type: "contact_form",
        locale: "fr",
        payload: {},
        ip: "203.0.113.8",
      });
      await store.submissions.insert({ site_id: "site-c", type: "contact_form", locale: "fr", payload: {} });
      const [none, eight, seven] = (await store.submissions.list("site-c", { offset: 0, limit: 3 })).submissions;
      const [fromA] = (await store.submissions.list("site-a", { offset: 0, limit: 1 })).submissions;
      expect(seven!.ip_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(seven!.ip_hash).not.toContain("203.0.113");
      expect(seven!.ip_hash).toBe(fromA!.ip_hash);
      expect(eight!.ip_hash).not.toBe(seven!.ip_hash);
      expect(none!.ip_hash).toBeNull();
    });
  });

  describe("rate-limit buckets", () => {
    it("allows the capacity, refuses the next with the wait, and refills over time", async () => {
      const now = 5_000_000;
      for (let i = 0; i < 10; i++) expect((await store.rateLimits.take("refill", 10, 60_000, now)).allowed).toBe(true);
      expect(await store.rateLimits.take("refill", 10, 60_000, now)).toEqual({ allowed: false, retryAfter: 6 });
      expect(await store.rateLimits.take("refill", 10, 60_000, now + 3000)).toEqual({ allowed: false, retryAfter: 3 });
      expect((await store.rateLimits.take("refill", 10, 60_000, now + 6000)).allowed).toBe(true);
      expect((await store.rateLimits.take("refill", 10, 60_000, now + 6000)).allowed).toBe(false);
      // A minute later the bucket is full again, never fuller.
      for (let i = 0; i < 10; i++)
        expect((await store.rateLimits.take("refill", 10, 60_000, now + 120_000)).allowed).toBe(true);
      expect((await store.rateLimits.take("refill", 10, 60_000, now + 120_000)).allowed).toBe(false);
    });

    it("keeps one bucket per key", async () => {
      const now = 6_000_000;
      for (let i = 0; i < 3; i++) await store.rateLimits.take("ip-1", 3, 60_000, now);
      expect((await store.rateLimits.take("ip-1", 3, 60_000, now)).allowed).toBe(false);
      expect((await store.rateLimits.take("ip-2", 3, 60_000, now)).allowed).toBe(true);
    });

    it("shares buckets between two instances: 11 posts over both, the 11th is refused", async () => {
      const now = Date.now();
      const results = [];
      for (let i = 0; i < 11; i++)
        results.push(await (i % 2 ? other : store).rateLimits.take("shared", 10, 60_000, now));
      expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
      expect(results[10]).toMatchObject({ allowed: false });
    });

    it("gives the last token to exactly one of many concurrent takes", async () => {
      const now = Date.now();
      const takes = Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? other : store).rateLimits.take("burst", 10, 60_000, now),
      );
      const results = await Promise.all(takes);
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
    });

    it("prunes buckets that are full again", async () => {
      const now = 7_000_000;
      await store.rateLimits.take("prune-me", 2, 60_000, now);
      await store.rateLimits.take("prune-me", 2, 60_000, now);
      expect(await store.rateLimits.prune(now + 1000)).toBe(0);
      expect(await store.rateLimits.prune(now + 60_000)).toBeGreaterThanOrEqual(1);
      expect((await store.rateLimits.take("prune-me", 2, 60_000, now + 60_000)).allowed).toBe(true);
    });
  });
});
