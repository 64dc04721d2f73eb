/**
 * The whole reference server on the PostgreSQL store (DATABASE_URL): rooms, settings and
 * sessions survive a restart, DATA_DIR is not touched, and a write PostgreSQL refuses fails the
 * command without anything claiming success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RC } from '../../protocol/codes';
import { testConfig, type Config } from '../config';
import { TestClient } from '../http/testing/client';
import { startServer, type StartedServer } from '../main';
import { startTestPostgres, type TestPostgres } from './testPostgres';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const DEMO = { seed: true, mrId: '8008038', hostPwd: '123456', supervisorPwd: '654321' };

let pg: TestPostgres;
let dataDir: string;

beforeAll(async () => {
  pg = await startTestPostgres();
  dataDir = await mkdtemp(join(tmpdir(), 'podium-pg-unused-'));
}, 60_000);

afterAll(async () => {
  await pg?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function config(seed: boolean, port = 0): Config {
  return testConfig({ port, databaseUrl: pg.url, dataDir, captchaTestCode: 'AB12', demo: { ...DEMO, seed } });
}

async function login(server: StartedServer, cfg: Config, pwd: string) {
  const client = new TestClient({ origin: server.origin, devid: cfg.devId, devtoken: cfg.devToken });
  const code = await client.get('/rest/v1/meetings/verify-code');
  const res = await client.post('/rest/v1/meetings/8008038/sessions/', {
    cmdid: 'ctrl_mr_req',
    mr_id: '8008038',
    ctrl_pwd: pwd,
    cert_code: 'AB12',
    code_id: code.json.code_id,
  });
  const sessId = res.json?.sess_id as string;
  const sign = res.status === 200 ? { sessId, key: new Uint8Array(Buffer.from(res.json.sign_key, 'base64')) } : undefined;
  const P = `/rest/v1/meetings/8008038/sessions/${sessId}/`;
  return {
    status: res.status,
    result: res.json?.result,
    get: (path: string) => client.get(P + path, { sign }),
    post: (path: string, body: unknown) => client.post(P + path, body, { sign }),
  };
}

describe('reference server with DATABASE_URL (PostgreSQL store, PGlite over the wire protocol)', () => {
  it('keeps rooms, settings and sessions across a restart of the whole server, and never uses DATA_DIR', { timeout: 180_000 }, async () => {
    const first = await startServer(config(true), { log: quiet });
    let host: Awaited<ReturnType<typeof login>>;
    let extended = 0;
    let entries = 0;
    try {
      host = await login(first, config(true), DEMO.hostPwd);
      expect(host.status).toBe(200);
      expect((await host.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, req_id: 'lock-1' })).json.result).toBe(0);
      const pwd = await host.post('mr-pwd', { cmdid: 'mod_mr_pwd', ctrl_pwd: '112233', supervisor_pwd: '445566', req_id: 'pwd-1' });
      expect(pwd.json.result).toBe(0);
      // issue 24 point 3: more applied req_ids than the 200 answers an earlier version kept
      for (let i = 0; i < 210; i++) {
        expect((await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 5, req_id: `more-${i}` })).json.result).toBe(0);
        // a console polls all along; without it the session would time out on a slow machine
        if (i % 20 === 0) await host.post('changes', { cmdid: 'get_changes', block_secs: 0 });
      }
      extended = first.engine.rooms.get('8008038')!.record.duration;
      entries = first.store.keys('activity').length;
    } finally {
      await first.close();
    }
    const tables = await pg.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM podium_records WHERE collection = 'rooms'`);
    expect(tables.rows[0].n).toBe(3);

    // seeding is asked for again: an existing store is never reseeded
    // same port, so the client of before the restart talks to the new process
    const second = await startServer(config(true, first.port), { log: quiet });
    try {
      expect(second.engine.roomAuth('8008038')?.hostPwd).toBe('112233');
      // the session of before the restart is still valid and sees the locked meeting
      const status = await host.get('mr-status');
      expect(status.status).toBe(200);
      expect(status.json.mr_locked).toBe(1);
      // a retried command is not applied again: it gets its first answer
      const retry = await host.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, req_id: 'lock-1' });
      expect(retry.json).toMatchObject({ result: 0 });
      // the oldest of them is answered from the record too: applied once, no second activity entry
      for (const i of [0, 209])
        expect((await host.post('mr-info', { cmdid: 'mod_mr_info', increase_secs: 5, req_id: `more-${i}` })).json.result).toBe(0);
      expect(second.engine.rooms.get('8008038')!.record.duration).toBe(extended);
      expect(second.store.keys('activity').length).toBe(entries);
      expect((await login(second, config(false), DEMO.hostPwd)).status).not.toBe(200);
      expect((await login(second, config(false), '112233')).status).toBe(200);
    } finally {
      await second.close();
    }
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('a command whose write PostgreSQL refuses answers 500 (6002), and nothing later claims it succeeded', async () => {
    const server = await startServer(config(false), { log: quiet });
    let host: Awaited<ReturnType<typeof login>>;
    try {
      host = await login(server, config(false), '112233');
      expect(host.status).toBe(200);
      await pg.db.exec(`
        CREATE FUNCTION refuse_rooms() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'rooms are read-only for this test'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_rooms BEFORE UPDATE ON podium_records
          FOR EACH ROW WHEN (NEW.collection = 'rooms') EXECUTE FUNCTION refuse_rooms();`);
      const refused = await host.post('mr-status', { cmdid: 'mod_mr_status', enable_guest: 0, req_id: 'guest-off' });
      expect(refused.status).toBe(500);
      expect(refused.json).toMatchObject({ cmdid: 'error', result: RC.databaseWriteFailed });
      const again = await host.post('mr-status', { cmdid: 'mod_mr_status', enable_guest: 0, req_id: 'guest-off' });
      expect(again.json.result).toBe(RC.databaseWriteFailed);

      // the database accepts writes again; a later command stores the room
      await pg.db.exec('DROP TRIGGER refuse_rooms ON podium_records; DROP FUNCTION refuse_rooms();');
      expect((await host.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: 0, req_id: 'unlock' })).json.result).toBe(0);
    } finally {
      await server.close();
    }
    // the answers kept for retries (issue 24 point 3): the applied command's, never the failed one's
    const stored = await pg.db.query<{ key: string }>(`SELECT key FROM podium_records WHERE collection = 'req_answers'`);
    const ids = stored.rows.map((r) => r.key);
    expect(ids).toContain('8008038/unlock');
    expect(ids).not.toContain('8008038/guest-off');
  });
});
