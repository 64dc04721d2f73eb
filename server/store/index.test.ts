import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from './index';
import { startTestPostgres, type TestPostgres } from './testPostgres';

let pg: TestPostgres;
let dir: string;

beforeAll(async () => {
  pg = await startTestPostgres();
  dir = await mkdtemp(join(tmpdir(), 'podium-open-'));
}, 60_000);

afterAll(async () => {
  await pg?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('openStore', () => {
  it('with DATABASE_URL set, opens the PostgreSQL store there, says so, and leaves DATA_DIR alone', async () => {
    const lines: string[] = [];
    const store = await openStore({ dataDir: dir, databaseUrl: pg.url, log: (m) => lines.push(m) });
    await store.put('c', 'k', 1);
    await store.close();
    expect(lines.join('\n')).toMatch(/store: PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres, 0 records loaded/);
    const rows = await pg.db.query<{ key: string; value: unknown }>(`SELECT key, value FROM podium_records WHERE collection = 'c'`);
    expect(rows.rows).toEqual([{ key: 'k', value: 1 }]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('with DATABASE_URL set but the database unreachable, fails instead of falling back to DATA_DIR', async () => {
    const unreachable = pg.url.replace(/:\d+\//, ':1/');
    await expect(openStore({ dataDir: dir, databaseUrl: unreachable, log: () => {} })).rejects.toThrow(/cannot open the PostgreSQL store/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('without DATABASE_URL, opens the embedded store in DATA_DIR silently', async () => {
    const lines: string[] = [];
    const store = await openStore({ dataDir: dir, log: (m) => lines.push(m) });
    await store.put('c', 'k', 1);
    await store.close();
    expect(lines).toEqual([]);
    expect(await readdir(dir)).toContain('snapshot.json');
  });
});
