/**
 * Shared setup of the session integration tests against the real reference server: start a seeded
 * server, log a controller in over HTTP, cut a session's network, and compare the console's
 * participants with a fresh load from the server.
 */
import { expect } from 'vitest';
import { waitFor, type AnyActorRef } from 'xstate';
import { startServer, type StartedServer } from '../../server/main';
import { testConfig, type Config } from '../../server/config';
import { createMemoryStore } from '../../server/store/memoryStore';
import type { EngineConfig } from '../../server/engine/engine';
import { ApiError } from '../../protocol/errors';
import type { LoginResponse, MrParticipants, OnlineEpsInfo, OnlineEpsStatus } from '../../protocol/wire';
import type { SessionApi } from '../api';
import { ParticipantStore } from '../participants/participantStore';
import { selectParticipantList } from '../participants/selectors';
import { selectConnectionState, type ConnectionState } from '../longPoll/selectors';
import { httpClient } from './httpApi';
import { toLoginResult } from '../login/loginMachine';

/** The captcha answer the test server accepts. */
export const TEST_CODE = 'AB12';
/** The seeded meeting. */
export const TEST_MR = '8008038';
export const HOST_PWD = '123456';
export const SUPERVISOR_PWD = '654321';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Starts a quiet reference server on a memory store with the seeded meeting and `simEndpoints`
 * simulated endpoints; `overrides` may also set engine settings (e.g. a short `sessionTimeoutMs`).
 */
export function startReferenceServer(
  simEndpoints: number,
  overrides: Partial<Config> & Partial<EngineConfig> = {},
): Promise<StartedServer> {
  const config = {
    ...testConfig({
      captchaTestCode: TEST_CODE,
      simEndpoints,
      demo: { seed: true, mrId: TEST_MR, hostPwd: HOST_PWD, supervisorPwd: SUPERVISOR_PWD },
    }),
    ...overrides,
  } as Config;
  return startServer(config, { store: createMemoryStore(), log: quiet });
}

/** Logs a controller of the seeded meeting in directly (no login machine): its client, answer and session. */
export async function loginTo(server: StartedServer, password: string) {
  const client = await httpClient(server.url);
  const code = await client.login.getVerifyCode();
  const answer: LoginResponse = await client.login.login({ mrId: TEST_MR, password, code: TEST_CODE, codeId: code.code_id });
  return { client, answer, api: client.session(toLoginResult(answer, TEST_MR)) };
}

/**
 * A SessionApi behind a network switch: offline, every request fails at once and held ones
 * abort (as `network` errors); `forceResync` makes the next poll send a cursor ahead of the
 * server's head, which answers `resync`.
 */
export function switchable(inner: SessionApi) {
  let offline = false;
  let poisonNextCursor = false;
  const inFlight = new Set<AbortController>();
  const network = new EventTarget();
  function guard<T>(run: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
    if (offline) return Promise.reject(new ApiError('network', 0, 'offline'));
    const ctl = new AbortController();
    outer?.addEventListener('abort', () => ctl.abort());
    inFlight.add(ctl);
    return run(ctl.signal).then(
      (v) => {
        inFlight.delete(ctl);
        if (ctl.signal.aborted && !outer?.aborted) throw new ApiError('network', 0, 'offline');
        return v;
      },
      (e) => {
        inFlight.delete(ctl);
        throw ctl.signal.aborted && !outer?.aborted ? new ApiError('network', 0, 'offline') : e;
      },
    );
  }
  const api: SessionApi = {
    mrId: inner.mrId,
    sessId: inner.sessId,
    get: (suffix, signal) => guard((s) => inner.get(suffix, s), signal),
    post: (suffix, body, signal) => guard((s) => inner.post(suffix, body, s), signal),
    changes: (since, block, signal) => {
      const cursor = poisonNextCursor ? Number.MAX_SAFE_INTEGER - 1 : since;
      poisonNextCursor = false;
      return guard((s) => inner.changes(cursor, block, s), signal);
    },
    raw: (m, path, body, signal) => guard((s) => inner.raw(m, path, body, s), signal),
  };
  return {
    api,
    network,
    cut() {
      offline = true;
      for (const ctl of inFlight) ctl.abort();
      network.dispatchEvent(new Event('offline'));
    },
    restore() {
      offline = false;
      network.dispatchEvent(new Event('online'));
    },
    forceResync() {
      poisonNextCursor = true;
    },
  };
}

/** One sortable line per participant: what must agree between console and server. */
export function summarise(list: readonly { usr_id: string; online: number; usr_stat: string }[]): string[] {
  return list.map((p) => `${p.usr_id}:${p.online}:${p.usr_stat}`).sort();
}

/** What the server holds now, merged by the console's rules (a fresh full load). */
export async function serverView(api: SessionApi): Promise<string[]> {
  const [roster, info, status] = await Promise.all([
    api.get<MrParticipants>('participants'),
    api.get<OnlineEpsInfo>('eps-info'),
    api.get<OnlineEpsStatus>('eps-status'),
  ]);
  const store = new ParticipantStore();
  store.load(roster, info, status);
  return summarise(store.list());
}

/**
 * Waits until the participants actor's records equal a fresh load from the server, with one record
 * per usr_id. Each load is awaited on the console's own updates (it is in step once its records
 * equal what the server held), not on a clock: a server whose simulation moved on meanwhile is
 * read again. (Comparing after a fixed second needed a second in which nothing moved, which a
 * loaded machine made rare.)
 */
export async function expectInStep(participants: AnyActorRef, api: SessionApi, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const mine = () => summarise(selectParticipantList(participants.getSnapshot()));
  let theirs: string[] = [];
  do {
    theirs = await serverView(api);
    const wanted = JSON.stringify(theirs);
    const wait = Math.max(1, Math.min(IN_STEP_READ_AGAIN_MS, deadline - Date.now()));
    const caughtUp = await waitFor(participants, () => JSON.stringify(mine()) === wanted, { timeout: wait }).then(
      () => true,
      () => false,
    );
    if (caughtUp) {
      const ids = theirs.map((m) => m.split(':')[0]);
      expect(new Set(ids).size).toBe(ids.length);
      return;
    }
  } while (Date.now() < deadline);
  expect(mine()).toEqual(theirs);
}

/** how long one server load is awaited before the server is read again (it may have moved on) */
const IN_STEP_READ_AGAIN_MS = 2000;

/**
 * Has the server expire a session as if its timeout had run out without a poll: once the server
 * holds no poll of it, its last poll is dated back past the timeout, and the server's own ticker
 * expires it (`mr_ctrl_out` reason `expired`; its resume token stays valid). Waiting a short real
 * timeout instead let a loaded machine expire the session between two polls, before the test cut
 * its network.
 */
export async function expireSession(server: StartedServer, sessId: string, timeoutMs = 10_000): Promise<void> {
  const { engine } = server;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = engine.sessions.get(sessId);
    if (!s) return;
    if (s.polling === 0) s.lastPollMs = Math.min(s.lastPollMs, engine.clock.now() - engine.config.sessionTimeoutMs - 1);
    if (Date.now() > deadline) throw new Error(`session ${sessId} did not expire (polls held: ${s.polling})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The connection states the feed `poller` passes through from now on, each change once. */
export function recordConnectionStates(poller: AnyActorRef): ConnectionState[] {
  const states: ConnectionState[] = [];
  poller.subscribe((s) => {
    const c = selectConnectionState(s as never);
    if (states.at(-1) !== c) states.push(c);
  });
  return states;
}
