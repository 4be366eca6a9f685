/**
 * `npm run editor -- <command>`: editor accounts from the shell, on the store the server uses
 * (DATABASE_URL, else DATA_DIR). No password is ever typed here: new accounts and resets get
 * a one-time link (the person sets a password or registers a passkey on it).
 *
 *   add    --email E --name N [--role editor|admin] [--locale fr|en]   new account + invitation link
 *   remove --email E                                                   deletes it (sessions, passkeys, tokens)
 *   reset  --email E [--locale fr|en]                                  signs it out everywhere + reset link
 *   list                                                               the accounts
 *   token  --email E [--name N] [--scopes read,write] [--days 90]      an API token for a tool or CI (shown once)
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { AuthService } from "../server/auth/service";
import { loadConfig } from "../server/config";
import { activationPath } from "../server/content/routes/auth";
import { openStorage } from "../server/content/storage";

const USAGE = `Usage: npm run editor -- add --email you@example.com --name "Your Name" [--role editor|admin]
       npm run editor -- remove --email you@example.com
       npm run editor -- reset --email you@example.com
       npm run editor -- list
       npm run editor -- token --email you@example.com [--name ci] [--scopes read,write] [--days 90]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "editor" },
    locale: { type: "string", default: "fr" },
    scopes: { type: "string", default: "read,write" },
    days: { type: "string", default: "90" },
  },
});

const command = z.enum(["add", "remove", "reset", "list", "token"]).safeParse(positionals[0]);
if (!command.success) {
  console.error(USAGE);
  process.exit(2);
}
const needEmail = () => {
  const parsed = z.email().safeParse(values.email?.trim());
  if (!parsed.success) {
    console.error(`--email is needed and must be an e-mail address.\n${USAGE}`);
    process.exit(2);
  }
  return parsed.data;
};
const locale = values.locale === "en" ? "en" : "fr";

const config = loadConfig();
const storage = await openStorage(config);
const auth = new AuthService(storage, config);
const origin = config.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? `http://localhost:${config.PORT}`;
const shell = { action: "", outcome: "success" as const, actor_label: "shell (npm run editor)", via: "cli" as const };

try {
  switch (command.data) {
    case "list": {
      const editors = await storage.accounts.list();
      if (!editors.length) console.log("No account yet.");
      for (const e of editors)
        console.log(`${e.role.padEnd(6)}  ${e.email}  ${e.name}${e.password_hash ? "" : "  (no password)"}`);
      break;
    }
    case "add": {
      const email = needEmail();
      const name = z.string().trim().min(1).max(120).safeParse(values.name);
      const role = z.enum(["admin", "editor"]).safeParse(values.role);
      if (!name.success || !role.success) {
        console.error(`--name is needed; --role is editor or admin.\n${USAGE}`);
        process.exit(2);
      }
      const created = await storage.accounts.create({ email, name: name.data, role: role.data }, auth.now());
      if (!created.ok) {
        console.error(`An account already uses ${email}.`);
        process.exit(1);
      }
      const link = await auth.createLink("invite", created.editor.id);
      await auth.audit(null, null, { ...shell, action: "editor.invite", target: email, details: { role: role.data } });
      console.log(
        `Account made for ${name.data} <${email}> (${role.data}). Send them this one-time link (valid 7 days):\n\n  ${origin}${activationPath(locale, link.token)}\n`,
      );
      break;
    }
    case "remove": {
      const email = needEmail();
      const editor = await storage.accounts.findByEmail(email);
      if (!editor) {
        console.error(`No account uses ${email}.`);
        process.exit(1);
      }
      await auth.endAllSessions(editor.id);
      const result = await storage.accounts.remove(editor.id);
      if (!result.ok) {
        console.error(
          result.reason === "last-admin" ? "The site needs at least one admin: add another first." : "Not removed.",
        );
        process.exit(1);
      }
      await auth.audit(null, null, { ...shell, action: "editor.remove", target: email });
      console.log(`Removed ${editor.name} <${email}>.`);
      break;
    }
    case "reset": {
      const email = needEmail();
      const editor = await storage.accounts.findByEmail(email);
      if (!editor) {
        console.error(`No account uses ${email}.`);
        process.exit(1);
      }
      const ended = await auth.endAllSessions(editor.id);
      const link = await auth.createLink(editor.password_hash ? "reset" : "invite", editor.id);
      await auth.audit(null, null, {
        ...shell,
        action: "editor.reset",
        target: email,
        details: { sessions_ended: ended },
      });
      console.log(
        `${editor.name} is signed out everywhere (${ended} session(s)). One-time link to set a new password (valid ${editor.password_hash ? "24 hours" : "7 days"}):\n\n  ${origin}${activationPath(locale, link.token)}\n`,
      );
      break;
    }
    case "token": {
      const email = needEmail();
      const editor = await storage.accounts.findByEmail(email);
      if (!editor) {
        console.error(`No account uses ${email}.`);
        process.exit(1);
      }
      const scopes = z
        .array(z.enum(["read", "write"]))
        .min(1)
        .safeParse((values.scopes ?? "").split(",").map((s) => s.trim()));
      const days = z.coerce.number().int().min(1).max(3650).safeParse(values.days);
      if (!scopes.success || !days.success) {
        console.error(`--scopes is read, write or read,write; --days 1 to 3650.\n${USAGE}`);
        process.exit(2);
      }
      const name = values.name?.trim() || "shell";
      const { token } = await auth.issueApiToken(editor.id, name, scopes.data, days.data);
      await auth.audit(null, null, {
        ...shell,
        action: "account.token-create",
        target: email,
        details: { token: name, scopes: scopes.data },
      });
      console.log(
        `API token "${name}" for ${email} (${scopes.data.join(", ")}, ${days.data} days). Shown once; send it as "Authorization: Bearer <token>":\n\n  ${token}\n`,
      );
      break;
    }
  }
} finally {
  await storage.close();
}
