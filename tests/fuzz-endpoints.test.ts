/**
 * Malformed requests over every endpoint of the content service (issue 18): bad
 * percent-encodings, traversal in slugs, wrong types, invalid, huge and deeply nested JSON,
 * as an anonymous caller and as a signed-in editor. Every answer is a 4xx (or a 2xx where the
 * input happens to be acceptable), never a 5xx, and the service keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRoutes } from "../server/content/index";
import { BROKER, createTestService, fixtureEditor, type TestService } from "./helpers/content-service";

let ctx: TestService;
let cookie = "";
const origin = "http://localhost";

beforeAll(async () => {
  ctx = await createTestService({ CONTACT_RATE_LIMIT: "100000" });
  const { email, password } = fixtureEditor("admin");
  const signIn = await ctx.service.handle(
    new Request(`${origin}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password }),
    }),
  );
  cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
});
afterAll(() => ctx.cleanup());

const BAD_SEGMENTS = [
  "%ZZ",
  "%",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "..",
  "%00",
  "a".repeat(5000),
  "%F0%9F%92%A9",
  "<script>",
];
const deep = (n: number) => `${'{"a":'.repeat(n)}{}${"}".repeat(n)}`;
const BODIES: [string, string][] = [
  ["invalid JSON", "{not json"],
  ["array", "[1,2,3]"],
  ["string", '"text"'],
  ["null", "null"],
  [
    "wrong types",
    JSON.stringify({ page: 3, base_version: "x", email: [], password: {}, token: 5, takeover: "yes", name: null }),
  ],
  ["deep", deep(100_000)],
  ["huge", JSON.stringify({ padding: "x".repeat(9_000_000) })],
];

/** Every route's URL with each parameter replaced by `value`. */
function urlsOf(value: string): { method: string; url: string }[] {
  return allRoutes.map((route) => {
    const path = route.pattern.replace(/:(\w+)/g, () => value);
    const base = route.clients.includes("content") ? "/api" : `/api/swc/${BROKER.microsite_id}`;
    return { method: route.method, url: `${origin}${base}${path}` };
  });
}

describe("fuzz over every endpoint", () => {
  it("answers malformed paths with 4xx, anonymous and signed in", async () => {
    const failures: string[] = [];
    for (const segment of BAD_SEGMENTS) {
      for (const { method, url } of urlsOf(segment)) {
        for (const headers of [{}, { cookie, origin, "x-site-key": BROKER.site_key }] as Record<string, string>[]) {
          const response = await ctx.service.handle(
            new Request(url, {
              method,
              headers: {
                ...headers,
                ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }),
              },
              body: method === "GET" || method === "DELETE" ? undefined : "{}",
            }),
          );
          if (response.status >= 500) failures.push(`${method} ${url.slice(0, 120)} → ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers wrong, huge and deep bodies with 4xx on every write", async () => {
    const failures: string[] = [];
    const writes = urlsOf("demo-broker").filter((r) => r.method !== "GET");
    for (const [label, body] of BODIES) {
      for (const { method, url } of writes) {
        const response = await ctx.service.handle(
          new Request(url, {
            method,
            headers: { "content-type": "application/json", cookie, origin, "x-site-key": BROKER.site_key },
            body: method === "DELETE" ? undefined : body,
          }),
        );
        if (response.status >= 500) failures.push(`${label}: ${method} ${url} → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers a page saved on a path another page uses with 409, and keeps answering", async () => {
    const about = await ctx.service.storage.content.getPage(BROKER.site_id, "about");
    const clash = { ...structuredClone(about!), page_id: "clash", version: 0 };
    const response = await ctx.service.handle(
      new Request(`${origin}/api/pages/${BROKER.site_id}/clash`, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie, origin },
        body: JSON.stringify({ page: clash, base_version: 0 }),
      }),
    );
    expect(response.status).toBe(409);
    const after = await ctx.service.handle(new Request(`${origin}/api/auth/session`, { headers: { cookie } }));
    expect(after.status).toBe(200);
  });
});
