/** Signing in as a fixture editor (fixtures/editors.json) from Playwright: the server runs with FIXTURE_EDITORS=true. */
import type { APIRequestContext, Page } from "@playwright/test";
import { fixtureEditors } from "../../server/auth/setup";

export type FixtureRole = "admin" | "editor" | "editor2";

/** The fixture account: the admin, the first editor, or the second editor. */
export function fixtureAccount(role: FixtureRole) {
  const editors = fixtureEditors();
  const account =
    role === "editor2" ? editors.filter((e) => e.role === "editor")[1] : editors.find((e) => e.role === role);
  if (!account) throw new Error(`No fixture account ${role}`);
  return account;
}

/**
 * Signs a browser context in through the sign-in call (what the sign-in page does), so the
 * session cookie is the context's: pages opened afterwards are signed in.
 */
export async function signInRequest(request: APIRequestContext, origin: string, role: FixtureRole = "editor") {
  const { email, password } = fixtureAccount(role);
  const response = await request.post(`${origin}/api/auth/sign-in`, {
    data: { email, password },
    headers: { origin },
  });
  if (!response.ok()) throw new Error(`sign-in as ${role} answered ${response.status()}`);
}

/** Signs the page's browser context in. */
export const signInPage = (page: Page, origin: string, role: FixtureRole = "editor") =>
  signInRequest(page.context().request, origin, role);
