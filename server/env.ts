/**
 * Imported first by main.ts: React and React Router pick their development or production
 * builds from process.env.NODE_ENV when they load, so it must be set before any import
 * reaches them (unset, they would run the development builds, about three times slower).
 */
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
