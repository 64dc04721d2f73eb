import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { INITIAL_STATE, type RunOfShow, type RunOfShowState } from '../../protocol/runOfShow';
import { RC } from '../../protocol/codes';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { runOfShowMachine, RUN_OF_SHOW_SUFFIX } from './runOfShowMachine';
import { selectCue, selectNotSent, selectRefusal, selectShowPhase, selectTimer, selectWork } from './selectors';
import { runOfShowActor } from './testing';

const doc: RunOfShow = {
  version: 1,
  name: 'Plenary',
  segments: [
    { id: 'a', name: 'Opening', timer: { secs: 10, warn_share: 0.8, on_endpoints: false } },
    { id: 'b', name: 'Branch report', timer: { secs: 60, warn_share: 0.8, on_endpoints: false } },
    { id: 'c', name: 'Closing' },
  ],
};

/** An actor on a simulated clock whose seconds the test moves (the wall clock never counts). */
async function start(state: RunOfShowState = INITIAL_STATE, revision = 3) {
  const { fake, actor, clock, emitted } = runOfShowActor();
  fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision, doc, state });
  await flush();
  const tick = async (secs: number) => {
    for (let i = 0; i < secs; i++) clock.increment(1000);
    await flush();
  };
  return { fake, actor, clock, tick, emitted };
}

const onAir = (current: number, take_seq: number, taken_at = 1_000): RunOfShowState => ({
  ...INITIAL_STATE,
  current,
  taken_at,
  take_seq,
  can_undo: true,
  previous: current - 1,
});

describe('run of show actor', () => {
  it('loaded: idle with the first segment cued; Next and Back move the cue within the list', async () => {
    const { actor } = await start();
    expect(selectShowPhase(actor.getSnapshot())).toBe('idle');
    expect(selectCue(actor.getSnapshot())).toBe(0);
    // one segment per step, and no further than the last
    actor.send({ type: 'runOfShow.next' });
    expect(selectCue(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'runOfShow.next' });
    expect(selectCue(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'runOfShow.next' });
    expect(selectCue(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'runOfShow.back' });
    expect(selectCue(actor.getSnapshot())).toBe(1);
  });

  it('Take sends one take_segment of the cue → on air, the cue moves to the next segment', async () => {
    const { actor, fake } = await start();
    actor.send({ type: 'runOfShow.take' });
    expect(selectWork(actor.getSnapshot())).toBe('taking');
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'take_segment', index: 0 });
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: onAir(0, 1) });
    await flush();
    expect(selectShowPhase(actor.getSnapshot())).toBe('onAir');
    expect(selectCue(actor.getSnapshot())).toBe(1);
    expect(selectWork(actor.getSnapshot())).toBe('steady');
  });

  it('Take with substitutes sends them with the one take_segment; the next plain Take sends none', async () => {
    const { actor, fake } = await start();
    actor.send({ type: 'runOfShow.take', substitutes: { b7: 'b8' } });
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'take_segment', index: 0, substitutes: { b7: 'b8' } });
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: onAir(0, 1) });
    await flush();
    actor.send({ type: 'runOfShow.take' });
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'take_segment', index: 1 });
  });

  it('timer: running, then warning at the share, then overrun, on the simulated clock', async () => {
    const { actor, tick } = await start(onAir(0, 1));
    expect(selectTimer(actor.getSnapshot()).phase).toBe('running');
    await tick(8);
    expect(selectTimer(actor.getSnapshot())).toEqual({ elapsed: 8, left: 2, phase: 'warning' });
    await tick(5);
    expect(selectTimer(actor.getSnapshot())).toEqual({ elapsed: 13, left: -3, phase: 'overrun' });
  });

  it('hold (server state) stops the clock; the held time is not counted after', async () => {
    const { actor, tick } = await start(onAir(1, 2));
    await tick(5);
    actor.send({
      type: 'server.run_of_show',
      event: { cmdid: 'run_of_show', seq: 9, revision: 3, state: { ...onAir(1, 3), held_since: 1_005 } },
    });
    expect(selectShowPhase(actor.getSnapshot())).toBe('held');
    await tick(20);
    expect(selectTimer(actor.getSnapshot()).elapsed).toBe(5);
    actor.send({
      type: 'server.run_of_show',
      event: { cmdid: 'run_of_show', seq: 10, revision: 3, state: { ...onAir(1, 4), held_secs: 20 } },
    });
    expect(selectShowPhase(actor.getSnapshot())).toBe('onAir');
    await tick(1);
    expect(selectTimer(actor.getSnapshot()).elapsed).toBe(6);
  });

  it('a refused Take keeps what is on air, names the refusal and emits it once', async () => {
    const { actor, fake, emitted } = await start(onAir(0, 1));
    actor.send({ type: 'runOfShow.take' });
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 403, 'run-of-show', RC.endpointOffline, 'u7,u9'));
    await flush();
    expect(selectRefusal(actor.getSnapshot())).toEqual({ step: 'take', result: RC.endpointOffline, detail: 'u7,u9', status: 403 });
    expect(selectShowPhase(actor.getSnapshot())).toBe('onAir');
    expect(emitted.filter((t) => t === 'runOfShow.refused')).toHaveLength(1);
  });

  it('conflict: a stale save → both documents held; keep mine saves again on their revision', async () => {
    const { actor, fake, emitted } = await start();
    const mine = { ...doc, name: 'Mine' };
    actor.send({ type: 'runOfShow.edit', doc: mine });
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toMatchObject({ cmdid: 'put_run_of_show', revision: 3, doc: mine });
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 409, 'run-of-show', RC.recordConflict, 'revision'));
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('conflict');
    expect(emitted).toContain('runOfShow.conflict');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, doc: { ...doc, name: 'Theirs' }, state: INITIAL_STATE });
    await flush();
    expect(actor.getSnapshot().context.theirs?.doc.name).toBe('Theirs');
    actor.send({ type: 'runOfShow.keepMine' });
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toMatchObject({ cmdid: 'put_run_of_show', revision: 4, doc: { name: 'Mine' } });
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 5, state: INITIAL_STATE });
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(actor.getSnapshot().context.revision).toBe(5);
  });

  it('another controller’s save (a newer revision on the feed) reads the document again; undo is one undo_take', async () => {
    const { actor, fake } = await start(onAir(1, 2));
    actor.send({ type: 'server.run_of_show', event: { cmdid: 'run_of_show', seq: 4, revision: 4, state: onAir(1, 2) } });
    expect(selectWork(actor.getSnapshot())).toBe('reloading');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, doc: { ...doc, name: 'Edited' }, state: onAir(1, 2) });
    await flush();
    expect(actor.getSnapshot().context.doc.name).toBe('Edited');
    actor.send({ type: 'runOfShow.undo' });
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'undo_take' });
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: { ...onAir(0, 3), can_undo: false } });
    await flush();
    expect(actor.getSnapshot().context.state.current).toBe(0);
    expect(actor.getSnapshot().context.timings.b).toBeGreaterThanOrEqual(0);
  });

  it('a platform without the calls (404) keeps the document in this browser', async () => {
    const fake = scriptedSessionApi();
    const actor = createActor(runOfShowMachine, { input: { api: fake.api } }).start();
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 404, 'run-of-show'));
    await flush();
    expect(actor.getSnapshot().matches('local')).toBe(true);
    actor.send({ type: 'runOfShow.edit', doc });
    expect(actor.getSnapshot().context.doc.segments).toHaveLength(3);
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)).toHaveLength(0);
  });
});

describe('a Take, Hold or Undo pressed while a command is out: not sent, not queued, told', () => {
  const posted = (fake: Awaited<ReturnType<typeof start>>['fake']) =>
    fake.calls.filter((c) => c.method === 'post').map((c) => c.body?.cmdid);

  it('Undo pressed while the Resume is out: no undo_take, noted and emitted once; the note outlives the Resume', async () => {
    const { actor, fake } = await start({ ...onAir(0, 2), held_since: 1_000 });
    actor.send({ type: 'runOfShow.hold' });
    expect(selectWork(actor.getSnapshot())).toBe('holding');
    actor.send({ type: 'runOfShow.undo' });
    expect(selectNotSent(actor.getSnapshot())).toEqual({ command: 'undo', during: 'holding', press: 1 });
    expect(actor.getSnapshot().context.notSent?.press).toBe(1);
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)).toHaveLength(1);
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: { ...onAir(0, 3), held_secs: 5 } });
    await flush();
    expect(selectShowPhase(actor.getSnapshot())).toBe('onAir');
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    // answered, the Undo is still not sent (never fired late), and the note still says so
    await flush();
    expect(posted(fake)).toEqual(['hold_segment']);
    expect(selectNotSent(actor.getSnapshot())).toMatchObject({ command: 'undo', during: 'holding' });
  });

  it('each press while the Take is out is noted and emitted once; a second Take is never sent', async () => {
    const { actor, fake } = await start();
    actor.send({ type: 'runOfShow.take' });
    actor.send({ type: 'runOfShow.take' });
    actor.send({ type: 'runOfShow.hold' });
    expect(selectNotSent(actor.getSnapshot())).toEqual({ command: 'hold', during: 'taking', press: 2 });
    expect(actor.getSnapshot().context.notSent?.press).toBe(2);
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: onAir(0, 1) });
    await flush();
    expect(posted(fake)).toEqual(['take_segment']);
    expect(actor.getSnapshot().context.state.current).toBe(0);
    expect(selectCue(actor.getSnapshot())).toBe(1);
  });

  it('the next command accepted clears the note (here the Undo pressed again)', async () => {
    const { actor, fake } = await start(onAir(1, 2));
    actor.send({ type: 'runOfShow.hold' });
    actor.send({ type: 'runOfShow.undo' });
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: { ...onAir(1, 3), held_since: 1_000 } });
    await flush();
    actor.send({ type: 'runOfShow.undo' });
    expect(selectWork(actor.getSnapshot())).toBe('undoing');
    expect(selectNotSent(actor.getSnapshot())).toBeNull();
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'undo_take' });
  });

  it('while a save or a conflict is out, Take is not sent either; the conflict names itself', async () => {
    const { actor, fake } = await start();
    actor.send({ type: 'runOfShow.edit', doc: { ...doc, name: 'Mine' } });
    actor.send({ type: 'runOfShow.take' });
    expect(selectNotSent(actor.getSnapshot())).toMatchObject({ command: 'take', during: 'saving' });
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 409, 'run-of-show', RC.recordConflict, 'revision'));
    await flush();
    actor.send({ type: 'runOfShow.take' });
    expect(selectNotSent(actor.getSnapshot())).toMatchObject({ command: 'take', during: 'conflict', press: 2 });
    expect(posted(fake)).toEqual(['put_run_of_show']);
  });

  it('Take pressed before the run of show is read is not sent but noted; the read comes in as usual', async () => {
    const { actor, fake } = runOfShowActor();
    actor.send({ type: 'runOfShow.take' });
    expect(selectNotSent(actor.getSnapshot())).toEqual({ command: 'take', during: 'loading', press: 1 });
    expect(actor.getSnapshot().context.notSent).not.toBeNull();
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 1, doc, state: INITIAL_STATE });
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(fake.calls.filter((c) => c.method === 'post')).toHaveLength(0);
  });

  it('steady with nothing to apply it to: Undo, Hold and Take say so instead of nothing', async () => {
    const { actor, fake } = await start();
    actor.send({ type: 'runOfShow.undo' });
    expect(selectNotSent(actor.getSnapshot())).toEqual({ command: 'undo', during: null, press: 1 });
    actor.send({ type: 'runOfShow.hold' });
    expect(selectNotSent(actor.getSnapshot())).toEqual({ command: 'hold', during: null, press: 2 });
    expect(actor.getSnapshot().context.notSent?.press).toBe(2);
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(posted(fake)).toEqual([]);
    // steady as before: a Take with a segment cued goes, and clears the note
    actor.send({ type: 'runOfShow.take' });
    expect(selectWork(actor.getSnapshot())).toBe('taking');
    expect(selectNotSent(actor.getSnapshot())).toBeNull();
    // a run of show with no segment: nothing to take
    const empty = await start();
    empty.actor.send({ type: 'runOfShow.edit', doc: { ...doc, segments: [] } });
    empty.fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, state: INITIAL_STATE });
    await flush();
    empty.actor.send({ type: 'runOfShow.take' });
    expect(selectNotSent(empty.actor.getSnapshot())).toMatchObject({ command: 'take', during: null });
    expect(empty.fake.pending(RUN_OF_SHOW_SUFFIX)).toHaveLength(0);
  });
});

describe('another console saves while a command is out: the command settles, then the document is read again', () => {
  const feed = (revision: number, state: RunOfShowState, seq = 20) =>
    ({ type: 'server.run_of_show', event: { cmdid: 'run_of_show', seq, revision, state } }) as const;
  const gets = (fake: Awaited<ReturnType<typeof start>>['fake']) => fake.calls.filter((c) => c.method === 'get').length;

  it('a Take refused after a newer revision came in: the refusal is noted and emitted, then the document is read', async () => {
    const { actor, fake, emitted } = await start(onAir(0, 1));
    actor.send({ type: 'runOfShow.take' });
    const take = fake.pending(RUN_OF_SHOW_SUFFIX)[0];
    actor.send(feed(4, onAir(0, 1)));
    // the Take is still out, not abandoned for the read
    expect(selectWork(actor.getSnapshot())).toBe('taking');
    expect(take.signal?.aborted).toBe(false);
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 403, 'run-of-show', RC.endpointOffline, 'u7'));
    await flush();
    expect(selectRefusal(actor.getSnapshot())).toEqual({ step: 'take', result: RC.endpointOffline, detail: 'u7', status: 403 });
    expect(emitted.filter((t) => t === 'runOfShow.refused')).toHaveLength(1);
    expect(selectWork(actor.getSnapshot())).toBe('reloading');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, doc: { ...doc, name: 'Edited' }, state: onAir(0, 1) });
    await flush();
    expect(actor.getSnapshot().context.doc.name).toBe('Edited');
    expect(actor.getSnapshot().context.revision).toBe(4);
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)).toHaveLength(0);
  });

  it('a Take applied after a newer revision came in: its state is adopted, then the document is read', async () => {
    const { actor, fake } = await start();
    actor.send({ type: 'runOfShow.take' });
    actor.send(feed(4, INITIAL_STATE));
    expect(selectWork(actor.getSnapshot())).toBe('taking');
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, state: onAir(0, 1) });
    await flush();
    expect(actor.getSnapshot().context.state.current).toBe(0);
    expect(selectCue(actor.getSnapshot())).toBe(1);
    expect(selectWork(actor.getSnapshot())).toBe('reloading');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, doc: { ...doc, name: 'Edited' }, state: onAir(0, 1) });
    await flush();
    expect(actor.getSnapshot().context.doc.name).toBe('Edited');
    // the same Take: the cue stays past it
    expect(selectCue(actor.getSnapshot())).toBe(1);
    expect(selectWork(actor.getSnapshot())).toBe('steady');
  });

  it('in steady a newer revision is read at once (one not newer is not), and the on-air clock keeps its beat', async () => {
    const { actor, fake, clock } = await start(onAir(0, 1));
    actor.send(feed(3, onAir(0, 1)));
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(gets(fake)).toBe(1);
    clock.increment(500);
    await flush();
    actor.send(feed(4, onAir(0, 1)));
    expect(selectWork(actor.getSnapshot())).toBe('reloading');
    // only the work region moves: the second still ticks on time, not a second after the event
    clock.increment(500);
    await flush();
    expect(actor.getSnapshot().context.now).toBe(1_001);
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, doc: { ...doc, name: 'Edited' }, state: onAir(0, 1) });
    await flush();
    expect(actor.getSnapshot().context.doc.name).toBe('Edited');
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(gets(fake)).toBe(2);
  });

  it('a save out when a newer revision comes in still reaches the conflict on 409', async () => {
    const { actor, fake, emitted } = await start();
    actor.send({ type: 'runOfShow.edit', doc: { ...doc, name: 'Mine' } });
    actor.send(feed(4, INITIAL_STATE));
    expect(selectWork(actor.getSnapshot())).toBe('saving');
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 409, 'run-of-show', RC.recordConflict, 'revision'));
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('conflict');
    expect(emitted).toContain('runOfShow.conflict');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, doc: { ...doc, name: 'Theirs' }, state: INITIAL_STATE });
    await flush();
    // theirs is the revision announced: nothing more to read once it is kept
    actor.send({ type: 'runOfShow.keepTheirs' });
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(actor.getSnapshot().context.doc.name).toBe('Theirs');
    expect(gets(fake)).toBe(2);
  });

  it('the feed announcing this console’s own save while it is out: no read after', async () => {
    const { actor, fake } = await start();
    actor.send({ type: 'runOfShow.edit', doc: { ...doc, name: 'Mine' } });
    actor.send(feed(4, INITIAL_STATE));
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, state: INITIAL_STATE });
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(actor.getSnapshot().context.doc.name).toBe('Mine');
    expect(gets(fake)).toBe(1);
  });

  /** This console's save met revision 4 ('Theirs'), and while the user chooses, revision 5 is announced. */
  async function conflictThenNewerRevision() {
    const started = await start();
    const { actor, fake } = started;
    actor.send({ type: 'runOfShow.edit', doc: { ...doc, name: 'Mine' } });
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 409, 'run-of-show', RC.recordConflict, 'revision'));
    await flush();
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 4, doc: { ...doc, name: 'Theirs' }, state: INITIAL_STATE });
    await flush();
    actor.send(feed(5, INITIAL_STATE));
    expect(selectWork(actor.getSnapshot())).toBe('conflict');
    return started;
  }

  it('a newer revision while the user chooses in a conflict waits for the choice; keep mine then meets it as a conflict', async () => {
    const { actor, fake } = await conflictThenNewerRevision();
    expect(actor.getSnapshot().context.theirs).toMatchObject({ revision: 4, doc: { name: 'Theirs' } });
    actor.send({ type: 'runOfShow.keepMine' });
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toMatchObject({ cmdid: 'put_run_of_show', revision: 4 });
    fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 409, 'run-of-show', RC.recordConflict, 'revision'));
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('conflict');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 5, doc: { ...doc, name: 'Theirs again' }, state: INITIAL_STATE });
    await flush();
    expect(actor.getSnapshot().context.theirs).toMatchObject({ revision: 5, doc: { name: 'Theirs again' } });
  });

  it('a newer revision while the user chooses in a conflict: keep theirs then reads it', async () => {
    const { actor, fake } = await conflictThenNewerRevision();
    actor.send({ type: 'runOfShow.keepTheirs' });
    expect(selectWork(actor.getSnapshot())).toBe('reloading');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 5, doc: { ...doc, name: 'Theirs again' }, state: INITIAL_STATE });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ revision: 5, doc: { name: 'Theirs again' } });
    expect(selectWork(actor.getSnapshot())).toBe('steady');
  });
});

describe('this console’s own Take raises the revision (rehearsal mode): its answer has it, the feed’s event costs no read', () => {
  const feed = (revision: number, state: RunOfShowState, seq = 30) =>
    ({ type: 'server.run_of_show', event: { cmdid: 'run_of_show', seq, revision, state } }) as const;
  const gets = (fake: Awaited<ReturnType<typeof start>>['fake']) => fake.calls.filter((c) => c.method === 'get').length;
  const rehearsing = (current: number, take_seq: number, taken_at: number): RunOfShowState => ({
    ...onAir(current, take_seq, taken_at),
    rehearsal: true,
  });
  /** the server's answer to the Take of segment 1 that ended segment 0 after 30 s: revision 4 and its document */
  const takeAnswer = {
    result: 0,
    seq: 29,
    revision: 4,
    state: rehearsing(1, 3, 1_030),
    doc: { ...doc, segments: doc.segments.map((s, i) => (i === 0 ? { ...s, rehearsed_secs: 30 } : s)) },
  };

  it('the answer first, then the feed’s event of that revision: no read, and T pressed then is sent', async () => {
    const { actor, fake } = await start(rehearsing(0, 2, 1_000));
    actor.send({ type: 'runOfShow.take' });
    fake.answer(RUN_OF_SHOW_SUFFIX, takeAnswer);
    await flush();
    actor.send(feed(4, rehearsing(1, 3, 1_030)));
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(gets(fake)).toBe(1);
    // the document as the answer gave it: segment 0's rehearsed time, at revision 4
    expect(actor.getSnapshot().context).toMatchObject({ revision: 4, doc: { segments: [{ rehearsed_secs: 30 }, {}, {}] } });
    actor.send({ type: 'runOfShow.take' });
    expect(selectNotSent(actor.getSnapshot())).toBeNull();
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)[0].body).toEqual({ cmdid: 'take_segment', index: 2 });
  });

  it('the feed’s event while the Take is out, then the answer: no read after it', async () => {
    const { actor, fake } = await start(rehearsing(0, 2, 1_000));
    actor.send({ type: 'runOfShow.take' });
    actor.send(feed(4, rehearsing(1, 3, 1_030)));
    expect(selectWork(actor.getSnapshot())).toBe('taking');
    fake.answer(RUN_OF_SHOW_SUFFIX, takeAnswer);
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(actor.getSnapshot().context.doc.segments[0].rehearsed_secs).toBe(30);
    expect(selectCue(actor.getSnapshot())).toBe(2);
    expect(gets(fake)).toBe(1);
  });

  it('a revision newer than the answer’s (another console saved after the Take) is still read', async () => {
    const { actor, fake } = await start(rehearsing(0, 2, 1_000));
    actor.send({ type: 'runOfShow.take' });
    actor.send(feed(5, rehearsing(1, 3, 1_030)));
    fake.answer(RUN_OF_SHOW_SUFFIX, takeAnswer);
    await flush();
    expect(selectWork(actor.getSnapshot())).toBe('reloading');
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 5, doc: { ...doc, name: 'Edited' }, state: rehearsing(1, 3, 1_030) });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ revision: 5, doc: { name: 'Edited' } });
    expect(selectWork(actor.getSnapshot())).toBe('steady');
  });

  it('an answer with the revision but not the document (a server without it) leaves the read to the feed, as before', async () => {
    const { actor, fake } = await start(rehearsing(0, 2, 1_000));
    actor.send({ type: 'runOfShow.take' });
    fake.answer(RUN_OF_SHOW_SUFFIX, { result: 0, revision: 4, state: rehearsing(1, 3, 1_030) });
    await flush();
    expect(actor.getSnapshot().context.revision).toBe(3);
    actor.send(feed(4, rehearsing(1, 3, 1_030)));
    expect(selectWork(actor.getSnapshot())).toBe('reloading');
  });
});
