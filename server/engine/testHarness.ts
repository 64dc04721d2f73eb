/**
 * Test support: an engine on a memory store and a manual clock, its routes on a router, and a
 * caller that runs handlers the way the platform does (no network). Used by the engine tests.
 */
import { createMemoryStore } from '../store/memoryStore';
import type { Store } from '../store/types';
import { registerSessionRoutes } from '../http/sessionRoutes';
import { Router, type ApiRequest } from '../http/router';
import { ManualClock } from './clock';
import type { EngineConfig } from './engine';
import { createEngine } from './index';

export const MR = '8008038';

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

  async function call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<CallResult> {
    const match = router.match(method, path.split('?')[0]);
    if (!('handler' in match)) return { status: match.methodMismatch ? 405 : 404, body: undefined };
    const req: ApiRequest = {
      method,
      path,
      params: match.params,
      query: new URLSearchParams(),
      headers: {},
      body,
      rawBody: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      ip: '127.0.0.1',
      signal: signal ?? new AbortController().signal,
    };
    const res = await match.handler(req);
    const parsed = typeof res.body === 'string' ? JSON.parse(res.body) : res.body;
    return { status: res.status, body: parsed };
  }

  function login(role: 'host' | 'supervisor' = 'host', mrId = MR) {
    const s = engine.openSession({ mrId, role, peerIp: '192.0.2.10' });
    const P = `/rest/v1/meetings/${mrId}/sessions/${s.sessId}/`;
    return {
      sessId: s.sessId,
      P,
      get: (suffix: string) => call('GET', P + suffix),
      post: (suffix: string, body: unknown) => call('POST', P + suffix, body),
      /** a non-blocking poll from `since` */
      poll: async (since: number, blockSecs = 0) => (await call('POST', P + 'changes', { cmdid: 'get_changes', block_secs: blockSecs, since_seq: since })).body as any[],
    };
  }

  /** Runs `n` ticks of one second and lets the microtasks settle. */
  async function tick(n = 1) {
    for (let i = 0; i < n; i++) {
      clock.advance(engine.config.tickMs);
      await Promise.resolve();
    }
  }

  return { store, clock, engine, router, call, login, tick, mgmt };
}

/** Events of one kind from a poll answer. */
export function ofType(events: any[], cmdid: string): any[] {
  return events.filter((e) => e.cmdid === cmdid);
}
