/**
 * A segment's timer on the endpoints' banner in front of the platform (issue 28 item 3): the
 * browser-kept run of show writes it with the platform's own `set_title` per role, at the server's
 * cadence, held by Hold, ended by Take and Undo. Simulated clock, scripted API.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../protocol/errors';
import { RC } from '../../protocol/codes';
import { defaultBanner, type RunOfShow, type Segment } from '../../protocol/runOfShow';
import { flush } from '../testing/fakeSessionApi';
import { RUN_OF_SHOW_SUFFIX } from './runOfShowMachine';
import { PLATFORM_BANNER_MAX_BYTES } from './countdown';
import { selectShowPhase, selectWork } from './selectors';
import { meetingView, runOfShowActor } from './testing';

const view = meetingView({ main_venue: 'hq', online: new Set(['hq', 'b1', 'b2']) });
const TITLE = 'title-config';

const talk = (timer: Partial<NonNullable<Segment['timer']>> = {}, more: Partial<Segment> = {}): Segment => ({
  id: 'talk',
  name: 'Branch report',
  main_venue: 'b1',
  timer: { secs: 180, warn_share: 0.8, on_endpoints: true, to_role: 'speaker', ...timer },
  ...more,
});
const closing: Segment = { id: 'close', name: 'Closing', main_venue: 'hq' };

/** In front of the platform (404 on the run of show), `segments` loaded, a clock the test moves second by second. */
async function local(segments: Segment[]) {
  const { fake, actor, clock, emitted } = runOfShowActor();
  fake.fail(RUN_OF_SHOW_SUFFIX, new ApiError('http', 404, 'run-of-show'));
  await flush();
  const doc: RunOfShow = { version: 1, name: 'Plenary', segments };
  actor.send({ type: 'runOfShow.edit', doc });
  let t = 0;
  /** every `set_title` sent, with the second it was sent at */
  const titles: { t: number; role: string; message: string; has_title: number }[] = [];
  let seen = 0;
  const note = () => {
    for (; seen < fake.calls.length; seen++) {
      const c = fake.calls[seen];
      if (c.suffix === TITLE)
        titles.push({ t, role: String(c.body!.to_role), message: String(c.body!.message), has_title: Number(c.body!.has_title) });
    }
  };
  /** answers every open request until none is left (a Take's steps, countdown writes) */
  const answerAll = async () => {
    for (let i = 0; i < 50; i++) {
      note();
      const open = fake.calls.find((c) => !c.settled && c.method === 'post');
      if (!open) return;
      fake.answer(open.suffix, { result: 0 });
      await flush();
    }
  };
  /** `secs` seconds go by, every request answered as it comes */
  const run = async (secs: number) => {
    for (let i = 0; i < secs; i++) {
      clock.increment(1000);
      t++;
      await flush();
      await answerAll();
    }
  };
  const take = async (v = view) => {
    actor.send({ type: 'runOfShow.take', view: v });
    await answerAll();
  };
  return { fake, actor, clock, emitted, titles, run, take, answerAll, note };
}

const messages = (titles: { t: number; message: string }[]) => titles.map((x) => [x.t, x.message]);

describe('the segment timer on the endpoints’ banner, in front of the platform', () => {
  it('a 3-minute timer: a set_title on each whole minute, then every 10 s, then the overrun; nothing while held', async () => {
    const { actor, titles, run, take } = await local([talk(), closing]);
    await take();
    await run(90);
    actor.send({ type: 'runOfShow.hold' });
    expect(selectShowPhase(actor.getSnapshot())).toBe('held');
    await run(100);
    actor.send({ type: 'runOfShow.hold' });
    await run(110);
    expect(messages(titles)).toEqual([
      [0, '剩余 3:00 / 3:00 left'],
      [60, '剩余 2:00 / 2:00 left'],
      // held from 90 to 190: 2:00 stays; 120 s counted at 220
      [220, '剩余 1:00 / 1:00 left'],
      [230, '剩余 0:50 / 0:50 left'],
      [240, '剩余 0:40 / 0:40 left'],
      [250, '剩余 0:30 / 0:30 left'],
      [260, '剩余 0:20 / 0:20 left'],
      [270, '剩余 0:10 / 0:10 left'],
      [280, '剩余 0:00 / 0:00 left'],
      [281, '超时 +0:00 / +0:00 over'],
      [290, '超时 +0:10 / +0:10 over'],
      [300, '超时 +0:20 / +0:20 over'],
    ]);
    // one role, the timer's; shown in the default look
    expect(new Set(titles.map((x) => `${x.role}:${x.has_title}`))).toEqual(new Set(['speaker:1']));
  });

  it('for everyone: one set_title per role, after the segment’s own banner, in its look; a long banner is shortened to fit the platform’s', async () => {
    const banner = { ...defaultBanner({ en: 'Keynote' }), font_size: 48 };
    const { fake, titles, take } = await local([talk({ to_role: undefined }, { banner })]);
    await take();
    // the Take's own banner first (three roles), then the countdown over it
    expect(titles.map((x) => [x.role, x.message])).toEqual([
      ['guest', 'Keynote'],
      ['speaker', 'Keynote'],
      ['chair', 'Keynote'],
      ['guest', 'Keynote · 剩余 3:00 / 3:00 left'],
      ['speaker', 'Keynote · 剩余 3:00 / 3:00 left'],
      ['chair', 'Keynote · 剩余 3:00 / 3:00 left'],
    ]);
    expect(fake.calls.filter((c) => c.suffix === TITLE).at(-1)!.body).toMatchObject({ cmdid: 'set_title', font_size: 48, has_title: 1 });

    const long = await local([
      talk({}, { banner: { ...defaultBanner({ zh: '第一分会场工作报告暨年度总结', en: 'Report' }), to_role: 'speaker' } }),
    ]);
    await long.take();
    const last = long.titles.at(-1)!.message;
    expect(last.endsWith('… · 剩余 3:00 / 3:00 left')).toBe(true);
    expect(new TextEncoder().encode(last).length).toBeLessThanOrEqual(PLATFORM_BANNER_MAX_BYTES);
  });

  it('nothing is sent while the segment on air has no timer, or one not shown on the endpoints', async () => {
    for (const seg of [
      { ...talk({ on_endpoints: false }), id: 'quiet' },
      { ...talk(), id: 'quiet', timer: undefined },
    ]) {
      const { titles, run, take } = await local([seg, { ...talk(), main_venue: 'hq' }]);
      await take();
      await run(200);
      expect(titles).toEqual([]);
      // the next segment's timer is shown: from its Take on
      await take(meetingView({ ...view, main_venue: 'b1' }));
      expect(messages(titles)).toEqual([[200, '剩余 3:00 / 3:00 left']]);
    }
  });

  it('Take of the next segment stops it and puts the segment’s own banner back (or the banner off); a banner of the next segment needs no putting back', async () => {
    const own = { ...defaultBanner({ en: 'Branch one' }), to_role: 'speaker' as const };
    const { titles, run, take } = await local([talk({}, { banner: own }), closing]);
    await take();
    await run(70);
    titles.length = 0;
    await take(meetingView({ ...view, main_venue: 'b1' }));
    await run(200);
    expect(titles.map((x) => [x.t, x.role, x.message, x.has_title])).toEqual([[70, 'speaker', 'Branch one', 1]]);

    const off = await local([talk(), { ...closing, banner: null }]);
    await off.take();
    await off.run(20);
    off.titles.length = 0;
    await off.take(meetingView({ ...view, main_venue: 'b1' }));
    await off.run(120);
    // the Take turns the banner off for every role itself: nothing more
    expect(off.titles.map((x) => [x.role, x.has_title])).toEqual([
      ['guest', 0],
      ['speaker', 0],
      ['chair', 0],
    ]);

    const none = await local([talk(), closing]);
    await none.take();
    none.titles.length = 0;
    await none.take(meetingView({ ...view, main_venue: 'b1' }));
    await none.run(120);
    expect(none.titles.map((x) => [x.role, x.message, x.has_title])).toEqual([['speaker', '', 0]]);
  });

  it('Undo stops it and puts back the banner the meeting had before the Take', async () => {
    const before = meetingView({ ...view, banner: { message: 'Welcome' } });
    const { actor, titles, run, take, answerAll } = await local([talk()]);
    await take(before);
    await run(30);
    titles.length = 0;
    // the console sees the banner as it was (it does not read the countdown back): Undo's own steps leave it
    actor.send({ type: 'runOfShow.undo', view: meetingView({ ...before, main_venue: 'b1' }) });
    await answerAll();
    expect(actor.getSnapshot().context.state.current).toBe(-1);
    await run(120);
    expect(titles.map((x) => [x.role, x.message, x.has_title])).toEqual([['speaker', 'Welcome', 1]]);
  });

  it('a countdown write in flight never holds up Take: it is stopped, the Take’s steps go out at once', async () => {
    const { actor, fake, clock, take } = await local([talk(), closing]);
    await take();
    for (let i = 0; i < 60; i++) clock.increment(1000);
    await flush();
    // the 2:00 write, left unanswered
    const inFlight = fake.pending(TITLE);
    expect(inFlight.map((c) => c.body!.message)).toEqual(['剩余 2:00 / 2:00 left']);
    actor.send({ type: 'runOfShow.take', view: meetingView({ ...view, main_venue: 'b1' }) });
    expect(selectWork(actor.getSnapshot())).toBe('applying');
    await flush();
    expect(inFlight[0].signal!.aborted).toBe(true);
    expect(fake.pending('eps-status')).toHaveLength(1);
    fake.answer('eps-status', { result: 0 });
    await flush();
    // the stopped write may have landed: the banner goes off for the timer's role all the same
    expect(fake.pending(TITLE).map((c) => [c.body!.to_role, c.body!.has_title])).toEqual([['speaker', 0]]);
  });

  it('a refused write is reported once, not per write; the show goes on and Take still works', async () => {
    const { actor, fake, emitted, take, answerAll, clock } = await local([talk({ to_role: 'guest' }), closing]);
    actor.send({ type: 'runOfShow.take', view });
    fake.answer('eps-status', { result: 0 });
    await flush();
    const refuse = async () => {
      fake.fail(TITLE, new ApiError('http', 403, TITLE, RC.hostForbidden));
      await flush();
    };
    await refuse();
    for (let i = 0; i < 60; i++) clock.increment(1000);
    await flush();
    await refuse();
    expect(emitted.filter((e) => e === 'runOfShow.countdownFailed')).toHaveLength(1);
    expect(actor.getSnapshot().context.countdownFailure).toMatchObject({ status: 403, result: RC.hostForbidden });
    // not sent again until the text changes
    expect(fake.pending(TITLE)).toHaveLength(0);
    await take(meetingView({ ...view, main_venue: 'b1' }));
    expect(selectWork(actor.getSnapshot())).toBe('steady');
    expect(actor.getSnapshot().context.state.current).toBe(1);
    await answerAll();
    // the guest's banner went off: the write went through, the failure is over
    expect(fake.calls.filter((c) => c.suffix === TITLE).at(-1)!.body).toMatchObject({ to_role: 'guest', has_title: 0 });
    expect(actor.getSnapshot().context.countdownFailure).toBeNull();
  });
});
