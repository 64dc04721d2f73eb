/**
 * The signal level of one shown participant, polled from the media statistics (the call the
 * statistics chart makes) while its overlay shows; null until the first answer or when the
 * statistics are unavailable.
 */
import { useEffect, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import type { MediaStreamResponse } from '@protocol/wire';
import type { SessionApi } from '@machines/index';
import { signalOf, type SignalLevel } from './signal';

export type FetchMediaStats = (epId: number, signal: AbortSignal) => Promise<MediaStreamResponse>;

/** Polling period of the signal overlays (the chart polls every 2 s; an indicator needs less). */
export const SIGNAL_POLL_MS = 3000;

/** The media-statistics call through the session's API client, which the commands actor holds. */
export function mediaStatsFetcher(session: AnyActorRef | null | undefined): FetchMediaStats {
  return (epId, signal) => {
    const commands = session?.system.get('commands') as AnyActorRef | undefined;
    const api = (commands?.getSnapshot().context as { api?: SessionApi } | undefined)?.api;
    if (!api) return Promise.reject(new Error('no session'));
    return api.raw<MediaStreamResponse>('GET', `/status/participant/${epId}/media_stream/`, undefined, signal);
  };
}

export function useSignalLevel(fetchStats: FetchMediaStats, epId: number, videoExpected: boolean, enabled: boolean): SignalLevel | null {
  const [level, setLevel] = useState<SignalLevel | null>(null);
  useEffect(() => {
    setLevel(null);
    if (!enabled || !epId) return;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        setLevel(signalOf(await fetchStats(epId, ctrl.signal), videoExpected));
      } catch {
        if (ctrl.signal.aborted) return;
        setLevel(null);
      }
      if (!ctrl.signal.aborted) timer = setTimeout(poll, SIGNAL_POLL_MS);
    };
    void poll();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [fetchStats, epId, videoExpected, enabled]);
  return level;
}
