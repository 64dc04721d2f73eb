import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoldRepeat } from './useHoldRepeat';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('camera press-and-hold', () => {
  it('press → start, every 500 ms held → continue, release → one stop', () => {
    const send = vi.fn();
    const hold = createHoldRepeat(send);
    hold.press('up');
    expect(send.mock.calls).toEqual([['start', 'up']]);
    vi.advanceTimersByTime(1200);
    expect(send.mock.calls.slice(1)).toEqual([
      ['continue', 'up'],
      ['continue', 'up'],
    ]);
    hold.release();
    hold.release();
    vi.advanceTimersByTime(2000);
    expect(send.mock.calls.at(-1)).toEqual(['stop', 'up']);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('a new direction stops the previous one first', () => {
    const send = vi.fn();
    const hold = createHoldRepeat(send);
    hold.press('left');
    hold.press('in');
    expect(send.mock.calls).toEqual([
      ['start', 'left'],
      ['stop', 'left'],
      ['start', 'in'],
    ]);
    hold.dispose();
    expect(send.mock.calls.at(-1)).toEqual(['stop', 'in']);
  });
});
