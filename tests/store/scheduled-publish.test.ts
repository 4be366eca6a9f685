/**
 * A scheduled publish with two web processes on one database, on SQLite and PostgreSQL (issue
 * 33): both processes' schedulers look for due jobs; the page is published once, with the normal
 * version record (the note, the time it was scheduled for), one audit entry and its draft gone;
 * a publish scheduled while no process ran is made by the next one to start (a restart); a
 * scheduled publish whose page changed meanwhile fails visibly instead of overwriting.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createEmbeddedContentService } from "../../server/content/index";
import { ScheduledPublisher } from "../../server/content/scheduler";
import type { ContentService } from "../../server/content/service";
import { openPostgresStorage, openSqliteStorage, type Storage } from "../../server/content/storage";
import type { PageRecord } from "../../server/content/stores/content";
import { BROKER, editorToken } from "../helpers/content-service";
import { createTestDatabase } from "../helpers/postgres";

const setups: { kind: Storage["kind"]; open: () => Promise<() => Promise<Storage>> }[] = [
  {
    kind: "sqlite",
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scheduled-"));
      return async () => openSqliteStorage(dir);
    },
  },
  {
    kind: "postgres",
    async open() {
      const url = await createTestDatabase();
      return () => openPostgresStorage({ url, poolMax: 4, connectTimeoutMs: 5000, statementTimeoutMs: 15000 });
    },
  },
];

const until = async (check: () => Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("timed out");
};

describe.each(setups)("scheduled publish, two processes on one $kind database", ({ open }) => {
  let storage: () => Promise<Storage>;
  let first: ContentService;
  let second: ContentService;
  let token: string;
  const config = loadConfig({ ...process.env, NODE_ENV: "test", FIXTURE_EDITORS: "true" });

  const call = (service: ContentService, url: string, method = "GET", body?: unknown) =>
    service.handle(
      new Request(`http://localhost/api${url}`, {
        method,
        headers: {
          accept: "application/json",
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  const schedule = async (service: ContentService, page: PageRecord, inMs: number, extra: object = {}) => {
    const response = await call(service, `/schedules/${BROKER.site_id}/${page.page_id}`, "PUT", {
      run_at: new Date(Date.now() + inMs).toISOString(),
      page,
      base_version: page.version,
      ...extra,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { schedule: { id: string; run_at: string } }).schedule;
  };

  beforeAll(async () => {
    storage = await open();
    first = await createEmbeddedContentService(config, { storage: await storage() });
    second = await createEmbeddedContentService(config, { storage: await storage() });
    token = await editorToken(first);
  }, 120_000);
  afterAll(async () => {
    await first?.storage.close();
    await second?.storage.close();
  });

  it("publishes once with both processes looking, with its note, the time it was for, one audit entry", async () => {
    const about = (await first.storage.content.getPage(BROKER.site_id, "about"))!;
    const page = { ...about, title: { fr: "À propos (programmé)", en: "About (scheduled)" } };
    // The editor's draft of the page, which the scheduled publish comes from.
    const draft = {
      version: 1,
      base: {
        page_id: "about",
        site_id: BROKER.site_id,
        base_version: about.version,
        title: about.title,
        paths: about.paths,
        blocks: about.content,
        theme: { preset: "blue", radius: {}, colors: {} },
        settings: { payloadColorsEnabled: false, globalEditModeActivated: false },
      },
      base_version: about.version,
      steps: [
        {
          patches: [{ op: "replace", path: ["title", "fr"], value: page.title.fr }],
          inversePatches: [{ op: "replace", path: ["title", "fr"], value: about.title.fr }],
          label: "title",
          at: Date.now(),
        },
      ],
      cursor: 1,
    };
    const saved = await call(second, `/drafts/${BROKER.site_id}/about`, "PUT", { revision: 0, draft });
    expect(saved.status).toBe(200);
    const job = await schedule(first, page, 1500, { note: "Nouvelle présentation", draft_revision: 1 });
    const changes: string[] = [];
    first.onChange((c) => changes.push(`first:${c.pageId}`));
    second.onChange((c) => changes.push(`second:${c.pageId}`));
    const schedulers = [
      new ScheduledPublisher(first, { pollMs: 50, log: () => {} }),
      new ScheduledPublisher(second, { pollMs: 50, log: () => {} }),
    ];
    for (const s of schedulers) s.start();
    try {
      await until(
        async () => (await first.storage.publishJobs.lastFinished(BROKER.site_id, "about"))?.state === "done",
      );
      // Both keep looking a while longer: nothing more happens.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      for (const s of schedulers) await s.stop();
    }
    const stored = await second.storage.content.getPage(BROKER.site_id, "about");
    expect(stored?.title.fr).toBe("À propos (programmé)");
    expect(stored?.version).toBe(about.version + 1);
    const { versions } = await first.storage.pageVersions.list(BROKER.site_id, "about");
    expect(versions.filter((v) => v.scheduled_for !== null)).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      version: about.version + 1,
      note: "Nouvelle présentation",
      scheduled_for: job.run_at,
      editor: { name: "Marc Tremblay" },
    });
    const trail = await first.storage.audit.list({ action: "page.publish", limit: 20 });
    const made = trail.entries.filter((e) => e.details?.job === job.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      outcome: "success",
      via: "schedule",
      actor_label: expect.stringContaining("Marc"),
    });
    // The draft it came from is gone; the lock its save took is let go.
    expect(await first.storage.drafts.get(BROKER.site_id, "about")).toBeUndefined();
    await call(second, `/locks/${BROKER.site_id}/about`, "DELETE");
    // The page cache's and CDN's listeners of the process that published were told, once.
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/:about$/);
  });

  it("is made by the next process to start when none ran at its time (a restart)", async () => {
    const terms = (await first.storage.content.getPage(BROKER.site_id, "terms"))!;
    await schedule(second, { ...terms, title: { fr: "Termes (après redémarrage)", en: "Terms" } }, 300);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Both processes stop; a new one starts on the same database and finds the job due.
    const restarted = await createEmbeddedContentService(config, { storage: await storage() });
    const scheduler = new ScheduledPublisher(restarted, { pollMs: 50, log: () => {} });
    scheduler.start();
    try {
      await until(
        async () => (await restarted.storage.publishJobs.lastFinished(BROKER.site_id, "terms"))?.state === "done",
      );
    } finally {
      await scheduler.stop();
      await restarted.storage.close();
    }
    expect((await first.storage.content.getPage(BROKER.site_id, "terms"))?.title.fr).toBe("Termes (après redémarrage)");
  });

  it("fails visibly when the page changed since it was scheduled, instead of overwriting it", async () => {
    const contact = (await first.storage.content.getPage(BROKER.site_id, "contact"))!;
    await schedule(first, { ...contact, title: { fr: "Contact programmé", en: "Contact" } }, 300);
    // Someone publishes meanwhile.
    const publish = await call(first, `/pages/${BROKER.site_id}/contact`, "PUT", {
      page: { ...contact, title: { fr: "Contact publié avant", en: "Contact" } },
      base_version: contact.version,
    });
    expect(publish.status).toBe(200);
    const scheduler = new ScheduledPublisher(second, { pollMs: 50, log: () => {} });
    scheduler.start();
    try {
      await until(async () => (await first.storage.publishJobs.lastFinished(BROKER.site_id, "contact")) !== undefined);
    } finally {
      await scheduler.stop();
    }
    expect(await first.storage.publishJobs.lastFinished(BROKER.site_id, "contact")).toMatchObject({
      state: "failed",
      error: "conflict",
    });
    expect((await first.storage.content.getPage(BROKER.site_id, "contact"))?.title.fr).toBe("Contact publié avant");
    const status = (await (await call(first, `/schedules/${BROKER.site_id}/contact`)).json()) as {
      schedule: unknown;
      last: { state: string; error: string };
      time_zone: string;
    };
    expect(status).toMatchObject({
      schedule: null,
      last: { state: "failed", error: "conflict" },
      time_zone: "America/Toronto",
    });
  });
});
