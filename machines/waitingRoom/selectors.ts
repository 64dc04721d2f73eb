/**
 * Named selectors for the waiting-room actor (system id `waitingRoom`). The people waiting are
 * in the participants actor: `selectWaitingList` / `selectWaitingCount` there.
 */
import type { SnapshotFrom } from 'xstate';
import type { WaitingRoomMachine } from './waitingRoomMachine';

type WaitingRoomSnapshot = SnapshotFrom<WaitingRoomMachine>;

export const selectWaitingRoomEnabled = (s: WaitingRoomSnapshot): boolean => s.matches('enabled');
/** a switch on/off is waiting for the server */
export const selectWaitingRoomSwitching = (s: WaitingRoomSnapshot): boolean => s.hasTag('busy');
/** participants can be moved into the waiting room only while it is enabled */
export const selectCanMoveToWaitingRoom = (s: WaitingRoomSnapshot): boolean => s.matches('enabled');
