/**
 * Named selectors for the attendance actor (system id `attendance`). The store is mutated in
 * place: a reader that must see record changes selects the version beside the list.
 */
import type { SnapshotFrom } from 'xstate';
import type { PresenceRecord } from '../../protocol/attendance';
import type { AttendanceMachine, AttendanceServerFacts, AttendanceSource } from './attendanceMachine';

type AttendanceSnapshot = SnapshotFrom<AttendanceMachine>;

/** moves whenever a record changed */
export const selectAttendanceVersion = (s: AttendanceSnapshot): number => s.context.version;
/** every record, first seen first; re-read on {@link selectAttendanceVersion} */
export const selectAttendanceRecords = (s: AttendanceSnapshot): readonly PresenceRecord[] => s.context.store.list();
/** `server` (the server's record), `local` (what this console saw since `since`), null before the first load */
export const selectAttendanceSource = (s: AttendanceSnapshot): AttendanceSource | null => s.context.source;
/** Unix seconds this console began to see (local history starts there) */
export const selectAttendanceSince = (s: AttendanceSnapshot): number => s.context.since;
export const selectMeetingStart = (s: AttendanceSnapshot): number => s.context.meetingStart;
export const selectAttendanceServerFacts = (s: AttendanceSnapshot): AttendanceServerFacts => s.context.server;
export const selectAttendanceLoading = (s: AttendanceSnapshot): boolean => s.matches('loading') || s.matches('awaitingFeed');
export const selectAttendanceLoadFailed = (s: AttendanceSnapshot): boolean => s.context.loadFailed;
