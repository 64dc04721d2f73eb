/** Test fixture of the meeting controls' view: a quiet conference meeting, any field overridden. */
import { staticOnline } from '#/session/onlineParticipants';
import type { MeetingControlsModel } from '../MeetingControlsView';

export const meetingControlsModel = (patch: Partial<MeetingControlsModel> = {}): MeetingControlsModel => ({
  scene: 'conference',
  status: {
    mr_locked: 0,
    guest_enabled: 1,
    allow_unmute_self: 0,
    cont_enabled: 1,
    force_mcu_layout: 0,
    same_layout: 0,
    title_enabled: 0,
    live_enabled: 0,
  },
  pending: new Set(),
  titles: [],
  layouts: [],
  mosaicConfigs: [],
  online: staticOnline([{ usrId: 'u1', name: 'Alice' }]),
  waiting: [],
  recording: { state: 'idle' },
  cascade: { mode: 'nonCascade', points: 0 },
  liveBuiltin: true,
  ...patch,
});
