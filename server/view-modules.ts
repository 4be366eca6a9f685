/**
 * Moved: the build-manifest reader is the renderer's server-side code,
 * renderer/lib/view-modules.server.ts (see docs/decisions.md, "Renderer and server boundary").
 * This re-export only keeps scripts/bench.ts and scripts/bench-render.ts working until they
 * import the new path; nothing else may use it (tests/boundary.test.ts).
 */
export * from "../renderer/lib/view-modules.server";
