/**
 * Chunk-load failure (site.md §4, §8, §9): when a lazily loaded module cannot be
 * fetched (usually after a deploy), reload the page, at most once per 60 s so a
 * broken asset never loops. The last reload time lives in session storage.
 */

export const RELOAD_GUARD_MS = 60_000;
export const RELOAD_STORAGE_KEY = "site:chunk-reload-at";

/**
 * Parses a stored timestamp; anything malformed counts as "never". This guard runs when
 * chunks fail to load, so it cannot depend on a parser that loads on demand: its one
 * value (a non-negative integer) is checked with a strict pattern instead of zod.
 */
export function parseReloadTimestamp(raw: unknown): number | undefined {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** True when no reload happened within `guardMs` before `now`. A timestamp in the future is ignored. */
export function shouldReloadForChunkError(now: number, lastRaw: unknown, guardMs = RELOAD_GUARD_MS): boolean {
  const last = parseReloadTimestamp(lastRaw);
  if (last === undefined || last > now) return true;
  return now - last >= guardMs;
}

const CHUNK_ERROR =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|loading (css )?chunk [\w-]+ failed|unable to preload css|failed to load module script/i;

/** Whether an error (or its message) says a chunk or module failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (typeof error === "string") return CHUNK_ERROR.test(error);
  if (typeof error === "object") {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (name === "ChunkLoadError") return true;
    if (typeof message === "string") return CHUNK_ERROR.test(message);
  }
  return false;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function sessionStore(): StorageLike | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The path of a navigation under way (set by ui/shell/ChunkReload), where a reload should land. */
let navigationTarget: string | undefined;
export function setChunkReloadTarget(target: string | undefined): void {
  navigationTarget = target;
}

/** Loads the navigation's target if one is under way, else reloads the page shown. */
export function reloadTarget(target = navigationTarget, win: Pick<Window, "location"> = window): void {
  if (target && target !== `${win.location.pathname}${win.location.search}${win.location.hash}`)
    win.location.assign(target);
  else win.location.reload();
}

/**
 * Reloads the page unless the guard forbids it. Returns whether a reload was
 * started. Without session storage the reload still happens only once per page.
 */
let reloadedWithoutStorage = false;
export function reloadForChunkError(
  now = Date.now(),
  storage: StorageLike | undefined = sessionStore(),
  reload: () => void = () => reloadTarget(),
): boolean {
  let last: string | null = null;
  try {
    last = storage ? storage.getItem(RELOAD_STORAGE_KEY) : null;
  } catch {
    storage = undefined;
  }
  if (!storage && reloadedWithoutStorage) return false;
  if (!shouldReloadForChunkError(now, last)) return false;
  try {
    storage?.setItem(RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Storage full or blocked: still reload once.
  }
  reloadedWithoutStorage = true;
  reload();
  return true;
}
