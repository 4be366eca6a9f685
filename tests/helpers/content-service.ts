/** Builds an embedded content service over a fresh temporary DATA_DIR, for in-process call tests. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixtureEditors } from "../../server/auth/setup";
import { loadConfig } from "../../server/config";
import { createEmbeddedContentService } from "../../server/content/index";
import type { ContentService } from "../../server/content/service";
import type { PageRecord } from "../../server/content/stores/content";

/** Answers are read field by field in tests. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
export type AnswerBody = any;

export const BROKER = {
  site_id: "demo-broker",
  microsite_id: "ms-demo-broker",
  site_key: "sk_demo_broker_public_0001",
};
export const PROTECTED_BASE = `http://localhost/api/swc/${BROKER.microsite_id}`;

export async function createTestService(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-test-"));
  // The embedded store in a fresh folder, whatever DATABASE_URL the shell has; the fixture
  // editors (fixtures/editors.json) exist.
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    FIXTURE_EDITORS: "true",
    ...env,
  });
  const service = await createEmbeddedContentService(config);
  return {
    service,
    config,
    dataDir,
    async cleanup() {
      await service.storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestService = Awaited<ReturnType<typeof createTestService>>;

/** GET on the protected client with the demo broker's site key. */
export async function getProtected(service: { handle(r: Request): Promise<Response> }, pathAndQuery: string) {
  const response = await service.handle(
    new Request(`${PROTECTED_BASE}${pathAndQuery}`, {
      headers: { "x-site-key": BROKER.site_key, accept: "application/json" },
    }),
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as AnswerBody };
}

/** A fixture account of fixtures/editors.json by role (the first of that role). */
export function fixtureEditor(role: "admin" | "editor" = "editor") {
  return fixtureEditors().find((e) => e.role === role)!;
}

/**
 * An API token (read and write) of a fixture editor, made directly in the store: what a tool
 * or CI job gets from the account page. The service must have been created with the fixture
 * editors (createTestService does).
 */
export async function editorToken(service: ContentService, role: "admin" | "editor" = "editor"): Promise<string> {
  const editor = await service.storage.accounts.findByEmail(fixtureEditor(role).email);
  if (!editor) throw new Error("No fixture editor: create the service with FIXTURE_EDITORS=true");
  return (await service.auth.issueApiToken(editor.id, "tests", ["read", "write"])).token;
}

/** Saves a page the way a tool publishes: PUT /api/pages/{site}/{page} with an editor's API token. */
export function publishPage(service: { handle(r: Request): Promise<Response> }, page: PageRecord, token: string) {
  return service.handle(
    new Request(`http://localhost/api/pages/${BROKER.site_id}/${page.page_id}`, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ page, base_version: page.version }),
    }),
  );
}
