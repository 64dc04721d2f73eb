/**
 * Test support: an engine on a memory store and a manual clock, its routes, and a caller. The
 * caller runs the handlers either directly on a router (`router`) or over real HTTP through the
 * platform's server with signed requests (`http`), so the same tests cover both.
 */
import { afterEach } from 'vitest';
import { createServer, type RunningServer } from '../../app';
import { testConfig } from '../../config';
import { createMemoryStore } from '../../store/memoryStore';
import type { Store } from '../../store/types';
import { registerSessionRoutes } from '../../http/sessionRoutes';
import { isChunkList, Router, type ApiRequest } from '../../http/router';
import { TestClient } from '../../http/testing/client';
import { ManualClock } from '../clock';
import type { EngineConfig } from '../engine';
import { createEngine } from '../index';

export const MR = '8008038';
export type Transport = 'router' | 'http';
export const TRANSPORTS: Transport[] = ['router', 'http'];

let transport: Transport = 'router';
/** Which way the harnesses made from now on call the handlers. */
export function useTransport(t: Transport): void {
  transport = t;
}

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

export interface CallResult {
  status: number;
  body: any;
}

export function makeHarness(opts: { config?: Partial<EngineConfig>; store?: Store; clock?: ManualClock; simActivity?: number } = {}) {
  const store = opts.store ?? createMemoryStore();
  const clock = opts.clock ?? new ManualClock();
  const engine = createEngine({
    store,
    clock,
    config: { simEndpoints: 12, addressBookUsers: 300, captchaTestCode: '4321', ...opts.config },
    simActivity: opts.simActivity,
  });
  const router = new Router();
  const mgmt = registerSessionRoutes(router, engine, { captchaTestCode: '4321' });
  const mode = transport;
  let http: Promise<{ server: RunningServer; client: TestClient }> | undefined;
  const startHttp = () =>
    (http ??= (async () => {
      const config = testConfig({ signing: 'compat', captchaTestCode: '4321' });
      const server = await createServer(config, {
        engine,
        routes: [(r) => void registerSessionRoutes(r, engine, { captchaTestCode: '4321' })],
        log: { info: () => {}, warn: () => {}, error: () => {} },
        sleep: async () => {},
      });
      servers.push(server);
      return { server, client: new TestClient({ origin: server.origin, prefix: '', devid: config.devId, devtoken: config.devToken }) };
    })());

  async function call(
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    headers: Record<string, string> = {},
  ): Promise<CallResult> {
    if (mode === 'http') {
      const { client } = await startHttp();
      const hasBody = body !== undefined && method !== 'GET' && method !== 'DELETE';
      const r = await client.send(method, path, { body: hasBody ? JSON.stringify(body) : undefined, headers });
      return { status: r.status, body: r.json };
    }
    const match = router.match(method, path.split('?')[0]);
    if (!('handler' in match)) return { status: match.methodMismatch ? 405 : 404, body: undefined };
    const req: ApiRequest = {
      method,
      path,
      params: match.params,
      query: new URLSearchParams(),
      headers,
      body,
      rawBody: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      ip: '127.0.0.1',
      signal: signal ?? new AbortController().signal,
    };
    const res = await match.handler(req);
    // as the platform sends them: strings, Buffers (the poll's shared answer) and Buffer lists (snapshots) are the body's text
    const answer = res.body;
    const bytes = Buffer.isBuffer(answer) ? answer : isChunkList(answer) ? Buffer.concat(answer) : undefined;
    const text = typeof answer === 'string' ? answer : bytes?.toString('utf8');
    const parsed = text === undefined ? answer : JSON.parse(text);
    return { status: res.status, body: parsed };
  }

  function login(role: 'host' | 'supervisor' = 'host', mrId = MR) {
    // the address the test's HTTP client speaks from: compat sessions are bound to it
    const s = engine.openSession({ mrId, role, peerIp: '127.0.0.1' });
    const P = `/rest/v1/meetings/${mrId}/sessions/${s.sessId}/`;
    return {
      sessId: s.sessId,
      P,
      get: (suffix: string) => call('GET', P + suffix),
      post: (suffix: string, body: unknown) => call('POST', P + suffix, body),
      /** a poll from `since` (non-blocking by default) */
      poll: async (since: number, blockSecs = 0) =>
        (await call('POST', P + 'changes', { cmdid: 'get_changes', block_secs: blockSecs, since_seq: since })).body as any[],
    };
  }

  /** Runs `n` ticks of one second and lets the microtasks settle. */
  async function tick(n = 1) {
    for (let i = 0; i < n; i++) {
      clock.advance(engine.config.tickMs);
      await Promise.resolve();
    }
  }

  /** Waits (real time, bounded) until `cond` holds: a request sent over HTTP has reached the engine. */
  async function until(cond: () => boolean, limitMs = 5000) {
    const end = Date.now() + limitMs;
    while (!cond()) {
      if (Date.now() > end) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  return { store, clock, engine, router, call, login, tick, until, mgmt, mode };
}

/** A harness whose simulated endpoints stay still, with a host logged in and the demo meeting's room. */
export function quietRoom() {
  const h = makeHarness({ simActivity: 0 });
  const c = h.login();
  const room = h.engine.rooms.get(MR)!;
  return { h, c, room };
}

/** A soft terminal joining (or coming back to) the demo meeting as `usrId`; throws when the room refuses it. */
export function joinSoftTerminal(engine: ReturnType<typeof makeHarness>['engine'], usrId: string) {
  const ep = engine.joinRoom(MR, {
    usrId,
    name: usrId,
    uri: `sip:${usrId}@203.0.113.9`,
    devType: 'soft_terminal',
    protoType: 2,
    usrType: 2,
    callAddr: `${usrId},203.0.113.9`,
  });
  if ('failed' in ep) throw new Error(ep.failed);
  return ep;
}

/** Events of one kind from a poll answer. */
export function ofType(events: any[], cmdid: string): any[] {
  return events.filter((e) => e.cmdid === cmdid);
}

/** An ended or unknown session is refused: 401 from the engine, 404 from the platform's session check. */
export const GONE = [401, 404];
