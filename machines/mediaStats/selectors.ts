/**
 * Named selectors for a media statistics poller (one per statistics chart or signal overlay).
 */
import type { SnapshotFrom } from 'xstate';
import type { MediaStreamResponse } from '../../protocol/wire';
import type { MediaStatsMachine } from './mediaStatsMachine';
import type { StatsSample } from './samples';

type MediaStatsSnapshot = SnapshotFrom<MediaStatsMachine>;

/** chart samples, oldest first */
export const selectSamples = (s: MediaStatsSnapshot): StatsSample[] => s.context.samples;
/** the last successful answer, kept through later failures */
export const selectLatestAnswer = (s: MediaStatsSnapshot): MediaStreamResponse | null => s.context.latest;
/** the last call failed ("statistics not enabled") */
export const selectFailed = (s: MediaStatsSnapshot): boolean => s.context.failed;
/** what the leg reports now: the latest answer, or null before the first one or after a failure */
export const selectCurrentAnswer = (s: MediaStatsSnapshot): MediaStreamResponse | null => (s.context.failed ? null : s.context.latest);
/** the call leg being polled, 0 when none */
export const selectLeg = (s: MediaStatsSnapshot): number => s.context.epId;
/** a leg is being polled (not idle) */
export const selectIsPolling = (s: MediaStatsSnapshot): boolean => s.matches('polling');
/** a request is in flight */
export const selectIsFetching = (s: MediaStatsSnapshot): boolean => s.matches({ polling: 'fetching' });
