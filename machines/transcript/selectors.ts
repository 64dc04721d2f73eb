/** Named selectors for the transcript actor (system id `transcript`). */
import type { SnapshotFrom } from 'xstate';
import type { TranscriptLine } from '../../protocol/wire';
import type { TranscriptMachine } from './transcriptMachine';

type TranscriptSnapshot = SnapshotFrom<TranscriptMachine>;

/** oldest first; the same array until a line is shown */
export const selectTranscriptLines = (s: TranscriptSnapshot): readonly TranscriptLine[] => s.context.lines;
/** lines that came while paused (shown on resume) */
export const selectHeldLineCount = (s: TranscriptSnapshot): number => s.context.held.length;
export const selectTranscriptPaused = (s: TranscriptSnapshot): boolean => s.context.paused;
export const selectFollowTail = (s: TranscriptSnapshot): boolean => s.context.followTail;
export const selectCaptions = (s: TranscriptSnapshot): boolean => s.context.captions;
/** lines dropped from the front to keep the bound (the oldest of a long meeting) */
export const selectDroppedLineCount = (s: TranscriptSnapshot): number => s.context.dropped;
export const selectTranscriptLoadFailed = (s: TranscriptSnapshot): boolean => s.context.loadFailed;
/** the kept lines are still loading */
export const selectTranscriptLoading = (s: TranscriptSnapshot): boolean => s.matches('awaitingFeed') || s.matches('loading');
/** the server has no audio-to-text (answered the transcript's path 404 or 405) */
export const selectTranscriptUnavailable = (s: TranscriptSnapshot): boolean => s.matches('unavailable');
/** every line this console holds, held ones included (for the meeting report) */
export const selectAllTranscriptLines = (s: TranscriptSnapshot): readonly TranscriptLine[] =>
  s.context.held.length ? [...s.context.lines, ...s.context.held] : s.context.lines;
