// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '#/router';
import { createActor, createMachine } from 'xstate';
import { SessionHolder, type SessionActorFactory, type SessionRecord } from '#/session/sessionHolder';
import { loginResult } from '@machines/testing/fixtures';

const record: SessionRecord = loginResult({ sessId: 's1' });

const offline = () => Promise.reject(new Error('offline'));
const apis = {
  login: { getVerifyCode: offline, login: offline },
  platform: { getPlatform: offline, info: offline, settings: offline, isStandalone: offline, oemIconTitle: offline, nginxConfig: offline },
};

/** Session actors the holder started, by meeting: none until a page behind the login needs one. */
const started: string[] = [];
const factory: SessionActorFactory = (r) => {
  started.push(r.mrId);
  return { actor: createActor(createMachine({})).start(), end: () => {} };
};

async function land(path: string, loggedIn: boolean) {
  let stored: unknown = loggedIn ? record : null;
  const holder = new SessionHolder(factory, {
    sessionRecord: () => stored,
    setSessionRecord: (r: unknown) => {
      stored = r;
    },
    setMrId: () => {},
    setStandalone: () => {},
  });
  const router = createAppRouter({ session: holder, apis }, { basepath: '/', history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  // a navigation follows beforeLoad redirects to the end (an initial load leaves that to the provider)
  const url = new URL(path, 'http://console.test');
  await router.navigate({ to: url.pathname as '/control', search: Object.fromEntries(url.searchParams) });
  await router.load();
  return router.state.location.href;
}

beforeEach(() => {
  started.length = 0;
});

describe('route guards', () => {
  it('logged out: /control and /layout go to the login screen, keeping mr-id', async () => {
    expect(await land('/control?mr-id=0123', false)).toBe('/login?mr-id=0123');
    expect(await land('/layout', false)).toBe('/login');
  });

  it('logged in: /control without mr-id gets the session meeting', async () => {
    expect(await land('/control', true)).toBe('/control?mr-id=0123');
  });

  it('logged in: /control for another meeting asks for a login to that meeting, and opens no session', async () => {
    expect(await land('/control?mr-id=123', true)).toBe('/login?mr-id=123');
    expect(started).toEqual([]);
  });

  it('logged in: /control for the session meeting stays, and the session starts before the screen renders', async () => {
    // the router loads the route without rendering it here: the session was started by the route
    expect(await land('/control?mr-id=0123', true)).toBe('/control?mr-id=0123');
    expect(started).toEqual(['0123']);
  });
});
