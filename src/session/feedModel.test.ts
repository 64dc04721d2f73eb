import { describe, expect, it } from 'vitest';
import { BACK_IN_STEP_MS, isLoaded, isLost, nextFeedView, type FeedView } from './feedModel';

const inStep: FeedView = { phase: 'inStep' };

describe('feed view (issue 13 §4)', () => {
  it('a lost feed shows the meeting as of the moment it was lost, and keeps that time while reconnecting', () => {
    const lost = nextFeedView(inStep, 'reconnecting', 1_000, true);
    expect(lost).toEqual({ phase: 'lost', asOf: 1_000 });
    expect(nextFeedView(lost, 'reconnecting', 9_000, true)).toBe(lost);
  });

  it('lost before the meeting ever loaded: no time to show', () => {
    expect(nextFeedView(inStep, 'reconnecting', 5, false)).toEqual({ phase: 'lost', asOf: null });
  });

  it('back in step when the feed returns, for a few seconds', () => {
    const lost: FeedView = { phase: 'lost', asOf: 1 };
    for (const state of ['reconnected', 'resynced', 'live'] as const)
      expect(nextFeedView(lost, state, 50, true)).toEqual({ phase: 'back', at: 50 });
    const back: FeedView = { phase: 'back', at: 50 };
    expect(nextFeedView(back, 'live', 50 + BACK_IN_STEP_MS - 1, true)).toBe(back);
    expect(nextFeedView(back, 'live', 50 + BACK_IN_STEP_MS, true)).toEqual(inStep);
  });

  it('an ended feed is no return; loading, live and paused warn of nothing', () => {
    expect(nextFeedView({ phase: 'lost', asOf: 1 }, 'ended', 2, true)).toEqual(inStep);
    for (const state of ['connecting', 'live', 'paused', undefined] as const) expect(nextFeedView(inStep, state, 2, true)).toBe(inStep);
  });

  it('commands wait only while reconnecting; the meeting counts as loaded once live', () => {
    expect(isLost('reconnecting')).toBe(true);
    expect(isLost('paused')).toBe(false);
    expect(isLost('connecting')).toBe(false);
    expect(isLoaded('connecting')).toBe(false);
    expect(isLoaded('live')).toBe(true);
  });
});
