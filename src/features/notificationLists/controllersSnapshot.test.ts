import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { ApiError } from '@protocol/errors';
import { flush, scriptedSessionApi } from '@machines/testing/fakeSessionApi';
import { controllersOf, followControllersSnapshot } from './controllersSnapshot';

describe('controllersOf', () => {
  it('reads the role, address and self mark of each controller; no list, or a malformed one, is none', () => {
    expect(
      controllersOf({
        controllers: [
          { role: 'host', peer_ip: '10.0.0.1', self: 1 },
          { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 },
        ],
      }),
    ).toEqual([
      { role: 'host', peer_ip: '10.0.0.1', self: 1 },
      { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 },
    ]);
    expect(controllersOf({ cmdid: 'controllers_rsp' })).toBeNull();
    expect(controllersOf({ controllers: [{ role: 'host' }] })).toBeNull();
    expect(controllersOf(null)).toBeNull();
  });
});

describe('followControllersSnapshot', () => {
  /** a session whose api hands out the `controllers` answers the test resolves, and a controllers actor stand-in */
  function setup() {
    const fake = scriptedSessionApi();
    const state = { active: true };
    const snapshot = () => ({ context: { api: fake.api }, matches: (v: string) => v === 'active' && state.active });
    const watchers = new Set<(s: ReturnType<typeof snapshot>) => void>();
    const session = {
      getSnapshot: snapshot,
      subscribe: (fn: (s: ReturnType<typeof snapshot>) => void) => {
        watchers.add(fn);
        return { unsubscribe: () => watchers.delete(fn) };
      },
    } as unknown as AnyActorRef;
    const logOut = () => {
      state.active = false;
      for (const fn of watchers) fn(snapshot());
    };
    const listeners = new Map<string, () => void>();
    const sent: unknown[] = [];
    const controllers = {
      on: (type: string, fn: () => void) => {
        listeners.set(type, fn);
        return { unsubscribe: () => listeners.delete(type) };
      },
      send: (event: unknown) => sent.push(event),
    } as unknown as AnyActorRef;
    const stop = followControllersSnapshot(session, controllers);
    const announce = () => listeners.get('controllers.joined')!();
    const list = (n: number) => ({ controllers: Array.from({ length: n }, () => ({ role: 'host', peer_ip: '10.0.0.1', self: 0 })) });
    const lastCount = () => (sent.at(-1) as { controllers: unknown[] }).controllers.length;
    return { fake, announce, list, lastCount, stop, state, logOut, sent };
  }

  it('asks once at a time and again after announcements that came meanwhile, so the last list is the newest', async () => {
    const { fake, announce, list, lastCount } = setup();
    expect(fake.pending('controllers')).toHaveLength(1);
    announce();
    announce();
    // still one request: the announcements wait for it
    expect(fake.pending('controllers')).toHaveLength(1);
    fake.answer('controllers', list(3));
    await flush();
    expect(lastCount()).toBe(3);
    // one more request for both announcements, sent after them
    expect(fake.pending('controllers')).toHaveLength(1);
    fake.answer('controllers', list(2));
    await flush();
    expect(lastCount()).toBe(2);
    expect(fake.pending('controllers')).toHaveLength(0);
  });

  it('asks nothing once the session is logging out', async () => {
    const { fake, announce, list, state } = setup();
    fake.answer('controllers', list(1));
    await flush();
    state.active = false;
    announce();
    expect(fake.pending('controllers')).toHaveLength(0);
  });

  it('calls off a request on its way when the session logs out (the server would refuse it, 404, once it forgot the session)', async () => {
    const { fake, logOut, sent } = setup();
    const [call] = fake.pending('controllers');
    expect(call.signal?.aborted).toBe(false);
    logOut();
    expect(call.signal?.aborted).toBe(true);
    await flush();
    // called off is not "unavailable": nothing is reported
    expect(sent).toEqual([]);
  });

  it('a network failure lets the next announcement ask again', async () => {
    const { fake, announce, list, lastCount } = setup();
    fake.fail('controllers', new ApiError('network', 0, '/controllers'));
    await flush();
    announce();
    fake.answer('controllers', list(4));
    await flush();
    expect(lastCount()).toBe(4);
  });
});
