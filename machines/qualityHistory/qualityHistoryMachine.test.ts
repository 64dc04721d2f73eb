import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ApiError } from '../../protocol/errors';
import type { MediaStreamResponse } from '../../protocol/wire';
import { flush } from '../testing/fakeSessionApi';
import {
  qualityHistoryMachine,
  ROUND_MS,
  MEDIA_BATCH,
  REARM_RATIO,
  type QualityHistoryInput,
  type QualityNotice,
} from './qualityHistoryMachine';
import { selectIsSampling, selectQualityNotices, selectQualityRound, selectQualityStore } from './selectors';
import type { QualityApi, QualityLeg } from './sampling';

const leg = (n: number): QualityLeg => ({ usrId: `u${n}`, name: `User ${n}`, epId: 100 + n, uuid: `uuid-${n}` });

const media = (lossPct: number, jitterMs: number): MediaStreamResponse => ({
  refer_num: 1,
  remote_addr: '',
  uuid: '',
  local_addr: '',
  data: [
    { node: '', id: 1, type: 'audio', ssrc: '', start_time: 0, fps: 0, fur: 0, rx_bitrate: 64, rx_lost_rate: lossPct, rx_jitter: jitterMs },
    {
      node: '',
      id: 2,
      type: 'video',
      ssrc: '',
      start_time: 0,
      fps: 30,
      fur: 0,
      tx_bitrate: 1500,
      tx_lost_rate: lossPct,
      tx_jitter: jitterMs,
    },
  ],
});

/**
 * A meeting on a simulated clock: `lines` gives each usr_id's loss and jitter now; the fake
 * server answers the loss call (keyed by ep_uuid, as the reference server does) and
 * `media_stream` from it at once, and counts what it was asked.
 */
function meeting(legs: QualityLeg[], input: Partial<QualityHistoryInput> = {}) {
  const clock = new SimulatedClock();
  const lines = new Map<string, { loss: number; jitter: number }>();
  const asked = { loss: 0, media: [] as number[], aborted: 0 };
  let current = legs;
  const api: QualityApi = {
    mrId: '8008038',
    raw: <T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal) => {
      signal?.addEventListener('abort', () => (asked.aborted += 1));
      if (method === 'POST') {
        expect(path).toBe('/status/participant/packets_lost_rate/');
        expect(body).toEqual({ mr_id: '8008038' });
        asked.loss += 1;
        const out: Record<string, [number, number]> = {};
        for (const l of current) {
          const line = lines.get(l.usrId) ?? { loss: 0.2, jitter: 8 };
          out[l.uuid] = [line.loss, line.loss / 2];
        }
        return Promise.resolve(out as T);
      }
      expect(path).toMatch(/^\/status\/participant\/\d+\/media_stream$/); // the platform client's spelling: no trailing slash
      const epId = Number(/participant\/(\d+)\/media_stream/.exec(path)![1]);
      asked.media.push(epId);
      const l = current.find((x) => x.epId === epId);
      const line = (l && lines.get(l.usrId)) ?? { loss: 0.2, jitter: 8 };
      return Promise.resolve(media(line.loss, line.jitter) as T);
    },
  };
  const notices: QualityNotice[][] = [];
  const actor = createActor(qualityHistoryMachine, {
    clock,
    input: { api, listLegs: () => current, now: () => 1_700_000_000_000 + clock.now(), ...input },
  });
  actor.on('quality.crossed', (e) => notices.push(e.notices));
  actor.start();
  actor.send({ type: 'quality.start' });
  const snap = () => actor.getSnapshot();
  const store = () => selectQualityStore(snap());
  /** lets the round in flight finish, then moves the clock to the next one */
  const nextRound = async () => {
    await flush();
    clock.increment(ROUND_MS);
    await flush();
  };
  return {
    clock,
    actor,
    snap,
    store,
    asked,
    notices,
    lines,
    nextRound,
    setLegs: (next: QualityLeg[]) => (current = next),
  };
}

describe('when sampling', () => {
  it('a round asks the loss of the whole meeting once and reads media of at most a batch, then waits a round', async () => {
    const legs = Array.from({ length: 20 }, (_, i) => leg(i));
    const m = meeting(legs);
    await flush();
    expect(m.asked.loss).toBe(1);
    expect(m.asked.media).toHaveLength(MEDIA_BATCH);
    expect(selectQualityRound(m.snap())).toBe(1);
    m.clock.increment(ROUND_MS - 1);
    await flush();
    expect(m.asked.loss).toBe(1);
    m.clock.increment(1);
    await flush();
    expect(m.asked.loss).toBe(2);
    // round-robin: the second batch goes on where the first stopped
    expect(m.asked.media.slice(MEDIA_BATCH)).toEqual(legs.slice(MEDIA_BATCH, 2 * MEDIA_BATCH).map((l) => l.epId));
  });

  it('asks nothing while the change feed is lost (the session may be expired or resuming), and goes on once it is back', async () => {
    let live = true;
    const m = meeting([leg(1), leg(2)], { feedLive: () => live });
    await flush();
    expect(m.asked.loss).toBe(1);
    live = false;
    await m.nextRound();
    await m.nextRound();
    expect(m.asked.loss).toBe(1);
    expect(m.asked.media).toHaveLength(2);
    live = true;
    await m.nextRound();
    expect(m.asked.loss).toBe(2);
  });

  it.each([
    ['the platform unreachable (502 from its gateway)', new ApiError('http', 502, '/status/participant/packets_lost_rate/', 9988)],
    ['no answer at all', new ApiError('network', 0, '/status/participant/packets_lost_rate/')],
    ['the session gone (401)', new ApiError('http', 401, '/status/participant/packets_lost_rate/', 1006)],
  ])('a round whose loss call meets %s reads no media (each read would fail the same way) and waits a whole round', async (_, error) => {
    const clock = new SimulatedClock();
    const asked = { loss: 0, media: 0 };
    const api: QualityApi = {
      mrId: '8008038',
      raw: (method) => {
        if (method === 'POST') return (asked.loss++, Promise.reject(error));
        return (asked.media++, Promise.resolve(media(0.2, 8) as never));
      },
    };
    createActor(qualityHistoryMachine, { clock, input: { api, listLegs: () => [leg(1), leg(2), leg(3)] } })
      .start()
      .send({ type: 'quality.start' });
    await flush();
    expect(asked).toEqual({ loss: 1, media: 0 });
    clock.increment(ROUND_MS - 1);
    await flush();
    expect(asked.loss).toBe(1);
    clock.increment(1);
    await flush();
    expect(asked).toEqual({ loss: 2, media: 0 });
  });

  it('a platform that refuses the loss call still has the media of the batch read (they give the loss too)', async () => {
    const clock = new SimulatedClock();
    const asked = { media: 0 };
    const api: QualityApi = {
      mrId: '8008038',
      raw: (method) => {
        if (method === 'POST') return Promise.reject(new ApiError('http', 404, '/status/participant/packets_lost_rate/', 9999));
        return (asked.media++, Promise.resolve(media(7, 8) as never));
      },
    };
    const actor = createActor(qualityHistoryMachine, { clock, input: { api, listLegs: () => [leg(1), leg(2)] } }).start();
    actor.send({ type: 'quality.start' });
    await flush();
    expect(asked.media).toBe(2);
    expect(selectQualityStore(actor.getSnapshot()).current('u1', 'loss')).toBe(7);
  });

  it('keeps a figure per round for every participant, 30 minutes at most, oldest dropped', async () => {
    const m = meeting([leg(1)], { capacity: 180 });
    for (let i = 0; i < 200; i++) {
      m.lines.set('u1', { loss: i % 10, jitter: 8 });
      await m.nextRound();
    }
    const loss = m.store().series('u1', 'loss');
    expect(loss).toHaveLength(180);
    expect(Number.isNaN(loss[0])).toBe(false);
    expect(m.store().summary('u1', 'loss').peak).toBe(9);
  });

  it('keeps the history of a participant who left, until it is older than the window', async () => {
    const m = meeting([leg(1), leg(2)], { capacity: 6 });
    m.lines.set('u2', { loss: 3, jitter: 20 });
    await m.nextRound();
    m.setLegs([leg(1)]);
    await m.nextRound();
    expect(m.store().has('u2')).toBe(true);
    expect(m.store().summary('u2', 'loss').peak).toBe(3);
    expect(m.store().samples('u2').length).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) await m.nextRound();
    expect(m.store().has('u2')).toBe(false);
  });

  it('with no legs yet asks nothing and looks again after a second', async () => {
    const m = meeting([]);
    await flush();
    expect(m.asked.loss).toBe(0);
    m.setLegs([leg(1)]);
    m.clock.increment(1000);
    await flush();
    expect(m.asked.loss).toBe(1);
  });

  it('at 10,000 participants a round is still one loss call and a batch of reads', async () => {
    const legs = Array.from({ length: 10_000 }, (_, i) => leg(i));
    const m = meeting(legs);
    await flush();
    expect(m.asked.loss).toBe(1);
    expect(m.asked.media).toHaveLength(MEDIA_BATCH);
    expect(m.store().size).toBe(10_000);
    const started = performance.now();
    await m.nextRound();
    expect(m.asked.loss).toBe(2);
    // linear work: a few ms on an idle machine; the bound catches a quadratic pass (seconds)
    // and leaves room for a machine shared by many test runs
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('when a threshold is crossed', () => {
  it('notifies once per crossing, again only after the figure was back under', async () => {
    const m = meeting([leg(1), leg(2)]);
    m.lines.set('u1', { loss: 6, jitter: 8 });
    await flush();
    expect(m.notices).toHaveLength(1);
    expect(m.notices[0]).toEqual([expect.objectContaining({ usrId: 'u1', name: 'User 1', metric: 'loss', value: 6, threshold: 5 })]);
    await m.nextRound();
    await m.nextRound();
    expect(m.notices).toHaveLength(1);
    m.lines.set('u1', { loss: 1, jitter: 8 });
    await m.nextRound();
    m.lines.set('u1', { loss: 7, jitter: 8 });
    await m.nextRound();
    expect(m.notices).toHaveLength(2);
    expect(selectQualityNotices(m.snap()).map((n) => n.value)).toEqual([7, 6]);
  });

  it('a figure hovering around its threshold notifies once, until it is clearly back under', async () => {
    const m = meeting([leg(1)]);
    m.lines.set('u1', { loss: 5.4, jitter: 8 });
    await flush();
    for (const loss of [4.6, 5.8, 4.1, 6.2]) {
      m.lines.set('u1', { loss, jitter: 8 });
      await m.nextRound();
    }
    expect(m.notices).toHaveLength(1);
    m.lines.set('u1', { loss: 5 * REARM_RATIO - 0.1, jitter: 8 });
    await m.nextRound();
    m.lines.set('u1', { loss: 5.2, jitter: 8 });
    await m.nextRound();
    expect(m.notices).toHaveLength(2);
  });

  it('jitter crosses on its own threshold, read from the media statistics', async () => {
    const m = meeting([leg(1)], { thresholds: { lossPct: 5, jitterMs: 30 } });
    m.lines.set('u1', { loss: 0.5, jitter: 45 });
    await flush();
    expect(m.notices.flat()).toEqual([expect.objectContaining({ usrId: 'u1', metric: 'jitter', value: 45, threshold: 30 })]);
  });

  it('reads the media of a participant above a threshold every round, before the others', async () => {
    const legs = Array.from({ length: 40 }, (_, i) => leg(i));
    const m = meeting(legs);
    m.lines.set('u39', { loss: 9, jitter: 8 });
    await flush();
    await m.nextRound();
    await m.nextRound();
    const third = m.asked.media.slice(2 * MEDIA_BATCH);
    expect(third[0]).toBe(legs[39].epId);
  });

  it('new thresholds notify whoever is above them at the next round', async () => {
    const m = meeting([leg(1)]);
    m.lines.set('u1', { loss: 3, jitter: 8 });
    await flush();
    expect(m.notices).toHaveLength(0);
    m.actor.send({ type: 'quality.setThresholds', thresholds: { lossPct: 2, jitterMs: 40 } });
    await m.nextRound();
    expect(m.notices.flat()).toEqual([expect.objectContaining({ metric: 'loss', value: 3, threshold: 2 })]);
  });
});

describe('before the control screen asks', () => {
  it('asks nothing until quality.start, then samples at once', async () => {
    const clock = new SimulatedClock();
    let asked = 0;
    const api: QualityApi = { mrId: '1', raw: () => ((asked += 1), Promise.resolve({} as never)) };
    const actor = createActor(qualityHistoryMachine, { clock, input: { api, listLegs: () => [leg(1)] } }).start();
    clock.increment(ROUND_MS * 3);
    await flush();
    expect(asked).toBe(0);
    actor.send({ type: 'quality.start' });
    await flush();
    expect(asked).toBeGreaterThan(0);
  });
});

describe('when the session logs out', () => {
  it('quality.stop aborts the round in flight and asks nothing more', async () => {
    const m = meeting([leg(1)]);
    m.actor.send({ type: 'quality.stop' });
    await flush();
    expect(m.asked.aborted).toBeGreaterThan(0);
    expect(selectIsSampling(m.snap())).toBe(false);
    m.clock.increment(ROUND_MS * 3);
    await flush();
    expect(m.asked.loss).toBe(1);
  });
});
