import { describe, expect, it } from 'vitest';
import { levelFromSamples } from './audio';

describe('levelFromSamples', () => {
  it('is 0 for silence and 100 for a full-scale signal', () => {
    expect(levelFromSamples(new Float32Array(256))).toBe(0);
    expect(levelFromSamples(new Float32Array(256).fill(1))).toBe(100);
  });

  it('puts a −30 dBFS signal in the middle', () => {
    const amplitude = 10 ** (-30 / 20);
    expect(levelFromSamples(new Float32Array(256).fill(amplitude))).toBe(50);
  });
});
