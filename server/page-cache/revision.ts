/**
 * Reads of the content revision for the cache's keys, at most one at a time. A request never
 * reuses a read that started before it arrived (it could predate a publish): while a read is in
 * flight, newcomers wait for the next one, which starts when it ends. On SQLite a read takes
 * microseconds and rarely overlaps; on PostgreSQL it is a round trip, and a burst of requests
 * shares two of them instead of making one each.
 */
export function revisionReader(read: () => Promise<number>): () => Promise<number> {
  let current: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  const start = () => {
    const promise = read();
    current = promise;
    const clear = () => {
      if (current === promise) current = undefined;
    };
    promise.then(clear, clear);
    return promise;
  };
  return () => {
    if (!current) return start();
    if (!next) {
      const after = current.then(
        () => undefined,
        () => undefined,
      );
      next = after.then(() => {
        next = undefined;
        return start();
      });
    }
    return next;
  };
}
