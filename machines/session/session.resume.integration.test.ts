/**
 * Session resume against the real reference server: the console is offline while another
 * controller changes the meeting and the server expires the console's session; when the network
 * returns the server answers 404 "session expired", the session resumes with its token and the
 * console is back in step, showing `resynced`. A resume the server refuses (the meeting ended
 * meanwhile) ends the session as `sessionLost`.
 *
 * Nothing here waits on the clock, so a loaded machine only makes it slower: the endpoints are
 * steady (they change only when a controller acts), the server expires the session when the test
 * says so (`expireSession`, through its own ticker) once the console has noticed the cut, and the
 * network returns only then. (With a 1.5 s real session timeout and a moving simulation, a loaded
 * machine expired the session between two polls before the cut, and "in step" waited for a
 * quiet second.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import type { StartedServer } from '../../server/main';
import { decodeUsrStats } from '../../protocol/usrStats';
import type { OnlineEpsStatus } from '../../protocol/wire';
import {
  expectInStep,
  expireSession,
  loginTo,
  recordConnectionStates,
  startReferenceServer,
  switchable,
  TEST_MR as MR,
} from '../testing/referenceServer';
import { toLoginResult, type LoginResult } from '../login/loginMachine';
import { selectConnectionState } from '../longPoll/selectors';
import { sessionMachine, type SessionEnd } from './sessionMachine';
// other controllers see a one-way id, never the session id (issue 17 item 1)
import { publicControllerId } from '../../server/auth/sessionBinding';

const STEADY_ENDPOINTS = 12;
let server: StartedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose endpoints are all steady and online; sessions expire only when a test says so. */
async function start() {
  // a tick of 100 ms: an expiry the test asks for is carried out at once
  server = await startReferenceServer(0, { simSteadyEndpoints: STEADY_ENDPOINTS, tickMs: 100 });
  const room = server.engine.rooms.get(MR)!;
  await expect.poll(() => room.endpoints.size, { timeout: 10_000 }).toBe(STEADY_ENDPOINTS);
  return server;
}

const login = loginTo;

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

/** Cuts the console's network and waits until its feed has noticed (so the return is noticed too). */
async function cutNoticed(c: Awaited<ReturnType<typeof consoleSession>>) {
  c.net.cut();
  await waitFor(c.poller, (s) => selectConnectionState(s as never) === 'reconnecting', { timeout: 10_000 });
}

describe('session resume against the reference server', () => {
  it('a cut longer than the session timeout: resumed, back in step, the other controller’s change shown', async () => {
    const srv = await start();
    const c = await consoleSession(srv);
    const other = await login(srv, '654321');
    await expectInStep(c.participants, other.api);

    await cutNoticed(c);
    // during the cut the supervisor mutes everyone online; the console's session expires
    const st = await other.api.get<OnlineEpsStatus>('eps-status');
    const online = st.usr_ids.filter((_, i) => !decodeUsrStats(st.usr_stats[i], st.stats_desc).waiting);
    expect(online).toHaveLength(STEADY_ENDPOINTS);
    await other.api.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: online, value: 0 });
    await expireSession(srv, c.host.answer.sess_id);
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
    // (the badge gives way to `live` after a few seconds, which a slow run may see)
    expect(c.states.slice(0, 4)).toEqual(['connecting', 'live', 'reconnecting', 'resynced']);
    // the mute made during the cut is on the server, and the console's records equal the
    // server's (checked below), so the console shows it
    const view = await other.api.get<OnlineEpsStatus>('eps-status');
    const mutedNow = view.usr_ids.filter((id, i) => online.includes(id) && decodeUsrStats(view.usr_stats[i], view.stats_desc).a_rx === 0);
    expect(mutedNow).toHaveLength(STEADY_ENDPOINTS);
    await expectInStep(c.participants, other.api);

    // the resumed session is a full one: its logout is told to the server
    c.session.send({ type: 'session.logout' });
    await waitFor(c.session, (s) => s.status === 'done', { timeout: 5000 });
    expect(srv.engine.sessions.has(newSessId)).toBe(false);
  }, 90_000);

  it('a resume the server refuses (the meeting ended during the cut) ends the session as sessionLost', async () => {
    const srv = await start();
    const c = await consoleSession(srv);
    await cutNoticed(c);
    await expireSession(srv, c.host.answer.sess_id);
    const other = await login(srv, '123456');
    await other.api.post('mr-status', { cmdid: 'stop_mr_req', reason: '' });
    c.net.restore();
    await waitFor(c.session, (s) => s.status === 'done', { timeout: 15_000 });
    expect(c.ended).toEqual([{ code: 'sessionLost' }]);
    expect(c.resumed).toEqual([]);
  }, 60_000);
});
