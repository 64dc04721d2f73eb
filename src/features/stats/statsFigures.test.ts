import { describe, expect, it } from 'vitest';
import type { StatsSample } from '@machines/index';
import { figuresOf, joinHistory, SERIES, shownSeries } from './statsFigures';

const sample = (t: number, audioRxBw: number, contentRxBw = 0) =>
  ({ t, audio_rx_bw: audioRxBw, content_rx_bw: contentRxBw, content_tx_bw: 0 }) as unknown as StatsSample;

describe('series styles', () => {
  it('receive and send of a kind differ by colour and by dash; audio alone has its own axis', () => {
    for (const kind of ['audio', 'video', 'content'] as const) {
      const [rx, tx] = SERIES.filter((s) => s.kind === kind);
      expect(rx.color).not.toBe(tx.color);
      expect(rx.dash).toBeUndefined();
      expect(tx.dash).toBeTruthy();
    }
    expect(SERIES.filter((s) => s.axis === 'audio').map((s) => s.kind)).toEqual(['audio', 'audio']);
    expect(new Set(SERIES.map((s) => s.color)).size).toBe(6);
  });

  it('content is listed once it was shared', () => {
    expect(shownSeries([sample(1, 64)], 'bw').map((s) => s.kind)).toEqual(['audio', 'audio', 'video', 'video']);
    expect(shownSeries([sample(1, 64), sample(2, 64, 700)], 'bw')).toHaveLength(6);
  });
});

describe('figures', () => {
  it('current is the newest sample, with the average and the peak of all', () => {
    expect(figuresOf([sample(1, 60), sample(2, 70), sample(3, 65)], 'audio_rx_bw')).toEqual({ current: 65, average: 65, peak: 70 });
    expect(figuresOf([], 'audio_rx_bw')).toBeNull();
  });
});

describe('joinHistory', () => {
  it('puts what was read before the dialog opened first, without the moments read twice', () => {
    const earlier = [sample(10, 1), sample(20, 2), sample(30, 3)];
    const own = [sample(30, 30), sample(32, 32)];
    expect(joinHistory(earlier, own).map((s) => s.t)).toEqual([10, 20, 30, 32]);
    expect(joinHistory(earlier, []).map((s) => s.t)).toEqual([10, 20, 30]);
  });
});
