/** Small helpers shared by the content service's routes. */
import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";

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

export async function readJson(request: Request, maxBytes = 2_000_000): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > maxBytes) throw new HttpError(413, "Payload too large");
  const text = await request.text();
  if (text.length > maxBytes) throw new HttpError(413, "Payload too large");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Body is not valid JSON");
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
