/**
 * Named selectors for the meeting actor (system id `meeting`).
 */
import type { SnapshotFrom } from 'xstate';
import { roomPropertiesOf, type RoomProperties } from '../../protocol/management';
import type { MrStatus } from '../../protocol/wire';
import type { MeetingMachine } from './meetingMachine';

type MeetingSnapshot = SnapshotFrom<MeetingMachine>;

export const selectMeetingLoaded = (s: MeetingSnapshot): boolean => s.matches('ready');
export const selectMeetingInfo = (s: MeetingSnapshot) => s.context.info;
export const selectMeetingStatus = (s: MeetingSnapshot) => s.context.status;
/** the room's `max_call` and `region_id` (assumed fields, with the platform's defaults when absent) */
export const selectRoomProperties = (s: MeetingSnapshot): RoomProperties => roomPropertiesOf(s.context.status);
/** one status field (primitive or the stored value), undefined before the first load */
export const selectStatusField =
  <K extends keyof MrStatus>(key: K) =>
  (s: MeetingSnapshot): MrStatus[K] | undefined =>
    s.context.status?.[key];
export const selectMeetingLocked = (s: MeetingSnapshot): boolean => s.context.status?.mr_locked === 1;
export const selectMrScene = (s: MeetingSnapshot) => s.context.info?.mr_scene;
export const selectScheduleInfo = (s: MeetingSnapshot) => s.context.schedule;
export const selectResourceTemplate = (s: MeetingSnapshot) => s.context.resourceTemplate;
export const selectTitleConfigs = (s: MeetingSnapshot) => s.context.titles;
export const selectMosaicConfigs = (s: MeetingSnapshot) => s.context.mosaicConfigs;
export const selectLayouts = (s: MeetingSnapshot) => s.context.layouts;
export const selectCallQa =
  (usrId: string) =>
  (s: MeetingSnapshot): Record<string, number> | undefined =>
    s.context.callQa[usrId];
export const selectUserInfo = (usrId: string) => (s: MeetingSnapshot) => s.context.userInfos[usrId];
/** whether a config the dialogs open on was read: loading, loaded or failed (issue 30) */
export const selectConfigLoad = (s: MeetingSnapshot) => s.context.configLoad;
/** the get_call_qa question of one participant: pending, failed (with the refusal) or undefined */
export const selectCallQaAsk = (usrId: string) => (s: MeetingSnapshot) => s.context.callQaAsks[usrId];
