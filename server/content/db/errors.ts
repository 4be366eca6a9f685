/** Errors of either store that mean "try again later", not a bug. */

/** The code of a failed query: PostgreSQL's SQLSTATE, e.g. "23505" for a unique violation. */
export const sqlState = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "code" in error
    ? String((error as { code: unknown }).code)
    : undefined;

/**
 * True when the database cannot be reached (refused or lost connection, server shutting
 * down, pool timeout, SQLite locked too long): a 503 to retry, not a bug.
 */
export function isStoreUnavailable(error: unknown): boolean {
  const code = sqlState(error);
  if (code && (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03")) return true;
  if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "ETIMEDOUT" || code === "ENOTFOUND") return true;
  const message = error instanceof Error ? error.message : "";
  // The last one is SQLite's, once busy_timeout has passed with another process holding the write lock.
  return /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|database is locked/.test(
    message,
  );
}

/** SQLite's result code for "database or disk is full" (its VFS turns ENOSPC into it). */
const SQLITE_FULL = 13;

/**
 * True when a write failed for lack of space: SQLite's SQLITE_FULL, PostgreSQL's disk_full
 * (53100), a file write's ENOSPC. Nothing was stored: a 503 to retry once space is made, and
 * readiness says the store is not writable (issue 27).
 */
export function isStoreFull(error: unknown): boolean {
  const code = sqlState(error);
  if (code === "53100" || code === "ENOSPC") return true;
  return (error as { errcode?: unknown } | null)?.errcode === SQLITE_FULL;
}
