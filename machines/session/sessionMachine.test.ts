import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { epsInfo, epsStatus, loginResult, mrInfo, mrStatus, roster } from '../testing/fixtures';
import { PARTICIPANT_UPDATE_DELAY_MS } from '../participants/participantsMachine';
import { selectOnlineCount } from '../participants/selectors';
import { selectRecordingState } from '../recording/selectors';
import { selectWaitingRoomEnabled } from '../waitingRoom/selectors';
import { selectControllerCount, selectControllersOnline } from '../controllers/selectors';
import { selectFailedCalls } from '../notifications/selectors';
import { LOGOUT_TIMEOUT_MS, sessionMachine, SESSION_CHILDREN, type SessionEnd } from './sessionMachine';
import { selectChild, selectSessionEnd, selectSessionEnded } from './selectors';

const login = loginResult({ role: 'host' });

async function startedSession(input: { holdNotices?: boolean } = {}) {
  const script = scriptedSessionApi();
  const clock = new SimulatedClock();
  const actor = createActor(sessionMachine, {
    clock,
    input: { api: script.api, login, log: () => {}, random: () => 0.5, newRequestId: () => 'r1', ...input },
  }).start();
  const ended: SessionEnd[] = [];
  actor.on('session.ended', (e) => ended.push(e.end));
  const child = (id: (typeof SESSION_CHILDREN)[number]) => selectChild(id)(actor.getSnapshot()) as AnyActorRef;
  // the long poll's start-up load
  script.answer('participants', { ...roster(['1', '2']), seq: 3 });
  script.answer('eps-info', epsInfo(['1']));
  script.answer('eps-status', epsStatus(['1']));
  await flush();
  script.answer('mr-status', mrStatus({ waiting_room: 1 }));
  script.answer('mr-info', mrInfo());
  await flush();
  return { ...script, clock, actor, ended, child };
}

describe('when a session starts', () => {
  it('spawns every child with id === system id', async () => {
    const h = await startedSession();
    for (const id of SESSION_CHILDREN) {
      expect(h.actor.getSnapshot().children[id]).toBeDefined();
      expect(h.actor.system.get(id)).toBe(h.actor.getSnapshot().children[id]);
    }
  });

  it('routes the start-up load to participants and the status readers', async () => {
    const h = await startedSession();
    expect(selectOnlineCount(h.child('participants').getSnapshot())).toBe(1);
    expect(selectWaitingRoomEnabled(h.child('waitingRoom').getSnapshot())).toBe(true);
    expect(h.child('meeting').getSnapshot().context.info.mr_name).toBe('Weekly');
  });
});

describe('when live', () => {
  it('routes feed events to their children', async () => {
    const h = await startedSession();
    h.poll([
      { cmdid: 'online_eps_info', seq: 4, ...epsInfo(['2']) },
      { cmdid: 'xuding_rec_status', seq: 5, rec_state: 'recording', record_uuid: 'u' },
      { cmdid: 'mr_ctrl_in', seq: 6, peer_ip: '1.2.3.4', sessionid: 's-2', role: 'supervisor', dtm: 1 },
      { cmdid: 'failed_call', seq: 7, time: 1, reason: 'busy', ep_type: 'sip', nick_name: 'x', peer_addr: 'a' },
    ] as never);
    await flush();
    h.clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectOnlineCount(h.child('participants').getSnapshot())).toBe(2);
    expect(selectRecordingState(h.child('recording').getSnapshot())).toBe('recording');
    expect(selectControllerCount(h.child('controllers').getSnapshot())).toBe(1);
    expect(selectFailedCalls(h.child('notifications').getSnapshot())).toHaveLength(1);
    expect(h.pending('changes')[0].sinceSeq).toBe(7);
  });

  it('command.send to the session is forwarded to the commands actor', async () => {
    const h = await startedSession();
    h.actor.send({ type: 'command.send', suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['1'] } });
    expect(h.calls.at(-1)).toMatchObject({ method: 'post', suffix: 'eps-status', body: { req_id: 'r1' } });
  });
});

describe('notices before the screen listens (input holdNotices)', () => {
  const bookingConflict = (seq: number, minutes: number) =>
    ({ cmdid: 'show_warning_info', seq, warn_info: 'booking_conflict', is_toast: 1, params: { minutes } }) as never;
  const heard = (h: Awaited<ReturnType<typeof startedSession>>) => {
    const notices: unknown[] = [];
    h.child('notifications').on('*', (e: { type: string; params?: unknown }) => notices.push([e.type, e.params]));
    return notices;
  };

  it('a notice the feed brings before the screen listens waits for session.listening, then goes out in order; later ones at once', async () => {
    const h = await startedSession({ holdNotices: true });
    // the login's reminders come with the first poll, before the screen has drawn
    h.poll([bookingConflict(4, 15), bookingConflict(5, 10)]);
    await flush();
    const notices = heard(h);
    expect(notices).toEqual([]);
    h.actor.send({ type: 'session.listening' });
    expect(notices).toEqual([
      ['notice.bookingConflict', { minutes: 15 }],
      ['notice.bookingConflict', { minutes: 10 }],
    ]);
    h.poll([bookingConflict(6, 5)]);
    await flush();
    expect(notices).toHaveLength(3);
    expect(notices[2]).toEqual(['notice.bookingConflict', { minutes: 5 }]);
  });

  it('the feed is not held: state events reach their children before the screen listens', async () => {
    const h = await startedSession({ holdNotices: true });
    h.poll([{ cmdid: 'failed_call', seq: 4, time: 1, reason: 'busy', ep_type: 'sip', nick_name: 'x', peer_addr: 'a' }] as never);
    await flush();
    expect(selectFailedCalls(h.child('notifications').getSnapshot())).toHaveLength(1);
  });

  it('the notices region is holding until session.listening, then passing; without holdNotices passing from the start', async () => {
    const held = await startedSession({ holdNotices: true });
    expect(held.actor.getSnapshot().matches({ active: { notices: 'holding' } })).toBe(true);
    held.actor.send({ type: 'session.listening' });
    expect(held.actor.getSnapshot().matches({ active: { notices: 'passing' } })).toBe(true);
    // the server session's own states run beside it, unchanged
    expect(held.actor.getSnapshot().matches({ active: { connection: 'running' } })).toBe(true);
    const passing = await startedSession();
    expect(passing.actor.getSnapshot().matches({ active: { notices: 'passing' } })).toBe(true);
  });

  it('held notices stay in context as an array, emptied once passing', async () => {
    const h = await startedSession({ holdNotices: true });
    h.poll([bookingConflict(4, 15)]);
    await flush();
    expect(h.actor.getSnapshot().context.heldNotices.map((e) => e.type)).toEqual(['server.show_warning_info']);
    h.actor.send({ type: 'session.listening' });
    expect(h.actor.getSnapshot().context.heldNotices).toEqual([]);
  });

  it('without holdNotices a notice goes out as the feed brings it', async () => {
    const h = await startedSession();
    const notices = heard(h);
    h.poll([bookingConflict(4, 15)]);
    await flush();
    expect(notices).toEqual([['notice.bookingConflict', { minutes: 15 }]]);
  });
});

describe('when the session ends', () => {
  it('session.logout → tells the server, then ended, every child stopped, session.ended emitted', async () => {
    const h = await startedSession();
    const poll = h.pending('changes')[0];
    h.actor.send({ type: 'session.logout' });
    expect(h.calls.at(-1)).toMatchObject({ method: 'post', suffix: 'logout_req', body: { cmdid: 'logout_req' } });
    expect(selectSessionEnded(h.actor.getSnapshot())).toBe(false);
    h.answer('logout_req', {});
    await flush();
    expect(selectSessionEnded(h.actor.getSnapshot())).toBe(true);
    expect(h.ended).toEqual([{ code: 'logout' }]);
    expect(h.actor.getSnapshot().output).toEqual({ code: 'logout' });
    expect(poll.signal?.aborted).toBe(true);
    for (const ref of Object.values(h.actor.getSnapshot().children)) expect((ref as AnyActorRef).getSnapshot().status).toBe('stopped');
    await flush();
    h.clock.increment(60_000);
    expect(h.pending('changes')).toHaveLength(0);
  });

  it('logging out calls off the controllers snapshot on its way and asks no more (the server is about to forget the session)', async () => {
    const h = await startedSession();
    h.child('controllers').send({ type: 'controllers.follow' });
    const [snapshot] = h.pending('controllers');
    expect(snapshot).toMatchObject({ method: 'get', suffix: 'controllers' });
    h.actor.send({ type: 'session.logout' });
    expect(snapshot.signal?.aborted).toBe(true);
    await flush();
    h.child('controllers').send({ type: 'controllers.follow' });
    expect(h.pending('controllers')).toHaveLength(0);
    expect(selectControllersOnline(h.child('controllers').getSnapshot()).exact).toBe(false);
  });

  it.each([
    [
      { cmdid: 'force_logout', reason: 'kicked' },
      { code: 'forcedLogout', detail: 'kicked' },
    ],
    [
      { cmdid: 'force_logout', reason: 'meeting_ended' },
      { code: 'meetingEnded', detail: 'meeting_ended' },
    ],
    [{ cmdid: 'mr_deled', mr_id: '0123' }, { code: 'meetingDeleted' }],
    [
      { cmdid: 'force_logout', reason: 'meeting_deleted' },
      { code: 'meetingDeleted', detail: 'meeting_deleted' },
    ],
    [
      { cmdid: 'not_rpc_cs', result: 9994 },
      { code: 'notRpcServer', result: 9994 },
    ],
  ])('%o → ended with %o', async (event, end) => {
    const h = await startedSession();
    h.poll([{ seq: 9, ...event }] as never);
    await flush();
    expect(selectSessionEnd(h.actor.getSnapshot())).toEqual(end);
    expect(h.ended).toEqual([end]);
  });

  it('logging out aborts the quality round in flight before the logout goes out, and no round starts after', async () => {
    const h = await startedSession();
    h.child('qualityHistory').send({ type: 'quality.start' });
    const [round] = h.pending('/status/participant/packets_lost_rate/');
    expect(round).toBeDefined();
    let callsAtAbort = -1;
    round.signal!.addEventListener('abort', () => (callsAtAbort = h.calls.length));
    h.actor.send({ type: 'session.logout' });
    // the read was called off before the server was told: it cannot be refused for a session the server forgot
    const logout = h.calls.findIndex((c) => c.suffix === 'logout_req');
    expect(logout).toBeGreaterThan(0);
    expect(callsAtAbort).toBeGreaterThan(0);
    expect(callsAtAbort).toBeLessThanOrEqual(logout);
    h.clock.increment(60_000);
    await flush();
    expect(h.calls.filter((c) => c.suffix.startsWith('/status/'))).toHaveLength(1);
  });

  it('a logout the server does not answer ends after the timeout', async () => {
    const h = await startedSession();
    h.actor.send({ type: 'session.logout' });
    h.clock.increment(LOGOUT_TIMEOUT_MS);
    expect(h.ended).toEqual([{ code: 'logout' }]);
  });

  it('the server no longer knows the session → ended as sessionLost', async () => {
    const h = await startedSession();
    h.fail('changes', new ApiError('http', 404, '/changes'));
    await flush();
    expect(selectSessionEnd(h.actor.getSnapshot())).toEqual({ code: 'sessionLost' });
  });
});

describe('when the feed is lost (issue 23 item 5)', () => {
  it('a command sent while the poll reconnects waits, and goes out once a poll succeeds again', async () => {
    const h = await startedSession();
    h.fail('changes', new ApiError('http', 502, '/changes', 9988));
    await flush();
    h.actor.send({ type: 'command.send', suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: ['1'], value: 0 } });
    expect(h.calls.filter((c) => c.suffix === 'eps-status' && c.method === 'post')).toHaveLength(0);
    // the backoff's retry poll is answered: the connection is back
    h.clock.increment(2000);
    h.poll([]);
    await flush();
    h.clock.increment(2000);
    expect(h.calls.filter((c) => c.suffix === 'eps-status' && c.method === 'post').map((c) => c.body?.action)).toEqual(['a_rx']);
  });

  it('the session ends with a command still held → its end names it as unsent', async () => {
    const h = await startedSession();
    h.fail('changes', new ApiError('network', 0, '/changes'));
    await flush();
    h.actor.send({
      type: 'command.send',
      suffix: 'eps-status',
      body: { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: ['1'], value: 0 },
      usrIds: ['1'],
      label: 'mute',
    });
    h.actor.send({ type: 'session.logout' });
    h.clock.increment(LOGOUT_TIMEOUT_MS);
    expect(h.ended).toEqual([
      { code: 'logout', unsent: [{ label: 'mute', body: expect.objectContaining({ action: 'a_rx' }), usrIds: ['1'] }] },
    ]);
  });
});
