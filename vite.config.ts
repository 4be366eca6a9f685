import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // manifest: scripts/bench.ts maps source files (block views, routes) to the chunks they ship.
  build: { target: "es2022", cssMinify: true, manifest: true },
  ssr: { noExternal: [] },
});
