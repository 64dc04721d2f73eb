/**
 * Named selectors for the roll-call actor (system id `rollCall`).
 */
import type { SnapshotFrom } from 'xstate';
import type { RollCallMachine, RollCallView } from './rollCallMachine';

type RollCallSnapshot = SnapshotFrom<RollCallMachine>;

export const selectRollCallActive = (s: RollCallSnapshot): boolean => s.matches('calling');
/** usr_id of the participant being called, '' when none */
export const selectCalledUsrId = (s: RollCallSnapshot): string => (s.matches('calling') ? s.context.calledUsrId : '');
export const selectRollCallView = (s: RollCallSnapshot): RollCallView => s.context.view;
