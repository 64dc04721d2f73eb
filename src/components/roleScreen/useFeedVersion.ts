import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ParticipantFeed } from '#/media/simulatedMedia';

/**
 * A number that moves whenever the participants change, while `enabled`: a component drawing
 * screens from the feed re-renders with it (a closed dialog does not listen at all).
 */
export function useFeedVersion(feed: ParticipantFeed | null | undefined, enabled: boolean): number {
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!feed || !enabled) return () => {};
      return feed.subscribe(() => {
        version.current++;
        onChange();
      });
    },
    [feed, enabled],
  );
  return useSyncExternalStore(subscribe, () => version.current);
}
