/**
 * Editor accounts over HTTP (content client, /api/auth/…): sign-in with a passkey or a
 * password, sign-out, the signed-in editor's sessions, passkeys, password and API tokens,
 * one-time account links (first-run setup, invitations, resets), and for admins the
 * accounts and the audit trail. Bodies and queries are parsed with zod; answers never carry
 * a secret except the one just made (a new API token, an invitation link), shown once.
 */
import { randomUUID } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { z } from "zod";
import { allowedOriginsOf } from "../../auth/origin";
import { hashPassword, PASSWORD_MAX_LENGTH, passwordProblem, verifyPassword } from "../../auth/passwords";
import { hashSecret } from "../../auth/secrets";
import { type AuthService, editorView, type Principal, sudoUntil } from "../../auth/service";
import { fieldErrors, HttpError, json, queryObject, readJson, reauthRequired } from "../http";
import { clientIp } from "../rate-limit";
import type { Route, RouteContext } from "../service";
import type { EditorRecord } from "../stores/accounts";
import type { SessionRecord } from "../stores/sessions";

const email = z.string().trim().pipe(z.email().max(320));
const name = z.string().trim().min(1).max(120);
const role = z.enum(["admin", "editor"]);
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** WebAuthn answers are checked by @simplewebauthn; here only their envelope and size. */
const credentialJson = z.object({ id: z.string().min(1).max(1400), type: z.literal("public-key") }).passthrough();

const CHALLENGE_LIFETIME_MS = 5 * 60_000;

async function body<T extends z.ZodType>(ctx: RouteContext, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await readJson(ctx.request, ctx.maxBody));
  if (!parsed.success) throw new HttpError(400, "Invalid request", fieldErrors(parsed.error));
  return parsed.data;
}

/** The signed-in principal of a route that requires one (the dispatcher already refused anonymous calls). */
async function me(ctx: RouteContext): Promise<Principal> {
  const who = await ctx.principal();
  if (!who) throw new HttpError(401, "Sign in to the studio, or send an API token");
  return who;
}

/** The relying party of a request: the host the browser is on. */
function relyingParty(ctx: RouteContext) {
  return {
    rpID: ctx.url.hostname,
    origins: allowedOriginsOf(ctx.url, ctx.config.PUBLIC_ORIGIN),
  };
}

const passwordIssue = (problem: string) => new HttpError(400, "The password is not accepted", { password: problem });

function sessionView(session: SessionRecord, current?: string) {
  return {
    id: session.id,
    method: session.method,
    created_at: new Date(session.created_ms).toISOString(),
    last_seen_at: new Date(session.last_seen_ms).toISOString(),
    expires_at: new Date(session.expires_ms).toISOString(),
    ip: session.ip,
    user_agent: session.user_agent,
    current: session.id === current,
  };
}

function signedIn(editor: EditorRecord, cookie: string): Response {
  return json({ status: "success", editor: editorView(editor) }, 200, { "set-cookie": cookie });
}

/** The origin a link is written with: PUBLIC_ORIGIN, else the request's own. */
const originOf = (ctx: RouteContext) => ctx.config.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? ctx.url.origin;

/** Where a one-time link is opened: the activation page, token in the fragment (never sent to a server or logged). */
export const activationPath = (locale: "fr" | "en", token: string) => `/${locale}/qa/activation#${token}`;

async function newPasswordOrThrow(password: string, context: string[]): Promise<void> {
  const problem = await passwordProblem(password, context);
  if (problem) throw passwordIssue(problem);
}

async function accountContext(auth: AuthService, editor: Pick<EditorRecord, "name" | "email">): Promise<string[]> {
  const sites = await auth.storage.content.listSites();
  return [editor.name, editor.email, "courtier", "studio", ...sites.map((s) => s.name)];
}

export const authRoutes: Route[] = [
  // ---- signing in and out ---------------------------------------------------------------
  {
    method: "GET",
    pattern: "/auth/session",
    clients: ["content"],
    access: "public",
    handler: async (ctx) => {
      const who = await ctx.principal();
      if (!who) return json({ status: "error", message: "Not signed in" }, 401);
      const sudo = sudoUntil(who);
      return json({
        editor: who.editor,
        via: who.via,
        session: who.session ? sessionView(who.session, who.session.id) : null,
        idle_minutes: ctx.config.SESSION_IDLE_MINUTES,
        sudo_until: sudo > ctx.auth.now() ? new Date(sudo).toISOString() : null,
      });
    },
  },
  {
    method: "POST",
    pattern: "/auth/sign-in",
    clients: ["content"],
    access: "public",
    handler: async (ctx) => {
      const input = await body(
        ctx,
        z.object({ email: z.string().max(320), password: z.string().max(PASSWORD_MAX_LENGTH * 4) }),
      );
      const result = await ctx.auth.signInWithPassword(input.email, input.password, ctx.request);
      if (result.ok) return signedIn(result.editor, result.cookie);
      if (result.status === 429)
        return json({ status: "error", message: "Too many attempts", retry_after: result.retryAfter }, 429, {
          "retry-after": String(result.retryAfter),
        });
      return json({ status: "error", message: "Incorrect e-mail or password" }, 401);
    },
  },
  {
    method: "POST",
    pattern: "/auth/passkey/options",
    clients: ["content"],
    access: "public",
    handler: async (ctx) => {
      const { auth } = ctx;
      const blocked = await auth.blockedFor(undefined, `address:${clientIp(ctx.request)}`, auth.now());
      if (blocked > 0) {
        const retryAfter = Math.ceil(blocked / 1000);
        return json({ status: "error", message: "Too many attempts", retry_after: retryAfter }, 429, {
          "retry-after": String(retryAfter),
        });
      }
      // Discoverable credentials: the browser offers the passkeys it has for this site.
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(ctx).rpID,
        userVerification: "required",
        timeout: CHALLENGE_LIFETIME_MS,
      });
      const id = randomUUID();
      await auth.storage.sessions.putChallenge(id, {
        challenge: options.challenge,
        kind: "authenticate",
        editor_id: null,
        expires_ms: auth.now() + CHALLENGE_LIFETIME_MS,
      });
      return json({ challenge_id: id, options });
    },
  },
  {
    method: "POST",
    pattern: "/auth/passkey/verify",
    clients: ["content"],
    access: "public",
    handler: async (ctx) => {
      const { auth } = ctx;
      const input = await body(ctx, z.object({ challenge_id: z.string().uuid(), response: credentialJson }));
      const refuse = async (reason: string, editor?: EditorRecord) => {
        await auth.passkeyFailed(ctx.request);
        await auth.audit(ctx.request, editor ? editorView(editor) : null, {
          action: "auth.sign-in",
          outcome: "failure",
          target: editor?.email ?? null,
          actor_label: editor ? undefined : "(passkey)",
          details: { method: "passkey", reason },
        });
        return json({ status: "error", message: "This passkey was not accepted" }, 401);
      };
      const challenge = await auth.storage.sessions.takeChallenge(input.challenge_id, auth.now());
      if (challenge?.kind !== "authenticate") return refuse("challenge");
      const passkey = await auth.storage.accounts.getPasskey(input.response.id);
      if (!passkey) return refuse("unknown-passkey");
      const editor = await auth.storage.accounts.get(passkey.editor_id);
      if (!editor) return refuse("unknown-passkey");
      const { rpID, origins } = relyingParty(ctx);
      let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verified = await verifyAuthenticationResponse({
          // biome-ignore lint/suspicious/noExplicitAny: the library checks the whole answer
          response: input.response as any,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          credential: {
            id: passkey.id,
            publicKey: Buffer.from(passkey.public_key, "base64url"),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        });
      } catch {
        return refuse("verification", editor);
      }
      if (!verified.verified) return refuse("verification", editor);
      await auth.storage.accounts.recordPasskeyUse(passkey.id, verified.authenticationInfo.newCounter, auth.now());
      await auth.passkeySucceeded(ctx.request);
      const cookie = await auth.startSession(editor, "passkey", ctx.request);
      await auth.audit(ctx.request, editorView(editor), {
        action: "auth.sign-in",
        outcome: "success",
        target: editor.email,
        details: { method: "passkey", passkey: passkey.name },
      });
      return signedIn(editor, cookie);
    },
  },
  {
    method: "POST",
    pattern: "/auth/sign-out",
    clients: ["content"],
    access: "public",
    handler: async (ctx) => {
      const who = await ctx.principal();
      if (who?.session) {
        await ctx.auth.endSessions(who.editor.id, [who.session.id]);
        await ctx.audit({ action: "auth.sign-out", outcome: "success", target: who.editor.email });
      }
      return json({ status: "success" }, 200, { "set-cookie": ctx.auth.clearCookie(ctx.request) });
    },
  },

  // ---- sudo mode: proving who you are again before a sensitive action ----------------------
  {
    method: "POST",
    pattern: "/auth/reauth",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const input = await body(ctx, z.object({ password: z.string().max(PASSWORD_MAX_LENGTH * 4) }));
      const result = await ctx.auth.reauthenticateWithPassword(who, input.password, ctx.request);
      if (result.ok) return json({ status: "success", sudo_until: new Date(result.until).toISOString() });
      if (result.status === 429)
        return json({ status: "error", message: "Too many attempts", retry_after: result.retryAfter }, 429, {
          "retry-after": String(result.retryAfter),
        });
      throw new HttpError(400, "The password is not right", { password: "wrong" });
    },
  },
  {
    method: "POST",
    pattern: "/auth/reauth/passkey/options",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const { auth } = ctx;
      const passkeys = await auth.storage.accounts.listPasskeys(who.editor.id);
      if (passkeys.length === 0) throw new HttpError(409, "This account has no passkey");
      // Only this account's passkeys: proving someone else holds a passkey proves nothing.
      const options = await generateAuthenticationOptions({
        rpID: relyingParty(ctx).rpID,
        allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports })),
        userVerification: "required",
        timeout: CHALLENGE_LIFETIME_MS,
      });
      const id = randomUUID();
      await auth.storage.sessions.putChallenge(id, {
        challenge: options.challenge,
        kind: "reauthenticate",
        editor_id: who.editor.id,
        expires_ms: auth.now() + CHALLENGE_LIFETIME_MS,
      });
      return json({ challenge_id: id, options });
    },
  },
  {
    method: "POST",
    pattern: "/auth/reauth/passkey/verify",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const { auth } = ctx;
      const input = await body(ctx, z.object({ challenge_id: z.string().uuid(), response: credentialJson }));
      const refuse = async (reason: string) => {
        await auth.passkeyFailed(ctx.request);
        await ctx.audit({
          action: "auth.reauth",
          outcome: "failure",
          target: who.editor.email,
          details: { method: "passkey", reason },
        });
        return json({ status: "error", message: "This passkey was not accepted" }, 401);
      };
      const challenge = await auth.storage.sessions.takeChallenge(input.challenge_id, auth.now());
      if (challenge?.kind !== "reauthenticate" || challenge.editor_id !== who.editor.id) return refuse("challenge");
      const passkey = await auth.storage.accounts.getPasskey(input.response.id);
      if (!passkey || passkey.editor_id !== who.editor.id) return refuse("unknown-passkey");
      const { rpID, origins } = relyingParty(ctx);
      try {
        const verified = await verifyAuthenticationResponse({
          // biome-ignore lint/suspicious/noExplicitAny: the library checks the whole answer
          response: input.response as any,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          credential: {
            id: passkey.id,
            publicKey: Buffer.from(passkey.public_key, "base64url"),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        });
        if (!verified.verified) return refuse("verification");
        await auth.storage.accounts.recordPasskeyUse(passkey.id, verified.authenticationInfo.newCounter, auth.now());
      } catch {
        return refuse("verification");
      }
      const until = await auth.reauthenticated(who, ctx.request, "passkey");
      return json({ status: "success", sudo_until: new Date(until).toISOString() });
    },
  },

  // ---- the signed-in editor's own account -------------------------------------------------
  {
    method: "GET",
    pattern: "/auth/account",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const { storage, now, idleMs } = ctx.auth;
      const [editor, passkeys, sessions, tokens] = await Promise.all([
        storage.accounts.get(who.editor.id),
        storage.accounts.listPasskeys(who.editor.id),
        storage.sessions.listForEditor(who.editor.id, now(), idleMs),
        storage.apiTokens.listForEditor(who.editor.id),
      ]);
      return json({
        editor: who.editor,
        has_password: Boolean(editor?.password_hash),
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          created_at: new Date(p.created_ms).toISOString(),
          last_used_at: p.last_used_ms ? new Date(p.last_used_ms).toISOString() : null,
          backed_up: p.backed_up,
        })),
        sessions: sessions.map((s) => sessionView(s, who.session?.id)),
        tokens: tokens.map((t) => ({
          id: t.id,
          name: t.name,
          prefix: t.prefix,
          scopes: t.scopes,
          created_at: new Date(t.created_ms).toISOString(),
          expires_at: t.expires_ms ? new Date(t.expires_ms).toISOString() : null,
          last_used_at: t.last_used_ms ? new Date(t.last_used_ms).toISOString() : null,
        })),
      });
    },
  },
  {
    method: "PATCH",
    pattern: "/auth/account",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const input = await body(ctx, z.object({ name }));
      const result = await ctx.auth.storage.accounts.update(who.editor.id, { name: input.name }, ctx.auth.now());
      if (!result.ok) throw new HttpError(404, "Unknown account");
      await ctx.audit({
        action: "account.update",
        outcome: "success",
        target: who.editor.email,
        details: { name: input.name },
      });
      return json({ editor: editorView(result.editor) });
    },
  },
  {
    method: "POST",
    pattern: "/auth/account/password",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const { auth } = ctx;
      const input = await body(
        ctx,
        z.object({
          current_password: z
            .string()
            .max(PASSWORD_MAX_LENGTH * 4)
            .optional(),
          new_password: z.string().max(PASSWORD_MAX_LENGTH * 4),
        }),
      );
      const editor = await auth.storage.accounts.get(who.editor.id);
      if (!editor) throw new HttpError(404, "Unknown account");
      // The current password proves who is asking; an account without one (passkeys only) needs sudo mode.
      if (!editor.password_hash && sudoUntil(who) <= auth.now()) return reauthRequired();
      if (editor.password_hash) {
        if (!input.current_password || !(await verifyPassword(input.current_password, editor.password_hash))) {
          await ctx.audit({
            action: "account.password",
            outcome: "failure",
            target: editor.email,
            details: { reason: "current-password" },
          });
          throw new HttpError(400, "The current password is not right", { current_password: "wrong" });
        }
      }
      await newPasswordOrThrow(input.new_password, await accountContext(auth, editor));
      await auth.storage.accounts.setPassword(editor.id, await hashPassword(input.new_password), auth.now());
      // Whoever knew the old password is signed out everywhere else.
      const ended = await auth.endAllSessions(editor.id, who.session?.id);
      await ctx.audit({
        action: "account.password",
        outcome: "success",
        target: editor.email,
        details: { sessions_ended: ended },
      });
      return json({ status: "success", sessions_ended: ended });
    },
  },
  {
    method: "DELETE",
    pattern: "/auth/account/sessions/:id",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const ended = await ctx.auth.endSessions(who.editor.id, [ctx.params.id ?? ""]);
      if (!ended) throw new HttpError(404, "Unknown session");
      await ctx.audit({
        action: "auth.session-revoke",
        outcome: "success",
        target: who.editor.email,
        details: { session: ctx.params.id },
      });
      const current = ctx.params.id === who.session?.id;
      return json(
        { status: "success", signed_out: current },
        200,
        current ? { "set-cookie": ctx.auth.clearCookie(ctx.request) } : {},
      );
    },
  },
  {
    // Sign out everywhere: every other session, or every one with `everywhere`.
    method: "POST",
    pattern: "/auth/account/sessions/revoke",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const input = await body(ctx, z.object({ everywhere: z.boolean().default(false) }));
      const keep = input.everywhere ? undefined : who.session?.id;
      const ended = await ctx.auth.endAllSessions(who.editor.id, keep);
      await ctx.audit({
        action: "auth.sessions-revoke",
        outcome: "success",
        target: who.editor.email,
        details: { sessions_ended: ended, everywhere: input.everywhere },
      });
      return json(
        { status: "success", sessions_ended: ended, signed_out: input.everywhere },
        200,
        input.everywhere ? { "set-cookie": ctx.auth.clearCookie(ctx.request) } : {},
      );
    },
  },
  {
    method: "POST",
    pattern: "/auth/account/passkeys/options",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const { auth } = ctx;
      const existing = await auth.storage.accounts.listPasskeys(who.editor.id);
      const options = await generateRegistrationOptions({
        rpName: "Studio",
        rpID: relyingParty(ctx).rpID,
        userName: who.editor.email,
        userDisplayName: who.editor.name,
        userID: new TextEncoder().encode(who.editor.id),
        attestationType: "none",
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        timeout: CHALLENGE_LIFETIME_MS,
      });
      const id = randomUUID();
      await auth.storage.sessions.putChallenge(id, {
        challenge: options.challenge,
        kind: "register",
        editor_id: who.editor.id,
        expires_ms: auth.now() + CHALLENGE_LIFETIME_MS,
      });
      return json({ challenge_id: id, options });
    },
  },
  {
    method: "POST",
    pattern: "/auth/account/passkeys",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const { auth } = ctx;
      const input = await body(
        ctx,
        z.object({
          challenge_id: z.string().uuid(),
          response: credentialJson,
          name: z.string().trim().max(80).default(""),
        }),
      );
      const challenge = await auth.storage.sessions.takeChallenge(input.challenge_id, auth.now());
      if (challenge?.kind !== "register" || challenge.editor_id !== who.editor.id)
        throw new HttpError(400, "The passkey request expired; try again", { challenge_id: "expired" });
      const { rpID, origins } = relyingParty(ctx);
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          // biome-ignore lint/suspicious/noExplicitAny: the library checks the whole answer
          response: input.response as any,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch (error) {
        throw new HttpError(400, `The passkey was not accepted: ${(error as Error).message.slice(0, 200)}`);
      }
      if (!verified.verified) throw new HttpError(400, "The passkey was not accepted");
      const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
      if (await auth.storage.accounts.getPasskey(credential.id))
        throw new HttpError(409, "This passkey is already registered");
      const count = (await auth.storage.accounts.listPasskeys(who.editor.id)).length;
      const passkeyName = input.name || `Passkey ${count + 1}`;
      await auth.storage.accounts.addPasskey({
        id: credential.id,
        editor_id: who.editor.id,
        public_key: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        device_type: credentialDeviceType,
        backed_up: credentialBackedUp,
        name: passkeyName,
        created_ms: auth.now(),
      });
      await ctx.audit({
        action: "account.passkey-add",
        outcome: "success",
        target: who.editor.email,
        details: { passkey: passkeyName },
      });
      return json({ status: "success", passkey: { id: credential.id, name: passkeyName } }, 201);
    },
  },
  {
    method: "DELETE",
    pattern: "/auth/account/passkeys/:id",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const passkey = await ctx.auth.storage.accounts.getPasskey(ctx.params.id ?? "");
      if (!passkey || passkey.editor_id !== who.editor.id) throw new HttpError(404, "Unknown passkey");
      const editor = await ctx.auth.storage.accounts.get(who.editor.id);
      const others = (await ctx.auth.storage.accounts.listPasskeys(who.editor.id)).length - 1;
      // The last way in stays: an account without a password keeps its last passkey.
      if (!editor?.password_hash && others === 0)
        throw new HttpError(409, "Set a password before removing your last passkey");
      await ctx.auth.storage.accounts.removePasskey(who.editor.id, passkey.id);
      await ctx.audit({
        action: "account.passkey-remove",
        outcome: "success",
        target: who.editor.email,
        details: { passkey: passkey.name },
      });
      return json({ status: "success" });
    },
  },
  {
    method: "POST",
    pattern: "/auth/account/tokens",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const input = await body(
        ctx,
        z.object({
          name: name,
          scopes: z
            .array(z.enum(["read", "write"]))
            .min(1)
            .max(2),
          expires_in_days: z.number().int().min(1).max(3650).nullable().default(90),
        }),
      );
      const { token, record } = await ctx.auth.issueApiToken(
        who.editor.id,
        input.name,
        input.scopes,
        input.expires_in_days,
      );
      const now = record.created_ms;
      await ctx.audit({
        action: "account.token-create",
        outcome: "success",
        target: who.editor.email,
        details: { token: input.name, scopes: record.scopes },
      });
      return json(
        {
          status: "success",
          // Shown once: only its hash is kept.
          token,
          record: {
            id: record.id,
            name: record.name,
            prefix: record.prefix,
            scopes: record.scopes,
            created_at: new Date(now).toISOString(),
            expires_at: record.expires_ms ? new Date(record.expires_ms).toISOString() : null,
            last_used_at: null,
          },
        },
        201,
      );
    },
  },
  {
    method: "DELETE",
    pattern: "/auth/account/tokens/:id",
    clients: ["content"],
    access: "editor",
    sessionOnly: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      if (!(await ctx.auth.storage.apiTokens.revoke(who.editor.id, ctx.params.id ?? "")))
        throw new HttpError(404, "Unknown token");
      await ctx.audit({
        action: "account.token-revoke",
        outcome: "success",
        target: who.editor.email,
        details: { token: ctx.params.id },
      });
      return json({ status: "success" });
    },
  },

  // ---- one-time account links -------------------------------------------------------------
  {
    method: "POST",
    pattern: "/auth/links/inspect",
    clients: ["content"],
    access: "public",
    handler: async (ctx) => {
      const input = await body(ctx, z.object({ token: linkToken }));
      const { auth } = ctx;
      const link = await auth.storage.accounts.peekLink(hashSecret(input.token), auth.now());
      if (!link) return json({ status: "error", message: "This link is not valid any more" }, 404);
      const editor = link.editor_id ? await auth.storage.accounts.get(link.editor_id) : undefined;
      if (link.kind !== "setup" && !editor)
        return json({ status: "error", message: "This link is not valid any more" }, 404);
      if (link.kind === "setup" && (await auth.storage.accounts.count()) > 0)
        return json({ status: "error", message: "This link is not valid any more" }, 404);
      return json({
        kind: link.kind,
        editor: editor ? { name: editor.name, email: editor.email } : null,
        expires_at: new Date(link.expires_ms).toISOString(),
      });
    },
  },
  {
    method: "POST",
    pattern: "/auth/links/complete",
    clients: ["content"],
    access: "public",
    handler: async (ctx) => {
      const { auth } = ctx;
      const input = await body(
        ctx,
        z.object({
          token: linkToken,
          name: name.optional(),
          email: email.optional(),
          password: z.string().max(PASSWORD_MAX_LENGTH * 4),
        }),
      );
      const tokenHash = hashSecret(input.token);
      const now = auth.now();
      const link = await auth.storage.accounts.peekLink(tokenHash, now);
      const gone = () => json({ status: "error", message: "This link is not valid any more" }, 404);
      if (!link) return gone();
      if (link.kind === "setup") {
        if (!input.name || !input.email)
          throw new HttpError(400, "Name and e-mail are needed", {
            ...(input.name ? {} : { name: "required" }),
            ...(input.email ? {} : { email: "required" }),
          });
        await newPasswordOrThrow(input.password, await accountContext(auth, { name: input.name, email: input.email }));
        const result = await auth.storage.accounts.completeSetup(
          tokenHash,
          { name: input.name, email: input.email, role: "admin", password_hash: await hashPassword(input.password) },
          now,
        );
        if (!result.ok) return gone();
        const cookie = await auth.startSession(result.editor, "setup", ctx.request);
        await auth.audit(ctx.request, editorView(result.editor), {
          action: "account.setup",
          outcome: "success",
          target: result.editor.email,
        });
        return signedIn(result.editor, cookie);
      }
      const editor = link.editor_id ? await auth.storage.accounts.get(link.editor_id) : undefined;
      if (!editor) return gone();
      await newPasswordOrThrow(input.password, await accountContext(auth, editor));
      const hash = await hashPassword(input.password);
      // Used once: a second submit of the same link finds it used.
      if (!(await auth.storage.accounts.takeLink(tokenHash, auth.now()))) return gone();
      await auth.storage.accounts.setPassword(editor.id, hash, auth.now());
      // Whoever was signed in to this account (a stolen session, a shared computer) is signed out.
      await auth.endAllSessions(editor.id);
      const cookie = await auth.startSession(editor, "invite", ctx.request);
      await auth.audit(ctx.request, editorView(editor), {
        action: link.kind === "invite" ? "account.invite-accept" : "account.reset-complete",
        outcome: "success",
        target: editor.email,
      });
      return signedIn(editor, cookie);
    },
  },

  // ---- admins: accounts and the audit trail -----------------------------------------------
  {
    method: "GET",
    pattern: "/auth/editors",
    clients: ["content"],
    access: "admin",
    sessionOnly: true,
    handler: async (ctx) => {
      const { storage, now, idleMs } = ctx.auth;
      const editors = await storage.accounts.list();
      const rows = await Promise.all(
        editors.map(async (e) => ({
          ...editorView(e),
          has_password: Boolean(e.password_hash),
          passkeys: (await storage.accounts.listPasskeys(e.id)).length,
          sessions: (await storage.sessions.listForEditor(e.id, now(), idleMs)).length,
          created_at: new Date(e.created_ms).toISOString(),
        })),
      );
      return json({ editors: rows });
    },
  },
  {
    method: "POST",
    pattern: "/auth/editors",
    clients: ["content"],
    access: "admin",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const input = await body(ctx, z.object({ name, email, role, locale: z.enum(["fr", "en"]).default("fr") }));
      const { auth } = ctx;
      const created = await auth.storage.accounts.create(
        { name: input.name, email: input.email, role: input.role },
        auth.now(),
      );
      if (!created.ok) throw new HttpError(409, "An account already uses this e-mail", { email: "taken" });
      const link = await auth.createLink("invite", created.editor.id);
      await ctx.audit({
        action: "editor.invite",
        outcome: "success",
        target: created.editor.email,
        details: { role: input.role, name: input.name },
      });
      return json(
        {
          editor: { ...editorView(created.editor), has_password: false, passkeys: 0, sessions: 0 },
          link: `${originOf(ctx)}${activationPath(input.locale, link.token)}`,
          expires_at: new Date(link.expires_ms).toISOString(),
        },
        201,
      );
    },
  },
  {
    method: "PATCH",
    pattern: "/auth/editors/:id",
    clients: ["content"],
    access: "admin",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const input = await body(
        ctx,
        z.object({ name: name.optional(), email: email.optional(), role: role.optional() }),
      );
      const result = await ctx.auth.storage.accounts.update(ctx.params.id ?? "", input, ctx.auth.now());
      if (!result.ok && result.reason === "not-found") throw new HttpError(404, "Unknown account");
      if (!result.ok && result.reason === "email-taken")
        throw new HttpError(409, "An account already uses this e-mail", { email: "taken" });
      if (!result.ok) throw new HttpError(409, "The site needs at least one admin", { role: "last-admin" });
      await ctx.audit({ action: "editor.update", outcome: "success", target: result.editor.email, details: input });
      return json({ editor: editorView(result.editor) });
    },
  },
  {
    method: "DELETE",
    pattern: "/auth/editors/:id",
    clients: ["content"],
    access: "admin",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const who = await me(ctx);
      const id = ctx.params.id ?? "";
      if (id === who.editor.id) throw new HttpError(409, "You cannot remove your own account");
      const editor = await ctx.auth.storage.accounts.get(id);
      if (!editor) throw new HttpError(404, "Unknown account");
      await ctx.auth.endAllSessions(id);
      const result = await ctx.auth.storage.accounts.remove(id);
      if (!result.ok && result.reason === "last-admin") throw new HttpError(409, "The site needs at least one admin");
      if (!result.ok) throw new HttpError(404, "Unknown account");
      await ctx.audit({
        action: "editor.remove",
        outcome: "success",
        target: editor.email,
        details: { name: editor.name },
      });
      return json({ status: "success" });
    },
  },
  {
    method: "POST",
    pattern: "/auth/editors/:id/revoke",
    clients: ["content"],
    access: "admin",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const input = await body(ctx, z.object({ tokens: z.boolean().default(false) }));
      const editor = await ctx.auth.storage.accounts.get(ctx.params.id ?? "");
      if (!editor) throw new HttpError(404, "Unknown account");
      const sessions = await ctx.auth.endAllSessions(editor.id);
      const tokens = input.tokens ? await ctx.auth.storage.apiTokens.revokeAll(editor.id) : 0;
      await ctx.audit({
        action: "editor.revoke",
        outcome: "success",
        target: editor.email,
        details: { sessions_ended: sessions, tokens_revoked: tokens },
      });
      return json({ status: "success", sessions_ended: sessions, tokens_revoked: tokens });
    },
  },
  {
    method: "POST",
    pattern: "/auth/editors/:id/reset",
    clients: ["content"],
    access: "admin",
    sessionOnly: true,
    sudo: true,
    handler: async (ctx) => {
      const input = await body(ctx, z.object({ locale: z.enum(["fr", "en"]).default("fr") }));
      const editor = await ctx.auth.storage.accounts.get(ctx.params.id ?? "");
      if (!editor) throw new HttpError(404, "Unknown account");
      const link = await ctx.auth.createLink(editor.password_hash ? "reset" : "invite", editor.id);
      await ctx.audit({ action: "editor.reset", outcome: "success", target: editor.email });
      return json({
        link: `${originOf(ctx)}${activationPath(input.locale, link.token)}`,
        expires_at: new Date(link.expires_ms).toISOString(),
      });
    },
  },
  {
    method: "GET",
    pattern: "/auth/audit",
    clients: ["content"],
    access: "admin",
    handler: async (ctx) => {
      const date = z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/)
        .transform((v) => Date.parse(v))
        .refine((v) => Number.isFinite(v), "date");
      const parsed = z
        .object({
          actor: z.string().max(100).optional(),
          action: z
            .string()
            .regex(/^[a-z-]+(\.[a-z-]*)?$/)
            .max(60)
            .optional(),
          outcome: z.enum(["success", "failure"]).optional(),
          from: date.optional(),
          to: date.optional(),
          before: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        })
        .safeParse(queryObject(ctx.url));
      if (!parsed.success) throw new HttpError(400, "Invalid query", fieldErrors(parsed.error));
      const q = parsed.data;
      const page = await ctx.auth.storage.audit.list({
        actor_id: q.actor,
        action: q.action,
        outcome: q.outcome,
        from_ms: q.from,
        // A bare date is the whole day.
        to_ms:
          q.to === undefined
            ? undefined
            : q.to + (/^\d{4}-\d{2}-\d{2}$/.test(String(ctx.url.searchParams.get("to"))) ? 86_400_000 : 0),
        before: q.before,
        limit: q.limit,
      });
      return json({
        entries: page.entries.map((e) => ({
          seq: e.seq,
          at: new Date(e.at_ms).toISOString(),
          actor: { id: e.actor_id, label: e.actor_label },
          action: e.action,
          target: e.target,
          outcome: e.outcome,
          details: e.details,
          ip: e.ip,
          user_agent: e.user_agent,
          via: e.via,
        })),
        next: page.next,
      });
    },
  },
];
