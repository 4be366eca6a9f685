/**
 * The architecture's boundaries (docs/architecture.md), checked in `npm test` without a build
 * (tests/architecture.test.ts runs this configuration):
 * - schema/ is the contract: it imports nothing of the app;
 * - the renderer (the public site) never imports the server, and the studio only by dynamic
 *   import (its routes and the edit mode load it on demand; no studio byte in a public page)
 *   or a route's stylesheet;
 * - the studio never imports the server;
 * - the server imports the renderer only through the modules tests/boundary.test.ts lists;
 * - no import cycle inside a folder.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "schema-imports-no-app",
      comment: "schema/ is the contract every part reads: it depends on no part.",
      severity: "error",
      from: { path: "^schema/" },
      to: { path: "^(renderer|studio|server|scripts)/" },
    },
    {
      name: "renderer-not-server",
      comment: "The renderer reaches the content service through its HTTP contract (schema/), never its code.",
      severity: "error",
      from: { path: "^renderer/" },
      to: { path: "^server/" },
    },
    {
      name: "renderer-studio-on-demand",
      comment: "Studio code loads on demand (dynamic import): a public page ships none of it.",
      severity: "error",
      from: { path: "^renderer/" },
      to: { path: "^studio/", pathNot: "\\.css$", dependencyTypesNot: ["dynamic-import", "type-only", "type-import"] },
    },
    {
      name: "studio-not-server",
      comment: "The studio talks to the content service over HTTP.",
      severity: "error",
      from: { path: "^studio/" },
      to: { path: "^server/" },
    },
    {
      name: "content-service-not-renderer",
      comment: "The content service (server/content, server/auth, server/leads) knows nothing of the site it serves.",
      severity: "error",
      from: { path: "^server/(content|auth|leads)/" },
      to: { path: "^renderer/" },
    },
    {
      name: "no-cycle-in-a-folder",
      comment: "Modules of one folder depend on each other one way.",
      severity: "error",
      from: { path: "^(schema|renderer|studio|server)/" },
      // A module loaded on demand (a block's view, a map layer) is not part of its loader's cycle.
      to: { circular: true, viaOnly: { dependencyTypesNot: ["dynamic-import", "type-only", "type-import"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json", ".css"] },
    moduleSystems: ["es6", "cjs"],
  },
};
