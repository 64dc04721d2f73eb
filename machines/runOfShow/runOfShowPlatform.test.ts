/**
 * Run of show actor (issue 28): in front of the platform a Take is the platform's own requests,
 * one after the other, with progress, stopped at a refusal that is named; rehearsal mode is one
 * command to the server. Simulated clock, scripted API.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { RC } from '../../protocol/codes';
import { INITIAL_STATE, type RunOfShow } from '../../protocol/runOfShow';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { runOfShowMachine, RUN_OF_SHOW_SUFFIX } from './runOfShowMachine';
import { selectCue, selectPlatformRun, selectRefusal, selectRehearsal, selectWork } from './selectors';
import { segmentSteps } from './segmentSteps';
import { meetingView, runOfShowActor } from './testing';

const view = meetingView({ main_venue: 'hq', online: new Set(['hq', 'b1', 'b2']) });

const doc: RunOfShow = {
  version: 1,
  name: 'Plenary',
  segments: [
    {
      id: 'a',
      name: 'Roll call',
      main_venue: 'b1',
      roll_call: ['b1', 'b2'],
      listen_watch: { audience_listen: true, audience_watch: false },
    },
    { id: 'b', name: 'Closing', main_venue: 'hq' },
  ],
};

async function local() {
  const { fake, actor, clock, emitted } = runOfShowActor();
  fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 404, 'run-of-show'));
  await flush();
  actor.send({ type: 'runOfShow.edit', doc });
  return { fake, actor, clock, emitted };
}

describe('segmentSteps: a segment as the platform’s own requests', () => {
  it('only what differs, in the server’s order: main venue, roll call (flag, floor, layout), the watch ban', () => {
    const steps = segmentSteps(view, doc.segments[0]);
    expect(steps.map((s) => [s.what, s.suffix, s.body.action ?? Object.keys(s.body).find((k) => k !== 'cmdid')])).toEqual([
      ['mainVenue', 'eps-status', 'speaker'],
      ['rollCall', 'mr-status', 'roll_call'],
      ['rollCall', 'eps-status', 'a_rx'],
      ['rollCall', 'mosic-config', 'config_info'],
      ['watch', 'mr-status', 'mr_vtx_mode'],
    ]);
    expect(segmentSteps(view, doc.segments[1])).toEqual([]);
    // a banner goes to the three roles, as the subtitle dialog sends it
    expect(segmentSteps(view, { id: 'x', name: 'x', banner: null }).map((s) => s.body.to_role)).toEqual(['guest', 'speaker', 'chair']);
  });
});

describe('run of show actor in front of the platform', () => {
  it('Take sends the steps one after the other with progress; when all are applied the segment is on air and the cue moves on', async () => {
    const { actor, fake, clock } = await local();
    actor.send({ type: 'runOfShow.take', view });
    expect(selectWork(actor.getSnapshot())).toBe('applying');
    expect(selectPlatformRun(actor.getSnapshot())).toMatchObject({ total: 5, done: 0, refusedAt: -1 });
    // one at a time: the next is sent only once the one before is answered
    expect(fake.pending('eps-status')).toHaveLength(1);
    expect(fake.pending('mr-status')).toHaveLength(0);
    fake.answer('eps-status', { result: 0 });
    await flush();
    expect(selectPlatformRun(actor.getSnapshot())!.done).toBe(1);
    fake.answer('mr-status', { result: 0 });
    await flush();
    fake.answer('eps-status', { result: 0 });
    await flush();
    fake.answer('mosic-config', { result: 0 });
    await flush();
    clock.increment(7000);
    fake.answer('mr-status', { result: 0 });
    await flush();
    const snap = actor.getSnapshot();
    expect(selectWork(snap)).toBe('steady');
    expect(selectPlatformRun(snap)).toMatchObject({ total: 5, done: 5, refusedAt: -1 });
    expect(snap.context.state).toMatchObject({ current: 0, taken_at: 1_007, take_seq: 1 });
    expect(selectCue(snap)).toBe(1);
  });

  it('a refused step stops the sequence: the steps before stay applied, it is named, the rest is not sent, the segment is not on air', async () => {
    const { actor, fake, emitted } = await local();
    actor.send({ type: 'runOfShow.take', view });
    fake.answer('eps-status', { result: 0 });
    await flush();
    fake.fail('mr-status', new ApiError('http', 403, 'mr-status', RC.hostForbidden));
    await flush();
    const snap = actor.getSnapshot();
    expect(selectPlatformRun(snap)).toMatchObject({ done: 1, refusedAt: 1, refusedWhat: 'rollCall' });
    expect(selectRefusal(snap)).toMatchObject({ step: 'take', status: 403, result: RC.hostForbidden });
    expect(emitted).toContain('runOfShow.refused');
    expect(snap.context.state.current).toBe(-1);
    expect(selectCue(snap)).toBe(0);
    await flush();
    expect(fake.pending('eps-status')).toHaveLength(0);
    expect(fake.pending('mosic-config')).toHaveLength(0);
  });

  it('rehearsal mode is one command to the server; its state comes back in the answer', async () => {
    const fake = scriptedSessionApi();
    const actor = createActor(runOfShowMachine, { input: { api: fake.api, nowSecs: () => 1_000 } }).start();
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 1, doc, state: INITIAL_STATE });
    await flush();
    actor.send({ type: 'runOfShow.rehearsal' });
    expect(selectWork(actor.getSnapshot())).toBe('rehearsing');
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'rehearsal_mode', value: 1 });
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: { ...INITIAL_STATE, rehearsal: true, take_seq: 1 } });
    await flush();
    expect(selectRehearsal(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'runOfShow.rehearsal' });
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'rehearsal_mode', value: 0 });
  });
});
