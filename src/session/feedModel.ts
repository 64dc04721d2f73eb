/**
 * What the screen says about the change feed (issue 13 §4), from the long-poll actor's connection
 * state: while the feed is lost the meeting on screen is as of the moment it was lost, and commands
 * wait; when it is back, "Back in step" shows for a few seconds. Pure, so the rules are tested on
 * a plain clock.
 */
import type { ConnectionState } from '@machines/longPoll/selectors';

/** how long "Back in step" stays */
export const BACK_IN_STEP_MS = 4_000;

export type FeedView =
  /** in step (or still loading, or paused while hidden: nothing to warn about) */
  | { phase: 'inStep' }
  /** the feed is lost since `asOf` (ms; null when the meeting never loaded) */
  | { phase: 'lost'; asOf: number | null }
  /** back in step since `at` (ms) */
  | { phase: 'back'; at: number };

/** Whether commands must wait: the view on screen is not the server's any more. */
export function isLost(state: ConnectionState | undefined): boolean {
  return state === 'reconnecting';
}

/**
 * The next view after the connection state is `state` at `now`; `loaded` tells whether the
 * meeting has been on screen (the first full load arrived).
 * @example nextFeedView({ phase: 'inStep' }, 'reconnecting', 1000, true) // { phase: 'lost', asOf: 1000 }
 */
export function nextFeedView(prev: FeedView, state: ConnectionState | undefined, now: number, loaded: boolean): FeedView {
  if (isLost(state)) return prev.phase === 'lost' ? prev : { phase: 'lost', asOf: loaded ? now : null };
  if (prev.phase === 'lost') return state === 'ended' ? { phase: 'inStep' } : { phase: 'back', at: now };
  if (prev.phase === 'back' && now - prev.at >= BACK_IN_STEP_MS) return { phase: 'inStep' };
  return prev;
}

/** Whether a state shows the meeting loaded (the first full load has arrived). */
export function isLoaded(state: ConnectionState | undefined): boolean {
  return state === 'live' || state === 'reconnected' || state === 'resynced' || state === 'paused';
}
