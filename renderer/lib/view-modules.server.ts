/**
 * Which client chunks a page needs beyond the route's own: its block views (with their
 * static imports) and its language's messages. The server announces them as
 * `<link rel="modulepreload">` in the document head, so the browser fetches them in
 * parallel with the entry instead of discovering them one import after another; the
 * bench counts the same chunks as a page's JavaScript.
 *
 * Inputs are the Vite manifest of the client build and the render registry's import map
 * (`renderer/blocks/registry.tsx`, `block_type: () => import("./family/View")`).
 */
import fs from "node:fs";
import path from "node:path";

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

const ROOT = path.resolve(import.meta.dirname, "../..");
export const REGISTRY_FILE = path.join(ROOT, "renderer/blocks/registry.tsx");

/**
 * Not a block type: the page shows a video, so it needs the player that heroes and
 * text-and-media blocks load on demand (renderer/ui/LazyVideo.tsx).
 */
export const VIDEO_PLAYER = "@video";
const PSEUDO_VIEWS: Record<string, string> = { [VIDEO_PLAYER]: "renderer/ui/Video.tsx" };

/** `block_type` → source file of its view (manifest key), read from the registry's import map. */
export function blockViewSources(registryText = fs.readFileSync(REGISTRY_FILE, "utf8")): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of registryText.matchAll(
    /["']?([a-z0-9_]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)/g,
  )) {
    const [, type, spec] = match;
    const resolved = path.posix.normalize(path.posix.join("renderer/blocks", spec!));
    out[type!] = /\.[jt]sx?$/.test(resolved) ? resolved : `${resolved}.tsx`;
  }
  return out;
}

/** Keys of the chunks a set of entries loads: themselves and their static imports, transitively. */
export function staticClosure(manifest: ViteManifest, keys: Iterable<string>, withDynamic = false): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
    if (withDynamic) stack.push(...(chunk.dynamicImports ?? []));
  }
  return seen;
}

/** Manifest keys of a route module's chunks (React Router splits one into `file?…` parts). */
function routeKeys(manifest: ViteManifest, file: string): string[] {
  return Object.keys(manifest).filter((k) => k === file || k.startsWith(`${file}?`));
}

/** Manifest keys of the chunks every page loads: the client entry, the root route and the page route. */
export function baseKeys(manifest: ViteManifest): string[] {
  return [
    ...Object.keys(manifest).filter((k) => manifest[k]?.isEntry && k.includes("entry.client")),
    ...routeKeys(manifest, "renderer/root.tsx"),
    ...routeKeys(manifest, "renderer/routes/page.tsx"),
  ];
}

/** Manifest keys a page adds to the base: its views' closures and its messages, minus what the base loads. */
export function pageKeys(
  manifest: ViteManifest,
  views: Record<string, string>,
  types: Iterable<string>,
  locale: string,
  base: Set<string> = staticClosure(manifest, baseKeys(manifest)),
): string[] {
  const roots = [...new Set(types)].map((t) => views[t]).filter((k): k is string => Boolean(k && manifest[k]));
  // The language's core messages: the whole file, or its core part (vite.config.ts messageParts).
  const messages = Object.keys(manifest).find(
    (k) => k === `locales/${locale}.json` || k.startsWith(`locales/${locale}.json?except=`),
  );
  if (messages) roots.push(messages);
  const keys = staticClosure(manifest, roots);
  // Feature namespaces and parts the views await as they load (renderer/messages), in this language.
  const namespace = new RegExp(`^locales/(?:[\\w-]+/${locale}\\.json|${locale}\\.json\\?only=[\\w,-]+&messages)$`);
  for (const key of [...keys, ...base]) {
    for (const dynamic of manifest[key]?.dynamicImports ?? []) if (namespace.test(dynamic)) keys.add(dynamic);
  }
  return [...keys].filter((k) => !base.has(k) && manifest[k]!.file.endsWith(".js"));
}

/**
 * Stylesheets of a page's chunks that the base does not link already (React Router links
 * the root's and the route's): the search, maps and forms features bring their own.
 */
export function pageStyles(manifest: ViteManifest, keys: readonly string[], base: Set<string>): string[] {
  const linked = new Set([...base].flatMap((k) => manifest[k]?.css ?? []));
  const css = keys.flatMap((k) => manifest[k]?.css ?? []).filter((file) => !linked.has(file));
  return [...new Set(css)].map((file) => `/${file}`);
}

/**
 * A function from a page's block types and language to the URLs to preload (scripts) and
 * link (stylesheets, ending in .css), or undefined
 * when there is no client build manifest (the dev server, where Vite serves modules itself).
 */
export function createViewModules(
  clientDir: string,
): ((types: Iterable<string>, locale: string, route?: string) => string[]) | undefined {
  const file = path.join(clientDir, ".vite/manifest.json");
  if (!fs.existsSync(file) || !fs.existsSync(REGISTRY_FILE)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as ViteManifest;
  const views = { ...blockViewSources(), ...PSEUDO_VIEWS };
  const base = staticClosure(manifest, baseKeys(manifest));
  const cache = new Map<string, string[]>();
  return (types, locale, route) => {
    const sorted = [...new Set(types)].sort();
    const key = `${locale}|${route ?? ""}|${sorted.join(",")}`;
    let hrefs = cache.get(key);
    if (!hrefs) {
      // Another route than the content page's: what it loads counts as loaded (React Router
      // announces it), and the namespaces its modules await are announced here.
      const ownKeys = route ? routeKeys(manifest, route) : [];
      const loaded = ownKeys.length ? new Set([...base, ...staticClosure(manifest, ownKeys)]) : base;
      const keys = pageKeys(manifest, views, sorted, locale, loaded);
      hrefs = [...keys.map((k) => `/${manifest[k]!.file}`), ...pageStyles(manifest, keys, loaded)];
      // Pages share a few block sets: the cache stays small, but never unbounded.
      if (cache.size > 500) cache.clear();
      cache.set(key, hrefs);
    }
    return hrefs;
  };
}

/** The browser's error-reporting module (an entry of its own, vite.config.ts), or undefined without a build. */
export function errorReportingScript(clientDir: string): string | undefined {
  const file = path.join(clientDir, ".vite/manifest.json");
  if (!fs.existsSync(file)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as ViteManifest;
  const chunk = manifest["renderer/lib/sentry.client.ts"];
  return chunk ? `/${chunk.file}` : undefined;
}
