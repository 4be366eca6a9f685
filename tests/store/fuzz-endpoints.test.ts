/**
 * Malformed requests over every endpoint of the content service and the HTTP server (issues 18
 * and 27), on the embedded store and on PostgreSQL: bad percent-encodings, traversal, NUL bytes
 * in every path parameter (each in turn, the others real ids: a lead, a page, a listing, an
 * editor, a token), in every query parameter and in body strings and keys (PostgreSQL's text
 * cannot hold them), huge numbers (past int32, past 2^53, past float range), wrong types,
 * invalid, huge and deeply nested JSON (100,000 levels, also inside a page's content), contact
 * forms, every HTTP method (TRACE, WebDAV and unknown ones) and page paths over real HTTP, as an
 * anonymous caller and as a signed-in admin. Every answer is a 4xx (or a 2xx where the input
 * happens to be acceptable), never a 5xx, and the service keeps answering.
 */
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { fixtureEditors } from "../../server/auth/setup";
import { loadConfig } from "../../server/config";
import { allRoutes, createEmbeddedContentService } from "../../server/content/index";
import type { ContentService } from "../../server/content/service";
import type { PageRecord } from "../../server/content/stores/content-records";
import { harnesses } from "./harness";

const ORIGIN = "http://localhost";
const BROKER = { site_id: "demo-broker", microsite_id: "ms-demo-broker", site_key: "sk_demo_broker_public_0001" };
const BUILD = path.resolve(import.meta.dirname, "../../build/server/index.js");
/** Without a production build the HTTP checks still run, on API paths and files (no page routes). */
const NO_PAGES = { entry: { module: {} }, routes: {}, assets: { routes: {} } } as unknown as ServerBuild;

const BAD_SEGMENTS = [
  "%ZZ",
  "%",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "..",
  "%00",
  "a%00b",
  "%00%00%00",
  "a".repeat(5000),
  "%F0%9F%92%A9",
  "%ED%A0%80",
  "<script>",
  "99999999999999999999999",
  "2147483648",
  "9007199254740993",
  "-1",
  "1e400",
  "NaN",
];
/** Values put in every query parameter a route reads. */
const BAD_QUERY_VALUES = [
  "%00",
  "a%00b",
  "99999999999999999999999",
  "2147483648",
  "9223372036854775808",
  "-99999999999999999999",
  "1e400",
  "1,99999999999999999999999",
  "9007199254740993",
  "%ZZ",
];
/** Every query parameter a route of the content service reads. */
const QUERY_KEYS = [
  "language",
  "page",
  "limit",
  "order",
  "categories",
  "with_categories",
  "format",
  "mun",
  "price_min",
  "price_max",
  "forSaleForRent",
  "type",
  "bedrooms",
  "bathrooms",
  "open_house",
  "SouthWest_lat",
  "SouthWest_lng",
  "NorthEast_lat",
  "NorthEast_lng",
  "zoom",
  "order_by",
  "listingLimit",
  "status",
  "from",
  "to",
  "q",
  "problems",
  "locale",
  "before",
  "file",
  "variant",
];

/** Writes that may end the caller's session when they succeed. */
const SESSION_ENDING = /\/auth\/(?:sign-out|account\/sessions\/revoke|account\/password)$/;

const deepText = (n: number) => `${'{"a":'.repeat(n)}{}${"}".repeat(n)}`;
const deepArray = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const NUL = "a\u0000b";
const HUGE = 1e23;
const INT32_PAST = 2_147_483_648;

/** Bodies with every key some write route reads, each holding a NUL byte or a huge number. */
function kitchenSinks(page: PageRecord): [string, string][] {
  const nulPage = { ...structuredClone(page), title: { fr: NUL, en: NUL } };
  const hugePage = { ...structuredClone(page), version: INT32_PAST };
  const strings = {
    email: `x${NUL}@example.com`,
    password: NUL,
    current_password: NUL,
    new_password: `${NUL}-long-enough-password-9`,
    name: NUL,
    token: NUL,
    path: `/fr/${NUL}`,
    domain_name: `x${NUL}.example`,
    status: NUL,
    role: NUL,
    locale: NUL,
    challenge_id: NUL,
    response: { id: NUL, type: "public-key", rawId: NUL, response: {} },
    query: { variant: NUL },
    scopes: [NUL],
  };
  const numbers = {
    base_version: INT32_PAST,
    expires_in_days: HUGE,
    version: HUGE,
    takeover: HUGE,
    tokens: HUGE,
    everywhere: HUGE,
  };
  return [
    ["NUL strings", JSON.stringify({ ...strings, page: nulPage, base_version: page.version })],
    ["NUL key", JSON.stringify({ [NUL]: 1, page: { ...structuredClone(page), [NUL]: NUL } })],
    ["huge numbers", JSON.stringify({ ...numbers, page: hugePage })],
    ["huge base version", JSON.stringify({ page: { ...structuredClone(page), version: 1 }, base_version: INT32_PAST })],
    [
      "deep page content",
      JSON.stringify({ page: { ...structuredClone(page), content: ["__DEEP__"] }, base_version: page.version }).replace(
        '"__DEEP__"',
        deepText(100_000),
      ),
    ],
    [
      "deep field",
      JSON.stringify({ page: withField(page, "__DEEP__"), base_version: page.version }).replace(
        '"__DEEP__"',
        deepText(100_000),
      ),
    ],
    ["deep array", JSON.stringify({ page: withField(page, "__DEEP__") }).replace('"__DEEP__"', deepArray(100_000))],
  ];
}

/** The page with one more field in its first block: pages' fields are free-form JSON. */
function withField(page: PageRecord, value: unknown): PageRecord {
  const copy = structuredClone(page) as PageRecord & { content: { fields: Record<string, Record<string, unknown>> }[] };
  const fields = copy.content[0]?.fields;
  if (fields?.fr) fields.fr.extra = value;
  return copy;
}

const GENERIC_BODIES: [string, string][] = [
  ["invalid JSON", "{not json"],
  ["array", "[1,2,3]"],
  ["string", '"text"'],
  ["null", "null"],
  ["NUL byte in the text", `{"email":"a${"\u0000"}b"}`],
  [
    "wrong types",
    JSON.stringify({ page: 3, base_version: "x", email: [], password: {}, token: 5, takeover: "yes", name: null }),
  ],
  ["deep", deepText(100_000)],
  ["deep array", deepArray(100_000)],
  ["huge", JSON.stringify({ padding: "x".repeat(9_000_000) })],
];

const CONTACT_FIELDS: Record<string, string> = {
  recaptcha_response: "offline-fuzz",
  form_type: "contact_form",
  locale: "fr",
  full_name: "Marie Lavoie",
  first_name: "Marie",
  last_name: "Lavoie",
  email: "marie@example.com",
  message: "Bonjour",
};

/** A valid contact form (the offline captcha of tests). */
function contactForm(): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(CONTACT_FIELDS)) form.append(k, v);
  return form;
}

/** Contact forms (multipart) with a NUL byte or a huge number in each field in turn. */
function contactForms(): [string, FormData][] {
  const base = CONTACT_FIELDS;
  const alert: Record<string, string> = {
    ...base,
    form_type: "property_alert",
    address: "12, rue des Érables",
    postal_code: "G1V 4T3",
    city: "Québec",
    municipality: "Québec",
    current_client_situation: "tenant",
    desired_moving_timeframe: "0-60",
    budget_min: "1e400",
    budget_max: "99999999999999999999999",
    nb_bedrooms: "2",
    nb_bathrooms: "1",
    consent_email: "yes",
  };
  const forms: [string, FormData][] = [];
  for (const fields of [base, alert]) {
    for (const key of Object.keys(fields)) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, k === key ? `${v}${NUL}` : v);
      forms.push([`${fields.form_type} with NUL in ${key}`, form]);
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(NUL, NUL);
    forms.push([`${fields.form_type} with a NUL field name`, form]);
  }
  const huge = new FormData();
  for (const [k, v] of Object.entries(alert)) huge.append(k, v);
  forms.push(["alert with huge budgets", huge]);
  return forms;
}

/** A raw request over a socket (any method, any bytes); its status line's code, or 0 when the socket closed without one. */
function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let head = "";
    socket.on("data", (chunk: Buffer) => {
      head += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on("close", () => resolve(0));
    socket.on("error", () => resolve(0));
    socket.setTimeout(20_000, () => socket.destroy());
  });
}

describe.each(harnesses)("fuzz over every endpoint ($label)", (harness) => {
  let service: ContentService;
  let server: http.Server;
  let port = 0;
  let cookie = "";
  let cleanup: () => Promise<void> = async () => {};
  let dataDir = "";
  let hasPages = false;

  beforeAll(async () => {
    const db = await harness.fresh();
    const storage = await db.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fuzz-"));
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: db.url ?? "",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      FIXTURE_EDITORS: "true",
      CONTACT_RATE_LIMIT: "1000000",
      PAGE_CACHE_MB: "0",
    });
    service = await createEmbeddedContentService(config, { storage });
    cleanup = db.cleanup;
    await signIn();
    await realIds();
    hasPages = fs.existsSync(BUILD);
    const build = hasPages ? ((await import(BUILD)) as ServerBuild) : NO_PAGES;
    const { handler } = await createApp({ config, build: async () => build, content: service });
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Signs the fixture admin in: the caller of every route as "signed in". */
  async function signIn() {
    const admin = fixtureEditors().find((e) => e.role === "admin")!;
    const answer = await service.handle(
      new Request(`${ORIGIN}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      }),
    );
    expect(answer.status).toBe(200);
    cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
  }

  /** The headers of each caller a route may have: nobody, then its client's credentials. */
  const callers = (contentClient: boolean): Record<string, string>[] => [
    {},
    contentClient ? { cookie, origin: ORIGIN } : { "x-site-key": BROKER.site_key },
  ];

  /** Real values of each path parameter, so a fuzzed one is what a route reads next (set in `realIds`). */
  let real: (pattern: string, param: string) => string = () => "x";

  async function realIds() {
    const lead = await call(
      "POST",
      `${ORIGIN}/api/swc/${BROKER.microsite_id}/contact`,
      { "x-site-key": BROKER.site_key },
      contactForm(),
    );
    expect(lead.status).toBe(200);
    const leadId = ((await lead.json()) as { id: string }).id;
    const admin = await service.storage.accounts.findByEmail(fixtureEditors().find((e) => e.role === "admin")!.email);
    // Another account for the admin's calls on accounts (resetting or removing the admin would end the fuzz's session).
    const other = await service.storage.accounts.findByEmail(fixtureEditors().find((e) => e.role === "editor")!.email);
    const uls = (await service.storage.listings.search({}, "oldest", 0, 1))[0]!.uls;
    const token = await service.auth.issueApiToken(admin!.id, "fuzz", ["read"]);
    real = (pattern, param) => {
      if (param === "site_id") return BROKER.site_id;
      // Another page for the locks: a lock taken by a session the fuzz ended would refuse saving "about" (423) before its body is read.
      if (param === "page_id") return pattern.startsWith("/locks/") ? "contact" : "about";
      if (param === "version") return "1";
      if (param === "uls") return uls;
      if (pattern.startsWith("/leads/")) return leadId;
      if (pattern.startsWith("/auth/editors/")) return other!.id;
      if (pattern.startsWith("/auth/account/tokens/")) return token.record.id;
      if (pattern.startsWith("/article/")) return "1";
      return "x";
    };
  }

  /**
   * Every route's URL with one parameter replaced by `value` and the others real, for each of
   * its parameters in turn (routes without one: as they are); without a value, every route's
   * URL with real parameters.
   */
  const urlsOf = (value?: string) =>
    allRoutes.flatMap((route) => {
      const content = route.clients.includes("content");
      const base = content
        ? "/api"
        : route.clients.includes("protected")
          ? `/api/swc/${BROKER.microsite_id}`
          : "/api/swc";
      const params = [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const fuzzed = value === undefined || params.length === 0 ? [undefined] : params;
      return fuzzed.map((name) => ({
        method: route.method,
        content,
        url: `${ORIGIN}${base}${route.pattern.replace(/:(\w+)/g, (_, param: string) => (param === name ? value! : real(route.pattern, param)))}`,
      }));
    });

  /** One call in process; signing out (or out everywhere) may be what it asked, and then the next call signs in again. */
  async function call(method: string, url: string, headers: Record<string, string>, body?: BodyInit) {
    const response = await service.handle(new Request(url, { method, headers, body }));
    if (response.ok && SESSION_ENDING.test(new URL(url).pathname) && headers.cookie) await signIn();
    return response;
  }

  /** The admin's session still works after a test (so its calls were made signed in). */
  async function expectSignedIn() {
    expect((await call("GET", `${ORIGIN}/api/auth/session`, { cookie })).status).toBe(200);
  }

  it("answers malformed, NUL and huge path segments with 4xx, anonymous and signed in", async () => {
    const failures: string[] = [];
    for (const segment of BAD_SEGMENTS) {
      for (const { method, url, content } of urlsOf(segment)) {
        for (const headers of callers(content)) {
          const hasBody = method !== "GET" && method !== "DELETE";
          const response = await call(
            method,
            url,
            { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
            hasBody ? "{}" : undefined,
          );
          if (response.status >= 500) failures.push(`${method} ${url.slice(0, 120)} → ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    await expectSignedIn();
  }, 180_000);

  it("answers NUL bytes and huge numbers in every query parameter with 4xx", async () => {
    const failures: string[] = [];
    const reads = urlsOf().filter((r) => r.method === "GET");
    for (const { method, url, content } of reads) {
      // The listings' sitemap reads only ?page and answers 25,000 listings a call: its other keys are skipped.
      for (const key of url.endsWith("/properties/sitemap") ? ["page"] : QUERY_KEYS) {
        for (const value of BAD_QUERY_VALUES) {
          const withQuery = `${url}?${key}=${value}${key === "language" ? "" : "&language=fr"}`;
          const response = await call(method, withQuery, callers(content)[1]!);
          if (response.status >= 500) failures.push(`${method} ${withQuery.slice(0, 140)} → ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    await expectSignedIn();
  }, 180_000);

  it("answers wrong, NUL-bearing, huge-numbered, oversized and deep bodies with 4xx on every write", async () => {
    const failures: string[] = [];
    const about = (await service.storage.content.getPage(BROKER.site_id, "about"))!;
    // Real ids everywhere, so a body gets as far as it can.
    const targets = urlsOf().filter((r) => r.method !== "GET");
    const labels = [...GENERIC_BODIES, ...kitchenSinks(about)].map(([label]) => label);
    for (const label of labels) {
      for (const { method, url, content } of targets) {
        // Made from the page as stored now: a body an earlier call stored must not make this one a mere 409.
        const current = (await service.storage.content.getPage(BROKER.site_id, "about"))!;
        const body = [...GENERIC_BODIES, ...kitchenSinks(current)].find(([name]) => name === label)![1];
        const response = await call(
          method,
          url,
          { "content-type": "application/json", ...callers(content)[1]! },
          method === "DELETE" ? undefined : body,
        );
        if (response.status >= 500) failures.push(`${label}: ${method} ${url} → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    // The admin's session still works, and the page is as it was (every body was refused).
    await expectSignedIn();
    expect((await service.storage.content.getPage(BROKER.site_id, "about"))?.version).toBe(about.version);
  }, 240_000);

  it("answers contact forms with NUL bytes or huge numbers in any field with 4xx, storing nothing", async () => {
    const before = await service.storage.submissions.count();
    const failures: string[] = [];
    for (const [label, form] of contactForms()) {
      const response = await call(
        "POST",
        `${ORIGIN}/api/swc/${BROKER.microsite_id}/contact`,
        { "x-site-key": BROKER.site_key },
        form,
      );
      // A huge budget is a number like any other (an alert "from 0 to no maximum"): 2xx is fine there.
      if (response.status >= 500) failures.push(`${label} → ${response.status} ${await response.text()}`);
    }
    expect(failures).toEqual([]);
    expect(await service.storage.submissions.count()).toBeLessThanOrEqual(before + 1);
  });

  it("answers every HTTP method on every kind of path without a 5xx", async () => {
    const paths = [
      "/",
      "/fr",
      "/en/contact",
      "/fr/qa/connexion",
      "/api/auth/session",
      `/api/swc/${BROKER.microsite_id}/properties`,
      "/api/pages/demo-broker/about",
      "/assets/none.js",
      "/favicon.ico",
      "/healthz",
      "/readyz",
      "/sitemap.xml",
    ];
    const methods = [
      "TRACE",
      "TRACK",
      "CONNECT",
      "OPTIONS",
      "PROPFIND",
      "MKCOL",
      "LOCK",
      "PURGE",
      "SEARCH",
      "QUERY",
      "M-SEARCH",
      "LINK",
      "SOURCE",
      "FOO",
      "HEAD",
      "PATCH",
      "DELETE",
      "PUT",
    ];
    const failures: string[] = [];
    for (const method of methods) {
      for (const target of paths) {
        const status = await rawStatus(
          port,
          `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        );
        if (status >= 500) failures.push(`${method} ${target} → ${status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers pages with NUL bytes and huge numbers in their paths and queries without a 5xx", async (context) => {
    if (!hasPages) context.skip();
    const paths = [
      "/fr/%00",
      "/en/a%00b/c",
      "/fr/propriete/%00",
      "/en/property/maison-99999999999999999999999",
      "/fr/blogue/%00",
      "/fr/blogue/article-99999999999999999999999",
      "/fr/qa/%00",
      "/fr?variant=%00",
      "/fr?variant=a%00b",
      "/fr/blogue?categories=99999999999999999999999",
      "/fr/blogue?page=99999999999999999999",
      "/sitemaps/listings/99999999999999999999999.xml",
      "/sitemaps/listings/%00.xml",
      "/fr/widget/listings?mun=%00",
      "/fr/widget/listings?price_min=99999999999999999999999",
    ];
    const failures: string[] = [];
    for (const target of paths) {
      for (const suffix of ["", ".data"]) {
        const [pathname, query] = target.split("?");
        const url = `${pathname}${suffix}${query ? `?${query}` : ""}`;
        const status = await rawStatus(port, `GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
        if (status >= 500 || status === 0) failures.push(`GET ${url} → ${status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers a page saved on a path another page uses with 409, and keeps answering", async () => {
    const about = await service.storage.content.getPage(BROKER.site_id, "about");
    const clash = { ...structuredClone(about!), page_id: "clash", version: 0 };
    const response = await call(
      "PUT",
      `${ORIGIN}/api/pages/${BROKER.site_id}/clash`,
      { "content-type": "application/json", cookie, origin: ORIGIN },
      JSON.stringify({ page: clash, base_version: 0 }),
    );
    expect(response.status).toBe(409);
    const after = await call("GET", `${ORIGIN}/api/auth/session`, { cookie });
    expect(after.status).toBe(200);
  });
});
