/**
 * The status of a meeting room as it starts (before any command): the reference server's rooms
 * begin from it and the machines' test fixtures build their statuses on it, so a field added to
 * the status gets its default in one place. Pure data: no I/O.
 */
import type { MrStatus } from './wire';
import { defaultSubtitlePosition } from './titles';

/** A new room's status, as the reference server answers it for `mrId`. */
export function newRoomStatus(mrId: string): MrStatus {
  return {
    mr_id: mrId,
    mr_locked: 0,
    guest_enabled: 1,
    all_guests_mute: 0,
    original_all_guests_mute: 0,
    allow_unmute_self: 1,
    mr_vtx_mode: 0,
    mr_atx_mode: 0,
    same_layout: 0,
    force_mcu_layout: 1,
    roll_call: 0,
    guest_poll: 0,
    speaker_poll: 0,
    chair_poll: 0,
    cont_enabled: 1,
    show_camera_off: 1,
    mic_gain_auto: 0,
    auto_invite: 0,
    chat_permission: 1,
    spk_locked: 0,
    live_enabled: 0,
    live_service_type: 'builtin',
    rtmp_url: '',
    push_url: '',
    random_mrid: mrId,
    rec_enabled: 0,
    record_uuid: '',
    record_copy: 'speaker',
    flv_fsize: 0,
    bypass_enabled: 0,
    bypass_url: '',
    chair_usr_id: '',
    spk_usr_id: '',
    auto_focus_usr_id: '',
    spec_focus_usr_ids: [],
    focus_speaker: 0,
    rollcall_hist: {},
    cascade_mode: '',
    subtitle_position: defaultSubtitlePosition(),
    title_enabled: 0,
    asr_enabled: 0,
    live_chat: 1,
    meeting_mode: 'speaker',
    waiting_room: 0,
    rollcall_usr_id: '',
    rollcall_view: 'with_speaker',
    rec_state: 'idle',
    cascade_points: 0,
    mute_scope: 'none',
    listen_ban_scope: 'none',
    watch_ban_scope: 'none',
    private_talk_usr_id: '',
  };
}
