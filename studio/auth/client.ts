/**
 * The editor pages' calls to /api/auth/… : same-origin fetch, so the browser sends the
 * HttpOnly session cookie (no secret is ever readable by scripts) and the Origin header the
 * server checks on writes. Every answer is parsed with zod.
 */
import { z } from "zod";

export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field problems (`{ password: "common" }`). */
    readonly errors: Record<string, string> = {},
    readonly retryAfter?: number,
    /** A reason the server names (`reauth_required`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

const errorSchema = z
  .object({
    message: z.string().optional(),
    errors: z.record(z.string(), z.unknown()).optional(),
    retry_after: z.number().optional(),
    code: z.string().optional(),
  })
  .passthrough();

/**
 * Sudo mode: a sensitive call answered `reauth_required` waits for the editor to confirm who they
 * are (the page's dialog, Reauth.tsx, registers how), then is sent once more. Resolves true when
 * they did, false when they gave up.
 */
let confirmIdentity: (() => Promise<boolean>) | undefined;
export function onReauthRequired(handler: (() => Promise<boolean>) | undefined): void {
  confirmIdentity = handler;
}

/**
 * Sends a request again once the editor confirmed who they are, when it was answered
 * `403 reauth_required` (sudo mode): the studio's site-wide settings use it as the account
 * page's calls do. Resolves with the last answer (still the 403 when they gave up).
 */
export async function withReauth(send: () => Promise<Response>): Promise<Response> {
  const response = await send();
  if (response.status !== 403) return response;
  const json: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!reauthCodeSchema.safeParse(json).success || !(await confirmIdentity?.())) return response;
  return send();
}

export async function call<T extends z.ZodType>(
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  schema: T,
  body?: unknown,
): Promise<z.infer<T>> {
  return callApi(method, `/api/auth/${path}`, schema, body);
}

/**
 * A call to any content API route with the session cookie, sudo mode's dialog included (the
 * studio's other admin screens, e.g. the listing feed, use it for their sensitive calls).
 */
export async function callApi<T extends z.ZodType>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  schema: T,
  body?: unknown,
): Promise<z.infer<T>> {
  const send = () =>
    fetch(url, {
      method,
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  let response = await send();
  let json: unknown = await response.json().catch(() => null);
  if (response.status === 403 && reauthCodeSchema.safeParse(json).success && (await confirmIdentity?.())) {
    response = await send();
    json = await response.json().catch(() => null);
  }
  if (!response.ok) {
    const parsed = errorSchema.safeParse(json);
    const errors = Object.fromEntries(
      Object.entries(parsed.data?.errors ?? {}).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
    );
    throw new AuthApiError(
      response.status,
      parsed.data?.message ?? `HTTP ${response.status}`,
      errors,
      parsed.data?.retry_after,
      parsed.data?.code,
    );
  }
  return schema.parse(json);
}

const reauthCodeSchema = z.object({ code: z.literal("reauth_required") });

export const editorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["admin", "editor"]),
});
export type Editor = z.infer<typeof editorSchema>;

export const signedInSchema = z.object({ editor: editorSchema });
export const okSchema = z.object({}).passthrough();

export const sessionSchema = z.object({
  id: z.string(),
  method: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});

export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

export const accountSchema = z.object({
  editor: editorSchema,
  has_password: z.boolean(),
  passkeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
      backed_up: z.boolean(),
    }),
  ),
  sessions: z.array(sessionSchema),
  tokens: z.array(tokenSchema),
});
export type AccountView = z.infer<typeof accountSchema>;

export const editorRowSchema = editorSchema.extend({
  has_password: z.boolean(),
  passkeys: z.number(),
  sessions: z.number(),
});
export type EditorRow = z.infer<typeof editorRowSchema>;

export const auditEntrySchema = z.object({
  seq: z.number(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), label: z.string() }),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(["success", "failure"]),
  details: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  via: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.number().nullable() });

export const linkInfoSchema = z.object({
  kind: z.enum(["setup", "invite", "reset"]),
  editor: z.object({ name: z.string(), email: z.string() }).nullable(),
  expires_at: z.string(),
});

/** A date and time in the page's language, e.g. « 24 nov. 2026, 11 h 30 ». */
export const formatWhen = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
