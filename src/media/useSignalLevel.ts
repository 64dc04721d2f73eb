/**
 * The signal level of one shown participant, polled from the media statistics (the call the
 * statistics chart makes) while its overlay shows; null until the first answer or when the
 * statistics are unavailable.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useScreenActor } from '#/session/useScreenActor';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { mediaStatsMachine, mediaStatsSelectors, sessionSelectors, type FetchMediaStats, type SessionMachine } from '@machines/index';
import { signalOf, type SignalLevel } from './signal';

export type { FetchMediaStats };

/** Polling period of the signal overlays (the chart polls every 2 s; an indicator needs less). */
export const SIGNAL_POLL_MS = 3000;

/**
 * The media-statistics call of the session, read through its selector at each call: a resumed
 * session's new client is used at once, an ended session asks nothing.
 */
export function mediaStatsFetcher(session: AnyActorRef | null | undefined): FetchMediaStats {
  return (epId, signal) => {
    const snapshot = session?.getSnapshot() as SnapshotFrom<SessionMachine> | undefined;
    if (!snapshot || sessionSelectors.selectSessionEnded(snapshot)) return Promise.reject(new Error('no session'));
    return sessionSelectors.selectFetchMediaStats(snapshot)(epId, signal);
  };
}

/**
 * A hook cannot be keyed per leg, so one poller follows the shown leg: `mediaStats.watch` starts
 * a new leg afresh (aborting the old request) and leg 0 — overlays off, nobody shown — stops it.
 */
export function useSignalLevel(fetchStats: FetchMediaStats, epId: number, videoExpected: boolean, enabled: boolean): SignalLevel | null {
  const leg = enabled ? epId : 0;
  const currentFetch = useRef(fetchStats);
  useEffect(() => {
    currentFetch.current = fetchStats;
  }, [fetchStats]);
  const poller = useScreenActor(mediaStatsMachine, {
    input: { epId: leg, fetchStats: (id, signal) => currentFetch.current(id, signal), intervalMs: SIGNAL_POLL_MS, historyLimit: 0 },
  });
  useEffect(() => {
    poller.send({ type: 'mediaStats.watch', epId: leg });
  }, [poller, leg]);
  const answer = useSelector(poller, mediaStatsSelectors.selectCurrentAnswer);
  // until the effect above tells the poller, its answer is still the previous leg's
  const polledLeg = useSelector(poller, mediaStatsSelectors.selectLeg);
  return answer && leg && polledLeg === leg ? signalOf(answer, videoExpected) : null;
}
