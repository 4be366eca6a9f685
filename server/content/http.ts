/** Small helpers shared by the content service's routes. */
import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { BodyTooLarge, readBytes } from "../body";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorResponse(status: number, message: string, errors?: Record<string, string>): Response {
  return json({ status: "error", message, ...(errors ? { errors } : {}) }, status);
}

/**
 * The answer to a sensitive action without a recent proof of identity (sudo mode): the studio
 * asks for the password or a passkey (POST /api/auth/reauth…), then sends the action again.
 */
export function reauthRequired(): Response {
  return json(
    { status: "error", code: "reauth_required", message: "Confirm who you are (password or passkey) to do this" },
    403,
  );
}

/** Field errors keyed by field name, from a zod error: `{ first_name: "required" }`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Reads a URL's query into a plain object; repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : (all[0] ?? "");
  }
  return out;
}

/** Constant-time comparison of two secrets. */
export function safeEqual(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) return false;
  // node:crypto's timingSafeEqual needs equal lengths, checked above.
  return timingSafeEqual(ab, bb);
}

/**
 * How deep a JSON body may nest. A page's deepest content (a block's repeater of objects of
 * rich text) is about 12 levels; parsing, validating and storing recurse per level, and 100,000
 * levels overflowed the stack (issue 27).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * What keeps a JSON text from being parsed: nesting deeper than `maxDepth`, or a NUL
 * character in a string (PostgreSQL's text and jsonb cannot hold one, and no field takes one).
 * One pass over the text, before JSON.parse builds anything; malformed JSON is left to it.
 */
export function jsonProblem(text: string, maxDepth = MAX_JSON_DEPTH): "too-deep" | "nul" | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \\ */) {
        // The escaped character is skipped (an escaped quote ends nothing); \u0000 is a NUL.
        if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.slice(i + 2, i + 6) === "0000") return "nul";
        i++;
      } else if (c === 0x22 /* " */) inString = false;
      else if (c === 0) return "nul";
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return "too-deep";
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return undefined;
}

/**
 * Reads a JSON body of at most `maxBytes` (the route's `maxBody`): 413 past it, 400 when it is
 * not JSON, nests too deep or holds a NUL character.
 */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBody(request, maxBytes));
  const problem = jsonProblem(text);
  if (problem === "too-deep") throw new HttpError(400, `The JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (problem === "nul") throw new HttpError(400, "Text may not hold a NUL character");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Body is not valid JSON");
  }
}

/** Reads a body of at most `maxBytes` bytes as a stream: a 413 (HttpError) at the first byte past it. */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readBytes(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new HttpError(413, "Payload too large");
    throw error;
  }
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}
