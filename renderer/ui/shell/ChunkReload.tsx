/**
 * Chunk-load failure (site.md §4, §8): a module that fails to load (Vite's
 * `vite:preloadError`, or an unhandled dynamic-import rejection) reloads the page,
 * at most once per 60 s. When the guard holds, the error goes on to the error page.
 */
import { useEffect } from "react";
import { isChunkLoadError, reloadForChunkError } from "../../lib/chunk-reload";

export function ChunkReload() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadForChunkError()) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason) && reloadForChunkError()) event.preventDefault();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
  return null;
}

/** For error boundaries: reloads (guarded) when the caught error is a chunk-load failure. */
export function useReloadOnChunkError(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
}
