/**
 * Named selectors for the controllers actor (system id `controllers`).
 */
import type { SnapshotFrom } from 'xstate';
import type { ControllerEntry, ControllersMachine } from './controllersMachine';

type ControllersSnapshot = SnapshotFrom<ControllersMachine>;

/** in/out entries, newest first */
export const selectControllerEntries = (s: ControllersSnapshot): readonly ControllerEntry[] => s.context.entries;
/** controllers logged in now (as announced since this login) */
export const selectControllerCount = (s: ControllersSnapshot): number => s.context.active.size;
export const selectControllersUnread = (s: ControllersSnapshot): number => s.context.unread;
