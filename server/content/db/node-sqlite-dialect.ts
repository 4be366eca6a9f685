/**
 * Kysely on Node's own `node:sqlite` (DatabaseSync): no native build, as the embedded store
 * always was. Kysely's SqliteDialect is written for better-sqlite3's statements (`reader`,
 * array parameters), so this is the small driver between them: SQLite's query compiler and
 * adapter as they are, statements prepared once per SQL text, and write transactions that take
 * the write lock first (BEGIN IMMEDIATE), as the store's own transactions always did.
 *
 * One connection: Kysely's SQLite adapter says it has no other, so Kysely lends it to one
 * query or transaction at a time (a transaction keeps it until it ends).
 *
 * Waiting for another connection's write lock does not block the event loop: SQLite's own busy
 * timeout sleeps in the calling thread, which held up every request of the process and, with two
 * connections in one process (tests opening a second "process"), never let the holder finish.
 * The connection runs with busy_timeout 0 and a statement refused as busy outside a transaction
 * (BEGIN IMMEDIATE, or a statement on its own) is tried again after a pause, up to `busyTimeoutMs`.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type TransactionSettings,
} from "kysely";

interface Prepared {
  statement: StatementSync;
  /** True when the statement returns rows (a SELECT, or a write with RETURNING). */
  reader: boolean;
}

/** SQLITE_BUSY and its extended codes (the low byte is 5). */
const isBusy = (error: unknown) => ((error as { errcode?: number } | null)?.errcode ?? 0) % 256 === 5;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Parameters as node:sqlite binds them: booleans as 1 and 0 (SQLite has no boolean type). */
function bindable(parameters: readonly unknown[]): SQLInputValue[] {
  const out = new Array<SQLInputValue>(parameters.length);
  for (let i = 0; i < parameters.length; i++) {
    const value = parameters[i];
    out[i] = typeof value === "boolean" ? (value ? 1 : 0) : (value as SQLInputValue);
  }
  return out;
}

export class NodeSqliteConnection implements DatabaseConnection {
  // Preparing a statement costs more than running a small one: kept per SQL text. Kysely
  // compiles the same query shape to the same text, so a store's queries are prepared once.
  private readonly statements = new Map<string, Prepared>();

  constructor(
    readonly db: DatabaseSync,
    private readonly busyTimeoutMs = 5000,
    private readonly max = 500,
  ) {
    db.exec("PRAGMA busy_timeout = 0");
  }

  private prepared(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      const statement = this.db.prepare(sql);
      prepared = { statement, reader: statement.columns().length > 0 };
      if (this.statements.size >= this.max) this.statements.clear();
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** Runs a compiled query at once (node:sqlite is synchronous). */
  run<R>(compiled: CompiledQuery): QueryResult<R> {
    const { statement, reader } = this.prepared(compiled.sql);
    const parameters = bindable(compiled.parameters);
    if (reader) return { rows: statement.all(...parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  /** The rows as arrays of column values: no object per row (the listings index reads every row). */
  arrays(compiled: CompiledQuery): unknown[][] {
    const statement = this.db.prepare(compiled.sql);
    statement.setReturnArrays(true);
    return statement.all(...bindable(compiled.parameters)) as unknown as unknown[][];
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return this.run<R>(compiled);
      } catch (error) {
        // Inside a transaction the write lock is ours already (BEGIN IMMEDIATE): busy there is an error.
        if (!isBusy(error) || this.db.isTransaction || performance.now() - started > this.busyTimeoutMs) throw error;
        await pause(Math.min(50, 2 ** attempt));
      }
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement } = this.prepared(compiled.sql);
    for (const row of statement.iterate(...bindable(compiled.parameters))) yield { rows: [row as R] };
  }

  /** Forgets the prepared statements (after a schema change, which invalidates them). */
  clear(): void {
    this.statements.clear();
  }
}

class NodeSqliteDriver implements Driver {
  constructor(private readonly connection: NodeSqliteConnection) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // A write transaction takes the write lock at once: a deferred one that reads first and
    // writes later could fail with SQLITE_BUSY on the upgrade when another process writes.
    // A read-only one stays deferred: a snapshot that blocks no writer (WAL).
    const begin = settings.accessMode === "read only" ? "BEGIN" : "BEGIN IMMEDIATE";
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("COMMIT"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT or an error SQLite answered by rolling back itself leaves nothing to roll back.
    if ((connection as NodeSqliteConnection).db.isTransaction) {
      await connection.executeQuery(CompiledQuery.raw("ROLLBACK"));
    }
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    // The database belongs to its opener (storage.ts closes it): Kysely only borrows it.
  }
}

/** Kysely's dialect for a node:sqlite database the caller opened (and closes). */
export class NodeSqliteDialect implements Dialect {
  readonly connection: NodeSqliteConnection;

  constructor(db: DatabaseSync, options: { busyTimeoutMs?: number } = {}) {
    this.connection = new NodeSqliteConnection(db, options.busyTimeoutMs);
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.connection);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
