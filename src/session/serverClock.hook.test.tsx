// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createActor, fromTransition, setup, spawnChild } from 'xstate';
import { useServerClockOffsetSec } from './serverClock';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Info = { current_dtm: number; mr_name?: string };
/** A session whose meeting child only keeps the info it is sent, as the meeting machine's context does. */
function sessionWithInfo(info: Info) {
  const meeting = fromTransition((state: { info: Info }, event: { type: 'info'; info: Info }) => ({ info: event.info }), { info });
  const session = createActor(
    setup({ actors: { meeting } }).createMachine({ entry: spawnChild('meeting', { id: 'meeting', systemId: 'meeting' }) }),
  ).start();
  return { session, tell: (next: Info) => session.system.get('meeting')!.send({ type: 'info', info: next }) };
}

describe('useServerClockOffsetSec', () => {
  it('measures the offset when the server tells a time, and a later delta carrying the same time does not set it back', () => {
    vi.useFakeTimers({ now: 1_000_000_000 });
    const { session, tell } = sessionWithInfo({ current_dtm: 1_000_300 });
    const { result } = renderHook(() => useServerClockOffsetSec(session));
    expect(result.current).toBe(300);
    // two minutes later a delta (a new name) arrives; the info still carries the time told before
    vi.setSystemTime(1_000_120_000);
    act(() => tell({ current_dtm: 1_000_300, mr_name: 'renamed' }));
    expect(result.current).toBe(300);
    // a new time told is measured again
    act(() => tell({ current_dtm: 1_000_480 }));
    expect(result.current).toBe(360);
  });
});
