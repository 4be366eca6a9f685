/**
 * Editors are people (issue 18), in Chromium with a virtual authenticator (WebAuthn over
 * CDP). The first journey runs on a fresh server of its own (no account yet: the first-run
 * setup link is on its console); the others on the suite's server with the fixture editors.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { COLOR_SCHEME_LABELS } from "../schema/labels";
import { nextColorScheme } from "../schema/theme-values";
import { fixtureAccount } from "../tests/helpers/editors";
import { freshServer } from "./fresh-server";
import { expect, expectNoAxeViolations, t, test } from "./helpers";
import { chooseScheme, e2eOrigin, openMenuItem, signIn, waitForCanvas } from "./studio-helpers";

/** A platform authenticator that holds passkeys and verifies the user without a prompt. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Opens a page of the site from the toolbar's Open menu. */
async function openSitePage(page: Page, title: string) {
  await page.goto("/fr/qa/sections");
  await waitForCanvas(page);
  await openMenuItem(page, "Page du site", "fr", title);
  await expect(page.locator(".studio-doc-title")).toHaveText(title);
  await expect(page.locator(".studio-chunk > [data-studio-block]").first()).toBeVisible({ timeout: 15_000 });
}

/** Changes the first block's colour scheme (an edit to publish). */
async function editFirstBlock(page: Page) {
  const block = page.locator(".studio-chunk > [data-studio-block]").first();
  const id = (await block.getAttribute("data-studio-block"))!;
  const before = ((await block.locator(".block").getAttribute("data-scheme")) ?? "normal") as "normal";
  await chooseScheme(page, id, COLOR_SCHEME_LABELS[nextColorScheme(before)].fr);
}

async function publishTerms(page: Page) {
  await openSitePage(page, "Termes et conditions");
  await editFirstBlock(page);
  await page.getByRole("button", { name: "Publier" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publier" }).click();
}

/**
 * Signs out from the studio's session menu. The studio may still be hydrating after the
 * redirect that brought the page here (a loaded machine): a press before then opens nothing,
 * so the button is pressed again until its menu shows.
 */
async function signOutFromStudio(page: Page) {
  const signOut = page.getByRole("menuitem", { name: "Se déconnecter" });
  await expect(async () => {
    if (!(await signOut.isVisible())) await page.getByRole("button", { name: "Votre session" }).click();
    await expect(signOut).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await signOut.click();
}

test.describe("first run on a fresh server", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  let server: Awaited<ReturnType<typeof freshServer>>;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await freshServer();
  });
  test.afterAll(() => {
    server?.child.kill("SIGTERM");
  });

  test("setup link, passkey, invitation, publish, audit trail, revocation", async ({ browser }) => {
    const { origin, setupLink } = server;
    const admin = await browser.newContext({ baseURL: origin, locale: "fr-CA" });
    const page = await admin.newPage();
    await addVirtualAuthenticator(admin, page);

    // The first admin, through the one-time link printed on the console.
    await page.goto(setupLink);
    await expect(page.getByRole("heading", { level: 1, name: "Créer le premier administrateur" })).toBeVisible();
    await page.getByLabel("Votre nom").fill("Claire Dubois");
    await page.getByLabel("Courriel").fill("claire@agence.test");
    await page.getByLabel("Mot de passe").fill("password1234");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Ce mot de passe fait partie des plus courants")).toBeVisible({ timeout: 15_000 });
    await page.getByLabel("Mot de passe").fill("Claire publie les annonces du lundi");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/fr\/qa\/compte$/);
    await expect(
      page.getByText("Connecté en tant que Claire Dubois (claire@agence.test), administrateur."),
    ).toBeVisible();

    // The link worked once.
    const again = await admin.newPage();
    await again.goto(setupLink);
    await expect(again.getByRole("alert")).toContainText("Ce lien n'est plus valide");
    await again.close();

    // A passkey, then out and back in with it (no password typed).
    await page.getByLabel("Nom de la nouvelle clé d'accès").fill("Portable du bureau");
    await page.getByRole("button", { name: "Ajouter une clé d'accès" }).click();
    await expect(page.getByText("Clé d'accès ajoutée.")).toBeVisible();
    await expect(page.getByText("Portable du bureau", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Déconnexion" }).click();
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByText("Vous êtes déconnecté.")).toBeVisible();
    await page.goto("/fr/qa/sections");
    await expect(page).toHaveURL(/\/fr\/qa\/connexion\?next=/);
    await page.getByRole("button", { name: "Se connecter avec une clé d'accès" }).click();
    await expect(page).toHaveURL(/\/fr\/qa\/sections(\?page=[^&]*)?$/);

    // An editor, invited by the admin, signs in with a password.
    await page.goto("/fr/qa/compte");
    // The account screen's code loads with it (lazily): its forms work once hydrated (before,
    // a post only shows the page again).
    await expect
      .poll(() =>
        page
          .getByRole("button", { name: "Créer le lien d'invitation" })
          .evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))),
      )
      .toBe(true);
    await page.getByLabel("Nom", { exact: true }).fill("Luc Martin");
    await page.getByLabel("Courriel", { exact: true }).fill("luc@agence.test");
    await page.getByRole("button", { name: "Créer le lien d'invitation" }).click();
    const invitation = await page.getByRole("textbox", { name: /Lien à usage unique pour Luc Martin/ }).inputValue();
    expect(invitation).toMatch(/\/fr\/qa\/activation#[A-Za-z0-9_-]{43}$/);

    const editor = await browser.newContext({ baseURL: origin, locale: "fr-CA" });
    const luc = await editor.newPage();
    await luc.goto(invitation);
    await expect(luc.getByRole("heading", { level: 1, name: "Activer votre compte" })).toBeVisible();
    await luc.getByLabel("Mot de passe").fill("Luc vend des duplex à Verdun");
    await luc.getByRole("button", { name: "Enregistrer mon mot de passe" }).click();
    await expect(luc).toHaveURL(/\/fr\/qa\/sections(\?page=[^&]*)?$/);
    await signOutFromStudio(luc);
    await luc.getByRole("button", { name: "Se déconnecter" }).click();
    await luc.getByRole("link", { name: "Se reconnecter" }).click();
    await luc.getByLabel("Courriel").fill("luc@agence.test");
    await luc.getByLabel("Mot de passe", { exact: true }).fill("Luc vend des duplex à Verdun");
    await luc.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(luc).toHaveURL(/\/fr\/qa\/sections(\?page=[^&]*)?$/);

    // The editor publishes; the admin sees it in the audit trail.
    await publishTerms(luc);
    await expect(luc.getByRole("link", { name: "Voir la page publiée" })).toBeVisible();
    await page.goto("/fr/qa/compte");
    const trail = page.getByRole("table", { name: "Journal d'audit" });
    const published = trail.locator("tr[data-action='page.publish']").first();
    await expect(published).toContainText("Luc Martin <luc@agence.test>");
    await expect(published).toContainText("demo-broker/terms");
    await expect(published).toContainText("Réussite");
    await expect(
      trail.locator("tr[data-action='auth.sign-in']").filter({ hasText: "luc@agence.test" }).first(),
    ).toBeVisible();

    // The admin signs the editor out everywhere: the editor's next publish is refused.
    await page.getByRole("button", { name: "Déconnecter Luc Martin partout" }).click();
    await expect(page.getByText("Luc Martin est déconnecté partout")).toBeVisible();
    await luc.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
    await editFirstBlock(luc);
    await luc.getByRole("button", { name: "Publier" }).click();
    await luc.getByRole("dialog").getByRole("button", { name: "Publier" }).click();
    await expect(luc.getByRole("dialog").getByRole("status")).toContainText("Votre session a pris fin");
    await expect(luc.getByRole("link", { name: "Voir la page publiée" })).toHaveCount(0);
    await editor.close();
    await admin.close();
  });

  test("fifty wrong sign-ins are throttled, whether the account exists or not", async ({ request }) => {
    const { origin } = server;
    const statuses: number[] = [];
    let retryAfter = 0;
    const started = Date.now();
    for (let i = 0; i < 50; i++) {
      const response = await request.post(`${origin}/api/auth/sign-in`, {
        headers: { origin },
        data: { email: i % 2 ? "claire@agence.test" : "nobody@agence.test", password: `wrong guess ${i}` },
      });
      statuses.push(response.status());
      if (response.status() === 429) retryAfter = Number(response.headers()["retry-after"]);
    }
    // A few honest mistakes are answered; then every attempt waits, with Retry-After. The policy
    // (server/auth/throttle.ts): 10 free failures per address, then waits of 1 s, 2 s, 4 s…, so
    // over the loop's time at most one more answer per doubling wait that could have passed
    // (a loaded machine spreads the fifty requests over more seconds; 50 answered still fails).
    const elapsedS = (Date.now() - started) / 1000;
    const answeredAtMost = 10 + Math.ceil(Math.log2(elapsedS + 1));
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(answeredAtMost);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50 - answeredAtMost);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    // Even the right password waits while the address is throttled.
    const right = await request.post(`${origin}/api/auth/sign-in`, {
      headers: { origin },
      data: { email: "claire@agence.test", password: "Claire publie les annonces du lundi" },
    });
    expect(right.status()).toBe(429);
  });
});

test("an anonymous visitor can neither list pages nor open the studio or the leads inbox", async ({
  page,
  request,
}) => {
  const list = await request.get("/api/pages/demo-broker");
  expect(list.status()).toBe(401);
  // The public site key reads public content only.
  const withSiteKey = await request.get("/api/pages/demo-broker", {
    headers: { "x-site-id": "demo-broker", "x-site-key": "sk_demo_broker_public_0001" },
  });
  expect(withSiteKey.status()).toBe(401);
  const save = await request.put("/api/pages/demo-broker/terms", { data: { page: {}, base_version: 1 } });
  expect([401, 403]).toContain(save.status());

  for (const [path, title] of [
    ["/fr/qa/sections", "Connexion au studio"],
    ["/en/qa/general-settings", "Sign in to the studio"],
    ["/fr/qa/demandes", "Connexion au studio"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator(".studio")).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});

test("the sign-in form works before (or without) its script, and never puts the password in a URL", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const account = fixtureAccount("editor");
  await page.goto("/en/qa/sign-in?next=/en/qa/account");
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password.");
  expect(page.url()).not.toContain("password");
  await expect(page.getByLabel("E-mail")).toHaveValue(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/qa\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await context.close();
});

test("a sign-in the store cannot record (its disk full) says to try again in a minute", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/503/);
  await page.route("**/api/auth/sign-in", (route) =>
    route.fulfill({
      status: 503,
      headers: { "retry-after": "60" },
      contentType: "application/json",
      body: JSON.stringify({ status: "error", message: "Not saved: the server has no space left to store it." }),
    }),
  );
  const account = fixtureAccount("editor");
  await page.goto("/en/qa/sign-in");
  // The page's script runs (the passkey button waits for it): the password form then signs in through the API.
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(t("en", "auth.sign-in.unavailable"));
  await expect(page.getByLabel("E-mail")).toHaveValue(account.email);
  await expect(page).toHaveURL(/\/en\/qa\/sign-in$/);
});

test("a cross-site write is refused even with a valid session", async ({ page }) => {
  await signIn(page);
  const response = await page.request.post("/api/auth/account/sessions/revoke", {
    headers: { origin: "https://evil.example" },
    data: { everywhere: true },
  });
  expect(response.status()).toBe(403);
  await page.goto("/en/qa/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});

test("two editors on one page: the lock, the take-over, the first told", async ({ browser }) => {
  test.setTimeout(90_000);
  const open = async (role: "editor" | "editor2") => {
    const context = await browser.newContext({ baseURL: e2eOrigin(), locale: "fr-CA" });
    const page = await context.newPage();
    await signIn(page, role);
    await openSitePage(page, "Politique de confidentialité");
    return { context, page };
  };
  const marc = await open("editor");
  const sophie = await open("editor2");
  const marcName = fixtureAccount("editor").name;
  const sophieName = fixtureAccount("editor2").name;

  // Sophie sees who holds the page; publishing is refused while Marc holds it.
  const notice = sophie.page.getByRole("alert").filter({ hasText: `${marcName} modifie cette page` });
  await expect(notice).toBeVisible();
  await sophie.page.getByRole("button", { name: "Publier" }).click();
  await sophie.page.getByRole("dialog").getByRole("button", { name: "Publier" }).click();
  await expect(sophie.page.getByRole("dialog").getByRole("status")).toContainText(`${marcName} modifie cette page`);
  await sophie.page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();

  // She takes it over; Marc is told when he comes back to his tab.
  await notice.getByRole("button", { name: "Reprendre la page" }).click();
  await expect(notice).toHaveCount(0);
  await marc.page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(marc.page.getByRole("alert").filter({ hasText: `${sophieName} a repris cette page` })).toBeVisible();
  await marc.context.close();
  await sophie.context.close();
});
