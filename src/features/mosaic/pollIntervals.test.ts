import { describe, expect, it } from 'vitest';
import { POLL_INTERVALS, autoConfig } from './mosaicModel';

describe('automatic poll intervals (spec §9)', () => {
  it('offers 10, 20, 30, 60, 120 and 300 seconds, 10 by default', () => {
    expect([...POLL_INTERVALS]).toEqual([10, 20, 30, 60, 120, 300]);
    for (const role of ['speaker', 'chair', 'guest'] as const) expect(autoConfig(role).poll_secs).toBe(10);
  });
});
