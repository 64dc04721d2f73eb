/**
 * Session resume against the real reference server (session timeout shortened to 1.5 s so a
 * "long" cut takes seconds): the console is offline longer than the timeout while another
 * controller changes the meeting; when the network returns the server answers 404 "session
 * expired", the session resumes with its token and the console is back in step, showing
 * `resynced`. A resume the server refuses (the meeting ended meanwhile) ends the session as
 * `sessionLost`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import type { StartedServer } from '../../server/main';
import { decodeUsrStats } from '../../protocol/usrStats';
import type { OnlineEpsStatus } from '../../protocol/wire';
import { expectInStep, loginTo, recordConnectionStates, startReferenceServer, switchable, TEST_MR as MR } from '../testing/referenceServer';
import { toLoginResult, type LoginResult } from '../login/loginMachine';
import { selectConnectionState } from '../longPoll/selectors';
import { sessionMachine, type SessionEnd } from './sessionMachine';
// other controllers see a one-way id, never the session id (issue 17 item 1)
import { publicControllerId } from '../../server/auth/sessionBinding';

const TIMEOUT_MS = 1500;
let server: StartedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  server = await startReferenceServer(12, { sessionTimeoutMs: TIMEOUT_MS, tickMs: 100 });
  return server;
}

const keepAlives: Array<ReturnType<typeof setInterval>> = [];
afterEach(() => {
  for (const t of keepAlives.splice(0)) clearInterval(t);
});

const login = loginTo;

/** Another controller that stays logged in: it polls often enough for the short timeout. */
async function otherController(srv: StartedServer, password: string) {
  const other = await login(srv, password);
  keepAlives.push(setInterval(() => void other.api.changes(0, 0).catch(() => undefined), TIMEOUT_MS / 3));
  return other;
}

async function consoleSession(srv: StartedServer) {
  const host = await login(srv, '123456');
  const net = switchable(host.api);
  const loginResult: LoginResult = toLoginResult(host.answer, MR);
  expect(loginResult.resumeToken).toBeTruthy();
  const session = createActor(sessionMachine, {
    input: { api: net.api, login: loginResult, networkTarget: net.network, log: () => {}, random: () => 0.5, resume: host.client.resume },
  }).start();
  const ended: SessionEnd[] = [];
  const resumed: LoginResult[] = [];
  session.on('session.ended', (e) => ended.push(e.end));
  session.on('session.resumed', (e) => resumed.push(e.login));
  const poller = session.system.get('longPoll') as AnyActorRef;
  const states = recordConnectionStates(poller);
  const participants = session.system.get('participants') as AnyActorRef;
  await waitFor(poller, (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
  return { host, net, session, poller, participants, states, ended, resumed };
}

async function waitUntilExpired(srv: StartedServer, sessId: string) {
  const deadline = Date.now() + 10_000;
  while (srv.engine.sessions.has(sessId)) {
    if (Date.now() > deadline) throw new Error('session never expired');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('session resume against the reference server', () => {
  it('a cut longer than the session timeout: resumed, back in step, the other controller’s change shown', async () => {
    const srv = await start();
    const c = await consoleSession(srv);
    const other = await otherController(srv, '654321');
    await expectInStep(c.participants, other.api);

    c.net.cut();
    // during the cut the supervisor mutes everyone online; the console's session expires
    // (the simulation keeps moving: someone may hang up between the read and the command)
    let online: string[] = [];
    for (let attempt = 0; ; attempt++) {
      const st = await other.api.get<OnlineEpsStatus>('eps-status');
      online = st.usr_ids.filter((_, i) => !decodeUsrStats(st.usr_stats[i], st.stats_desc).waiting);
      expect(online.length).toBeGreaterThan(0);
      const muted = await other.api.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: online, value: 0 }).then(
        () => true,
        (e: unknown) => (attempt < 3 ? false : Promise.reject(e)),
      );
      if (muted) break;
    }
    await waitUntilExpired(srv, c.host.answer.sess_id);
    c.net.restore();

    await waitFor(c.poller, (s) => selectConnectionState(s as never) === 'resynced', { timeout: 15_000 });
    expect(c.ended).toEqual([]);
    expect(c.resumed).toHaveLength(1);
    const newSessId = c.resumed[0].sessId;
    expect(newSessId).not.toBe(c.host.answer.sess_id);
    expect(c.resumed[0].resumeToken).not.toBe(c.host.answer.resume_token);
    expect(srv.engine.sessions.get(newSessId)?.role).toBe('host');
    // the resume answer carries its feed position too: the new session's own arrival, announced
    // before the reload, still reaches the controllers list
    expect(typeof c.resumed[0].loginSeq).toBe('number');
    await waitFor(
      c.session.system.get('controllers') as AnyActorRef,
      (s) => (s as never as { context: { active: Set<string> } }).context.active.has(publicControllerId(newSessId)),
      { timeout: 5000 },
    );
    expect(c.states).toEqual(expect.arrayContaining(['live', 'reconnecting', 'resynced']));
    // the mute made during the cut is on the server for those still online, and the console's
    // records equal the server's (checked below), so the console shows it
    const view = await other.api.get<OnlineEpsStatus>('eps-status');
    const mutedNow = view.usr_ids.filter(
      (id, i) => online.includes(id) && decodeUsrStats(view.usr_stats[i], view.stats_desc).a_rx === 0,
    );
    expect(mutedNow.length).toBeGreaterThan(0);
    await expectInStep(c.participants, other.api);

    // the resumed session is a full one: its logout is told to the server
    c.session.send({ type: 'session.logout' });
    await waitFor(c.session, (s) => s.status === 'done', { timeout: 5000 });
    expect(srv.engine.sessions.has(newSessId)).toBe(false);
  }, 90_000);

  it('a resume the server refuses (the meeting ended during the cut) ends the session as sessionLost', async () => {
    const srv = await start();
    const c = await consoleSession(srv);
    c.net.cut();
    await waitUntilExpired(srv, c.host.answer.sess_id);
    const other = await login(srv, '123456');
    await other.api.post('mr-status', { cmdid: 'stop_mr_req', reason: '' });
    c.net.restore();
    await waitFor(c.session, (s) => s.status === 'done', { timeout: 15_000 });
    expect(c.ended).toEqual([{ code: 'sessionLost' }]);
    expect(c.resumed).toEqual([]);
  }, 60_000);
});
