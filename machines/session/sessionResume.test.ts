/**
 * Session resume (docs/protocol.md "Session resume"): a session the server expired during a long
 * network cut is reopened once with the login's resume token; the new client reaches every child
 * that holds one, the feed reloads and polls on from the snapshot, and a refusal ends the session.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { RC } from '../../protocol/codes';
import type { LoginResponse } from '../../protocol/wire';
import type { ResumedSession, ResumeSession } from '../api';
import { compatLoginAnswer, deferred, type Deferred } from '../testing/fakeLoginApi';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { epsInfo, epsStatus, loginResult, mrInfo, mrStatus, roster } from '../testing/fixtures';
import type { LoginResult } from '../login/loginMachine';
import { selectConnectionState } from '../longPoll/selectors';
import { PARTICIPANT_UPDATE_DELAY_MS } from '../participants/participantsMachine';
import { selectOnlineCount, selectParticipantList } from '../participants/selectors';
import { RESUME_ATTEMPTS, RESUME_RETRY_MS, sessionMachine, type SessionEnd } from './sessionMachine';
import { selectChild, selectSessionEnd } from './selectors';

const login = loginResult({ role: 'supervisor', resumeToken: 'tok-1' });

function answerOf(sessId: string, resumeToken: string): LoginResponse {
  return compatLoginAnswer(sessId, { use_pwd: 'supervisor', resume_token: resumeToken });
}

const expired = () => new ApiError('http', 404, '/changes', RC.sessionExpired, 'session');

async function startedSession(withResume = true, start: LoginResult = login) {
  const first = scriptedSessionApi('0123', 's-1');
  const clock = new SimulatedClock();
  const resumeCalls: Array<{ args: { mrId: string; resumeToken: string }; d: Deferred<ResumedSession> }> = [];
  const resume: ResumeSession = (args) => {
    const d = deferred<ResumedSession>();
    resumeCalls.push({ args, d });
    return d.promise;
  };
  const actor = createActor(sessionMachine, {
    clock,
    input: {
      api: first.api,
      login: start,
      log: () => {},
      random: () => 0.5,
      newRequestId: () => 'r1',
      resume: withResume ? resume : undefined,
    },
  }).start();
  const ended: SessionEnd[] = [];
  const resumed: LoginResult[] = [];
  actor.on('session.ended', (e) => ended.push(e.end));
  actor.on('session.resumed', (e) => resumed.push(e.login));
  const child = (id: string) => selectChild(id as never)(actor.getSnapshot()) as AnyActorRef;
  first.answer('participants', { ...roster(['1', '2']), seq: 3 });
  first.answer('eps-info', epsInfo(['1', '2']));
  first.answer('eps-status', epsStatus(['1', '2']));
  await flush();
  first.answer('mr-status', mrStatus());
  first.answer('mr-info', mrInfo());
  await flush();
  return { first, clock, actor, ended, resumed, resumeCalls, child };
}

describe('when the server expired the session', () => {
  it('resumes once with the token, hands the new client to the children, reloads and polls on from the snapshot', async () => {
    const h = await startedSession();
    h.first.fail('changes', expired());
    await flush();
    expect(selectConnectionState(h.child('longPoll').getSnapshot())).toBe('reconnecting');
    expect(h.resumeCalls.map((c) => c.args)).toEqual([{ mrId: '0123', resumeToken: 'tok-1' }]);

    const second = scriptedSessionApi('0123', 's-2');
    h.resumeCalls[0].d.resolve({ answer: answerOf('s-2', 'tok-2'), api: second.api });
    await flush();
    expect(h.resumed).toHaveLength(1);
    expect(h.resumed[0]).toMatchObject({ sessId: 's-2', role: 'supervisor', resumeToken: 'tok-2' });
    expect(h.actor.getSnapshot().context.login.resumeToken).toBe('tok-2');
    for (const id of ['commands', 'meeting', 'addressBook', 'longPoll']) expect(h.child(id).getSnapshot().context.api, id).toBe(second.api);

    // the snapshot of the new session: participant 1 left and 3 joined during the cut
    second.answer('participants', { ...roster(['2', '3']), seq: 57 });
    second.answer('eps-info', epsInfo(['2', '3']));
    second.answer('eps-status', epsStatus(['2', '3']));
    await flush();
    second.answer('mr-status', mrStatus());
    second.answer('mr-info', mrInfo());
    await flush();
    expect(second.pending('changes')[0].sinceSeq).toBe(57);
    expect(h.first.pending('changes')).toHaveLength(0);
    expect(selectConnectionState(h.child('longPoll').getSnapshot())).toBe('resynced');
    h.clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    const ids = selectParticipantList(h.child('participants').getSnapshot()).map((p) => p.usr_id);
    expect([...ids].sort()).toEqual(['2', '3']);
    expect(selectOnlineCount(h.child('participants').getSnapshot())).toBe(2);
    expect(h.ended).toEqual([]);

    // commands go to the new session
    h.actor.send({ type: 'command.send', suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['2'] } });
    expect(second.calls.at(-1)).toMatchObject({ method: 'post', suffix: 'eps-status' });

    // a second expiry later resumes again, with the rotated token
    second.fail('changes', expired());
    await flush();
    expect(h.resumeCalls.map((c) => c.args.resumeToken)).toEqual(['tok-1', 'tok-2']);
  });

  it('a resumed session lost again before its first full load is not resumed again', async () => {
    const h = await startedSession();
    h.first.fail('changes', expired());
    await flush();
    const second = scriptedSessionApi('0123', 's-2');
    h.resumeCalls[0].d.resolve({ answer: answerOf('s-2', 'tok-2'), api: second.api });
    await flush();
    second.fail('participants', new ApiError('http', 401, '/participants', RC.badSignature));
    await flush();
    expect(h.resumeCalls).toHaveLength(1);
    expect(h.ended).toEqual([{ code: 'sessionLost' }]);
  });

  it('a refused resume ends the session as sessionLost, tried once', async () => {
    const h = await startedSession();
    h.first.fail('changes', expired());
    await flush();
    h.resumeCalls[0].d.reject(new ApiError('http', 403, '/sessions/', RC.resumeRefused));
    await flush();
    expect(selectSessionEnd(h.actor.getSnapshot())).toEqual({ code: 'sessionLost' });
    expect(h.ended).toEqual([{ code: 'sessionLost' }]);
    expect(h.resumeCalls).toHaveLength(1);
    h.clock.increment(60_000);
    expect(h.resumeCalls).toHaveLength(1);
  });

  it('a resume that got no answer is sent again a few times, then the session ends', async () => {
    const h = await startedSession();
    h.first.fail('changes', expired());
    await flush();
    for (let i = 1; i <= RESUME_ATTEMPTS; i++) {
      expect(h.resumeCalls).toHaveLength(i);
      h.resumeCalls[i - 1].d.reject(new ApiError('network', 0, '/sessions/'));
      await flush();
      h.clock.increment(RESUME_RETRY_MS);
      await flush();
    }
    expect(h.resumeCalls).toHaveLength(RESUME_ATTEMPTS);
    expect(h.ended).toEqual([{ code: 'sessionLost' }]);
  });

  it('without a resume port or a token the session ends as before', async () => {
    for (const h of [await startedSession(false), await startedSession(true, { ...login, resumeToken: undefined })]) {
      h.first.fail('changes', expired());
      await flush();
      expect(h.ended).toEqual([{ code: 'sessionLost' }]);
      expect(h.resumeCalls).toHaveLength(0);
    }
  });

  it('a command that finds the session gone starts the resume and is sent again, same req_id, on the new session', async () => {
    const h = await startedSession();
    h.actor.send({ type: 'command.send', suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['2'] } });
    h.first.fail('eps-status', new ApiError('http', 404, '/eps-status', RC.sessionExpired, 'session'));
    await flush();
    expect(h.resumeCalls).toHaveLength(1);
    expect(h.child('commands').getSnapshot().context.pending.size).toBe(1);

    const second = scriptedSessionApi('0123', 's-2');
    h.resumeCalls[0].d.resolve({ answer: answerOf('s-2', 'tok-2'), api: second.api });
    await flush();
    const resent = second.pending('eps-status').filter((c) => c.method === 'post');
    expect(resent).toHaveLength(1);
    expect(resent[0].body).toMatchObject({ req_id: 'r1', action: 'drop' });
    // the feed moves to the new session too and reloads
    expect(second.pending('participants')).toHaveLength(1);
    resent[0].settled = true;
    resent[0].d.resolve({ result: 0 });
    await flush();
    expect(h.child('commands').getSnapshot().context.pending.size).toBe(0);
    expect(h.ended).toEqual([]);
  });

  it('a 404 that is not about the session, or a 401, is a plain refusal of the command, no resume', async () => {
    const h = await startedSession();
    const refused: unknown[] = [];
    h.child('commands').on('command.refused', (e: unknown) => refused.push(e));
    h.actor.send({ type: 'command.send', suffix: 'nope', body: { cmdid: 'x' } });
    h.first.fail('nope', new ApiError('http', 404, '/nope', RC.notImplemented, 'path'));
    await flush();
    expect(h.resumeCalls).toHaveLength(0);
    expect(refused).toHaveLength(1);
    // a force-logged-out session answers 401: its poll brings the reason, no resume
    h.actor.send({ type: 'command.send', suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['2'] } });
    h.first.fail('eps-status', new ApiError('http', 401, '/eps-status', RC.sessionExpired));
    await flush();
    expect(h.resumeCalls).toHaveLength(0);
    expect(refused).toHaveLength(2);
  });
});
