/** Named selectors for the activity actor (system id `activity`). */
import type { SnapshotFrom } from 'xstate';
import type { ActivityEntry } from '../../protocol/wire';
import type { ActivityMachine, ActivitySource } from './activityMachine';

type ActivitySnapshot = SnapshotFrom<ActivityMachine>;

/** newest first; the same array until an entry is added */
export const selectActivityEntries = (s: ActivitySnapshot): readonly ActivityEntry[] => s.context.entries;
/** `server` (the server's log of every controller), `local` (this console's own commands), null while loading */
export const selectActivitySource = (s: ActivitySnapshot): ActivitySource | null => s.context.source;
export const selectActivityLoading = (s: ActivitySnapshot): boolean =>
  s.matches('awaitingFeed') || s.matches('loading') || s.matches({ server: 'loadingOlder' });
/** older entries can be loaded from the server */
export const selectHasOlderActivity = (s: ActivitySnapshot): boolean => s.context.nextBefore !== undefined;
export const selectActivityLoadFailed = (s: ActivitySnapshot): boolean => s.context.loadFailed;
