/**
 * First run and fixtures. With no account at all, the server makes a one-time setup link
 * (valid one hour, usable once, from whatever address the operator opens it on) that creates
 * the first admin, and prints it on its console; a new one every hour until an account
 * exists. The fixture accounts (fixtures/editors.json, known passwords) are seeded only when
 * FIXTURE_EDITORS says so: never on a fresh production start.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Storage } from "../content/storage";
import { hashPassword } from "./passwords";
import { type AuthService, LINK_LIFETIME_MS } from "./service";

export const EDITORS_FIXTURE = path.resolve(import.meta.dirname, "../../fixtures/editors.json");

export const fixtureEditorsSchema = z.object({
  editors: z.array(
    z.object({
      email: z.string().email(),
      name: z.string().min(1),
      role: z.enum(["admin", "editor"]),
      password: z.string().min(12),
    }),
  ),
});
export type FixtureEditor = z.infer<typeof fixtureEditorsSchema>["editors"][number];

export function fixtureEditors(file = EDITORS_FIXTURE): FixtureEditor[] {
  return fixtureEditorsSchema.parse(JSON.parse(fs.readFileSync(file, "utf8"))).editors;
}

/** Creates the fixture accounts that are missing (by e-mail); returns how many were made. */
export async function seedFixtureEditors(storage: Pick<Storage, "accounts">, now = Date.now()): Promise<number> {
  let made = 0;
  for (const editor of fixtureEditors()) {
    if (await storage.accounts.findByEmail(editor.email)) continue;
    const created = await storage.accounts.create(
      { email: editor.email, name: editor.name, role: editor.role, password_hash: await hashPassword(editor.password) },
      now,
    );
    if (created.ok) made++;
  }
  return made;
}

/**
 * When the store has no account: makes a setup link, hands it to `print`, and does so again
 * each time the last one expires, until an account exists. Returns a function that stops it.
 */
export function announceSetupLinks(auth: AuthService, origin: string, print: (message: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const round = async () => {
    if (stopped) return;
    try {
      if ((await auth.storage.accounts.count()) > 0) return;
      const { token, expires_ms } = await auth.createLink("setup", null);
      const until = new Date(expires_ms).toLocaleTimeString("en-CA", { hour: "2-digit", minute: "2-digit" });
      print(
        [
          "",
          "No editor account yet. Create the first administrator with this one-time link",
          `(valid until ${until}, usable once; open it on whatever address reaches this server):`,
          "",
          `  ${origin}/en/qa/activation#${token}`,
          `  ${origin}/fr/qa/activation#${token}   (français)`,
          "",
          "Or from a shell: npm run editor -- add --email you@example.com --name 'Your Name' --role admin",
          "",
        ].join("\n"),
      );
      timer = setTimeout(() => void round(), LINK_LIFETIME_MS.setup);
      timer.unref();
    } catch (error) {
      print(`Could not make the first-run setup link: ${(error as Error).message}`);
    }
  };
  void round();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
