/** Issue 17 item 2: replay protection that no request rate can switch off. */
import { afterEach, describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { NonceCache, signStrict } from '../../protocol/signing';
import { createServer, type RunningServer } from '../app';
import { testConfig } from '../config';
import { FakeEngine } from '../http/testing/client';
import { SessionNonces } from './sessionNonces';

const T0 = 1_800_000_000_000;

describe('SessionNonces', () => {
  it("keeps a session's nonce however many other sessions' nonces arrive (a shared 100,000-entry cache lost it)", () => {
    const junk = 150_000;
    const replayed = (store: { use: SessionNonces['use'] }) => {
      expect(store.use('victim:n1', T0, { sessionId: 'victim', atMs: T0 })).toBe(true);
      for (let i = 0; i < junk; i++) store.use(`flooder:${i}`, T0 + 1000, { sessionId: 'flooder', atMs: T0 + 1000 });
      return !store.use('victim:n1', T0 + 2000, { sessionId: 'victim', atMs: T0 });
    };
    expect(replayed(new SessionNonces())).toBe(true);
    // the cache this replaces forgot it: the replay went through
    expect(replayed(new NonceCache())).toBe(false);
  });

  it('stays bounded per session and refuses what it can no longer check', () => {
    const store = new SessionNonces({ perSession: 100 });
    const s = (atMs: number) => ({ sessionId: 'a', atMs });
    expect(store.use('old', T0, s(T0))).toBe(true);
    for (let i = 0; i < 500; i++) expect(store.use(`n${i}`, T0 + 5000, s(T0 + 1000 + i * 10))).toBe(true);
    expect(store.sizeOf('a')).toBeLessThanOrEqual(100);
    // 'old' was forgotten, so its replay is refused as too old to check, not accepted
    expect(store.use('old', T0 + 6000, s(T0))).toBe(false);
    // a fresh request still passes
    expect(store.use('fresh', T0 + 6000, s(T0 + 6000))).toBe(true);
  });

  it('remembers a nonce as long as its timestamp is acceptable, then lets it go', () => {
    const store = new SessionNonces({ windowMs: 300_000 });
    const signed = { sessionId: 'a', atMs: T0 + 300_000 }; // signed 300 s ahead of the server clock
    expect(store.use('n', T0, signed)).toBe(true);
    expect(store.use('n', T0 + 599_000, signed)).toBe(false);
    expect(store.sizeOf('a')).toBe(1);
    store.use('m', T0 + 601_000, { sessionId: 'a', atMs: T0 + 601_000 });
    expect(store.sizeOf('a')).toBe(1); // 'n' aged out: its timestamp is refused by itself now
    store.use('x', T0 + 2_000_000, { sessionId: 'b', atMs: T0 + 2_000_000 });
    expect(store.sessionCount).toBe(1); // session a's entry is swept
  });
});

const running: RunningServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

describe('strict signing over HTTP', () => {
  it('refuses a captured request replayed after its session flooded the nonce store', async () => {
    const engine = new FakeEngine();
    engine.addRoom('8008038');
    const config = testConfig({ signing: 'strict' });
    const server = await createServer(config, { engine, log: { info() {}, warn() {}, error() {} }, noncesPerSession: 20 });
    running.push(server);
    const sess = engine.openSession({ mrId: '8008038', role: 'host', peerIp: '127.0.0.1' });
    // a console signed in strictly may sign its pre-session calls strictly too
    const path = '/rest/v1/meetings/verify-code';
    const send = (headers: Record<string, string>) =>
      fetch(`${server.origin}${path}`, { headers }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
    const sign = (nowMs: number, nonce?: string) =>
      signStrict({
        devid: config.devId,
        sessionId: sess.sessId,
        key: sess.signKey,
        method: 'GET',
        path,
        nowMs,
        nonce,
      }) as unknown as Record<string, string>;
    const captured = sign(Date.now() - 60_000);
    const first = await send(captured);
    expect(first.status).toBe(200);
    for (let i = 0; i < 40; i++) await send(sign(Date.now() - 30_000 + i * 100));
    const replay = await send(captured);
    expect(replay.status).toBe(401);
    expect(replay.json.result).toBe(RC.nonceReplayed);
  });
});
