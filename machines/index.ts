/**
 * Public API of the console's machines. `src/` imports machines only through this file.
 * Selectors are grouped per machine (`participantsSelectors.selectOnlineCount`, ...).
 */
export type { LoginApi, SessionApi } from './api';

// login (before a session exists)
export * from './login/loginMachine';
export * as loginSelectors from './login/selectors';
export { validateLoginForm } from './login/validateLoginForm';
export type { LoginFieldError, LoginFieldErrors, LoginFields } from './login/validateLoginForm';

// the session and its children (system ids = SESSION_CHILDREN)
export * from './session/sessionMachine';
export * as sessionSelectors from './session/selectors';
export * from './longPoll/longPollMachine';
export type { NetworkTarget, VisibilityTarget } from './longPoll/listeners';
export * as longPollSelectors from './longPoll/selectors';
export type { ConnectionState } from './longPoll/selectors';
export * from './participants/participantsMachine';
export * from './participants/participantStore';
export * as participantsSelectors from './participants/selectors';
export * from './commands/commandsMachine';
export * from './commands/requests';
export * as commandsSelectors from './commands/selectors';
export * from './meeting/meetingMachine';
export * as meetingSelectors from './meeting/selectors';
export * from './waitingRoom/waitingRoomMachine';
export * as waitingRoomSelectors from './waitingRoom/selectors';
export * from './rollCall/rollCallMachine';
export * as rollCallSelectors from './rollCall/selectors';
export * from './cascade/cascadeMachine';
export * as cascadeSelectors from './cascade/selectors';
export * from './cascade/subSites';
export * from './recording/recordingMachine';
export * as recordingSelectors from './recording/selectors';
export type { RecordingState } from './recording/selectors';
export * from './controllers/controllersMachine';
export * as controllersSelectors from './controllers/selectors';
export * from './notifications/notificationsMachine';
export * as notificationsSelectors from './notifications/selectors';
export * from './addressBook/addressBookMachine';
export * from './addressBook/subscriptionCache';
export * as addressBookSelectors from './addressBook/selectors';
export * from './addressBook/queries';
export * from './platform/platformMachine';
export * from './platform/management';
export * as platformSelectors from './platform/selectors';
export * from './activity/activityMachine';
export * as activitySelectors from './activity/selectors';
export * from './mediaStats/mediaStatsMachine';
export * from './mediaStats/samples';
export * as mediaStatsSelectors from './mediaStats/selectors';
export * from './qualityHistory/qualityHistoryMachine';
export * from './qualityHistory/qualityStore';
export * from './qualityHistory/sampling';
export * as qualityHistorySelectors from './qualityHistory/selectors';
export * from './transcript/transcriptMachine';
export * as transcriptSelectors from './transcript/selectors';
export * from './attendance/attendanceMachine';
export * from './attendance/attendanceStore';
export * as attendanceSelectors from './attendance/selectors';
export { decodeAttendancePage } from './attendance/decodeAttendancePage';
export * from './alertBudget/alertBudgetMachine';
export * as alertBudgetSelectors from './alertBudget/selectors';
