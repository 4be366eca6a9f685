import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    cssMinify: true,
    // manifest: the server (server/view-modules.ts) and scripts/bench.ts map block views,
    // routes and messages to the chunks they ship.
    manifest: true,
    modulePreload: {
      // The render registry imports some sixty views: listing each one's dependencies in
      // the registry chunk would cost every page ~3 KB. The server announces a page's view
      // chunks as modulepreload links instead (renderer/lib/preload.ts).
      resolveDependencies: (_file, deps, { hostId }) => (/\/registry-[\w-]+\.js$/.test(hostId) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs before it can hydrate, as one long-cached file rather than
            // some twenty small ones (on HTTP/1.1 each costs a round trip on a phone).
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|i18next|react-i18next|cookie|set-cookie-parser|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  ssr: { noExternal: [] },
});
