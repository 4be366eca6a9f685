/**
 * Editors as people: who a request is (a session cookie or an API token), sign-in with a
 * password or a passkey, sessions, one-time account links, and the audit trail. Everything
 * lives in the store, so every web process sees the same sessions, throttles and locks.
 * The HTTP calls are in server/content/routes/auth.ts; the studio's pages call them.
 */
import { randomUUID } from "node:crypto";
import type { Config } from "../config";
import { isStoreFull } from "../content/db/errors";
import { clientIp } from "../content/rate-limit";
import type { Storage } from "../content/storage";
import type { EditorRecord, Role } from "../content/stores/accounts";
import type { ApiTokenRecord, TokenScope } from "../content/stores/api-tokens";
import type { AuditEntry, AuditVia } from "../content/stores/audit";
import type { SessionMethod, SessionRecord } from "../content/stores/sessions";
import { clearedSessionCookie, sessionCookie, sessionCookieValue } from "./cookie";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "./passwords";
import { hashSecret, isApiTokenShape, newApiToken, randomSecret } from "./secrets";
import { ACCOUNT_POLICY, ADDRESS_POLICY, delayAfter } from "./throttle";

/** An account as the API shows it: never its password hash. */
export interface EditorView {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export const editorView = (editor: EditorRecord): EditorView => ({
  id: editor.id,
  email: editor.email,
  name: editor.name,
  role: editor.role,
});

/** Who makes a request, and with what rights. */
export interface Principal {
  editor: EditorView;
  via: "session" | "token";
  session?: SessionRecord;
  token?: ApiTokenRecord;
  /** A session may read and write; a token only within its scopes. */
  scopes: readonly TokenScope[];
  /** Who holds a page lock taken by this request: the session, or the token. */
  holder: string;
}

export type SignInResult =
  | { ok: true; editor: EditorRecord; cookie: string }
  | { ok: false; status: 401 }
  | { ok: false; status: 429; retryAfter: number };

/**
 * Sudo mode (GitHub's): sensitive actions (accounts, roles, API tokens, passkeys, passwords,
 * site-wide settings) need the editor to have proved who they are within this long, by password
 * or passkey — so no script running in a signed-in tab can perform them silently.
 */
export const SUDO_MS = 10 * 60_000;

/** Until when (ms) a principal may perform sensitive actions; 0 when it may not (API tokens never). */
export const sudoUntil = (principal: Principal): number =>
  principal.via === "session" && principal.session ? principal.session.authenticated_ms + SUDO_MS : 0;

/** Writes activity at most this often per session or token (each request reads; few write). */
const TOUCH_EVERY_MS = 60_000;
/**
 * Marking a session or token as used is bookkeeping: on a full disk it is skipped (the idle
 * timer is not extended) so an editor can still read the studio and the inbox.
 */
const unlessFull = (error: unknown) => {
  if (!isStoreFull(error)) throw error;
};
/** Setup links live an hour, invitations a week, resets a day. */
export const LINK_LIFETIME_MS = { setup: 60 * 60_000, invite: 7 * 24 * 60 * 60_000, reset: 24 * 60 * 60_000 } as const;

const hashKey = (prefix: string, value: string) => `${prefix}:${hashSecret(value)}`;

export class AuthService {
  readonly idleMs: number;
  readonly maxMs: number;
  private readonly principals = new WeakMap<Request, Promise<Principal | null>>();

  constructor(
    readonly storage: Storage,
    readonly config: Config,
    readonly now: () => number = Date.now,
  ) {
    this.idleMs = config.SESSION_IDLE_MINUTES * 60_000;
    this.maxMs = config.SESSION_MAX_HOURS * 60 * 60_000;
  }

  /** Whether the request arrived over HTTPS (as the HTTP layer saw it, proxies trusted or not). */
  static secure(request: Request): boolean {
    return new URL(request.url).protocol === "https:";
  }

  /** The request's principal, resolved once per request. */
  principal(request: Request): Promise<Principal | null> {
    let pending = this.principals.get(request);
    if (!pending) {
      pending = this.resolve(request);
      this.principals.set(request, pending);
    }
    return pending;
  }

  private async resolve(request: Request): Promise<Principal | null> {
    const bearer = bearerToken(request.headers);
    if (bearer !== undefined) return this.fromToken(bearer);
    const secret = sessionCookieValue(request.headers.get("cookie"), AuthService.secure(request));
    if (!secret) return null;
    return this.fromSession(secret);
  }

  private async fromSession(secret: string): Promise<Principal | null> {
    const now = this.now();
    const session = await this.storage.sessions.find(hashSecret(secret), now, this.idleMs);
    if (!session) return null;
    const editor = await this.storage.accounts.get(session.editor_id);
    if (!editor) return null;
    if (now - session.last_seen_ms > TOUCH_EVERY_MS)
      await this.storage.sessions.touch(session.id, now).catch(unlessFull);
    return { editor: editorView(editor), via: "session", session, scopes: ["read", "write"], holder: session.id };
  }

  private async fromToken(value: string): Promise<Principal | null> {
    if (!isApiTokenShape(value)) return null;
    const now = this.now();
    const token = await this.storage.apiTokens.find(hashSecret(value), now);
    if (!token) return null;
    const editor = await this.storage.accounts.get(token.editor_id);
    if (!editor) return null;
    if (token.last_used_ms === null || now - token.last_used_ms > TOUCH_EVERY_MS)
      await this.storage.apiTokens.touch(token.id, now).catch(unlessFull);
    return { editor: editorView(editor), via: "token", token, scopes: token.scopes, holder: `token:${token.id}` };
  }

  /** Starts a session for an editor and returns the Set-Cookie value that carries it. */
  async startSession(editor: EditorRecord, method: SessionMethod, request: Request): Promise<string> {
    const now = this.now();
    const secret = randomSecret();
    await this.storage.sessions.create({
      id: randomUUID(),
      token_hash: hashSecret(secret),
      editor_id: editor.id,
      method,
      created_ms: now,
      last_seen_ms: now,
      expires_ms: now + this.maxMs,
      ip: clientIp(request),
      user_agent: userAgent(request),
    });
    return sessionCookie(secret, AuthService.secure(request), this.maxMs / 1000);
  }

  clearCookie(request: Request): string {
    return clearedSessionCookie(AuthService.secure(request));
  }

  /** Ends sessions and gives up the page locks they held. */
  async endSessions(editorId: string, sessionIds: readonly string[]): Promise<number> {
    // Only the locks of sessions this editor really ended: an id of someone else's session
    // (refused with 404) must not release that person's locks.
    const ended: string[] = [];
    for (const id of sessionIds) if (await this.storage.sessions.revoke(editorId, id)) ended.push(id);
    if (ended.length) await this.storage.pageLocks.releaseHolders(ended);
    return ended.length;
  }

  /** Ends every session of an editor (but `exceptId`), with their locks. */
  async endAllSessions(editorId: string, exceptId?: string): Promise<number> {
    const sessions = await this.storage.sessions.listForEditor(editorId, this.now(), this.idleMs);
    const ids = sessions.map((s) => s.id).filter((id) => id !== exceptId);
    const ended = await this.storage.sessions.revokeAll(editorId, exceptId);
    await this.storage.pageLocks.releaseHolders(ids);
    return ended;
  }

  /**
   * Signs in with an e-mail and a password, throttled per account and per client address.
   * Unknown accounts and accounts without a password take the same path and the same time
   * (a decoy hash is verified) and get the same answer.
   */
  async signInWithPassword(email: string, password: string, request: Request): Promise<SignInResult> {
    const now = this.now();
    const accountKey = hashKey("account", email.trim().toLowerCase());
    const addressKey = `address:${clientIp(request)}`;
    const blocked = await this.blockedFor(accountKey, addressKey, now);
    // Refused before any check, and not written to the audit trail one by one: a flood of
    // refused attempts must not grow the trail (the failure that started the wait is in it).
    if (blocked > 0) return { ok: false, status: 429, retryAfter: Math.ceil(blocked / 1000) };
    const editor = await this.storage.accounts.findByEmail(email);
    const hash = editor?.password_hash ?? (await decoyHash());
    const matches = await verifyPassword(password, hash);
    if (!editor?.password_hash || !matches) {
      const [account] = await Promise.all([
        this.storage.loginThrottle.fail(accountKey, now, ACCOUNT_POLICY.windowMs, (n) => delayAfter(n, ACCOUNT_POLICY)),
        this.storage.loginThrottle.fail(addressKey, now, ADDRESS_POLICY.windowMs, (n) => delayAfter(n, ADDRESS_POLICY)),
      ]);
      await this.audit(request, null, {
        action: "auth.sign-in",
        outcome: "failure",
        target: email.slice(0, 320),
        actor_label: email.slice(0, 320),
        details: {
          method: "password",
          reason: "bad-credentials",
          failures: account.failures,
          ...(account.failures >= ACCOUNT_POLICY.lockoutAfter ? { locked_out: true } : {}),
        },
      });
      return { ok: false, status: 401 };
    }
    await Promise.all([this.storage.loginThrottle.clear(accountKey), this.storage.loginThrottle.clear(addressKey)]);
    if (needsRehash(editor.password_hash)) {
      await this.storage.accounts.setPassword(editor.id, await hashPassword(password), now);
    }
    const cookie = await this.startSession(editor, "password", request);
    await this.audit(request, editorView(editor), {
      action: "auth.sign-in",
      outcome: "success",
      target: editor.email,
      details: { method: "password" },
    });
    return { ok: true, editor, cookie };
  }

  /**
   * Sudo mode by password: the signed-in editor types theirs again. Throttled as sign-in is (per
   * account and per address), so a script in their tab cannot guess it either.
   */
  async reauthenticateWithPassword(
    who: Principal,
    password: string,
    request: Request,
  ): Promise<
    { ok: true; until: number } | { ok: false; status: 401 } | { ok: false; status: 429; retryAfter: number }
  > {
    const now = this.now();
    const accountKey = hashKey("account", who.editor.email.trim().toLowerCase());
    const addressKey = `address:${clientIp(request)}`;
    const blocked = await this.blockedFor(accountKey, addressKey, now);
    if (blocked > 0) return { ok: false, status: 429, retryAfter: Math.ceil(blocked / 1000) };
    const editor = await this.storage.accounts.get(who.editor.id);
    const matches = await verifyPassword(password, editor?.password_hash ?? (await decoyHash()));
    if (!editor?.password_hash || !matches || !who.session) {
      await Promise.all([
        this.storage.loginThrottle.fail(accountKey, now, ACCOUNT_POLICY.windowMs, (n) => delayAfter(n, ACCOUNT_POLICY)),
        this.storage.loginThrottle.fail(addressKey, now, ADDRESS_POLICY.windowMs, (n) => delayAfter(n, ADDRESS_POLICY)),
      ]);
      await this.audit(request, who, {
        action: "auth.reauth",
        outcome: "failure",
        target: who.editor.email,
        details: { method: "password" },
      });
      return { ok: false, status: 401 };
    }
    await Promise.all([this.storage.loginThrottle.clear(accountKey), this.storage.loginThrottle.clear(addressKey)]);
    return { ok: true, until: await this.reauthenticated(who, request, "password") };
  }

  /** Records a proof of identity in the principal's session; returns until when sudo mode lasts. */
  async reauthenticated(who: Principal, request: Request, method: "password" | "passkey"): Promise<number> {
    const now = this.now();
    if (!who.session) throw new Error("Re-authentication needs a session");
    await this.storage.sessions.reauthenticated(who.session.id, now);
    await this.audit(request, who, {
      action: "auth.reauth",
      outcome: "success",
      target: who.editor.email,
      details: { method },
    });
    return now + SUDO_MS;
  }

  /** How long (ms) the sign-in keys of this attempt must still wait; 0 when they may try. */
  async blockedFor(accountKey: string | undefined, addressKey: string, now: number): Promise<number> {
    const [account, address] = await Promise.all([
      accountKey
        ? this.storage.loginThrottle.get(accountKey, now, ACCOUNT_POLICY.windowMs)
        : Promise.resolve({ blocked_until_ms: 0, failures: 0 }),
      this.storage.loginThrottle.get(addressKey, now, ADDRESS_POLICY.windowMs),
    ]);
    return Math.max(0, account.blocked_until_ms - now, address.blocked_until_ms - now);
  }

  /** Counts a failed passkey sign-in against the client address. */
  async passkeyFailed(request: Request): Promise<void> {
    await this.storage.loginThrottle.fail(`address:${clientIp(request)}`, this.now(), ADDRESS_POLICY.windowMs, (n) =>
      delayAfter(n, ADDRESS_POLICY),
    );
  }

  async passkeySucceeded(request: Request): Promise<void> {
    await this.storage.loginThrottle.clear(`address:${clientIp(request)}`);
  }

  /** Makes a one-time account link; returns its token (shown once, stored hashed). */
  async createLink(
    kind: "setup" | "invite" | "reset",
    editorId: string | null,
  ): Promise<{ token: string; expires_ms: number }> {
    const now = this.now();
    const token = randomSecret();
    const expires_ms = now + LINK_LIFETIME_MS[kind];
    await this.storage.accounts.createLink(hashSecret(token), {
      kind,
      editor_id: editorId,
      created_ms: now,
      expires_ms,
    });
    return { token, expires_ms };
  }

  /**
   * Makes an API token for an editor: returns the token (shown once) and its record; only
   * the SHA-256 is stored. Used by the account page, `npm run editor -- token` and tests.
   */
  async issueApiToken(
    editorId: string,
    name: string,
    scopes: readonly TokenScope[],
    expiresInDays: number | null = 90,
  ): Promise<{ token: string; record: Omit<ApiTokenRecord, "last_used_ms"> }> {
    const token = newApiToken();
    const now = this.now();
    const record = {
      id: randomUUID(),
      editor_id: editorId,
      name,
      prefix: token.slice(0, 10),
      scopes: [...new Set(scopes)],
      created_ms: now,
      expires_ms: expiresInDays === null ? null : now + expiresInDays * 24 * 60 * 60_000,
    };
    await this.storage.apiTokens.create(record, hashSecret(token));
    return { token, record };
  }

  /** Records one audit entry; who and from where come from the request and the principal. */
  async audit(
    request: Request | null,
    actor: EditorView | Principal | null,
    entry: Pick<AuditEntry, "action" | "outcome"> &
      Partial<Pick<AuditEntry, "target" | "details" | "actor_label">> & { via?: AuditVia },
  ): Promise<void> {
    const editor = actor && "editor" in actor ? actor.editor : actor;
    const via: AuditVia = entry.via ?? (actor && "via" in actor ? actor.via : editor ? "session" : "anonymous");
    await this.storage.audit.append({
      at_ms: this.now(),
      actor_id: editor?.id ?? null,
      actor_label: entry.actor_label ?? (editor ? `${editor.name} <${editor.email}>` : "—"),
      action: entry.action,
      target: entry.target ?? null,
      outcome: entry.outcome,
      details: entry.details ?? null,
      ip: request ? clientIp(request) : null,
      user_agent: request ? userAgent(request) : null,
      via,
    });
  }
}

/** The API token a request carries: `Authorization: Bearer cbt_…` or `x-api-key: cbt_…`. */
export function bearerToken(headers: Headers): string | undefined {
  const authorization = headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? "";
  }
  const key = headers.get("x-api-key");
  return key ?? undefined;
}

const userAgent = (request: Request) => request.headers.get("user-agent")?.slice(0, 300) ?? null;
