import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Part of a messages file: `locales/fr.json?only=a,b&messages` keeps the top-level keys a and
 * b, `?except=a,b&messages` all the others; `a.c` names key c inside a (locales/listing: what the
 * page's first paint says, and what its parts hydrated later say). locales/fr.json and en.json stay one file per
 * language for translators, while the browser loads a small core (shell, header, footer,
 * content blocks) and the forms', people's and media's messages only with those blocks
 * (renderer/messages/*.ts; tests/locales.test.ts checks every key lands in one part).
 */
function messagePart(all: Record<string, unknown>, keys: Set<string>, keep: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    // A dotted key ("listing.gallery") names a key inside one: the part goes down a level.
    const inner = new Set([...keys].filter((k) => k.startsWith(`${key}.`)).map((k) => k.slice(key.length + 1)));
    if (inner.size && value && typeof value === "object") {
      const part = messagePart(value as Record<string, unknown>, inner, keep);
      if (Object.keys(part).length) out[key] = part;
    } else if (keys.has(key) === keep) out[key] = value;
  }
  return out;
}

function messageParts(): Plugin {
  return {
    name: "message-parts",
    enforce: "pre",
    load(id) {
      const [file, query] = id.split("?");
      if (!file?.endsWith(".json") || !query?.endsWith("&messages")) return undefined;
      const params = new URLSearchParams(query);
      const only = params.get("only");
      const keys = new Set((only ?? params.get("except") ?? "").split(","));
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      return { code: `export default ${JSON.stringify(messagePart(all, keys, only !== null))};`, moduleType: "js" };
    },
  };
}

/**
 * The browser's zod/mini in copies of its own. The studio's block schemas use classic zod,
 * whose methods reach every string format, check and type of zod's core; sharing that core
 * module with the public pages made their zod chunk carry it all (15.2 KB gzip). Imports of
 * zod/mini, and zod's own imports below them, resolve to ids with a marker query, so
 * rolldown treats them as other modules and tree-shakes each copy for its users:
 *
 * - "views": the answers views parse as the page loads (search, listings, blog lists, embed
 *   messages) use plain objects, arrays, unions, literals and numbers only (5.9 KB);
 * - "public": forms, toasts and the modals add lengths, defaults, records, enums and
 *   refinements (8.1 KB). They load with a form or on a visitor's action.
 *
 * A page that loads both at once (a listings block next to a form) pays the second copy.
 * Client build only: the server bundle keeps one zod.
 */
function zodCopies(): Plugin {
  const MINI = /^zod\/(?:mini|v4-mini|v4\/mini)$/;
  // alerts: the search page's alert consent call loads with it (its dialog, later, is "public").
  const VIEWS =
    /[\\/]renderer[\\/](?:features[\\/](?:search|blog)[\\/]|features[\\/]alerts[\\/]api\.ts$|blocks[\\/]embeds[\\/])/;
  const MARK = /\?zod=(views|public)$/;
  return {
    name: "zod-copies",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      const below = importer?.match(MARK);
      if (!below && !MINI.test(source)) return null;
      const copy = below ? below[1] : importer && VIEWS.test(importer) ? "views" : "public";
      const from = below ? importer!.slice(0, below.index) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !/[\\/]node_modules[\\/]zod[\\/]/.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}?zod=${copy}` };
    },
    load(id) {
      const mark = id.match(MARK);
      if (!mark) return undefined;
      return { code: fs.readFileSync(id.slice(0, mark.index), "utf8"), moduleType: "js" };
    },
  };
}

/**
 * The studio's react-aria in a copy of its own. The studio uses many react-aria components
 * (toolbar, menus, tabs, selects, switches, colour picker, toasts, dialogs); sharing their
 * modules with the public lazy features (the search's filter overlay, the members' search
 * dialog) made rolldown cut the public ones' react-aria into more, smaller shared chunks, whose
 * paths every public loader lists (+0.16 KB gzip on the search page, at its 200 KB budget). As
 * zodCopies does for zod/mini: react-aria imported from studio code, and everything below it in
 * node_modules but React itself, resolves to ids with a marker query, so the public chunk
 * graph is the same with or without the studio. The studio page may load both copies (its
 * canvas shows public blocks); they share nothing but React.
 */
function studioAriaCopy(): Plugin {
  // @internationalized/*: the studio's date fields hand their values to react-aria, which must see the same classes.
  const ARIA =
    /^(?:react-aria-components|react-aria|react-stately|@react-aria\/|@react-stately\/|@internationalized\/)/;
  const studioDir = fileURLToPath(new URL("./studio/", import.meta.url));
  const SHARED = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
  const MARK = /\?aria=studio$/;
  return {
    name: "studio-aria-copy",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const below = MARK.test(importer);
      if (!below && !(ARIA.test(source) && importer.startsWith(studioDir))) return null;
      const from = below ? importer.replace(MARK, "") : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !/[\\/]node_modules[\\/]/.test(resolved.id) || SHARED.test(resolved.id))
        return resolved;
      return { ...resolved, id: `${resolved.id.replace(MARK, "")}?aria=studio` };
    },
    load(id) {
      if (!MARK.test(id)) return undefined;
      const file = id.replace(MARK, "");
      return { code: fs.readFileSync(file, "utf8"), moduleType: file.endsWith(".json") ? "json" : "js" };
    },
  };
}

/**
 * Leaflet's class definitions marked pure (renderer/features/maps/leaflet*.ts import its ES
 * module sources): `var Marker = Layer.extend({…})` and `var EPSG3857 = extend({}, Earth, {…})`
 * only build a new class or object, so a class no map reaches (GeoJSON, polygons, image and
 * video overlays, the other projections…) can leave the bundle, ~0.7 KB gzip. Statements
 * that change existing classes (`Map.include`, `Map.addInitHook`) stay as they are.
 */
function leafletPureClasses(): Plugin {
  return {
    name: "leaflet-pure-classes",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]leaflet[\\/]src[\\/].*\.js$/ },
      handler: (code) => ({
        code: code.replace(/^((?:export )?var [\w$]+ = )((?:[\w$]+\.)?extend\()/gm, "$1/*#__PURE__*/ $2"),
        map: null,
      }),
    },
  };
}

/**
 * React Router's `forwardRef` components marked pure: `const NavLink = React$1.forwardRef(…)`
 * and its `NavLink.displayName = "NavLink"` are statements the bundler must keep, so every
 * page shipped components no module renders (NavLink). Marked pure, and without the name
 * (React DevTools only), such a component leaves the framework chunk.
 */
function reactRouterPureComponents(): Plugin {
  const COMPONENT = /^((?:export )?(?:const|let|var) ([\w$]+) = )([\w$]+\.forwardRef\()/gm;
  return {
    name: "react-router-pure-components",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.js$/ },
      handler(code) {
        const names = [...code.matchAll(COMPONENT)].map((match) => match[2]!);
        if (!names.length) return null;
        let out = code.replace(COMPONENT, "$1/*#__PURE__*/ $3");
        for (const name of names)
          out = out.replace(new RegExp(`^${name.replaceAll("$", "\\$")}\\.displayName = "[^"]*";$`, "m"), "");
        return { code: out, map: null };
      },
    },
  };
}

/**
 * `use-sync-external-store/shim` resolved to React's own hook in the browser build
 * (renderer/lib/sync-external-store.ts): react-i18next imports the shim, whose fallback
 * React 19 never runs.
 */
function syncExternalStore(): Plugin {
  const file = fileURLToPath(new URL("./renderer/lib/sync-external-store.ts", import.meta.url));
  return {
    name: "sync-external-store",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // Imports from ES modules only: a CommonJS require of it (the studio's with-selector) would
    // wrap it in an initialiser, and its helpers would join every page's runtime.
    resolveId: (source, importer) =>
      /^use-sync-external-store\/shim$/.test(source) && !importer?.includes("use-sync-external-store") ? file : null,
  };
}

/**
 * The application code every page runs before it hydrates: the root and page routes, the
 * shell, the render registry, the header and the small UI pieces nearly every block uses.
 * One chunk instead of some twenty files of under 1 KB each compresses ~6 KB smaller and
 * costs one request. Listed by file, not by folder, so what a page loads only on demand
 * (modals, forms, search, maps) stays in chunks of its own.
 */
const APP_SHELL = new RegExp(
  `[\\\\/](${[
    // Not entry.client: its module starts hydration, which must wait until React Router's
    // inline script has registered the route modules and then imports it.
    "renderer/root",
    "renderer/routes/page",
    "renderer/lib/(i18n|seo|site|theme|csp|events|preload|locale|page-match|edit-mode|chunk-reload|loading-bar|route-change|media|text)",
    "renderer/ui/(Shell|ErrorPage|Icon|icons|SmartLink|Image|Text|RichText|heading-shift)",
    "renderer/ui/shell/(ChunkReload|DeferredOverlay|LoadingBar|NavigationFocus|RouteChangeGuard)",
    "renderer/blocks/(BlockList|registry)",
    "renderer/blocks/headers/(Header|menu|icons|scroll)",
    "schema/(locales|theme-values)",
  ]
    .join("|")
    .replaceAll("/", "[\\\\/]")})\\.tsx?$`,
);

export default defineConfig({
  plugins: [
    messageParts(),
    zodCopies(),
    studioAriaCopy(),
    syncExternalStore(),
    leafletPureClasses(),
    reactRouterPureComponents(),
    reactRouter(),
    {
      // The browser's error reports load only on pages whose server names a DSN, by a module
      // script the root writes (renderer/lib/view-modules.server.ts finds it in the manifest):
      // an entry of its own, so no page carries even the import that would fetch it.
      name: "error-reporting-entry",
      applyToEnvironment: (environment) => environment.name === "client",
      buildStart() {
        if (this.environment.mode !== "build") return;
        this.emitFile({ type: "chunk", id: fileURLToPath(new URL("renderer/lib/sentry.client.ts", import.meta.url)) });
      },
    },
    {
      // Client chunking only: the server build is one bundle and needs none of it.
      name: "client-chunks",
      enforce: "post",
      configEnvironment: (name) =>
        name === "client"
          ? {
              build: {
                rollupOptions: {
                  // The app group's includeDependenciesRecursively: false needs entry chunks
                  // that may export more than their module; React Router asks for
                  // "exports-only" but reads only the route exports it knows.
                  preserveEntrySignatures: "allow-extension",
                  output: {
                    codeSplitting: {
                      groups: [
                        // What every page runs before it can hydrate, as one long-cached file
                        // rather than some twenty small ones.
                        {
                          name: "framework",
                          test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|i18next|react-i18next|cookie|set-cookie-parser|html-parse-stringify|void-elements)[\\/]|renderer[\\/]lib[\\/]sync-external-store\.ts$/,
                        },
                        {
                          // The search's query helpers and API client: every view that reads
                          // listings imports both (the filter overlay, loaded later, only the
                          // first), so one chunk costs no page anything and saves a request.
                          name: "search-query",
                          test: /renderer[\\/]features[\\/]search[\\/](api|filters)\.ts$/,
                          includeDependenciesRecursively: false,
                        },
                        {
                          name: "app",
                          test: (id: string) => APP_SHELL.test(id) || id.includes("vite/preload-helper"),
                          // Only the listed files: their dependencies stay where other pages share them.
                          includeDependenciesRecursively: false,
                        },
                      ],
                    },
                  },
                },
              },
            }
          : undefined,
    },
  ],
  build: {
    target: "es2022",
    // BUNDLE_SOURCEMAP=1: source maps, to see which modules a chunk carries (never in a release build).
    sourcemap: process.env.BUNDLE_SOURCEMAP === "1",
    cssMinify: true,
    // manifest: the server (renderer/lib/view-modules.server.ts) and scripts/bench.ts map block views,
    // routes and messages to the chunks they ship.
    manifest: true,
    modulePreload: {
      // The render registry (in the app chunk) imports some sixty views: listing each one's
      // dependencies there would cost every page ~3 KB. The server announces a page's view
      // chunks as modulepreload links instead (renderer/lib/preload.tsx); the shell's own
      // on-demand parts (modals) fetch their few imports when they open. Stylesheets stay
      // listed: a view or modal must not show before its CSS.
      resolveDependencies: (_file, deps, { hostId }) =>
        /\/app-[\w-]+\.js$/.test(hostId) ? deps.filter((dep) => dep.endsWith(".css")) : deps,
    },
  },
  ssr: { noExternal: [] },
});
