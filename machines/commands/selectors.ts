/**
 * Named selectors for the commands actor (system id `commands`).
 */
import type { SnapshotFrom } from 'xstate';
import type { AssumptionGroup } from '../../protocol/assumptions';
import type { CommandsMachine, PendingCommand } from './commandsMachine';
import type { NotOfferedReason } from './notOffered';

type CommandsSnapshot = SnapshotFrom<CommandsMachine>;

/** any request in flight: show the wait cursor */
export const selectAnyPending = (s: CommandsSnapshot): boolean => s.hasTag('busy');
export const selectPendingCount = (s: CommandsSnapshot): number => s.context.pending.size;
/** a request concerning this participant is in flight */
export const selectIsUsrPending =
  (usrId: string) =>
  (s: CommandsSnapshot): boolean =>
    s.context.pendingByUsr.has(usrId);
/** same Map until a command starts or settles */
export const selectPendingByUsr = (s: CommandsSnapshot): ReadonlyMap<string, number> => s.context.pendingByUsr;
/** a request with this label (e.g. 'enable_rec') is in flight */
export const selectIsLabelPending =
  (label: string) =>
  (s: CommandsSnapshot): boolean => {
    for (const c of s.context.pending.values()) if (c.label === label) return true;
    return false;
  };
export const selectPendingCommands = (s: CommandsSnapshot): ReadonlyMap<string, PendingCommand> => s.context.pending;
/** the assumed groups this platform refused this session, with why (same Map until one is added) */
export const selectNotOfferedGroups = (s: CommandsSnapshot): ReadonlyMap<AssumptionGroup, NotOfferedReason> => s.context.notOffered;
/** why this assumed group is not offered, undefined while nothing says so */
export const selectNotOffered =
  (group: AssumptionGroup) =>
  (s: CommandsSnapshot): NotOfferedReason | undefined =>
    s.context.notOffered.get(group);
/** the labels of the commands held for the connection (not sent yet) */
export const selectHeldLabels = (s: CommandsSnapshot): string[] =>
  [...s.context.pending.values()].filter((c) => c.held).map((c) => c.label);
