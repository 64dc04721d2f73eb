/**
 * Run of show actor (issue 28): in front of the platform a Take is the platform's own requests,
 * one after the other, with progress, stopped at a refusal that is named; rehearsal mode is one
 * command to the server. Simulated clock, scripted API.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { RC } from '../../protocol/codes';
import { captureSegment, defaultBanner, INITIAL_STATE, type RunOfShow } from '../../protocol/runOfShow';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { runOfShowMachine, RUN_OF_SHOW_SUFFIX } from './runOfShowMachine';
import {
  selectCanUndo,
  selectCue,
  selectLocal,
  selectNotSent,
  selectPlatformRun,
  selectRefusal,
  selectRehearsal,
  selectShowPhase,
  selectTimer,
  selectWork,
} from './selectors';
import { segmentSteps, undoSteps } from './segmentSteps';
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

/** the meeting as the console sees it once segment 'a' is on air: b1 main venue, called and so unmuted, the audience not watching */
const afterA = meetingView({
  main_venue: 'b1',
  roll_call: 'b1',
  unmuted: ['b1'],
  audience_watch: false,
  online: new Set(['hq', 'b1', 'b2']),
});

/** what each step does, in a line: [suffix, action or status key, value] */
const what = (steps: { suffix: string; body: Record<string, unknown> }[]) =>
  steps.map((s) => {
    const key = (s.body.action as string | undefined) ?? Object.keys(s.body).find((k) => k !== 'cmdid')!;
    return [s.suffix, key, s.body.action ? s.body.value : s.body[key]];
  });

/** answers every request the actor sends, in order, until it sends no more (a Take's or an Undo's steps) */
async function answerSteps(fake: ReturnType<typeof scriptedSessionApi>) {
  for (let i = 0; i < 50; i++) {
    const open = fake.calls.find((c) => !c.settled && c.method === 'post');
    if (!open) return;
    fake.answer(open.suffix, { result: 0 });
    await flush();
  }
}

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
  it('the mute policy goes before a roll call starts (unmuting one participant during a roll call calls them)', () => {
    const seg = { id: 'r', name: 'R', mute: { audience_muted: true, unmute: ['b2'] }, roll_call: ['b1'] };
    const steps = segmentSteps(view, seg);
    expect(what(steps)).toEqual([
      ['mr-status', 'all_guests_mute', 1],
      ['eps-status', 'a_rx', 1],
      ['mr-status', 'roll_call', 1],
      ['eps-status', 'a_rx', 1],
      ['mosic-config', 'config_info', expect.anything()],
    ]);
    expect(steps[1].body.usr_ids).toEqual(['b2']);
    expect(steps[3].body.usr_ids).toEqual(['b1']);
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

  it('Undo puts back the meeting as it was before the Take, step by step with progress; nothing on air after, the segment cued again', async () => {
    const { actor, fake, clock } = await local();
    actor.send({ type: 'runOfShow.take', view });
    await answerSteps(fake);
    expect(selectCanUndo(actor.getSnapshot())).toBe(true);
    clock.increment(4000);
    actor.send({ type: 'runOfShow.undo', view: afterA });
    const snap = actor.getSnapshot();
    expect(selectWork(snap)).toBe('applying');
    expect(selectPlatformRun(snap)).toMatchObject({ kind: 'undo', index: 0, done: 0, refusedAt: -1 });
    expect(what(snap.context.platform!.steps)).toEqual([
      ['eps-status', 'speaker', 1],
      // the roll call ends: its called (unmuted by it) back under the meeting's mute does not bind, the flag off
      ['mr-status', 'roll_call', 0],
      ['mr-status', 'mr_vtx_mode', 0],
      // unmuted by the Take's roll call: muted again, so the capture comes back whole
      ['eps-status', 'a_rx', 0],
    ]);
    expect(snap.context.platform!.steps[0].body.usr_ids).toEqual(['hq']);
    expect(snap.context.platform!.steps[3].body.usr_ids).toEqual(['b1']);
    fake.answer('eps-status', { result: 0 });
    await flush();
    expect(selectPlatformRun(actor.getSnapshot())!.done).toBe(1);
    await answerSteps(fake);
    const after = actor.getSnapshot();
    expect(selectWork(after)).toBe('steady');
    expect(selectPlatformRun(after)).toMatchObject({ kind: 'undo', total: 4, done: 4, refusedAt: -1 });
    expect(after.context.state).toMatchObject({ current: -1, can_undo: false, take_seq: 2 });
    expect(selectShowPhase(after)).toBe('idle');
    expect(selectCue(after)).toBe(0);
    // one undo: the capture is spent
    actor.send({ type: 'runOfShow.undo', view });
    expect(selectWork(actor.getSnapshot())).toBe('steady');
  });

  it('Undo after a second Take goes back to the first segment, on air again from the undo', async () => {
    const { actor, fake, clock } = await local();
    actor.send({ type: 'runOfShow.take', view });
    await answerSteps(fake);
    actor.send({ type: 'runOfShow.take', view: afterA });
    await answerSteps(fake);
    expect(actor.getSnapshot().context.state).toMatchObject({ current: 1, previous: 0 });
    clock.increment(3000);
    actor.send({ type: 'runOfShow.undo', view: meetingView({ ...afterA, main_venue: 'hq' }) });
    expect(what(actor.getSnapshot().context.platform!.steps)).toEqual([['eps-status', 'speaker', 1]]);
    expect(actor.getSnapshot().context.platform!.steps[0].body.usr_ids).toEqual(['b1']);
    await answerSteps(fake);
    expect(actor.getSnapshot().context.state).toMatchObject({ current: 0, taken_at: 1_003, can_undo: false });
    expect(selectCue(actor.getSnapshot())).toBe(1);
  });

  it('a refused Undo step is named with the steps applied before it; the capture is kept to try again', async () => {
    const { actor, fake, emitted } = await local();
    actor.send({ type: 'runOfShow.take', view });
    await answerSteps(fake);
    actor.send({ type: 'runOfShow.undo', view: afterA });
    fake.answer('eps-status', { result: 0 });
    await flush();
    fake.fail('mr-status', new ApiError('http', 403, 'mr-status', RC.hostForbidden));
    await flush();
    const snap = actor.getSnapshot();
    expect(selectPlatformRun(snap)).toMatchObject({ kind: 'undo', done: 1, refusedAt: 1, refusedWhat: 'rollCall' });
    expect(selectRefusal(snap)).toMatchObject({ step: 'undo', status: 403, result: RC.hostForbidden });
    expect(emitted.filter((t) => t === 'runOfShow.refused')).toHaveLength(1);
    expect(snap.context.state).toMatchObject({ current: 0, can_undo: true });
    expect(fake.pending('mr-status')).toHaveLength(0);
    // tried again from the meeting as it is now (the main venue already back): only the rest is sent
    actor.send({ type: 'runOfShow.undo', view: meetingView({ ...afterA, main_venue: 'hq' }) });
    expect(what(actor.getSnapshot().context.platform!.steps).map((w) => w[1])).toEqual(['roll_call', 'mr_vtx_mode', 'a_rx']);
  });

  it('a Take refused half-way can be undone: the steps it applied are put back, what was on air stays on air', async () => {
    const { actor, fake } = await local();
    actor.send({ type: 'runOfShow.take', view });
    fake.answer('eps-status', { result: 0 });
    await flush();
    fake.fail('mr-status', new ApiError('http', 403, 'mr-status', RC.hostForbidden));
    await flush();
    expect(selectCanUndo(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'runOfShow.undo', view: meetingView({ ...view, main_venue: 'b1' }) });
    expect(what(actor.getSnapshot().context.platform!.steps)).toEqual([['eps-status', 'speaker', 1]]);
    await answerSteps(fake);
    expect(actor.getSnapshot().context.state).toMatchObject({ current: -1, can_undo: false });
  });

  it('Hold stops this browser’s clock without a request; Resume counts on without the held time; the timer ticks', async () => {
    const { actor, fake, clock } = await local();
    actor.send({
      type: 'runOfShow.edit',
      doc: { ...doc, segments: [{ ...doc.segments[0], timer: { secs: 10, warn_share: 0.8, on_endpoints: false } }] },
    });
    actor.send({ type: 'runOfShow.take', view });
    await answerSteps(fake);
    const tick = async (secs: number) => {
      for (let i = 0; i < secs; i++) clock.increment(1000);
      await flush();
    };
    await tick(3);
    expect(selectShowPhase(actor.getSnapshot())).toBe('onAir');
    expect(selectTimer(actor.getSnapshot())).toEqual({ elapsed: 3, left: 7, phase: 'running' });
    const sent = fake.calls.length;
    actor.send({ type: 'runOfShow.hold' });
    expect(selectShowPhase(actor.getSnapshot())).toBe('held');
    await tick(20);
    expect(selectTimer(actor.getSnapshot()).elapsed).toBe(3);
    actor.send({ type: 'runOfShow.hold' });
    expect(selectShowPhase(actor.getSnapshot())).toBe('onAir');
    await tick(6);
    expect(selectTimer(actor.getSnapshot())).toEqual({ elapsed: 9, left: 1, phase: 'warning' });
    expect(fake.calls.length).toBe(sent);
    expect(selectLocal(actor.getSnapshot())).toBe(true);
  });

  it('Take with stand-ins sends the segment with them in every place it names the absent', async () => {
    const { actor } = await local();
    const absent = meetingView({ ...view, online: new Set(['hq', 'b2']) });
    actor.send({ type: 'runOfShow.take', view: absent, substitutes: { b1: 'b2' } });
    const steps = actor.getSnapshot().context.platform!.steps;
    expect(steps[0].body).toMatchObject({ action: 'speaker', usr_ids: ['b2'] });
    expect(steps.filter((s) => s.what === 'rollCall').map((s) => s.body.usr_ids ?? s.body.roll_call)).toContainEqual(['b2']);
    expect(JSON.stringify(steps)).not.toContain('"b1"');
  });

  it('Hold with nothing on air changes nothing and says so', async () => {
    const { actor } = await local();
    actor.send({ type: 'runOfShow.hold' });
    expect(selectShowPhase(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.state.take_seq).toBe(0);
    expect(selectNotSent(actor.getSnapshot())).toEqual({ command: 'hold', during: null, press: 1 });
    expect(actor.getSnapshot().context.notSent?.press).toBe(1);
  });

  it('Undo, Hold or Take pressed while the Take is applied: none is sent, each press noted once; Hold accepted after clears it', async () => {
    const { actor, fake } = await local();
    actor.send({ type: 'runOfShow.take', view });
    actor.send({ type: 'runOfShow.undo', view });
    actor.send({ type: 'runOfShow.take', view });
    expect(selectNotSent(actor.getSnapshot())).toEqual({ command: 'take', during: 'applying', press: 2 });
    expect(actor.getSnapshot().context.notSent?.press).toBe(2);
    await answerSteps(fake);
    const snap = actor.getSnapshot();
    expect(selectWork(snap)).toBe('steady');
    // only the first Take's five steps went; no second Take, no Undo after it
    expect(fake.calls.filter((c) => c.method === 'post')).toHaveLength(5);
    expect(snap.context.state).toMatchObject({ current: 0, take_seq: 1, can_undo: true });
    expect(selectNotSent(snap)).toMatchObject({ command: 'take', during: 'applying' });
    actor.send({ type: 'runOfShow.hold' });
    expect(selectShowPhase(actor.getSnapshot())).toBe('held');
    expect(selectNotSent(actor.getSnapshot())).toBeNull();
  });
});

describe('undoSteps: the capture put back as the platform’s own requests', () => {
  it('someone who left since is left out; what is as it was is not sent; the banner comes back in its own look', async () => {
    const before = meetingView({
      main_venue: 'b9',
      guests: ['b2', 'b9'],
      banner: { message: 'Welcome' },
      mosaics: {
        speaker: { mosic_id: '2', roles_lst: [['b9'], ['b2']], poll_secs: 10, view_has_self: 0 },
        guest: { mosic_id: '4', roles_lst: [['0'], ['0'], ['0'], ['0']], poll_secs: 10, view_has_self: 0 },
      },
      online: new Set(['b2', 'b9']),
    });
    const capture = captureSegment(before, 'undo', 'undo', { ...defaultBanner({}), font_size: 48, style: 1 });
    const now = meetingView({
      ...before,
      main_venue: 'b2',
      guests: ['b2'],
      banner: null,
      // the Take laid out the main venue's screen; the audience's stayed as it was
      mosaics: { ...before.mosaics, speaker: { mosic_id: '1', roles_lst: [['b2']], poll_secs: 10, view_has_self: 0 } },
      online: new Set(['b2']),
    });
    const steps = undoSteps(now, capture);
    expect(steps.map((s) => s.what)).toEqual(['mainVenue', 'layouts', 'banner', 'banner', 'banner']);
    // b9 left: no main venue rather than a refused step, no guest to add, an automatic pane
    expect(steps[0].body).toMatchObject({ action: 'speaker', usr_ids: [''] });
    expect(steps[1].body.config_info).toEqual([expect.objectContaining({ role: 'speaker', roles_lst: [['0'], ['b2']] })]);
    expect(steps[2].body).toMatchObject({ message: 'Welcome', has_title: 1, font_size: 48, style: 1 });
    expect(undoSteps(before, capture)).toEqual([]);
  });
});
