import { describe, expect, it } from 'vitest';
import { isWorsening, qualityLook } from './qualityLook';

describe('qualityLook', () => {
  it('a steady line under the threshold → calm, however long it lasts', () => {
    expect(qualityLook(Array(180).fill(2), 5, 10, 40)).toBe('calm');
  });

  it('the newest loss at the threshold → over', () => {
    expect(qualityLook([1, 1, 1, 5], 5, 10, 40)).toBe('over');
  });

  it('jitter at its threshold → over, whatever the loss', () => {
    expect(qualityLook([0, 0, 0], 5, 40, 40)).toBe('over');
  });

  it('a round without a figure is skipped: the newest figure counts', () => {
    expect(qualityLook([6, NaN, NaN], 5, NaN, 40)).toBe('over');
  });

  it('rising towards the threshold over three rounds → worse', () => {
    expect(qualityLook([0, 0, 0, 0, 0, 0, 3, 3, 3], 5, 10, 40)).toBe('worse');
  });

  it('one bad round is no trend → calm', () => {
    expect(isWorsening([0, 0, 0, 0, 0, 0, 0, 0, 4], 5)).toBe(false);
  });

  it('high but no higher than before → not worse', () => {
    expect(isWorsening([3, 3, 3, 3, 3, 3, 3, 3, 3], 5)).toBe(false);
  });

  it('too few figures to tell → not worse', () => {
    expect(isWorsening([0, 4, 4], 5)).toBe(false);
  });
});
