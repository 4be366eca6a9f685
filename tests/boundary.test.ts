/**
 * The renderer/server boundary (docs/decisions.md, "Renderer and server boundary"):
 * - the renderer (and the studio and the shared schemas) never import from server/, not even
 *   types: it reaches the content service through its HTTP contract, whose types live in schema/;
 * - the content service (server/content, server/auth, server/leads) never imports the renderer;
 * - the HTTP process (server/app.ts, the page cache) imports from renderer/ only the modules
 *   listed below: what hosting the server rendering needs.
 * Every import is read with TypeScript's own pre-processor (static, dynamic and type imports,
 * `export … from`), so a new one cannot slip by as a pattern this test did not foresee.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** What each server file may import from renderer/, and why; a new entry is a decision. */
const SERVER_IMPORTS_FROM_RENDERER: Record<string, { imports: string[]; why: string }> = {
  "server/app.ts": {
    imports: [
      "renderer/lib/compress.server.ts",
      "renderer/lib/content-client.ts",
      "renderer/lib/context.ts",
      "renderer/lib/view-modules.server.ts",
    ],
    why: "hosts the SSR handler: hands it the content client over the HTTP contract, its services and the build manifest",
  },
  "server/page-cache/index.ts": {
    imports: [
      "renderer/lib/compress.server.ts",
      "renderer/lib/context.ts",
      "renderer/lib/locale.ts",
      "renderer/lib/nonce.server.ts",
    ],
    why: "serves rendered pages from memory: the same compression, locale cookie and nonce the renderer uses",
  },
  "server/page-cache/template.ts": {
    imports: ["renderer/lib/nonce.server.ts"],
    why: "replaces the renderer's nonce in a cached document",
  },
  "server/page-cache/purge.ts": {
    imports: ["renderer/lib/cache-tags.ts"],
    why: "purges the CDN by the tags the renderer puts on pages",
  },
  "server/page-cache/request.ts": {
    imports: ["renderer/features/search/filters.ts", "renderer/lib/edit-mode-cookie.ts"],
    why: "keys cached pages by the query the search page reads and skips the studio's edit mode",
  },
};

const SOURCE = /\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

/** A relative import resolved to a repository path with its extension (or `index`), as tsc would. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined; // packages and node: built-ins
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, ...[".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext)];
  return candidates.find((c) => fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile()) ?? base;
}

/** Every module a file imports (static, dynamic, type-only, re-exports), as repository paths. */
function importsOf(file: string, text = fs.readFileSync(path.join(ROOT, file), "utf8")): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []);
}

const under = (dir: string) => (target: string) => target === dir || target.startsWith(`${dir}/`);

describe("imports across the renderer/server boundary", () => {
  it("reads static, dynamic, type-only imports and re-exports", () => {
    const text = [
      'import a from "../server/a";',
      'import type { B } from "../server/b";',
      'export { c } from "../server/c";',
      'const d = await import("../server/d");',
      'import x from "react";',
    ].join("\n");
    expect(importsOf("renderer/x.ts", text)).toEqual(["server/a", "server/b", "server/c", "server/d"]);
  });

  it.each(["renderer", "studio", "schema"])("%s/ imports nothing from server/", (dir) => {
    const offenders = sourceFiles(dir).flatMap((file) =>
      importsOf(file)
        .filter(under("server"))
        .map((target) => `${file} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the content service (server/content, server/auth, server/leads) imports nothing from renderer/", () => {
    const offenders = ["server/content", "server/auth", "server/leads"].flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        importsOf(file)
          .filter(under("renderer"))
          .map((target) => `${file} → ${target}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("server/ imports from renderer/ exactly what the list allows", () => {
    const actual: Record<string, string[]> = {};
    for (const file of sourceFiles("server")) {
      const targets = [...new Set(importsOf(file).filter(under("renderer")))].sort();
      if (targets.length) actual[file] = targets;
    }
    const allowed = Object.fromEntries(
      Object.entries(SERVER_IMPORTS_FROM_RENDERER).map(([file, { imports }]) => [file, [...imports].sort()]),
    );
    // Both ways: a new import needs an entry (and a reason); an entry nobody uses goes.
    expect(actual).toEqual(allowed);
  });
});
