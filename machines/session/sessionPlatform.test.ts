/**
 * The session in front of a server with the platform's wire (`WIRE=platform`, the real platform):
 * no `seq`, no resume token, a first poll that repeats the meeting's state as events, and a lost
 * session that comes back only by logging in again (docs/protocol.md "Platform mode and the
 * console").
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { RC } from '../../protocol/codes';
import type { ChangeEvent } from '../../protocol/events';
import type { LoginResponse } from '../../protocol/wire';
import type { Relogin, ResumedSession, ResumeSession } from '../api';
import { compatLoginAnswer, deferred, type Deferred } from '../testing/fakeLoginApi';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { epsInfo, epsStatus, loginResult, mrInfo, mrStatus, roster, stats } from '../testing/fixtures';
import type { LoginResult } from '../login/loginMachine';
import { selectConnectionState } from '../longPoll/selectors';
import { selectMeetingInfo, selectMeetingStatus, selectTitleConfigs } from '../meeting/selectors';
import { PARTICIPANT_UPDATE_DELAY_MS } from '../participants/participantsMachine';
import { selectParticipantCounts, selectParticipantList, selectWaitingList } from '../participants/selectors';
import { feedPositionOf, sessionRecoveryOf } from './capabilities';
import { RESUME_RETRY_MS, sessionMachine, type SessionEnd } from './sessionMachine';
import { selectChild, selectSessionEnd, selectSessionNotice, selectSessionRecovery } from './selectors';

/** what a platform login answers: compat signing, no sign_key, no resume_token, no seq */
function platformAnswer(sessId: string): LoginResponse {
  return compatLoginAnswer(sessId);
}

const noSeq = (e: { cmdid: string } & Record<string, unknown>) => e as unknown as ChangeEvent;
const expired = () => new ApiError('http', 404, '/changes', RC.sessionExpired, 'session');

interface Options {
  relogin?: boolean;
  resume?: boolean;
  login?: LoginResult;
}

async function platformSession(options: Options = {}) {
  const first = scriptedSessionApi('0123', 's-1');
  const clock = new SimulatedClock();
  const reloginCalls: Array<{ args: { mrId: string }; d: Deferred<ResumedSession> }> = [];
  const relogin: Relogin = (args) => {
    const d = deferred<ResumedSession>();
    reloginCalls.push({ args, d });
    return d.promise;
  };
  const resumeCalls: unknown[] = [];
  const resume: ResumeSession = (args) => {
    resumeCalls.push(args);
    return deferred<ResumedSession>().promise;
  };
  const actor = createActor(sessionMachine, {
    clock,
    input: {
      api: first.api,
      login: options.login ?? loginResult(),
      log: () => {},
      random: () => 0.5,
      newRequestId: () => 'r1',
      relogin: options.relogin === false ? undefined : relogin,
      resume: options.resume ? resume : undefined,
    },
  }).start();
  const ended: SessionEnd[] = [];
  const relogged: LoginResult[] = [];
  actor.on('session.ended', (e) => ended.push(e.end));
  actor.on('session.relogged', (e) => relogged.push(e.login));
  const child = (id: string) => selectChild(id as never)(actor.getSnapshot()) as AnyActorRef;
  const load = async (api: typeof first, ids: string[]) => {
    api.answer('participants', roster(ids));
    api.answer('eps-info', epsInfo(ids));
    api.answer('eps-status', epsStatus(ids, [{ hand: 1 }]));
    await flush();
    api.answer('mr-status', mrStatus());
    api.answer('mr-info', mrInfo());
    await flush();
  };
  await load(first, ['1', '2']);
  return { first, clock, actor, ended, relogged, reloginCalls, resumeCalls, child, load };
}

/** everything the console shows of the meeting, as plain data */
function shown(h: Awaited<ReturnType<typeof platformSession>>) {
  h.clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
  const participants = h.child('participants').getSnapshot();
  const meeting = h.child('meeting').getSnapshot();
  return JSON.parse(
    JSON.stringify({
      list: selectParticipantList(participants),
      counts: selectParticipantCounts(participants),
      waiting: selectWaitingList(participants),
      status: selectMeetingStatus(meeting),
      info: selectMeetingInfo(meeting),
      titles: selectTitleConfigs(meeting),
    }),
  ) as unknown;
}

describe('capabilities learned from the answers', () => {
  it('a snapshot stamped with seq takes a cursor; one without keeps the position on the server', () => {
    expect(feedPositionOf([{ seq: 0 }, {}])).toBe('cursor');
    expect(feedPositionOf([roster(['1']), epsInfo(['1'])])).toBe('server');
  });

  it('a resume token wins, else the password kept in memory, else nothing', () => {
    expect(sessionRecoveryOf({ resumeToken: 't' }, { resume: true, relogin: true })).toBe('resume');
    expect(sessionRecoveryOf({}, { resume: true, relogin: true })).toBe('relogin');
    expect(sessionRecoveryOf({ resumeToken: 't' }, { resume: false, relogin: false })).toBe('none');
    expect(sessionRecoveryOf({}, { resume: true, relogin: false })).toBe('none');
  });
});

describe('the first poll repeats the meeting state as events', () => {
  it('taking it changes nothing the console shows: known endpoints, roster, status, info, titles', async () => {
    const h = await platformSession();
    const before = shown(h);
    expect(h.first.pending('changes')[0].sinceSeq).toBeNull();
    const { mr_id: _m, ...statusFields } = mrStatus();
    h.first.poll([
      noSeq({ cmdid: 'one_mr_info', ...mrInfo() }),
      noSeq({ cmdid: 'one_mr_status', ...statusFields }),
      noSeq({ cmdid: 'mr_participants', ...roster(['1', '2']) }),
      noSeq({ cmdid: 'online_eps_info', ...epsInfo(['1', '2']) }),
      noSeq({ cmdid: 'online_eps_status', ...epsStatus(['1', '2'], [{ hand: 1 }]) }),
    ]);
    await flush();
    // and the same once more (a duplicated delivery)
    h.first.poll([noSeq({ cmdid: 'mr_participants', ...roster(['1', '2']) }), noSeq({ cmdid: 'online_eps_info', ...epsInfo(['1', '2']) })]);
    await flush();
    expect(shown(h)).toEqual(before);
    expect((before as { counts: { online: number; handUp: number } }).counts).toMatchObject({ online: 2, handUp: 1 });
  });

  it('a change that comes with the repeated state is still applied', async () => {
    const h = await platformSession();
    h.first.poll([
      noSeq({ cmdid: 'online_eps_info', ...epsInfo(['1', '2']) }),
      noSeq({
        cmdid: 'online_eps_status',
        mr_id: '0123',
        usr_ids: ['2'],
        usr_stats: [stats({ hand: 1 })],
        local_rtp_ip: ['10.0.0.9'],
        stats_desc: [],
      }),
      noSeq({ cmdid: 'online_eps_left', usr_ids: ['1'] }),
    ]);
    await flush();
    h.clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    const counts = selectParticipantCounts(h.child('participants').getSnapshot());
    expect(counts).toMatchObject({ online: 1, handUp: 1 });
  });
});

describe('a session the server dropped, without a resume token', () => {
  it('logs in again with the kept password, tells the user, reloads and polls on without a cursor', async () => {
    const h = await platformSession();
    expect(selectSessionRecovery(h.actor.getSnapshot())).toBe('relogin');
    h.first.fail('changes', expired());
    await flush();
    expect(h.reloginCalls.map((c) => c.args)).toEqual([{ mrId: '0123' }]);
    expect(selectConnectionState(h.child('longPoll').getSnapshot())).toBe('reconnecting');

    const second = scriptedSessionApi('0123', 's-2');
    h.reloginCalls[0].d.resolve({ answer: platformAnswer('s-2'), api: second.api });
    await flush();
    expect(h.relogged).toHaveLength(1);
    expect(h.relogged[0]).toMatchObject({ sessId: 's-2', role: 'host' });
    expect(selectSessionNotice(h.actor.getSnapshot())).toBe('relogged');
    for (const id of ['commands', 'meeting', 'addressBook', 'longPoll']) expect(h.child(id).getSnapshot().context.api, id).toBe(second.api);

    await h.load(second, ['2', '3']);
    expect(second.pending('changes')[0].sinceSeq).toBeNull();
    expect(selectConnectionState(h.child('longPoll').getSnapshot())).toBe('resynced');
    h.clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(
      selectParticipantList(h.child('participants').getSnapshot())
        .map((p) => p.usr_id)
        .sort(),
    ).toEqual(['2', '3']);
    expect(h.ended).toEqual([]);

    h.actor.send({ type: 'session.dismissNotice' });
    expect(selectSessionNotice(h.actor.getSnapshot())).toBeNull();
  });

  it('a command that finds the session gone also logs in again, and is sent on the new session', async () => {
    const h = await platformSession();
    h.actor.send({ type: 'command.send', suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['2'] } });
    h.first.fail('eps-status', new ApiError('http', 404, '/eps-status', RC.sessionExpired, 'session'));
    await flush();
    expect(h.reloginCalls).toHaveLength(1);
    const second = scriptedSessionApi('0123', 's-2');
    h.reloginCalls[0].d.resolve({ answer: platformAnswer('s-2'), api: second.api });
    await flush();
    expect(second.calls.some((c) => c.method === 'post' && c.suffix === 'eps-status')).toBe(true);
  });

  it('an unanswered re-login is tried again; a refused one ends the session as lost', async () => {
    const h = await platformSession();
    h.first.fail('changes', expired());
    await flush();
    h.reloginCalls[0].d.reject(new ApiError('network', 0, '/sessions/'));
    await flush();
    h.clock.increment(RESUME_RETRY_MS);
    expect(h.reloginCalls).toHaveLength(2);
    h.reloginCalls[1].d.reject(new ApiError('http', 403, '/sessions/', 4002));
    await flush();
    expect(h.ended).toEqual([{ code: 'sessionLost' }]);
    expect(selectSessionEnd(h.actor.getSnapshot())).toEqual({ code: 'sessionLost' });
  });

  it('without the password (a reloaded page) the session ends as lost, as before', async () => {
    const h = await platformSession({ relogin: false });
    expect(selectSessionRecovery(h.actor.getSnapshot())).toBe('none');
    h.first.fail('changes', expired());
    await flush();
    expect(h.ended).toEqual([{ code: 'sessionLost' }]);
  });

  it('a podium login with a resume token resumes instead of logging in again', async () => {
    const h = await platformSession({ resume: true, login: loginResult({ resumeToken: 'tok' }) });
    expect(selectSessionRecovery(h.actor.getSnapshot())).toBe('resume');
    h.first.fail('changes', expired());
    await flush();
    expect(h.resumeCalls).toHaveLength(1);
    expect(h.reloginCalls).toHaveLength(0);
  });
});
