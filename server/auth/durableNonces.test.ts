/** Issue 24 point 3: strict replay protection survives a restart, bounded in memory and store. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeSignKey } from '../../protocol/signing';
import { RC } from '../../protocol/codes';
import { startServer, type StartedServer } from '../main';
import { createMemoryStore } from '../store/memoryStore';
import { TestClient } from '../http/testing/client';
import { hardenedConfig, HOST_PWD, MR, silent, CODE } from './testing/hardening';
import { SessionNonces, SIGNING_NONCE_FLOORS, SIGNING_NONCES } from './sessionNonces';

const T0 = 1_800_000_000_000;
const WINDOW = 300_000;

describe('SessionNonces with a store', () => {
  it('refuses after a restart a nonce seen before it, for as long as its signed time is acceptable', () => {
    const store = createMemoryStore();
    const first = new SessionNonces({ store, now: () => T0 });
    expect(first.use('n1', T0, { sessionId: 's', atMs: T0 })).toBe(true);
    const second = new SessionNonces({ store, now: () => T0 + 1000 });
    expect(second.use('n1', T0 + 1000, { sessionId: 's', atMs: T0 })).toBe(false);
    expect(second.use('n2', T0 + 1000, { sessionId: 's', atMs: T0 + 1000 })).toBe(true);
    // the same nonce in another session is another request
    expect(second.use('n1', T0 + 1000, { sessionId: 't', atMs: T0 + 1000 })).toBe(true);
  });

  it('deletes from the store what can no longer pass the timestamp check', () => {
    const store = createMemoryStore();
    const nonces = new SessionNonces({ store, now: () => T0 });
    nonces.use('a', T0, { sessionId: 's', atMs: T0 });
    nonces.use('b', T0, { sessionId: 'gone', atMs: T0 });
    expect(store.keys(SIGNING_NONCES)).toHaveLength(2);
    // later: 'a' expires on the session's next request, 'gone' with the periodic sweep
    nonces.use('c', T0 + WINDOW + 2000, { sessionId: 's', atMs: T0 + WINDOW + 2000 });
    expect(store.keys(SIGNING_NONCES)).toEqual([`s\u0000c`]);
    // and a restart long after forgets the rest
    new SessionNonces({ store, now: () => T0 + 3 * WINDOW });
    expect(store.keys(SIGNING_NONCES)).toEqual([]);
  });

  it('keeps the floor of a flooded session across a restart, and stays bounded', () => {
    const store = createMemoryStore();
    const nonces = new SessionNonces({ store, perSession: 50, now: () => T0 });
    expect(nonces.use('captured', T0, { sessionId: 's', atMs: T0 })).toBe(true);
    for (let i = 0; i < 200; i++) nonces.use(`f${i}`, T0 + 5000, { sessionId: 's', atMs: T0 + 1000 + i * 10 });
    expect(store.keys(SIGNING_NONCES).length).toBeLessThanOrEqual(50);
    expect(store.get(SIGNING_NONCE_FLOORS, 's')).toBeGreaterThan(T0);
    const restarted = new SessionNonces({ store, perSession: 50, now: () => T0 + 6000 });
    // its nonce was forgotten, but the floor refuses it: too old to check
    expect(restarted.use('captured', T0 + 6000, { sessionId: 's', atMs: T0 })).toBe(false);
    expect(restarted.sizeOf('s')).toBeLessThanOrEqual(50);
  });

  it('bounds the total: past it, the session holding the most gives way first', () => {
    const nonces = new SessionNonces({ perSession: 1000, maxTotal: 300 });
    expect(nonces.use('quiet', T0, { sessionId: 'console', atMs: T0 })).toBe(true);
    for (let i = 0; i < 1000; i++) nonces.use(`x${i}`, T0, { sessionId: 'flooder', atMs: T0 + i });
    expect(nonces.size).toBeLessThanOrEqual(300);
    expect(nonces.use('quiet', T0 + 1000, { sessionId: 'console', atMs: T0 })).toBe(false);
    expect(nonces.sizeOf('console')).toBe(1);
  });
});

describe('a captured strict-signed command replayed after a restart (over HTTP, journal store)', () => {
  const dirs: string[] = [];
  const servers: StartedServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('is refused, and the meeting is not extended twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-nonces-'));
    dirs.push(dir);
    const cfg = hardenedConfig({ signing: 'strict', dataDir: dir, trustProxy: false });
    const first = await startServer(cfg, { log: silent, sleep: async () => {} });
    const client = new TestClient({ origin: first.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const code = await client.get('/rest/v1/meetings/verify-code');
    const r = await client.post(`/rest/v1/meetings/${MR}/sessions/`, {
      cmdid: 'ctrl_mr_req',
      mr_id: MR,
      ctrl_pwd: HOST_PWD,
      cert_code: CODE,
      code_id: code.json.code_id,
    });
    const P = `/rest/v1/meetings/${MR}/sessions/${r.json.sess_id}/`;
    // what an eavesdropper keeps: the exact request, nonce, time and signature
    const captured = { sessId: r.json.sess_id, key: decodeSignKey(r.json.sign_key), nonce: 'c0ffee'.repeat(5) + '00', nowMs: Date.now() };
    const body = JSON.stringify({ cmdid: 'mod_mr_info', increase_secs: 5 });
    const duration = async (c: TestClient) =>
      (await c.send('GET', P + 'mr-info', { sign: { sessId: captured.sessId, key: captured.key } })).json.duration as number;
    const before = await duration(client);
    expect((await client.send('POST', P + 'mr-info', { body, sign: captured })).status).toBe(200);
    expect(await duration(client)).toBe(before + 5);
    await first.close();

    const second = await startServer({ ...cfg, port: 0 }, { log: silent, sleep: async () => {} });
    servers.push(second);
    const c2 = new TestClient({ origin: second.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const replay = await c2.send('POST', P + 'mr-info', { body, sign: captured });
    expect(replay.status).toBe(401);
    expect(replay.json.result).toBe(RC.nonceReplayed);
    expect(await duration(c2)).toBe(before + 5);
    // the session itself goes on: a fresh signature is accepted
    expect((await c2.send('POST', P + 'mr-info', { body, sign: { sessId: captured.sessId, key: captured.key } })).status).toBe(200);
  });
});
