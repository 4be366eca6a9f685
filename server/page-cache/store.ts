/**
 * The cache's memory: entries by key, least recently used first out once their bytes pass the
 * limit, and the renders in flight, so concurrent misses of one key wait for one render.
 * Keys carry the content revision, so entries of an older revision can never be asked again: they
 * are dropped as soon as a newer revision is seen.
 */
export interface Sized {
  /** Bytes the entry holds, its key included. */
  size: number;
}

export interface StoreStats {
  entries: number;
  bytes: number;
  evictions: number;
}

export class PageStore<Entry extends Sized> {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private bytes = 0;
  private evictions = 0;
  private revision = Number.NEGATIVE_INFINITY;

  constructor(private readonly maxBytes: number) {}

  /**
   * Another content revision makes every entry unreachable: free them at once. Any change
   * counts, a lower number too (a database restored from a backup): the numbers it climbs back
   * through must not find entries of the content they named before.
   */
  observeRevision(revision: number): void {
    if (revision === this.revision) return;
    this.revision = revision;
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Keeps `entry` unless it was made for a revision other than the last seen, or is too large. */
  set(key: string, entry: Entry, revision: number): void {
    if (revision !== this.revision || entry.size > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.size;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.size;
      this.evictions++;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /**
   * One render of `key` however many ask at once: the first caller runs `render`, the others
   * get the same promise. `leader` tells the caller whether it was the one that rendered.
   */
  coalesce<Result>(key: string, render: () => Promise<Result>): { promise: Promise<Result>; leader: boolean } {
    const pending = this.inflight.get(key) as Promise<Result> | undefined;
    if (pending) return { promise: pending, leader: false };
    const promise = render().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return { promise, leader: true };
  }

  stats(): StoreStats {
    return { entries: this.entries.size, bytes: this.bytes, evictions: this.evictions };
  }
}
