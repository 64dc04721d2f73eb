import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresStore } from './postgresStore';
import { startTestPostgres, type TestPostgres } from './testPostgres';

let pg: TestPostgres;
let table: string;
let tableCount = 0;
const open: PostgresStore[] = [];

async function openStore(): Promise<PostgresStore> {
  const s = await openPostgresStore({ connectionString: pg.url, table, connectTimeoutMs: 2000, queryTimeoutMs: 5000 });
  open.push(s);
  return s;
}

/** Makes PostgreSQL itself refuse any write of the key `refused` (a real database error). */
async function refuseKey(): Promise<void> {
  await pg.db.exec(`
    CREATE OR REPLACE FUNCTION ${table}_refuse() RETURNS trigger AS $$
    BEGIN
      IF (TG_OP = 'DELETE' AND OLD.key = 'refused') OR (TG_OP <> 'DELETE' AND NEW.key = 'refused') THEN
        RAISE EXCEPTION 'key refused by the test trigger';
      END IF;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER ${table}_refuse BEFORE INSERT OR UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_refuse();`);
}

async function rowsInDatabase(): Promise<Array<{ collection: string; key: string }>> {
  const res = await pg.db.query<{ collection: string; key: string }>(`SELECT collection, key FROM ${table} ORDER BY seq`);
  return res.rows;
}

beforeAll(async () => {
  pg = await startTestPostgres();
}, 60_000);

afterAll(async () => {
  await pg?.stop();
});

afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => {});
  await pg.resume();
  table = `records_${++tableCount}`;
});

table = `records_${tableCount}`;

describe('PostgreSQL store (pg driver against PGlite over the wire protocol)', () => {
  it('creates its table on open and keeps committed writes across close and reopen', async () => {
    const s = await openStore();
    expect(s.loadedRecords).toBe(0);
    await s.put('rooms', '8008038', { name: 'Board', pwd: '123456', nested: { b: 1, a: [1, 'two', null] } });
    await s.put('rooms', '1', { name: 'One' });
    await s.batch([
      { op: 'put', collection: 'users', key: 'u1', value: { n: 1 } },
      { op: 'put', collection: 'users', key: 'u2', value: { n: 2 } },
      { op: 'delete', collection: 'rooms', key: '1' },
    ]);
    await s.close();

    const again = await openStore();
    expect(again.loadedRecords).toBe(3);
    expect(again.get('rooms', '8008038')).toEqual({ name: 'Board', pwd: '123456', nested: { b: 1, a: [1, 'two', null] } });
    expect(again.get('rooms', '1')).toBeUndefined();
    expect(again.keys('users')).toEqual(['u1', 'u2']);
    expect(again.list('users')).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('reads back exactly what was written: object key order, awkward strings and keys', async () => {
    const s = await openStore();
    const value = { zeta: 1, alpha: 'quote " back\\slash {brace} , comma', nul: 'a\u0000b', emoji: '会议 🎤', big: 2 ** 53 - 1 };
    await s.batch([
      { op: 'put', collection: 'c', key: 'NULL', value },
      { op: 'put', collection: 'c', key: '{"x": [1]}', value: 'plain string' },
      { op: 'put', collection: 'c', key: '', value: false },
    ]);
    await s.close();
    const again = await openStore();
    expect(JSON.stringify(again.get('c', 'NULL'))).toBe(JSON.stringify(value));
    expect(again.get('c', '{"x": [1]}')).toBe('plain string');
    expect(again.get('c', '')).toBe(false);
    expect(again.keys('c')).toEqual(['NULL', '{"x": [1]}', '']);
  });

  it('keeps key insertion order like a Map: a repeated put keeps its place, delete then put moves to the end', async () => {
    const s = await openStore();
    await s.put('c', 'a', 1);
    await s.put('c', 'b', 2);
    await s.put('c', 'c', 3);
    await s.put('c', 'a', 10);
    await s.delete('c', 'b');
    await s.put('c', 'b', 20);
    // one batch putting a key twice around another: first place, last value
    await s.batch([
      { op: 'put', collection: 'd', key: 'x', value: 1 },
      { op: 'put', collection: 'd', key: 'y', value: 2 },
      { op: 'put', collection: 'd', key: 'x', value: 3 },
      { op: 'delete', collection: 'd', key: 'y' },
      { op: 'put', collection: 'd', key: 'y', value: 4 },
    ]);
    expect(s.keys('c')).toEqual(['a', 'c', 'b']);
    expect(s.keys('d')).toEqual(['x', 'y']);
    await s.close();

    const again = await openStore();
    expect(again.keys('c')).toEqual(['a', 'c', 'b']);
    expect(again.list('c')).toEqual([10, 3, 20]);
    expect(again.keys('d')).toEqual(['x', 'y']);
    expect(again.list('d')).toEqual([3, 4]);
  });

  it('applies a batch entirely or not at all: one refused op leaves nothing, in memory and in the database', async () => {
    const s = await openStore();
    await s.put('c', 'kept', 'before');
    await refuseKey();
    const write = s.batch([
      { op: 'put', collection: 'c', key: 'new', value: 1 },
      { op: 'delete', collection: 'c', key: 'kept' },
      { op: 'put', collection: 'c', key: 'refused', value: 2 },
    ]);
    // applied in memory at once, like the journal store
    expect(s.get('c', 'new')).toBe(1);
    await expect(write).rejects.toThrow(/PostgreSQL refused the write.*key refused by the test trigger/);
    expect(s.get('c', 'new')).toBeUndefined();
    expect(s.get('c', 'refused')).toBeUndefined();
    expect(s.get('c', 'kept')).toBe('before');
    expect(await rowsInDatabase()).toEqual([{ collection: 'c', key: 'kept' }]);

    // the store goes on: later writes are committed
    await s.put('c', 'after', 3);
    await s.close();
    const again = await openStore();
    expect(again.keys('c')).toEqual(['kept', 'after']);
  });

  it('a refused delete puts the record back in its place; writes queued behind a refused one still land', async () => {
    const s = await openStore();
    await s.put('c', 'first', 1);
    await s.put('c', 'refused', 2);
    await s.put('c', 'last', 3);
    await refuseKey();
    const refusedDelete = s.delete('c', 'refused');
    const queuedPut = s.put('c', 'queued', 4);
    expect(s.keys('c')).toEqual(['first', 'last', 'queued']);
    await expect(refusedDelete).rejects.toThrow(/refused/);
    // memory now shows what was committed plus the write still in flight
    expect(s.keys('c')).toEqual(['first', 'refused', 'last', 'queued']);
    await queuedPut;
    expect(s.list('c')).toEqual([1, 2, 3, 4]);
    expect((await rowsInDatabase()).map((r) => r.key)).toEqual(['first', 'refused', 'last', 'queued']);
  });

  it('stores a copy: mutating the object after put changes nothing', async () => {
    const s = await openStore();
    const value = { a: 1 };
    const write = s.put('c', 'k', value);
    value.a = 2;
    await write;
    expect(s.get('c', 'k')).toEqual({ a: 1 });
    await s.close();
    expect((await openStore()).get('c', 'k')).toEqual({ a: 1 });
  });

  it('refuses malformed writes before they reach the database', async () => {
    const s = await openStore();
    await expect(s.put('', 'k', 1)).rejects.toThrow(TypeError);
    await expect(s.put('c', 'k', undefined)).rejects.toThrow(TypeError);
    expect(await rowsInDatabase()).toEqual([]);
  });

  it('close waits for queued writes; writes after close are refused', async () => {
    const s = await openStore();
    const writes = Array.from({ length: 20 }, (_, i) => s.put('c', `k${i}`, i));
    await s.close();
    await Promise.all(writes);
    await expect(s.put('c', 'late', 1)).rejects.toThrow(/closed/);
    expect(await rowsInDatabase()).toHaveLength(20);
  });

  it('a write while the database is unreachable is refused and forgotten; the store works again once it is back', async () => {
    const s = await openStore();
    await s.put('c', 'a', 1);
    await pg.suspend();
    // the pool's idle connection is dead now; the write fails instead of hanging
    await expect(s.put('c', 'lost', 2)).rejects.toThrow(/PostgreSQL refused the write/);
    expect(s.get('c', 'lost')).toBeUndefined();
    await pg.resume();
    await s.put('c', 'b', 3);
    expect(s.keys('c')).toEqual(['a', 'b']);
    expect((await rowsInDatabase()).map((r) => r.key)).toEqual(['a', 'b']);
  });

  it('an unreachable database at open is a clear error that hides the password', async () => {
    const url = pg.url.replace('postgres@', 'postgres:secret-pw@').replace(/:\d+\//, ':1/');
    const failure = openPostgresStore({ connectionString: url, table, connectTimeoutMs: 2000 });
    await expect(failure).rejects.toThrow(/cannot open the PostgreSQL store at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres/);
    await expect(failure).rejects.not.toThrow(/secret-pw/);
  });
});
