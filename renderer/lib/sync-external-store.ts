/**
 * `use-sync-external-store/shim` for the browser build (vite.config.ts): react-i18next
 * imports the shim, whose code only hands back React's own hook when React has one, as
 * React 19 does. Resolving it here spares every page the shim's fallback.
 */
export { useSyncExternalStore } from "react";
