/**
 * Chunk-load failure (site.md §4, §8): a module that fails to load (Vite's
 * `vite:preloadError`, or an unhandled dynamic-import rejection) reloads the page,
 * at most once per 60 s. When the guard holds, the error goes on to the error page.
 * A failure during a navigation loads the page the visitor was going to: the URL still
 * shows the page they are leaving until the navigation commits.
 */
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { isChunkLoadError, reloadForChunkError, setChunkReloadTarget } from "../../lib/chunk-reload";

export function ChunkReload() {
  const { location } = useNavigation();
  const target = location ? `${location.pathname}${location.search}${location.hash}` : undefined;
  useEffect(() => setChunkReloadTarget(target), [target]);
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
