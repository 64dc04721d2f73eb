/**
 * The PostgreSQL store, chosen when DATABASE_URL is set: the same {@link Store} as the journal
 * store, with PostgreSQL (through node-postgres) as the durable copy instead of files.
 *
 * - On open it creates its table when missing and loads every record into memory, ordered by
 *   `seq`, so each collection keeps its key insertion order (a put on an existing key keeps its
 *   row and so its place; a delete followed by a put gets a new `seq`, like a Map).
 * - Reads are served from memory. A write is applied to the in-memory view at once, so readers
 *   (e.g. the single-use resume tokens, spent synchronously) see it before it is durable, exactly
 *   as with the journal store; its promise resolves once PostgreSQL has committed it.
 * - Writes go to PostgreSQL one at a time, in the order they were made, each batch in one
 *   transaction (a single put or delete is one statement, atomic by itself).
 * - A write that PostgreSQL refuses rejects, and the in-memory view is rebuilt from what was
 *   committed plus the writes still queued, so memory never keeps a change the database lacks.
 *   Later writes are still tried: a database that comes back is used again. (A connection lost
 *   while COMMIT is on its way leaves the outcome unknown: the write is reported failed and
 *   dropped from memory, though the database may hold it; the next start loads what it holds.)
 *
 * Values are stored as `json`, not `jsonb`: `json` keeps the text as written (object key order,
 * `\u0000` in strings), so a record reads back after a restart exactly as it was put.
 *
 * One server per table, as with one server per DATA_DIR: a second process would not see the
 * first one's writes in its memory.
 */
import pg from 'pg';
import { Collections, checkOp } from './collections';
import type { Store, StoreOp } from './types';
import { ViewStore } from './viewStore';

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` */
  connectionString: string;
  /** table of the records (default `podium_records`) */
  table?: string;
  /** a connection attempt gives up after this long, ms (default 10 s) */
  connectTimeoutMs?: number;
  /** a statement gives up after this long, ms (default 30 s): a write never hangs forever */
  queryTimeoutMs?: number;
  log?: (message: string) => void;
}

export interface PostgresStore extends Store {
  /** records loaded at open */
  readonly loadedRecords: number;
}

export const DEFAULT_TABLE = 'podium_records';

/** The URL without its password, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/**
 * Connects, creates the table when missing and loads it.
 * @throws Error naming the database (password hidden) when it cannot be reached or read
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const table = options.table ?? DEFAULT_TABLE;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new Error(`invalid table name "${table}"`);
  const log = options.log ?? (() => {});
  // One connection: writes are sent strictly one after another, so commit order is call order.
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 1,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    query_timeout: options.queryTimeoutMs ?? 30_000,
    application_name: 'podium',
  });
  // an idle connection dropped by the server is reported here; the pool opens a new one
  pool.on('error', (e) => log(`store: PostgreSQL connection lost (${e.message}); reconnecting on the next write`));
  const store = new PostgresStoreImpl(pool, table);
  try {
    await store.load();
  } catch (e) {
    await pool.end().catch(() => undefined);
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(`cannot open the PostgreSQL store at ${redactDatabaseUrl(options.connectionString)}: ${reason}`);
  }
  return store;
}

interface QueuedWrite {
  ops: StoreOp[];
}

class PostgresStoreImpl extends ViewStore implements PostgresStore {
  /** what PostgreSQL has committed */
  private committed = new Collections();
  /** writes sent or waiting, in call order; the view is committed plus these */
  private readonly queued: QueuedWrite[] = [];
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  private closing?: Promise<void>;
  loadedRecords = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly table: string,
  ) {
    super();
  }

  async load(): Promise<void> {
    await this.pool.query(
      `CREATE TABLE IF NOT EXISTS ${this.table} (
         collection text NOT NULL,
         key text NOT NULL,
         value json NOT NULL,
         seq bigserial NOT NULL,
         PRIMARY KEY (collection, key)
       )`,
    );
    const { rows } = await this.pool.query<{ collection: string; key: string; value: unknown }>(
      `SELECT collection, key, value FROM ${this.table} ORDER BY seq`,
    );
    for (const row of rows) this.committed.apply({ op: 'put', collection: row.collection, key: row.key, value: row.value });
    this.loadedRecords = rows.length;
    this.view = this.committed.clone();
  }

  protected write(ops: StoreOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    if (ops.length === 0) return Promise.resolve();
    let copied: StoreOp[];
    try {
      copied = ops.map(copyOp);
    } catch (e) {
      return Promise.reject(e);
    }
    const entry: QueuedWrite = { ops: copied };
    this.queued.push(entry);
    for (const op of copied) this.view.apply(op);
    const run = this.tail.then(() => this.persist(entry));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Sends one queued write; settles memory either way before the caller hears of it. */
  private async persist(entry: QueuedWrite): Promise<void> {
    try {
      await this.send(entry.ops);
    } catch (e) {
      this.queued.splice(this.queued.indexOf(entry), 1);
      // forget the refused write: memory shows the committed state plus what is still queued
      const view = this.committed.clone();
      for (const w of this.queued) for (const op of w.ops) view.apply(op);
      this.view = view;
      throw new Error(`PostgreSQL refused the write: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    this.queued.splice(this.queued.indexOf(entry), 1);
    for (const op of entry.ops) this.committed.apply(op);
  }

  private async send(ops: StoreOp[]): Promise<void> {
    if (ops.length === 1) {
      // one statement commits atomically on its own
      await this.runStatement(this.pool, ops);
      return;
    }
    const client = await this.pool.connect();
    let failure: unknown;
    try {
      await client.query('BEGIN');
      for (const run of runsOf(ops)) await this.runStatement(client, run);
      await client.query('COMMIT');
    } catch (e) {
      failure = e;
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // the connection itself is broken: let the pool drop it instead of reusing it
        client.release(rollbackError instanceof Error ? rollbackError : true);
        throw e;
      }
    }
    client.release();
    if (failure !== undefined) throw failure;
  }

  /** One statement for a run of puts or of deletes (all ops of a run have the same kind). */
  private async runStatement(db: pg.Pool | pg.PoolClient, run: StoreOp[]): Promise<void> {
    if (run[0].op === 'delete') {
      await db.query(`DELETE FROM ${this.table} WHERE (collection, key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`, [
        run.map((op) => op.collection),
        run.map((op) => op.key),
      ]);
      return;
    }
    // A key put twice in one statement would be refused by ON CONFLICT: keep the first place
    // and the last value, which is what putting them one by one into a Map gives.
    const latest = new Map<string, { collection: string; key: string; json: string }>();
    for (const op of run) {
      if (op.op !== 'put') continue;
      latest.set(`${op.collection}\u0000${op.key}`, { collection: op.collection, key: op.key, json: JSON.stringify(op.value) });
    }
    const rows = [...latest.values()];
    await db.query(
      `INSERT INTO ${this.table} (collection, key, value)
       SELECT c, k, v::json FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS u(c, k, v, n) ORDER BY n
       ON CONFLICT (collection, key) DO UPDATE SET value = EXCLUDED.value`,
      [rows.map((r) => r.collection), rows.map((r) => r.key), rows.map((r) => r.json)],
    );
  }

  // ---- close ------------------------------------------------------------------------------

  close(): Promise<void> {
    this.closed = true;
    // queued writes still reach the database before the connection closes
    this.closing ??= this.tail.then(() => this.pool.end());
    return this.closing;
  }
}

/** Validates an op and copies its value through JSON, so later mutation by the caller changes nothing. */
function copyOp(op: StoreOp): StoreOp {
  checkOp(op);
  if (op.op === 'delete') return { op: 'delete', collection: op.collection, key: op.key };
  const json = JSON.stringify(op.value);
  if (json === undefined) throw new TypeError('store value is not JSON-serialisable');
  return { op: 'put', collection: op.collection, key: op.key, value: JSON.parse(json) as unknown };
}

/** Splits a batch into runs of consecutive puts or deletes, keeping their order. */
function runsOf(ops: StoreOp[]): StoreOp[][] {
  const runs: StoreOp[][] = [];
  for (const op of ops) {
    const last = runs[runs.length - 1];
    if (last && last[0].op === op.op) last.push(op);
    else runs.push([op]);
  }
  return runs;
}
