import { describe, expect, it } from 'vitest';
import { QualityStore } from '@machines/index';
import { loadThresholds, saveThresholds, sparkline, validThreshold, worstFirst } from './qualityModel';

function storeWith(figures: Record<string, { loss: number[]; jitter?: number[] }>): QualityStore {
  const store = new QualityStore(10);
  const rounds = Math.max(...Object.values(figures).map((f) => f.loss.length));
  for (let r = 0; r < rounds; r++) {
    store.beginRound(r * 10_000);
    for (const [usrId, f] of Object.entries(figures)) {
      if (!Number.isNaN(f.loss[r] ?? NaN)) store.record(usrId, usrId, 'loss', f.loss[r]);
      if (f.jitter && !Number.isNaN(f.jitter[r] ?? NaN)) store.record(usrId, usrId, 'jitter', f.jitter[r]);
    }
  }
  return store;
}

describe('sparkline', () => {
  it('draws the window right-aligned, breaks at rounds without a figure, and tells peak and newest', () => {
    const s = sparkline([1, NaN, 4, 2], 5, 90, 20, 10);
    expect(s.peak).toBe(4);
    expect(s.latest).toBe(2);
    // 10 slots, 4 figures: the first at slot 6 (x = 60); the gap starts a new segment
    expect(s.path).toMatch(/^M60 [\d.]+M80 [\d.]+L90 [\d.]+$/);
    // the scale reaches 1.5 × threshold: the threshold line sits at a third from the top
    expect(s.thresholdY).toBeCloseTo(19 - (5 / 7.5) * 18, 0);
  });

  it('a single figure is still visible, none draws nothing', () => {
    expect(sparkline([3], 5, 50, 20, 10).path).toMatch(/h0\.1$/);
    expect(sparkline([NaN, NaN], 5, 50, 20, 10).path).toBe('');
  });
});

describe('worstFirst', () => {
  const rows = [{ usrId: 'a' }, { usrId: 'b' }, { usrId: 'c' }, { usrId: 'none' }];
  const store = storeWith({
    a: { loss: [1, 1], jitter: [50, 50] },
    b: { loss: [9, 3], jitter: [5, 5] },
    c: { loss: [0, 6], jitter: [20, NaN] },
  });

  it('orders by the newest loss, then the peak; rows without figures last in their order', () => {
    expect(worstFirst(rows, store, 'loss').map((r) => r.usrId)).toEqual(['c', 'b', 'a', 'none']);
  });

  it('orders by jitter, taking the newest figure the window has', () => {
    expect(worstFirst(rows, store, 'jitter').map((r) => r.usrId)).toEqual(['a', 'c', 'b', 'none']);
  });

  it('no order chosen: the rows as given', () => {
    expect(worstFirst(rows, store, 'none')).toBe(rows);
  });
});

describe('thresholds', () => {
  it('are remembered, and broken or missing values fall back to the defaults', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    expect(loadThresholds(storage)).toEqual({ lossPct: 5, jitterMs: 40 });
    saveThresholds({ lossPct: 2.5, jitterMs: 60 }, storage);
    expect(loadThresholds(storage)).toEqual({ lossPct: 2.5, jitterMs: 60 });
    kept.set('podium.quality.thresholds', '{"lossPct":-1,"jitterMs":"x"}');
    expect(loadThresholds(storage)).toEqual({ lossPct: 5, jitterMs: 40 });
    kept.set('podium.quality.thresholds', 'not json');
    expect(loadThresholds(storage)).toEqual({ lossPct: 5, jitterMs: 40 });
  });

  it('accept loss 0.1–100 % and jitter 1–2000 ms only', () => {
    expect(validThreshold('lossPct', '0.1')).toBe(0.1);
    expect(validThreshold('lossPct', 0)).toBeNull();
    expect(validThreshold('jitterMs', 2001)).toBeNull();
    expect(validThreshold('jitterMs', '')).toBeNull();
  });
});
