import { describe, expect, it } from 'vitest';
import { QualityStore, SLAB_TRACKS, type QualityMetric } from './qualityStore';

const ROUND_MS = 10_000;

function storeOf(capacity: number) {
  const store = new QualityStore(capacity);
  let at = 1_700_000_000_000;
  return { store, round: () => store.beginRound((at += ROUND_MS)) };
}

const empty = (n: number) => Array.from({ length: n }, () => NaN);

describe('the lanes of the store', () => {
  it('a newcomer who takes a forgotten participant’s lane starts empty, and the forgotten history shows nowhere', () => {
    const { store, round } = storeOf(4);
    round();
    store.record('old', 'Old', 'loss', 30);
    store.record('old', 'Old', 'jitter', 90);
    for (let i = 0; i < 4; i++) round();
    expect(store.has('old')).toBe(true);
    round();
    expect(store.has('old')).toBe(false);

    store.record('new', 'New', 'jitter', 3);
    expect(store.series('new', 'loss')).toEqual(empty(4));
    expect(store.series('new', 'jitter')).toEqual([NaN, NaN, NaN, 3]);
    expect(store.summary('new', 'loss').count).toBe(0);
    expect(store.series('old', 'loss')).toEqual(empty(4));
  });

  it('more than a slab’s worth of participants, coming and going in waves, each read back only their own figures', () => {
    const capacity = 8;
    const { store, round } = storeOf(capacity);
    // two waves of 700 (several slabs each): the second arrives as the first is forgotten, in its lanes
    const people = Array.from({ length: 1400 }, (_, i) => {
      const from = (i < 700 ? 1 : 15) + (i % 9);
      return { usrId: `u${i}`, from, to: from + ((i * 7) % 13), jitter: i % 3 === 0 };
    });
    const figures = new Map<string, number>();
    const lastFigure = new Map<string, number>();
    const valueOf = (i: number, r: number, metric: QualityMetric) => (i % 50) + r + (metric === 'jitter' ? 0.5 : 0);

    for (let r = 1; r <= 45; r++) {
      round();
      people.forEach((p, i) => {
        if (r < p.from || r > p.to) return;
        for (const metric of p.jitter ? (['loss', 'jitter'] as const) : (['loss'] as const)) {
          store.record(p.usrId, p.usrId, metric, valueOf(i, r, metric));
          figures.set(`${p.usrId}:${metric}@${r}`, valueOf(i, r, metric));
        }
        lastFigure.set(p.usrId, r);
      });

      const n = Math.min(r, capacity);
      const wrong: string[] = [];
      for (const p of people) {
        const last = lastFigure.get(p.usrId);
        if (store.has(p.usrId) !== (last !== undefined && r - last <= capacity)) wrong.push(`${p.usrId} kept or forgotten`);
        for (const metric of ['loss', 'jitter'] as const) {
          const series = store.series(p.usrId, metric);
          for (let i = 0; i < n; i++)
            if (!Object.is(series[i], figures.get(`${p.usrId}:${metric}@${r - n + 1 + i}`) ?? NaN))
              wrong.push(`${p.usrId} ${metric} [${series}]`);
        }
      }
      expect(wrong, `round ${r}`).toEqual([]);
    }
    expect(store.size).toBe(0);
    expect(people.length).toBeGreaterThan(2 * SLAB_TRACKS);
  });

  it('a participant whose lane is in a slab opened after the first rounds has nothing in those rounds', () => {
    const { store, round } = storeOf(6);
    round();
    for (let i = 0; i < SLAB_TRACKS; i++) store.record(`u${i}`, '', 'loss', 1);
    round();
    round();
    store.record('late', 'Late', 'loss', 2);
    store.record('later', 'Later', 'jitter', 20);
    expect(store.series('late', 'loss')).toEqual([NaN, NaN, 2]);
    expect(store.series('late', 'jitter')).toEqual(empty(3));
    expect(store.current('later', 'loss')).toBeNaN();
    expect(store.series('later', 'jitter')).toEqual([NaN, NaN, 20]);
    expect(store.summary('late', 'loss')).toMatchObject({ count: 1, peak: 2, average: 2 });
  });
});
