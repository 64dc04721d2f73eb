import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from './index';

describe('openStore', () => {
  it('with DATABASE_URL set, says plainly that the embedded store is used instead', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-open-'));
    const lines: string[] = [];
    try {
      const store = await openStore({ dataDir: dir, databaseUrl: 'postgres://db/podium', log: (m) => lines.push(m) });
      await store.put('c', 'k', 1);
      await store.close();
      expect(lines.join('\n')).toMatch(/DATABASE_URL is set.*no PostgreSQL store.*embedded store/s);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('without DATABASE_URL, opens the embedded store silently', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-open-'));
    const lines: string[] = [];
    try {
      const store = await openStore({ dataDir: dir, log: (m) => lines.push(m) });
      await store.close();
      expect(lines).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
