/**
 * The change feed's state for the screen (src/session/feedModel.ts): `useFeedLost` for the
 * controls that pause, `useFeedView` for the connection bar.
 */
import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { selectConnectionState, type ConnectionState } from '@machines/longPoll/selectors';
import type { LongPollMachine } from '@machines/longPoll/longPollMachine';
import { BACK_IN_STEP_MS, isLoaded, isLost, nextFeedView, type FeedView } from './feedModel';

const selectLongPoll = (s: { children?: Record<string, AnyActorRef | undefined> }): AnyActorRef | undefined => s.children?.longPoll;
const selectState = (s: SnapshotFrom<LongPollMachine> | undefined): ConnectionState | undefined =>
  s === undefined ? undefined : selectConnectionState(s);

/** The long-poll child's connection state (children are read from the root's snapshot). */
export function useConnectionState(session: AnyActorRef | null | undefined): ConnectionState | undefined {
  const longPoll = useSelector(session ?? undefined, (s) => (s ? selectLongPoll(s as never) : undefined));
  return useSelector(longPoll, selectState as (s: unknown) => ConnectionState | undefined);
}

/** The feed is lost: the table is stale and commands wait. */
export function useFeedLost(session: AnyActorRef | null | undefined): boolean {
  return isLost(useConnectionState(session));
}

/** The view of the feed over time: lost since when, or back in step for a few seconds. */
export function useFeedView(session: AnyActorRef | null | undefined): FeedView {
  const state = useConnectionState(session);
  const loaded = useRef(false);
  if (isLoaded(state)) loaded.current = true;
  const [view, setView] = useState<FeedView>({ phase: 'inStep' });
  const next = nextFeedView(view, state, Date.now(), loaded.current);
  if (next.phase !== view.phase) setView(next);
  useEffect(() => {
    if (view.phase !== 'back') return;
    const timer = setTimeout(() => setView((v) => (v.phase === 'back' ? { phase: 'inStep' } : v)), BACK_IN_STEP_MS);
    return () => clearTimeout(timer);
  }, [view]);
  return view;
}
