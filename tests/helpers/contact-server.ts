/** Starts scripts/contact-server.ts in a child process and waits for its port. */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { contactForm } from "../../scripts/contact-form";
import { fixtureEditors } from "../../server/auth/setup";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ContactServer {
  child: ChildProcess;
  origin: string;
}

export function startContactServer(env: Record<string, string>): Promise<ContactServer> {
  // Node itself with tsx's loader (not the tsx CLI, which forks): a SIGKILL must hit the server process.
  const child = spawn(path.join(ROOT, "node_modules/.bin/node"), ["--import", "tsx", "scripts/contact-server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: `${path.join(ROOT, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      PORT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    // A first start seeds a fresh data folder: slow on a busy machine.
    const timer = setTimeout(() => reject(new Error("contact server did not start within 40 s")), 40_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners("data");
        child.stdout?.resume();
        resolve({ child, origin: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`contact server exited with ${code}`));
    });
  });
}

export const BROKER_SITE = {
  site_id: "demo-broker",
  microsite_id: "ms-demo-broker",
  site_key: "sk_demo_broker_public_0001",
};

/** One contact form submission over HTTP (multipart). */
export async function submitContact(origin: string, marker: string, index: number): Promise<Response> {
  const form = contactForm(marker, index);
  return fetch(`${origin}/api/swc/${BROKER_SITE.microsite_id}/contact`, {
    method: "POST",
    body: form,
    headers: { "x-site-key": BROKER_SITE.site_key },
  });
}

/**
 * Signs in as a fixture editor (the server runs with FIXTURE_EDITORS=true) and returns the
 * Cookie header that carries the session.
 */
export async function signInCookie(origin: string, role: "admin" | "editor" = "editor"): Promise<string> {
  const editor = fixtureEditors().find((e) => e.role === role)!;
  const response = await fetch(`${origin}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: editor.email, password: editor.password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers.get("set-cookie") ?? "";
  return cookie.split(";")[0]!;
}

/** Every stored submission of the demo broker (read as a signed-in editor). */
export async function storedSubmissions(origin: string) {
  const cookie = await signInCookie(origin);
  const all: { id: string; type: string; locale: string; payload: Record<string, unknown> }[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${origin}/api/submissions/${BROKER_SITE.site_id}?page=${page}&limit=200`, {
      headers: { cookie },
    });
    if (!response.ok) throw new Error(`submissions answered ${response.status}`);
    const body = (await response.json()) as { data: { total: number; submissions: typeof all } };
    all.push(...body.data.submissions);
    if (all.length >= body.data.total || body.data.submissions.length === 0) return all;
  }
}
