/**
 * `ctrl_mr_eps` actions on what endpoints may send and receive: microphone, listening, camera,
 * watching, content, microphone gain, hands, the lifting of individual locks, and the
 * meeting-wide bans (`all_a_rx`, `all_a_tx`, `all_v_tx`, which `mod_mr_status` sets too).
 */
import { RC } from '../../../protocol/codes';
import type { BanScope, MrStatus } from '../../../protocol/wire';
import { refused } from '../errors';
import { POS, type Room } from '../room';
import { int } from '../validate';
import { callRoll } from './rollCall';
import { bitValue, online, type EpsHandler } from './shared';

const BAN_FIELD = { a_rx: 'mute_scope', a_tx: 'listen_ban_scope', v_tx: 'watch_ban_scope' } as const;
const BAN_BIT = { a_rx: 'all_guests_mute', a_tx: 'mr_atx_mode', v_tx: 'mr_vtx_mode' } as const;

/**
 * Sets or lifts a meeting-wide ban. Setting it turns the flag off for everyone in scope now and
 * binds later joiners; lifting it turns the flag back on for everyone in scope and forgets their
 * individual state for that flag.
 */
export function setBan(room: Room, flag: 'a_rx' | 'a_tx' | 'v_tx', scope: 'all' | 'audience', on: boolean): void {
  const next: BanScope = on ? scope : 'none';
  room.setStatus({ [BAN_FIELD[flag]]: next, [BAN_BIT[flag]]: on ? 1 : 0 } as Partial<MrStatus>);
  const called = room.status.rollcall_usr_id;
  for (const ep of room.endpoints.values()) {
    if (scope === 'audience' && !room.isAudience(ep)) continue;
    if (on && flag === 'a_rx' && ep.usrId === called) continue;
    room.setFlag(ep, flag, on ? 0 : 1);
    const s = room.record.sticky[ep.usrId];
    if (s && s[flag] !== undefined) {
      delete s[flag];
      room.recordDirty = true;
    }
  }
}

/** `a_rx`, `a_tx`, `v_tx`: microphone, listening, camera of some endpoints (kept across rejoins). */
const sendReceive: EpsHandler = ({ room, body, ids, st, action }) => {
  const flag = action as 'a_rx' | 'a_tx' | 'v_tx';
  const value = bitValue(body);
  const eps = online(room, ids);
  for (const ep of eps) {
    room.setFlag(ep, flag, value);
    room.sticky(ep.usrId)[flag] = value;
  }
  // The roll-call recipe (facts §3.1, §5.6): while `roll_call` is on, giving one participant
  // the floor (`a_rx` 1 for exactly one) calls them. That is how a second console learns whom
  // the roll call is on (`rollcall_usr_id`, and `rollcall_hist` usr_id → address [C]); a bulk
  // unmute calls nobody.
  if (flag === 'a_rx' && value === 1 && eps.length === 1 && st.roll_call === 1) callRoll(room, eps[0], st.rollcall_view);
};

/** `v_rx`, `can_content`: watching, and the right to share content (taking away stops a share). */
const watchAndContent: EpsHandler = ({ room, body, ids, action }) => {
  const value = bitValue(body);
  const flag = action === 'v_rx' ? 'v_rx' : 'cont_allowed';
  for (const ep of online(room, ids)) {
    room.setFlag(ep, flag, value);
    if (flag === 'cont_allowed' && !value) room.setFlag(ep, 'cont_sender', 0);
  }
};

const clearHand: EpsHandler = ({ room, ids }) => {
  for (const ep of online(room, ids)) room.setFlag(ep, 'hand', 0);
};

const clearAllHand: EpsHandler = ({ room }) => {
  for (const ep of room.endpoints.values()) room.setFlag(ep, 'hand', 0);
};

/** `hand_permit`: hands down (of some, or every raised one), and with value 1 the floor too. */
const handPermit: EpsHandler = ({ room, body, ids }) => {
  const value = bitValue(body);
  const eps = ids.length ? online(room, ids) : [...room.endpoints.values()].filter((e) => e.flags[POS.hand]);
  for (const ep of eps) {
    room.setFlag(ep, 'hand', 0);
    if (value) {
      room.setFlag(ep, 'a_rx', 1);
      room.sticky(ep.usrId).a_rx = 1;
    }
  }
};

const micGain: EpsHandler = ({ room, body, ids, st }) => {
  const value = int(body, 'value', 0, 9);
  if (st.mic_gain_auto) throw refused(RC.micVolumeAutoAdjust);
  for (const ep of online(room, ids)) room.setFlag(ep, 'mic_gain', value);
};

/**
 * `unlock`: lifts what controllers imposed on these endpoints individually: they may speak,
 * listen and watch again and may unmute themselves.
 */
const unlock: EpsHandler = ({ room, ids }) => {
  for (const ep of online(room, ids)) {
    ep.selfUnmute = true;
    for (const f of ['a_rx', 'a_tx', 'v_tx'] as const) {
      room.setFlag(ep, f, 1);
      room.sticky(ep.usrId)[f] = 1;
    }
  }
};

/** `all_a_rx`, `all_a_tx`, `all_v_tx`: a meeting-wide ban (value 0) or its lifting (1). */
const meetingBan: EpsHandler = ({ room, body, scope, action }) => {
  const value = bitValue(body);
  setBan(room, action.slice(4) as 'a_rx' | 'a_tx' | 'v_tx', scope, value === 0);
};

export const MEDIA_ACTIONS = {
  a_rx: sendReceive,
  a_tx: sendReceive,
  v_tx: sendReceive,
  v_rx: watchAndContent,
  can_content: watchAndContent,
  clear_hand: clearHand,
  clear_all_hand: clearAllHand,
  hand_permit: handPermit,
  mic_gain: micGain,
  unlock,
  all_a_rx: meetingBan,
  all_a_tx: meetingBan,
  all_v_tx: meetingBan,
} satisfies Record<string, EpsHandler>;
