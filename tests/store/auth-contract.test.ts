/**
 * The contract of the editor stores (accounts, one-time links, sessions and challenges,
 * login throttle, API tokens, audit trail, page locks), against SQLite and PostgreSQL.
 * Sessions, throttles and locks are shared by two instances on one database, as by two web
 * processes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret } from "../../server/auth/secrets";
import type { Storage } from "../../server/content/storage";
import type { EditorRecord } from "../../server/content/stores/accounts";
import { harnesses } from "./harness";

const T0 = 1_800_000_000_000;
const MIN = 60_000;

describe.each(harnesses)("$kind editor stores", (harness) => {
  let db: Awaited<ReturnType<typeof harness.fresh>>;
  let store: Storage;
  let other: Storage;
  let admin: EditorRecord;
  let editor: EditorRecord;

  beforeAll(async () => {
    db = await harness.fresh();
    store = await db.open();
    other = await db.open();
  });
  afterAll(() => db.cleanup());

  describe("accounts and links", () => {
    it("creates the first admin once through a setup link, atomically", async () => {
      expect(await store.accounts.count()).toBe(0);
      await store.accounts.createLink(hashSecret("setup-1"), {
        kind: "setup",
        editor_id: null,
        created_ms: T0,
        expires_ms: T0 + 60 * MIN,
      });
      await store.accounts.createLink(hashSecret("setup-2"), {
        kind: "setup",
        editor_id: null,
        created_ms: T0,
        expires_ms: T0 + 60 * MIN,
      });
      expect(await store.accounts.peekLink(hashSecret("setup-1"), T0 + 61 * MIN)).toBeUndefined();
      const made = await store.accounts.completeSetup(
        hashSecret("setup-1"),
        { email: " Admin@Agence.test ", name: "Ada", role: "admin", password_hash: "h" },
        T0,
      );
      expect(made.ok).toBe(true);
      if (made.ok) admin = made.editor;
      expect(admin.email).toBe("admin@agence.test");
      // Used: neither this link again, nor a second setup link once an account exists.
      expect(
        (await other.accounts.completeSetup(hashSecret("setup-1"), { email: "x@y.test", name: "X", role: "admin" }, T0))
          .ok,
      ).toBe(false);
      expect(
        (await other.accounts.completeSetup(hashSecret("setup-2"), { email: "x@y.test", name: "X", role: "admin" }, T0))
          .ok,
      ).toBe(false);
      expect(await store.accounts.count()).toBe(1);
    });

    it("refuses a second account on the same e-mail, whatever its case", async () => {
      const created = await store.accounts.create({ email: "marc@agence.test", name: "Marc", role: "editor" }, T0);
      expect(created.ok).toBe(true);
      if (created.ok) editor = created.editor;
      expect(await store.accounts.create({ email: "MARC@agence.test", name: "Marc 2", role: "editor" }, T0)).toEqual({
        ok: false,
        reason: "email-taken",
      });
      expect((await other.accounts.findByEmail("Marc@Agence.TEST"))?.id).toBe(editor.id);
    });

    it("keeps the last admin", async () => {
      expect(await store.accounts.update(admin.id, { role: "editor" }, T0)).toEqual({
        ok: false,
        reason: "last-admin",
      });
      expect(await store.accounts.remove(admin.id)).toEqual({ ok: false, reason: "last-admin" });
      expect((await store.accounts.update(editor.id, { role: "admin" }, T0)).ok).toBe(true);
      expect((await store.accounts.update(admin.id, { role: "editor" }, T0)).ok).toBe(true);
      expect((await store.accounts.update(admin.id, { role: "admin" }, T0)).ok).toBe(true);
      expect((await store.accounts.update(editor.id, { role: "editor" }, T0)).ok).toBe(true);
    });

    it("uses an invitation link once, even from two processes", async () => {
      await store.accounts.createLink(hashSecret("invite"), {
        kind: "invite",
        editor_id: editor.id,
        created_ms: T0,
        expires_ms: T0 + 10 * MIN,
      });
      const [a, b] = await Promise.all([
        store.accounts.takeLink(hashSecret("invite"), T0 + MIN),
        other.accounts.takeLink(hashSecret("invite"), T0 + MIN),
      ]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      expect(await store.accounts.peekLink(hashSecret("invite"), T0 + MIN)).toBeUndefined();
    });

    it("keeps only an account's newest link, and every setup link", async () => {
      const link = (kind: "invite" | "reset" | "setup", editorId: string | null, at: number) => ({
        kind,
        editor_id: editorId,
        created_ms: at,
        expires_ms: at + 60 * MIN,
      });
      await store.accounts.createLink(hashSecret("old-invite"), link("invite", editor.id, T0));
      await store.accounts.createLink(hashSecret("admin-reset"), link("reset", admin.id, T0));
      await store.accounts.createLink(hashSecret("setup-a"), link("setup", null, T0));
      await other.accounts.createLink(hashSecret("new-reset"), link("reset", editor.id, T0 + MIN));
      await other.accounts.createLink(hashSecret("setup-b"), link("setup", null, T0 + MIN));
      const live = async (token: string) =>
        (await store.accounts.peekLink(hashSecret(token), T0 + 2 * MIN)) !== undefined;
      expect(await live("old-invite")).toBe(false);
      expect(await store.accounts.takeLink(hashSecret("old-invite"), T0 + 2 * MIN)).toBeUndefined();
      expect(await live("new-reset")).toBe(true);
      expect(await live("admin-reset")).toBe(true);
      expect(await live("setup-a")).toBe(true);
      expect(await live("setup-b")).toBe(true);
    });

    it("stores passkeys and their counters", async () => {
      await store.accounts.addPasskey({
        id: "cred-1",
        editor_id: editor.id,
        public_key: "pk",
        counter: 0,
        transports: ["internal"],
        device_type: "singleDevice",
        backed_up: false,
        name: "Laptop",
        created_ms: T0,
      });
      await other.accounts.recordPasskeyUse("cred-1", 5, T0 + MIN);
      expect(await store.accounts.getPasskey("cred-1")).toMatchObject({
        counter: 5,
        last_used_ms: T0 + MIN,
        transports: ["internal"],
      });
      expect(await store.accounts.removePasskey(admin.id, "cred-1")).toBe(false);
      expect(await store.accounts.listPasskeys(editor.id)).toHaveLength(1);
    });
  });

  describe("sessions", () => {
    const session = (id: string, secret: string, created: number) => ({
      id,
      token_hash: hashSecret(secret),
      editor_id: editor.id,
      method: "password" as const,
      created_ms: created,
      last_seen_ms: created,
      expires_ms: created + 24 * 60 * MIN,
      ip: "203.0.113.9",
      user_agent: "test",
    });

    it("finds a live session from another process and ends it when idle or past its end", async () => {
      await store.sessions.create(session("s-idle", "secret-idle", T0));
      await store.sessions.create(session("s-old", "secret-old", T0));
      const idle = 30 * MIN;
      expect((await other.sessions.find(hashSecret("secret-idle"), T0 + 29 * MIN, idle))?.id).toBe("s-idle");
      // Idle for longer than allowed: gone (and deleted).
      expect(await other.sessions.find(hashSecret("secret-idle"), T0 + 31 * MIN, idle)).toBeUndefined();
      expect(await store.sessions.find(hashSecret("secret-idle"), T0 + 29 * MIN, idle)).toBeUndefined();
      // Active, but past the absolute end.
      for (let t = T0 + 20 * MIN; t < T0 + 24 * 60 * MIN; t += 20 * MIN) await store.sessions.touch("s-old", t);
      expect(await store.sessions.find(hashSecret("secret-old"), T0 + 24 * 60 * MIN - MIN, idle)).toBeDefined();
      expect(await store.sessions.find(hashSecret("secret-old"), T0 + 24 * 60 * MIN + 1, idle)).toBeUndefined();
    });

    it("lists, revokes one, and signs out everywhere but the current one", async () => {
      for (const n of [1, 2, 3]) await store.sessions.create(session(`s-${n}`, `secret-${n}`, T0));
      expect((await other.sessions.listForEditor(editor.id, T0 + MIN, 60 * MIN)).map((s) => s.id).sort()).toEqual([
        "s-1",
        "s-2",
        "s-3",
      ]);
      expect(await store.sessions.revoke(admin.id, "s-1")).toBe(false);
      expect(await store.sessions.revoke(editor.id, "s-1")).toBe(true);
      expect(await other.sessions.revokeAll(editor.id, "s-3")).toBe(1);
      expect(await store.sessions.find(hashSecret("secret-2"), T0 + MIN, 60 * MIN)).toBeUndefined();
      expect((await store.sessions.find(hashSecret("secret-3"), T0 + MIN, 60 * MIN))?.id).toBe("s-3");
    });

    it("records when the editor proved who they are again, seen by every process", async () => {
      await store.sessions.create(session("s-sudo", "secret-sudo", T0));
      expect((await other.sessions.find(hashSecret("secret-sudo"), T0 + MIN, 60 * MIN))?.authenticated_ms).toBe(T0);
      await other.sessions.reauthenticated("s-sudo", T0 + 20 * MIN);
      expect((await store.sessions.find(hashSecret("secret-sudo"), T0 + 21 * MIN, 60 * MIN))?.authenticated_ms).toBe(
        T0 + 20 * MIN,
      );
      const listed = await store.sessions.listForEditor(editor.id, T0 + 21 * MIN, 60 * MIN);
      expect(listed.find((s) => s.id === "s-sudo")?.authenticated_ms).toBe(T0 + 20 * MIN);
    });

    it("hands a WebAuthn challenge out once, never after it expires", async () => {
      await store.sessions.putChallenge("c-1", {
        challenge: "abc",
        kind: "authenticate",
        editor_id: null,
        expires_ms: T0 + 5 * MIN,
      });
      await store.sessions.putChallenge("c-2", {
        challenge: "def",
        kind: "register",
        editor_id: editor.id,
        expires_ms: T0 + 5 * MIN,
      });
      expect((await other.sessions.takeChallenge("c-1", T0 + MIN))?.challenge).toBe("abc");
      expect(await store.sessions.takeChallenge("c-1", T0 + MIN)).toBeUndefined();
      expect(await store.sessions.takeChallenge("c-2", T0 + 6 * MIN)).toBeUndefined();
    });
  });

  describe("login throttle", () => {
    it("counts failures across processes, blocks, forgets after the window and on success", async () => {
      const delay = (n: number) => (n <= 2 ? 0 : 1000 * 2 ** (n - 3));
      await store.loginThrottle.fail("account:x", T0, 60 * MIN, delay);
      await other.loginThrottle.fail("account:x", T0 + 1, 60 * MIN, delay);
      const third = await store.loginThrottle.fail("account:x", T0 + 2, 60 * MIN, delay);
      expect(third.failures).toBe(3);
      expect(third.blocked_until_ms).toBe(T0 + 2 + 1000);
      expect((await other.loginThrottle.get("account:x", T0 + 3, 60 * MIN)).blocked_until_ms).toBe(T0 + 1002);
      // A failure after the window starts counting again.
      expect((await store.loginThrottle.fail("account:x", T0 + 61 * MIN, 60 * MIN, delay)).failures).toBe(1);
      await store.loginThrottle.clear("account:x");
      expect((await other.loginThrottle.get("account:x", T0 + 62 * MIN, 60 * MIN)).failures).toBe(0);
    });
  });

  describe("API tokens", () => {
    it("finds a token by its hash until it expires or is revoked", async () => {
      await store.apiTokens.create(
        {
          id: "t-1",
          editor_id: editor.id,
          name: "ci",
          prefix: "cbt_abcdef",
          scopes: ["read"],
          created_ms: T0,
          expires_ms: T0 + 60 * MIN,
        },
        hashSecret("token-1"),
      );
      expect(await other.apiTokens.find(hashSecret("token-1"), T0 + MIN)).toMatchObject({
        id: "t-1",
        scopes: ["read"],
      });
      expect(await other.apiTokens.find(hashSecret("token-2"), T0 + MIN)).toBeUndefined();
      expect(await other.apiTokens.find(hashSecret("token-1"), T0 + 61 * MIN)).toBeUndefined();
      expect(await store.apiTokens.revoke(admin.id, "t-1")).toBe(false);
      expect(await store.apiTokens.revoke(editor.id, "t-1")).toBe(true);
      expect(await store.apiTokens.find(hashSecret("token-1"), T0 + MIN)).toBeUndefined();
    });
  });

  describe("audit trail", () => {
    it("appends and reads newest first, filtered and paged", async () => {
      const entry = (i: number, action: string, outcome: "success" | "failure") => ({
        at_ms: T0 + i * MIN,
        actor_id: i % 2 ? editor.id : null,
        actor_label: `actor ${i}`,
        action,
        target: `demo-broker/page-${i}`,
        outcome,
        details: { i },
        ip: "198.51.100.7",
        user_agent: null,
        via: "session" as const,
      });
      for (let i = 0; i < 7; i++)
        await (i % 2 ? store : other).audit.append(
          entry(i, i < 4 ? "page.publish" : "auth.sign-in", i === 5 ? "failure" : "success"),
        );
      const first = await store.audit.list({ limit: 3 });
      expect(first.entries.map((e) => e.details)).toEqual([{ i: 6 }, { i: 5 }, { i: 4 }]);
      const second = await store.audit.list({ limit: 3, before: first.next! });
      expect(second.entries.map((e) => e.actor_label)).toEqual(["actor 3", "actor 2", "actor 1"]);
      expect((await store.audit.list({ limit: 10, action: "page." })).entries).toHaveLength(4);
      expect((await store.audit.list({ limit: 10, outcome: "failure" })).entries.map((e) => e.action)).toEqual([
        "auth.sign-in",
      ]);
      expect(
        (
          await store.audit.list({ limit: 10, actor_id: editor.id, from_ms: T0 + 2 * MIN, to_ms: T0 + 5 * MIN + 1 })
        ).entries.map((e) => e.at_ms),
      ).toEqual([T0 + 5 * MIN, T0 + 3 * MIN]);
    });
  });

  describe("page locks", () => {
    const marc = { holder: "session-marc", editor_id: "", editor_name: "Marc" };
    const ada = { holder: "session-ada", editor_id: "", editor_name: "Ada" };

    it("grants, refuses, takes over, renews and lapses after its time to live", async () => {
      marc.editor_id = editor.id;
      ada.editor_id = admin.id;
      const ttl = 5 * MIN;
      expect((await store.pageLocks.acquire("s", "p", marc, T0, ttl, false)).ok).toBe(true);
      const refused = await other.pageLocks.acquire("s", "p", ada, T0 + MIN, ttl, false);
      expect(refused).toMatchObject({ ok: false, lock: { editor_name: "Marc" } });
      // Renewal by the holder moves the end.
      expect((await store.pageLocks.acquire("s", "p", marc, T0 + 4 * MIN, ttl, false)).ok).toBe(true);
      expect((await other.pageLocks.get("s", "p", T0 + 8 * MIN))?.holder).toBe("session-marc");
      // Take-over: Ada holds it, Marc is refused with her name.
      const taken = await other.pageLocks.acquire("s", "p", ada, T0 + 8 * MIN, ttl, true);
      expect(taken).toMatchObject({ ok: true, took_from: { editor_name: "Marc" } });
      expect(await store.pageLocks.acquire("s", "p", marc, T0 + 9 * MIN, ttl, false)).toMatchObject({
        ok: false,
        lock: { editor_name: "Ada" },
      });
      // No heartbeat for five minutes: free again.
      expect(await store.pageLocks.get("s", "p", T0 + 13 * MIN + 1)).toBeUndefined();
      expect((await store.pageLocks.acquire("s", "p", marc, T0 + 14 * MIN, ttl, false)).ok).toBe(true);
      expect(await other.pageLocks.release("s", "p", "session-ada")).toBe(false);
      expect(await other.pageLocks.releaseHolders(["session-marc"])).toBe(1);
      expect(await store.pageLocks.get("s", "p", T0 + 14 * MIN)).toBeUndefined();
    });
  });
});
