/**
 * The browser build (`npm run build`; skipped without one): no public module reaches classic
 * zod. Public views parse with zod/mini; classic zod and the block schemas (27 KB gzipped)
 * belong to the studio. A view importing one constant from `schema/blocks/…` put them on every
 * page with that block (rewards, offices), which the per-page bench saw on no page it measures.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

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

  it("keeps it out of every public module's static imports", () => {
    const reaching = Object.keys(manifest)
      .filter((key) => key.startsWith("renderer/"))
      .filter((key) => [...closure(key)].some((k) => classic.has(k)));
    expect(reaching).toEqual([]);
  });
});
