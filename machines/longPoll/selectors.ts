/**
 * Named selectors for the long-poll actor (system id `longPoll`).
 */
import type { SnapshotFrom } from 'xstate';
import type { LongPollMachine } from './longPollMachine';

type LongPollSnapshot = SnapshotFrom<LongPollMachine>;

/**
 * What the connection indicator shows:
 * - `connecting`: the first full load is running
 * - `live`: polling normally
 * - `reconnecting`: requests fail and are retried with backoff, until one succeeds (or a resync reload runs)
 * - `reconnected` / `resynced`: back in step after failures / after a full reload, for a few seconds
 * - `paused`: the page is hidden
 * - `ended`: the feed stopped (meeting over, forced logout, session lost)
 */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'reconnected' | 'resynced' | 'paused' | 'ended';

export function selectConnectionState(s: LongPollSnapshot): ConnectionState {
  if (s.status === 'done' || s.matches('ended')) return 'ended';
  if (s.hasTag('paused')) return 'paused';
  // a retry in flight is still reconnecting: only a success ends it (a retry that hangs on a dead
  // network would otherwise show the stale meeting as live, and let commands act on it)
  if (s.hasTag('reconnecting') || s.context.attempt > 0) return 'reconnecting';
  if (s.matches({ active: 'syncing' })) return s.context.syncs === 0 ? 'connecting' : 'reconnecting';
  if (s.context.recovery === 'resynced') return 'resynced';
  if (s.context.recovery === 'reconnected') return 'reconnected';
  return 'live';
}

/** the feed cursor (last seq seen) */
export const selectSinceSeq = (s: LongPollSnapshot): number => s.context.sinceSeq;
/** consecutive failed requests */
export const selectRetryAttempt = (s: LongPollSnapshot): number => s.context.attempt;
export const selectLastPollError = (s: LongPollSnapshot) => s.context.lastError;
export const selectEndReason = (s: LongPollSnapshot) => s.context.endReason;
