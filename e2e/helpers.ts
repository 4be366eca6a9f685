/** Shared Playwright helpers: accessibility checks, console-error collection and locale strings. */
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

type Messages = { [key: string]: string | Messages };

function merge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof value === "object" && typeof current === "object" ? merge({ ...current }, value) : value;
  }
  return target;
}

/** A language's whole catalogue: locales/{locale}.json, then every namespace folder (features, studio). */
function catalogue(locale: "fr" | "en"): Messages {
  const dir = path.resolve(import.meta.dirname, "../locales");
  const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Messages;
  const messages = read(path.join(dir, `${locale}.json`));
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) merge(messages, read(path.join(dir, entry.name, `${locale}.json`)));
  }
  return messages;
}

export const locales = { fr: catalogue("fr"), en: catalogue("en") } as const;
export type Locale = keyof typeof locales;

/** Reads a dotted key from the locale's messages, e.g. `t("fr", "errors.404-message")`. */
export function t(locale: Locale, key: string): string {
  let value: unknown = locales[locale];
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`Missing locale string ${locale}:${key}`);
  return value;
}

export const WCAG_22_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe-core on the current page with the WCAG 2.2 AA rules and fails listing every violation.
 * `include` limits the check to parts of the page (e.g. the studio's edit panel).
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[]; include?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? "?"}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").join(" ") ?? ""}`)
        .join("\n")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export interface ConsoleErrors {
  /** Messages seen so far (console.error and uncaught page errors). */
  readonly messages: string[];
  /** Accepts messages matching the pattern for the rest of the test (e.g. the 404 of the document itself). */
  allow(pattern: RegExp): void;
}

/**
 * `test` with an automatic `consoleErrors` fixture: every console.error and uncaught
 * exception of the page fails the test at its end unless allowed.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") messages.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => messages.push(`page error: ${error.message}`));
      await use({ messages, allow: (pattern) => allowed.push(pattern) });
      const unexpected = messages.filter((m) => !allowed.some((pattern) => pattern.test(m)));
      expect(unexpected, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The status code of a document answer; a 404 document logs "Failed to load resource" in Chromium. */
export const RESOURCE_404 = /Failed to load resource: the server responded with a status of 404/;

/**
 * The search page once its script runs: the server renders the first cards with the page, so
 * they show before the block can answer a click (the search block marks itself `data-ready`).
 */
export async function searchReady(page: Page): Promise<void> {
  await expect(page.locator(".search-block[data-ready]")).toBeAttached({ timeout: 15_000 });
  await expect(page.locator(".search-grid .property-card").first()).toBeVisible();
}
