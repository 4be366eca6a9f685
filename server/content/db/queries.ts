/** Queries every store shares: the revision counters, and queries compiled once for hot reads. */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { Db, Trx } from "./dialect";

const MARK = "\u0000param:";

/**
 * A query compiled once and run with new values: a store's hottest reads skip building and
 * compiling the same query on every call (a few microseconds each, more than SQLite's read).
 * `build` receives a placeholder per parameter name; the placeholders become the query's
 * parameters, in whatever order the compiled SQL has them.
 */
export class Prepared<P extends Record<string, unknown>, R> {
  private readonly compiled: CompiledQuery<R>;
  /** For each parameter of the SQL: the name it takes its value from, or its fixed value. */
  private readonly slots: ({ name: keyof P } | { value: unknown })[];

  constructor(names: readonly (keyof P & string)[], build: (params: P) => Compilable<R>) {
    const params = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as unknown as P;
    this.compiled = build(params).compile();
    this.slots = this.compiled.parameters.map((value) =>
      typeof value === "string" && value.startsWith(MARK) ? { name: value.slice(MARK.length) } : { value },
    );
    const used = new Set(this.slots.flatMap((slot) => ("name" in slot ? [slot.name] : [])));
    for (const name of names) if (!used.has(name)) throw new Error(`Prepared query lacks parameter ${name}`);
  }

  run(db: Kysely<unknown> | Db | Trx, values: P): Promise<QueryResult<R>> {
    const parameters = this.slots.map((slot) => ("name" in slot ? values[slot.name] : slot.value));
    return (db as Db).executeQuery<R>({ ...this.compiled, parameters } as CompiledQuery<R>);
  }
}

export type RevisionName = "content" | "listings";

const revisionQueries = new WeakMap<object, Prepared<{ name: RevisionName }, { n: number }>>();

/**
 * One primary-key read, run per request: the content revision changes on every content write
 * by any process, the listings revision on every listing write (see ContentStore.revision).
 */
export async function readRevision(db: Db | Trx, name: RevisionName): Promise<number> {
  let query = revisionQueries.get(db);
  if (!query) {
    query = new Prepared(["name"], (p) => db.selectFrom("revisions").select("n").where("name", "=", p.name));
    revisionQueries.set(db, query);
  }
  const { rows } = await query.run(db, { name });
  return rows[0]?.n ?? 0;
}

/** Bumps named revision counters inside the caller's transaction. */
export async function bumpRevisions(trx: Trx, ...names: RevisionName[]): Promise<void> {
  await trx
    .updateTable("revisions")
    .set((eb) => ({ n: eb("n", "+", 1) }))
    .where("name", "in", names)
    .execute();
}
