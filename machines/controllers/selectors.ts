/**
 * Named selectors for the controllers actor (system id `controllers`).
 */
import type { SnapshotFrom } from 'xstate';
import type { ControllerEntry, ControllersMachine, OnlineController } from './controllersMachine';

type ControllersSnapshot = SnapshotFrom<ControllersMachine>;

/** in/out entries, newest first */
export const selectControllerEntries = (s: ControllersSnapshot): readonly ControllerEntry[] => s.context.entries;
/** controllers logged in now (as announced since this login) */
export const selectControllerCount = (s: ControllersSnapshot): number => s.context.active.size;
export const selectControllersUnread = (s: ControllersSnapshot): number => s.context.unread;

/**
 * (issue 12) How many controllers are logged in now, and who: the server's snapshot when it gives
 * one (`exact`); otherwise a lower bound — the joins minus quits seen since this login, at least
 * this console — to be worded "at least N", never as an exact wrong number.
 */
export const selectControllersOnline = (s: ControllersSnapshot): { count: number; exact: boolean; list: readonly OnlineController[] } => {
  const { online, announced } = s.context;
  if (online) return { count: online.length, exact: true, list: online };
  return { count: Math.max(1, announced), exact: false, list: [] };
};
