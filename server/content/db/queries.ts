/** Queries every store shares: the revision counters, and queries compiled once for hot reads. */
import type { Compilable, CompiledQuery } from "kysely";
import type { Db, StoreDialect, Trx } from "./dialect";

const MARK = "\u0000param:";

/**
 * A SELECT compiled once and run with new values: a store's hottest reads skip building and
 * compiling the same query on every call, and on SQLite the query pipeline too when nothing
 * holds the connection (`dialect.readNow`). `build` receives a placeholder per parameter name;
 * the placeholders become the query's parameters, in whatever order the compiled SQL has them.
 */
export class Prepared<P extends Record<string, unknown>, R> {
  private readonly compiled: CompiledQuery<R>;
  /** For each parameter of the SQL: the name it takes its value from, or its fixed value. */
  private readonly slots: ({ name: keyof P } | { value: unknown })[];

  constructor(
    private readonly db: Db,
    private readonly dialect: StoreDialect,
    names: readonly (keyof P & string)[],
    build: (params: P) => Compilable<R>,
  ) {
    const params = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as unknown as P;
    this.compiled = build(params).compile();
    this.slots = this.compiled.parameters.map((value) =>
      typeof value === "string" && value.startsWith(MARK) ? { name: value.slice(MARK.length) } : { value },
    );
    const used = new Set(this.slots.flatMap((slot) => ("name" in slot ? [slot.name] : [])));
    for (const name of names) if (!used.has(name)) throw new Error(`Prepared query lacks parameter ${name}`);
  }

  async run(values: P): Promise<R[]> {
    const parameters = this.slots.map((slot) => ("name" in slot ? values[slot.name] : slot.value));
    const query = { ...this.compiled, parameters } as CompiledQuery<R>;
    return (this.dialect.readNow(query) ?? (await this.db.executeQuery(query))).rows;
  }
}

export type RevisionName = "content" | "listings";

/**
 * The revision counters: `content` changes on every content write by any process, `listings`
 * on every listing write (see ContentStore.revision). One primary-key read, run per request.
 */
export class Revisions {
  private readonly query: Prepared<{ name: RevisionName }, { n: number }>;

  constructor(db: Db, dialect: StoreDialect) {
    this.query = new Prepared(db, dialect, ["name"], (p) =>
      db.selectFrom("revisions").select("n").where("name", "=", p.name),
    );
  }

  async read(name: RevisionName): Promise<number> {
    return (await this.query.run({ name }))[0]?.n ?? 0;
  }
}

/** Bumps named revision counters inside the caller's transaction. */
export async function bumpRevisions(trx: Trx, ...names: RevisionName[]): Promise<void> {
  await trx
    .updateTable("revisions")
    .set((eb) => ({ n: eb("n", "+", 1) }))
    .where("name", "in", names)
    .execute();
}
