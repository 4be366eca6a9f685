/**
 * An OData 4 feed on loopback for the suite and the bench (issue 31): what a RESO Web API, CREA
 * DDF or Centris server does that a sync must cope with, and nothing it needs credentials for.
 *
 * - An OAuth2 token endpoint (client credentials, in the body or as Basic), tokens that expire
 *   (`tokenTtlS`, or all at once with `expireTokens()`), 401 for a missing or expired one.
 * - Collections (Property, Media, OpenHouse, EntityEvent, Translations, Member, Office, and
 *   DDF's PropertyReplication()) with $filter (eq ne gt ge lt le, in, and, or, not, parentheses;
 *   strings, numbers, booleans, null, timestamps), $orderby, $top, $skip and $select.
 * - Server-driven paging: at most `pageSize` rows a page whatever $top says, and an
 *   `@odata.nextLink` that pages by $skip (as many providers do: rows that move between two pages
 *   shift the rest, which a client following links blindly skips).
 * - 429 with Retry-After every `throttleEvery` requests; `fail` to answer anything else.
 * - The data is plain arrays the test changes between or during requests (`onRequest`).
 *
 *   npx tsx scripts/odata-test-server.ts [count]   serves `count` generated listings (a demo)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Row = Record<string, unknown>;

export interface TestFeedOptions {
  clientId?: string;
  clientSecret?: string;
  tokenTtlS?: number;
  /** Rows per page at most (server-driven paging). */
  pageSize?: number;
  /** Every Nth request to the feed (not the token endpoint) answers 429 with `retryAfterS`. */
  throttleEvery?: number;
  retryAfterS?: number;
  /** Resources the server has (others answer 404). Default: all. */
  resources?: readonly string[];
  /** Called before each feed request is answered (a test changes the data mid-sync); may answer instead. */
  onRequest?: (request: { resource: string; query: URLSearchParams; count: number }) => Response | undefined;
  /** Path of the service root. */
  root?: string;
  /** Time each feed request takes (a provider far away; a test that kills a sync mid-batch). */
  delayMs?: number;
}

export interface TestFeed {
  /** The OData service root, e.g. http://127.0.0.1:41234/odata */
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  data: Record<string, Row[]>;
  /** Requests to the feed, in order (resource, query, status). */
  log: { resource: string; query: string; status: number }[];
  tokensIssued(): number;
  /** Every token issued so far is refused from now on (as when a provider expires them). */
  expireTokens(): void;
  close(): Promise<void>;
}

export const ALL_RESOURCES = [
  "Property",
  "Media",
  "OpenHouse",
  "EntityEvent",
  "Translations",
  "Member",
  "Office",
  "PropertyReplication()",
] as const;

// ---- $filter ------------------------------------------------------------------------------

type Literal = string | number | boolean | null | { instant: number; text: string };
type Expr =
  | { op: "and" | "or"; left: Expr; right: Expr }
  | { op: "not"; expr: Expr }
  | { op: "cmp"; field: string; cmp: "eq" | "ne" | "gt" | "ge" | "lt" | "le"; value: Literal }
  | { op: "in"; field: string; values: Literal[]; strings?: Set<string> };

const TOKEN =
  /\s*(\(|\)|,|'(?:[^']|'')*'|[A-Za-z_][\w.]*|-?\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:\d{2})|-?\d+(?:\.\d+)?)/y;

function tokenize(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let index = 0;
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break;
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`Syntax error in $filter at ${index}: ${text.slice(index, index + 20)}`);
    out.push(match[1]!);
    index = TOKEN.lastIndex;
  }
  return out;
}

function literal(token: string): Literal {
  if (token.startsWith("'")) return token.slice(1, -1).replaceAll("''", "'");
  if (token === "true" || token === "false") return token === "true";
  if (token === "null") return null;
  if (/^-?\d{4}-\d{2}-\d{2}T/.test(token)) return { instant: Date.parse(token), text: token };
  if (/^-?\d+(\.\d+)?$/.test(token)) return Number(token);
  throw new Error(`Not a literal: ${token}`);
}

export function parseFilter(text: string): Expr {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++]!;
  const expect = (t: string) => {
    if (next() !== t) throw new Error(`Expected ${t} in $filter`);
  };
  const or = (): Expr => {
    let left = and();
    while (peek() === "or") {
      next();
      left = { op: "or", left, right: and() };
    }
    return left;
  };
  const and = (): Expr => {
    let left = unary();
    while (peek() === "and") {
      next();
      left = { op: "and", left, right: unary() };
    }
    return left;
  };
  const unary = (): Expr => {
    if (peek() === "not") {
      next();
      return { op: "not", expr: unary() };
    }
    if (peek() === "(") {
      next();
      const inner = or();
      expect(")");
      return inner;
    }
    const field = next();
    const op = next();
    if (op === "in") {
      expect("(");
      const values: Literal[] = [literal(next())];
      while (peek() === ",") {
        next();
        values.push(literal(next()));
      }
      expect(")");
      // A list of keys (a page's media, open houses…) is looked up, not scanned, for every row.
      const strings = values.every((v) => typeof v === "string") ? new Set(values as string[]) : undefined;
      return { op: "in", field, values, strings };
    }
    if (!["eq", "ne", "gt", "ge", "lt", "le"].includes(op)) throw new Error(`Unknown operator ${op}`);
    return { op: "cmp", field, cmp: op as "eq", value: literal(next()) };
  };
  const expr = or();
  if (i !== tokens.length) throw new Error(`Unexpected ${tokens[i]} in $filter`);
  return collapseOr(expr);
}

/**
 * `F eq 'a' or F eq 'b' or …` (how a client asks for a page's media without `in`) read as one
 * set lookup: evaluated row by row, a 200-key chain made the bench measure this server.
 */
function collapseOr(expr: Expr): Expr {
  switch (expr.op) {
    case "and":
      return { op: "and", left: collapseOr(expr.left), right: collapseOr(expr.right) };
    case "not":
      return { op: "not", expr: collapseOr(expr.expr) };
    case "or": {
      const leaves: Expr[] = [];
      const collect = (e: Expr): void => {
        if (e.op !== "or") leaves.push(e);
        else {
          collect(e.left);
          collect(e.right);
        }
      };
      collect(expr);
      const field = leaves[0]?.op === "cmp" ? leaves[0].field : undefined;
      const same = leaves.every(
        (e) => e.op === "cmp" && e.cmp === "eq" && e.field === field && typeof e.value === "string",
      );
      if (!field || !same) return { op: "or", left: collapseOr(expr.left), right: collapseOr(expr.right) };
      const values = leaves.map((e) => (e as { value: string }).value);
      return { op: "in", field, values, strings: new Set(values) };
    }
    default:
      return expr;
  }
}

/** Compares a row's value with a literal: timestamps as instants, strings by code unit, numbers as numbers. */
function compare(value: unknown, lit: Literal): number | undefined {
  if (lit === null || value === null || value === undefined)
    return value === lit || (value === undefined && lit === null) ? 0 : undefined;
  if (typeof lit === "object") {
    const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
    return Number.isNaN(at) ? undefined : Math.sign(at - lit.instant);
  }
  if (typeof lit === "number") return typeof value === "number" ? Math.sign(value - lit) : undefined;
  if (typeof lit === "boolean") return value === lit ? 0 : 1;
  const text = String(value);
  return text < lit ? -1 : text > lit ? 1 : 0;
}

function matches(row: Row, expr: Expr): boolean {
  switch (expr.op) {
    case "and":
      return matches(row, expr.left) && matches(row, expr.right);
    case "or":
      return matches(row, expr.left) || matches(row, expr.right);
    case "not":
      return !matches(row, expr.expr);
    case "in": {
      const value = row[expr.field];
      if (expr.strings) return value !== null && value !== undefined && expr.strings.has(String(value));
      return expr.values.some((v) => compare(value, v) === 0);
    }
    case "cmp": {
      const c = compare(row[expr.field], expr.value);
      if (c === undefined) return expr.cmp === "ne";
      return { eq: c === 0, ne: c !== 0, gt: c > 0, ge: c >= 0, lt: c < 0, le: c <= 0 }[expr.cmp];
    }
  }
}

function sortRows(rows: Row[], orderby: string): Row[] {
  const keys = orderby
    .split(",")
    .map((part) => part.trim().split(/\s+/))
    .filter(([field]) => field)
    .map(([field, dir]) => ({ field: field!, sign: dir?.toLowerCase() === "desc" ? -1 : 1 }));
  const value = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : v);
  // Each row's sort values read once (timestamps parsed once, not at every comparison).
  const decorated = rows.map((row) => ({ row, values: keys.map(({ field }) => value(row[field]) as string | number) }));
  decorated.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const { sign } = keys[k]!;
      const x = a.values[k];
      const y = b.values[k];
      if (x === y) continue;
      if (x === undefined || x === null) return -sign;
      if (y === undefined || y === null) return sign;
      return (x < y ? -1 : 1) * sign;
    }
    return 0;
  });
  return decorated.map((entry) => entry.row);
}

/** The key lookup a filter's `in` (or collapsed `or` chain) allows, when it must hold for a row to match. */
function indexable(expr: Expr): { field: string; values: string[] } | undefined {
  if (expr.op === "in" && expr.strings) return { field: expr.field, values: [...expr.strings] };
  if (expr.op === "and") return indexable(expr.left) ?? indexable(expr.right);
  return undefined;
}

// Positions of rows by a field's value, per data array; rebuilt when the array's length changes
// (tests push and remove rows; none changes a key field in place).
const positions = new WeakMap<Row[], { length: number; byField: Map<string, Map<string, number[]>> }>();

/** The rows that may match `expr`, in their stored order: all of them, or those a key lookup finds. */
function candidates(rows: Row[], expr: Expr): Row[] {
  const lookup = indexable(expr);
  if (!lookup || rows.length < 1000) return rows;
  let entry = positions.get(rows);
  if (!entry || entry.length !== rows.length) {
    entry = { length: rows.length, byField: new Map() };
    positions.set(rows, entry);
  }
  let index = entry.byField.get(lookup.field);
  if (!index) {
    index = new Map();
    rows.forEach((row, at) => {
      const value = row[lookup.field];
      if (value === null || value === undefined) return;
      const key = String(value);
      const list = index!.get(key);
      if (list) list.push(at);
      else index!.set(key, [at]);
    });
    entry.byField.set(lookup.field, index);
  }
  const found = lookup.values.flatMap((value) => index!.get(value) ?? []);
  return found.sort((a, b) => a - b).map((at) => rows[at]!);
}

// ---- the server ---------------------------------------------------------------------------

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

export async function startTestFeed(data: Record<string, Row[]>, options: TestFeedOptions = {}): Promise<TestFeed> {
  const clientId = options.clientId ?? "test-client";
  const clientSecret = options.clientSecret ?? "test-secret";
  const root = options.root ?? "/odata";
  const resources = new Set<string>(options.resources ?? ALL_RESOURCES);
  const issued = new Map<string, number>();
  let expiredBefore = 0;
  let tokenCount = 0;
  let feedRequests = 0;
  const log: TestFeed["log"] = [];
  let origin = "";

  const tokenEndpoint = async (request: Request): Promise<Response> => {
    const form = new URLSearchParams(await request.text());
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    if (basic) {
      const [user, pass] = Buffer.from(basic, "base64").toString().split(":");
      id = decodeURIComponent(user ?? "");
      secret = decodeURIComponent(pass ?? "");
    }
    if (form.get("grant_type") !== "client_credentials") return json(400, { error: "unsupported_grant_type" });
    if (id !== clientId || secret !== clientSecret) return json(401, { error: "invalid_client" });
    const token = `tok-${++tokenCount}-${Math.random().toString(36).slice(2)}`;
    issued.set(token, Date.now());
    return json(200, { access_token: token, token_type: "Bearer", expires_in: options.tokenTtlS ?? 3600 });
  };

  const collection = (resource: string, url: URL): Response => {
    const q = url.searchParams;
    let rows: Row[];
    if (resource === "PropertyReplication()") {
      rows = (data.Property ?? []).map((p) => ({
        ListingKey: p.ListingKey,
        ModificationTimestamp: p.ModificationTimestamp,
      }));
    } else rows = data[resource] ?? [];
    try {
      const filter = q.get("$filter");
      if (filter) {
        const expr = parseFilter(filter);
        rows = candidates(rows, expr).filter((row) => matches(row, expr));
      }
      const orderby = q.get("$orderby");
      if (orderby) rows = sortRows(rows, orderby);
    } catch (error) {
      return json(400, { error: { code: "400", message: (error as Error).message } });
    }
    const skip = Number(q.get("$skip") ?? 0);
    const top = q.has("$top") ? Number(q.get("$top")) : Number.POSITIVE_INFINITY;
    const limit = Math.min(top, options.pageSize ?? 100);
    const page = rows.slice(skip, skip + limit);
    const select = q
      .get("$select")
      ?.split(",")
      .map((f) => f.trim());
    const value = select ? page.map((row) => Object.fromEntries(select.map((f) => [f, row[f] ?? null]))) : page;
    const body: Record<string, unknown> = { "@odata.context": `${origin}${root}/$metadata#${resource}`, value };
    const served = skip + page.length;
    if (served < rows.length && page.length < top && page.length > 0) {
      const next = new URLSearchParams(q);
      next.set("$skip", String(served));
      if (Number.isFinite(top)) next.set("$top", String(top - page.length));
      body["@odata.nextLink"] = `${origin}${root}/${resource}?${next.toString().replaceAll("+", "%20")}`;
    }
    return json(200, body);
  };

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === "/oauth/token" && request.method === "POST") return tokenEndpoint(request);
    if (!url.pathname.startsWith(`${root}/`)) return json(404, { error: { code: "404", message: "Not found" } });
    const resource = decodeURIComponent(url.pathname.slice(root.length + 1));
    const token = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    const at = token ? issued.get(token) : undefined;
    const ttl = (options.tokenTtlS ?? 3600) * 1000;
    if (at === undefined || at < expiredBefore || Date.now() - at > ttl) {
      return json(401, { error: { code: "401", message: "The access token is missing or expired" } });
    }
    feedRequests++;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const early = options.onRequest?.({ resource, query: url.searchParams, count: feedRequests });
    if (early) return early;
    if (options.throttleEvery && feedRequests % options.throttleEvery === 0) {
      return json(
        429,
        { error: { code: "429", message: "Usage exceeded" } },
        { "retry-after": String(options.retryAfterS ?? 1) },
      );
    }
    if (!resources.has(resource)) return json(404, { error: { code: "404", message: `No entity set ${resource}` } });
    return collection(resource, url);
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`${origin}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    let response: Response;
    try {
      response = await handle(request);
    } catch (error) {
      response = json(500, { error: { code: "500", message: (error as Error).message } });
    }
    const url = new URL(request.url);
    if (url.pathname !== "/oauth/token") {
      log.push({ resource: url.pathname.slice(root.length + 1), query: url.search, status: response.status });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${root}`,
    tokenUrl: `${origin}/oauth/token`,
    clientId,
    clientSecret,
    data,
    log,
    tokensIssued: () => tokenCount,
    expireTokens() {
      expiredBefore = Date.now() + 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- as a command: a feed of generated listings in another process (the bench, a demo) ---------

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import("node:util");
  const { feedFixtures } = await import("./feed-fixtures");
  const { values } = parseArgs({
    options: {
      kind: { type: "string", default: "reso" },
      count: { type: "string", default: "1000" },
      "page-size": { type: "string", default: "200" },
      "photo-base": { type: "string" },
    },
  });
  const kind = values.kind === "ddf" || values.kind === "centris" ? values.kind : "reso";
  const data = feedFixtures({ kind, count: Number(values.count), photoBase: values["photo-base"] });
  const feed = await startTestFeed(data, { pageSize: Number(values["page-size"]) });
  // One JSON line the caller reads; then commands on stdin change the data (the bench's incremental run).
  console.log(
    JSON.stringify({
      url: feed.url,
      tokenUrl: feed.tokenUrl,
      clientId: feed.clientId,
      clientSecret: feed.clientSecret,
    }),
  );
  const { createInterface } = await import("node:readline");
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as { change?: number; at?: string };
    if (command.change) {
      // Changes `change` listings at the provider: prices of most, a few taken off, a few new.
      const { touch } = await import("./feed-fixtures");
      const at = command.at ?? new Date().toISOString();
      const active = data.Property!.filter((p) => p.StandardStatus === "Active");
      const n = command.change;
      const removed = Math.floor(n / 10);
      const added = Math.floor(n / 5);
      const priced = n - removed - added;
      active.slice(0, priced).forEach((p) => {
        touch(p, at, {
          ListPrice: p.ListPrice ? Number(p.ListPrice) + 1000 : null,
          LeaseAmount: p.LeaseAmount ? Number(p.LeaseAmount) + 10 : null,
        });
      });
      for (const p of active.slice(priced, priced + removed)) touch(p, at, { StandardStatus: "Expired" });
      const fresh = feedFixtures({
        kind,
        count: added,
        seed: 4242,
        keyOffset: 5_000_000,
        photoBase: values["photo-base"],
      });
      for (const p of fresh.Property!) {
        // Another seed's listing numbers may meet this feed's: new ones get their own.
        touch(p, at, { ListingId: `N${String(p.ListingId)}` });
        data.Property!.push(p);
      }
      data.Media!.push(...fresh.Media!);
      const changed = active
        .slice(0, priced)
        .map((p) => ({ uls: String(p.ListingId), price: p.ListPrice, lat: p.Latitude, lng: p.Longitude }));
      console.log(JSON.stringify({ priced, removed, added, sample: changed.find((c) => c.price) }));
    }
  }
}
