/**
 * Network cuts and resyncs against the real reference server: the session's transport is
 * wrapped in a switch that fails every request (and aborts the held poll) while "offline",
 * while another controller keeps changing the meeting. When the network returns, the console
 * must hold exactly the server's participants: none lost, none duplicated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { startServer, type StartedServer } from '../../server/main';
import { testConfig } from '../../server/config';
import { createMemoryStore } from '../../server/store/memoryStore';
import { httpClient } from '../testing/httpApi';
import { ApiError } from '../../protocol/errors';
import type { MrParticipants, OnlineEpsInfo, OnlineEpsStatus } from '../../protocol/wire';
import type { SessionApi } from '../api';
import type { LoginResponse } from '../../protocol/wire';
import { toLoginResult } from '../login/loginMachine';
import { ParticipantStore } from '../participants/participantStore';
import { selectParticipantList } from '../participants/selectors';
import { selectConnectionState, type ConnectionState } from '../longPoll/selectors';
import { sessionMachine } from './sessionMachine';

const CODE = 'AB12';
const MR = '8008038';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let server: StartedServer;

beforeAll(async () => {
  const config = testConfig({
    captchaTestCode: CODE,
    simEndpoints: 12,
    demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' },
  });
  server = await startServer(config, { store: createMemoryStore(), log: quiet });
});

afterAll(async () => {
  await server?.close();
});

async function login(password: string) {
  const client = await httpClient(server.url);
  const code = await client.login.getVerifyCode();
  const answer: LoginResponse = await client.login.login({ mrId: MR, password, code: CODE, codeId: code.code_id });
  return { client, answer, api: client.session(answer) };
}

/** A SessionApi behind a switch: offline, every request fails at once and held ones abort. */
function switchable(inner: SessionApi) {
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
      // a cursor ahead of the server's head makes it answer `resync`
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

async function serverView(api: SessionApi): Promise<string[]> {
  const [roster, info, status] = await Promise.all([
    api.get<MrParticipants>('participants'),
    api.get<OnlineEpsInfo>('eps-info'),
    api.get<OnlineEpsStatus>('eps-status'),
  ]);
  const store = new ParticipantStore();
  store.load(roster, info, status);
  return summarise(store.list());
}

function summarise(list: readonly { usr_id: string; online: number; usr_stat: string }[]): string[] {
  return list.map((p) => `${p.usr_id}:${p.online}:${p.usr_stat}`).sort();
}

/** Waits until the actor's records equal a fresh load from the server (the simulation keeps moving). */
async function expectInStep(participants: AnyActorRef, api: SessionApi): Promise<void> {
  let last = { mine: [] as string[], theirs: [] as string[] };
  for (let i = 0; i < 15; i++) {
    const theirs = await serverView(api);
    await new Promise((r) => setTimeout(r, 1000));
    const mine = summarise(selectParticipantList(participants.getSnapshot()));
    if (JSON.stringify(mine) === JSON.stringify(theirs)) {
      // no duplicated participant: one record per usr_id
      const ids = mine.map((m) => m.split(':')[0]);
      expect(new Set(ids).size).toBe(ids.length);
      return;
    }
    last = { mine, theirs };
  }
  expect(last.mine).toEqual(last.theirs);
}

describe('network cuts against the reference server', () => {
  it('offline for 5 s while another controller acts: back in step, nothing lost or duplicated', async () => {
    const host = await login('123456');
    const other = await login('654321');
    const net = switchable(host.api);
    const states: ConnectionState[] = [];
    const session = createActor(sessionMachine, {
      input: { api: net.api, login: toLoginResult(host.answer, MR), networkTarget: net.network, log: () => {}, random: () => 0.5 },
    }).start();
    const poller = session.system.get('longPoll') as AnyActorRef;
    poller.subscribe((s) => {
      const c = selectConnectionState(s as never);
      if (states.at(-1) !== c) states.push(c);
    });
    const participants = session.system.get('participants') as AnyActorRef;
    await waitFor(poller, (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
    await expectInStep(participants, other.api);

    net.cut();
    // meanwhile the other console mutes everyone online and invites a new participant
    const online = selectParticipantList(participants.getSnapshot()).filter((p) => p.online === 1).map((p) => p.usr_id);
    await other.api.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: online, value: 0 });
    await new Promise((r) => setTimeout(r, 5000));
    expect(states).toContain('reconnecting');
    net.restore();

    await waitFor(poller, (s) => ['live', 'reconnected'].includes(selectConnectionState(s as never)), { timeout: 10_000 });
    await expectInStep(participants, other.api);
    expect(states).toContain('reconnected');
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.status === 'done', { timeout: 5000 });
  }, 60_000);

  it('a resync answer reloads everything and the console is back in step, showing resynced', async () => {
    const host = await login('123456');
    const net = switchable(host.api);
    const session = createActor(sessionMachine, {
      input: { api: net.api, login: toLoginResult(host.answer, MR), log: () => {}, random: () => 0.5 },
    }).start();
    const poller = session.system.get('longPoll') as AnyActorRef;
    const participants = session.system.get('participants') as AnyActorRef;
    await waitFor(poller, (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
    const syncsBefore = (poller.getSnapshot() as { context: { syncs: number } }).context.syncs;
    net.forceResync();
    await waitFor(poller, (s) => (s as { context: { syncs: number } }).context.syncs > syncsBefore, { timeout: 15_000 });
    expect(selectConnectionState(poller.getSnapshot() as never)).toBe('resynced');
    await expectInStep(participants, host.api);
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.status === 'done', { timeout: 5000 });
  }, 60_000);
});
