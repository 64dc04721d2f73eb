/**
 * Named selectors for the recording actor (system id `recording`).
 */
import type { SnapshotFrom } from 'xstate';
import type { RecordingMachine } from './recordingMachine';

type RecordingSnapshot = SnapshotFrom<RecordingMachine>;

export type RecordingState = 'idle' | 'starting' | 'recording' | 'stopping' | 'failed';
export const selectRecordingState = (s: RecordingSnapshot): RecordingState => s.value as RecordingState;
export const selectIsRecording = (s: RecordingSnapshot): boolean => s.matches('recording');
/** a start or stop is waiting for the recorder */
export const selectRecordingBusy = (s: RecordingSnapshot): boolean => s.hasTag('busy');
export const selectRecordUuid = (s: RecordingSnapshot): string => s.context.recordUuid;
export const selectRecordingFailureReason = (s: RecordingSnapshot): string => s.context.failureReason;
