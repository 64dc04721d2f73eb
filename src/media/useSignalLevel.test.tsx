// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { MediaStreamResponse } from '@protocol/wire';
import { useSignalLevel, type FetchMediaStats } from './useSignalLevel';

afterEach(cleanup);

const healthy: MediaStreamResponse = {
  refer_num: 1,
  remote_addr: '',
  uuid: '',
  local_addr: '',
  data: [
    { node: '', id: 1, type: 'audio', ssrc: '', start_time: 0, fps: 0, fur: 0, rx_bitrate: 64, rx_lost_rate: 0.1 },
    { node: '', id: 2, type: 'video', ssrc: '', start_time: 0, fps: 30, fur: 0, rx_bitrate: 1536, rx_lost_rate: 0.1 },
  ],
};

/** A fetcher whose calls wait until the test settles them. */
function pendingFetcher() {
  const calls: { epId: number; signal: AbortSignal; answer: (r: MediaStreamResponse) => void; fail: () => void }[] = [];
  const fetchStats: FetchMediaStats = (epId, signal) =>
    new Promise((resolve, reject) => calls.push({ epId, signal, answer: resolve, fail: () => reject(new Error('not enabled')) }));
  return { calls, fetchStats };
}

describe('useSignalLevel', () => {
  it('reads the shown leg and gives its level', async () => {
    const f = pendingFetcher();
    const { result } = renderHook(() => useSignalLevel(f.fetchStats, 5, true, true));
    expect(result.current).toBeNull();
    await waitFor(() => expect(f.calls.map((c) => c.epId)).toEqual([5]));
    f.calls[0].answer(healthy);
    await waitFor(() => expect(result.current).toBe(4));
  });

  it('a failed call shows no level', async () => {
    const f = pendingFetcher();
    const { result } = renderHook(() => useSignalLevel(f.fetchStats, 5, true, true));
    await waitFor(() => expect(f.calls).toHaveLength(1));
    f.calls[0].fail();
    await new Promise((r) => setTimeout(r, 0));
    expect(result.current).toBeNull();
  });

  it('asks nothing while the overlays are off or nobody is shown', async () => {
    const f = pendingFetcher();
    renderHook(() => useSignalLevel(f.fetchStats, 5, true, false));
    renderHook(() => useSignalLevel(f.fetchStats, 0, true, true));
    await new Promise((r) => setTimeout(r, 0));
    expect(f.calls).toHaveLength(0);
  });

  it('another leg starts its own polling and shows nothing until its own answer', async () => {
    const f = pendingFetcher();
    const { result, rerender } = renderHook(({ epId }) => useSignalLevel(f.fetchStats, epId, true, true), { initialProps: { epId: 5 } });
    await waitFor(() => expect(f.calls).toHaveLength(1));
    f.calls[0].answer(healthy);
    await waitFor(() => expect(result.current).toBe(4));
    rerender({ epId: 6 });
    expect(result.current).toBeNull();
    await waitFor(() => expect(f.calls.map((c) => c.epId)).toEqual([5, 6]));
    f.calls[1].answer(healthy);
    await waitFor(() => expect(result.current).toBe(4));
  });

  it('turning the overlays off aborts the request in flight', async () => {
    const f = pendingFetcher();
    const { result, rerender } = renderHook(({ enabled }) => useSignalLevel(f.fetchStats, 5, true, enabled), {
      initialProps: { enabled: true },
    });
    await waitFor(() => expect(f.calls).toHaveLength(1));
    rerender({ enabled: false });
    await waitFor(() => expect(f.calls[0].signal.aborted).toBe(true));
    expect(result.current).toBeNull();
  });
});
