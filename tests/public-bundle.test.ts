/**
 * The browser build (`npm run build`; skipped without one): no public module reaches classic
 * zod. Public views parse with zod/mini; classic zod and the block schemas (27 KB gzipped)
 * belong to the studio. A view importing one constant from `schema/blocks/…` put them on every
 * page with that block (rewards, offices), which the per-page bench saw on no page it measures.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Site links are InternalLink (renderer/ui/SmartLink.tsx): one navigate function for all.
describe("links to the site's own pages", () => {
  it("never use React Router's <Link> or <NavLink>", () => {
    const files = fs
      .globSync("{renderer,studio}/**/*.{ts,tsx}", { cwd: path.resolve(import.meta.dirname, "..") })
      .filter((file) => !file.endsWith(".d.ts"));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) =>
      /import\s*\{[^}]*\b(?:Nav)?Link\b[^}]*\}\s*from\s*["']react-router(?:\/dom)?["']/.test(
        fs.readFileSync(path.resolve(import.meta.dirname, "..", file), "utf8"),
      ),
    );
    expect(offenders).toEqual([]);
  });
});

const CLIENT = path.resolve(import.meta.dirname, "../build/client");
const MANIFEST = path.join(CLIENT, ".vite/manifest.json");
type Manifest = Record<string, { file: string; imports?: string[] }>;

describe.skipIf(!fs.existsSync(MANIFEST))("public bundle (production build)", () => {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, "utf8")) as Manifest;
  // Classic zod's string schema class; zod/mini's is ZodMiniString.
  const classic = new Set(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.file.endsWith(".js"))
      .filter(([, chunk]) => fs.readFileSync(path.join(CLIENT, chunk.file), "utf8").includes("_ZodString"))
      .map(([key]) => key),
  );
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) closure(child, seen);
    return seen;
  };

  it("finds classic zod in the studio's chunks", () => {
    expect(classic.size).toBeGreaterThan(0);
    const studio = Object.keys(manifest).filter((key) => key.startsWith("studio/"));
    expect(studio.some((key) => [...closure(key)].some((k) => classic.has(k)))).toBe(true);
  });

  // React Router's <Link> and <NavLink> (with the prefetch links behind them: 2.4 KB gzip)
  // leave the framework chunk only while no module imports them and vite.config.ts marks
  // their forwardRef pure (reactRouterPureComponents).
  it("ships no React Router <Link> or <NavLink> in the framework chunk", () => {
    const framework = Object.entries(manifest).find(([key]) => /^_framework-.*\.js$/.test(key));
    expect(framework).toBeDefined();
    const source = fs.readFileSync(path.join(CLIENT, framework![1].file), "utf8");
    // NavLink's class for a pending view transition; Link's prefetch="intent".
    expect(source).not.toMatch(/["'`]transitioning["'`]/);
    expect(source).not.toMatch(/["'`]intent["'`]/);
  });

  it("keeps it out of every public module's static imports", () => {
    const reaching = Object.keys(manifest)
      .filter((key) => key.startsWith("renderer/"))
      .filter((key) => [...closure(key)].some((k) => classic.has(k)));
    expect(reaching).toEqual([]);
  });
});
