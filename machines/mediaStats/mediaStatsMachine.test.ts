import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { MediaStreamResponse } from '../../protocol/wire';
import { flush } from '../testing/fakeSessionApi';
import { mediaStatsMachine, type MediaStatsInput } from './mediaStatsMachine';
import {
  selectCurrentAnswer,
  selectFailed,
  selectIsFetching,
  selectIsPolling,
  selectLatestAnswer,
  selectLeg,
  selectSamples,
} from './selectors';

const INTERVAL = 2000;

interface PendingCall {
  epId: number;
  signal: AbortSignal;
  answer: (res: MediaStreamResponse) => void;
  fail: (err: Error) => void;
}

/** An answer whose video leg receives `kbps`, so samples can be told apart. */
const answerOf = (kbps: number): MediaStreamResponse => ({
  refer_num: 1,
  remote_addr: '',
  uuid: '',
  local_addr: '',
  data: [{ node: '', id: 1, type: 'video', ssrc: '', start_time: 0, fps: 30, fur: 0, rx_bitrate: kbps, rx_lost_rate: 0.2, rx_jitter: 5 }],
});

/** A poller whose requests wait until the test answers them, on a simulated clock. */
function poller(input: Partial<MediaStatsInput> = {}) {
  const clock = new SimulatedClock();
  const calls: PendingCall[] = [];
  const fetchStats: MediaStatsInput['fetchStats'] = (epId, signal) =>
    new Promise((resolve, reject) => calls.push({ epId, signal, answer: resolve, fail: reject }));
  const actor = createActor(mediaStatsMachine, {
    clock,
    input: { epId: 7, fetchStats, intervalMs: INTERVAL, historyLimit: 600, now: () => 1_000_000 + clock.now(), ...input },
  }).start();
  const snap = () => actor.getSnapshot();
  /** answers the newest request and lets the machine see it */
  const answer = async (res: MediaStreamResponse) => {
    calls.at(-1)!.answer(res);
    await flush();
  };
  const fail = async () => {
    calls.at(-1)!.fail(new Error('404 statistics not enabled'));
    await flush();
  };
  return { clock, calls, actor, snap, answer, fail };
}

describe('polling', () => {
  it('asks at once, then once per interval after each answer', async () => {
    const p = poller();
    expect(p.calls.map((c) => c.epId)).toEqual([7]);
    expect(selectIsFetching(p.snap())).toBe(true);
    await p.answer(answerOf(800));
    expect(selectIsFetching(p.snap())).toBe(false);

    p.clock.increment(INTERVAL - 1);
    expect(p.calls).toHaveLength(1);
    p.clock.increment(1);
    expect(p.calls).toHaveLength(2);
    await p.answer(answerOf(900));
    p.clock.increment(INTERVAL);
    expect(p.calls).toHaveLength(3);
  });

  it('keeps a sample per answer, stamped with the time of the answer, and the latest answer', async () => {
    const p = poller();
    await p.answer(answerOf(800));
    p.clock.increment(INTERVAL);
    await p.answer(answerOf(900));
    expect(selectSamples(p.snap()).map((s) => [s.t, s.video_rx_bw])).toEqual([
      [1000, 800],
      [1002, 900],
    ]);
    expect(selectLatestAnswer(p.snap())?.data[0].rx_bitrate).toBe(900);
    expect(selectCurrentAnswer(p.snap())?.data[0].rx_bitrate).toBe(900);
  });

  it('keeps at most historyLimit samples, dropping the oldest', async () => {
    const p = poller({ historyLimit: 2 });
    for (const kbps of [100, 200, 300]) {
      await p.answer(answerOf(kbps));
      p.clock.increment(INTERVAL);
    }
    expect(selectSamples(p.snap()).map((s) => s.video_rx_bw)).toEqual([200, 300]);
  });

  it('keeps no samples with historyLimit 0, only the latest answer', async () => {
    const p = poller({ historyLimit: 0 });
    await p.answer(answerOf(100));
    expect(selectSamples(p.snap())).toEqual([]);
    expect(selectLatestAnswer(p.snap())?.data[0].rx_bitrate).toBe(100);
  });

  it('a slow answer is never overlapped: the next request waits for it, then for the interval', async () => {
    const p = poller();
    p.clock.increment(INTERVAL * 10);
    expect(p.calls).toHaveLength(1);
    await p.answer(answerOf(800));
    p.clock.increment(INTERVAL - 1);
    expect(p.calls).toHaveLength(1);
    p.clock.increment(1);
    expect(p.calls).toHaveLength(2);
  });
});

describe('failure', () => {
  it('marks failed, keeps the history and retries after the interval; a success clears it', async () => {
    const p = poller();
    await p.answer(answerOf(800));
    p.clock.increment(INTERVAL);
    await p.fail();
    expect(selectFailed(p.snap())).toBe(true);
    expect(selectCurrentAnswer(p.snap())).toBeNull();
    expect(selectLatestAnswer(p.snap())?.data[0].rx_bitrate).toBe(800);
    expect(selectSamples(p.snap())).toHaveLength(1);
    expect(selectIsPolling(p.snap())).toBe(true);

    p.clock.increment(INTERVAL);
    expect(p.calls).toHaveLength(3);
    await p.answer(answerOf(900));
    expect(selectFailed(p.snap())).toBe(false);
    expect(selectSamples(p.snap()).map((s) => s.video_rx_bw)).toEqual([800, 900]);
  });

  it('a first call failing shows failed with nothing read', async () => {
    const p = poller();
    await p.fail();
    expect(selectFailed(p.snap())).toBe(true);
    expect(selectSamples(p.snap())).toEqual([]);
  });
});

describe('stopping', () => {
  it('stopping the actor aborts the request in flight and asks nothing more', async () => {
    const p = poller();
    const inFlight = p.calls[0];
    p.actor.stop();
    expect(inFlight.signal.aborted).toBe(true);
    inFlight.answer(answerOf(800));
    await flush();
    p.clock.increment(INTERVAL * 5);
    expect(p.calls).toHaveLength(1);
  });

  it('stopping the actor while waiting cancels the next request', async () => {
    const p = poller();
    await p.answer(answerOf(800));
    p.actor.stop();
    p.clock.increment(INTERVAL * 5);
    expect(p.calls).toHaveLength(1);
  });

  it('mediaStats.stop aborts the request, forgets what was read and stays idle', async () => {
    const p = poller();
    await p.answer(answerOf(800));
    p.clock.increment(INTERVAL);
    const inFlight = p.calls[1];
    p.actor.send({ type: 'mediaStats.stop' });
    expect(inFlight.signal.aborted).toBe(true);
    expect(selectIsPolling(p.snap())).toBe(false);
    expect(selectSamples(p.snap())).toEqual([]);
    expect(selectCurrentAnswer(p.snap())).toBeNull();
    p.clock.increment(INTERVAL * 5);
    expect(p.calls).toHaveLength(2);
  });
});

describe('watching a leg', () => {
  it('with no leg (epId 0) it waits idle and asks nothing', () => {
    const p = poller({ epId: 0 });
    p.clock.increment(INTERVAL * 5);
    expect(p.calls).toHaveLength(0);
    expect(selectIsPolling(p.snap())).toBe(false);
  });

  it('mediaStats.watch of another leg aborts the old request and starts afresh at once', async () => {
    const p = poller();
    await p.answer(answerOf(800));
    p.clock.increment(INTERVAL);
    const old = p.calls[1];
    p.actor.send({ type: 'mediaStats.watch', epId: 9 });
    expect(old.signal.aborted).toBe(true);
    expect(p.calls.map((c) => c.epId)).toEqual([7, 7, 9]);
    expect(selectLeg(p.snap())).toBe(9);
    expect(selectSamples(p.snap())).toEqual([]);
    await p.answer(answerOf(300));
    expect(selectSamples(p.snap()).map((s) => s.video_rx_bw)).toEqual([300]);
  });

  it('mediaStats.watch of the same leg changes nothing; of leg 0 stops', async () => {
    const p = poller();
    await p.answer(answerOf(800));
    p.actor.send({ type: 'mediaStats.watch', epId: 7 });
    expect(p.calls).toHaveLength(1);
    expect(selectSamples(p.snap())).toHaveLength(1);
    p.actor.send({ type: 'mediaStats.watch', epId: 0 });
    expect(selectIsPolling(p.snap())).toBe(false);
    p.clock.increment(INTERVAL * 3);
    expect(p.calls).toHaveLength(1);
  });

  it('from idle, mediaStats.watch starts polling', () => {
    const p = poller({ epId: 0 });
    p.actor.send({ type: 'mediaStats.watch', epId: 4 });
    expect(p.calls.map((c) => c.epId)).toEqual([4]);
  });
});
