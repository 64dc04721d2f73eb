/**
 * The three focus modes of spec §6 ("specified focus, auto focus, non-focus") as this server keeps
 * them. Specified focus is `spec_focus_usr_ids` (ctrl_mr_eps `focus`, flag 17); auto focus is
 * `focus_speaker` 1 (an assumption, group focus-modes: the room field of facts §6.5 read as "focus
 * follows the speaker") with the one it picked in `auto_focus_usr_id` (facts §3.3); non-focus is
 * neither. The modes exclude each other: choosing one ends the other.
 */
import { POS, type Endpoint, type Room } from './room';

/** What the picker needs of an endpoint in the meeting. */
export interface FocusCandidate {
  usrId: string;
  /** talking now (usr_stats `vad`, with its audio taken into the mix) */
  talking: boolean;
  /** the main venue */
  speaker: boolean;
}

/**
 * Whom auto focus shows, voice-activated as a host expects, without flapping:
 * the one in focus keeps it while talking; else the first who talks (join order) takes it; a quiet
 * room keeps the last talker while present; with nobody picked yet the main venue, else the first
 * in the meeting; '' in an empty meeting.
 * @example pickAutoFocus('b', [{ usrId: 'a', talking: true, speaker: false }, { usrId: 'b', talking: true, speaker: false }]) // 'b'
 * @example pickAutoFocus('b', [{ usrId: 'a', talking: true, speaker: false }, { usrId: 'b', talking: false, speaker: false }]) // 'a'
 */
export function pickAutoFocus(current: string, candidates: readonly FocusCandidate[]): string {
  const now = candidates.find((c) => c.usrId === current);
  if (now?.talking) return current;
  const talker = candidates.find((c) => c.talking);
  if (talker) return talker.usrId;
  if (now) return current;
  return (candidates.find((c) => c.speaker) ?? candidates[0])?.usrId ?? '';
}

function candidate(ep: Endpoint): FocusCandidate {
  return { usrId: ep.usrId, talking: ep.flags[POS.vad] === 1 && ep.flags[POS.a_rx] === 1, speaker: ep.flags[POS.speaker] === 1 };
}

/** In auto focus, moves `auto_focus_usr_id` to whom {@link pickAutoFocus} picks now (once a tick, and when the mode starts). */
export function refreshAutoFocus(room: Room): void {
  const st = room.status;
  if (st.focus_speaker !== 1) return;
  const list: FocusCandidate[] = [];
  for (const ep of room.endpoints.values()) if (ep.flags[POS.waiting] === 0) list.push(candidate(ep));
  const next = pickAutoFocus(st.auto_focus_usr_id, list);
  if (next !== st.auto_focus_usr_id) room.setStatus({ auto_focus_usr_id: next });
}

/** Ends specified focus: every flag 17 off and the list empty (auto focus and non-focus have none). */
export function clearSpecifiedFocus(room: Room): void {
  for (const ep of room.endpoints.values()) if (ep.flags[POS.focus]) room.setFlag(ep, 'focus', 0);
  if (room.status.spec_focus_usr_ids.length) room.setStatus({ spec_focus_usr_ids: [] });
}

/** `mod_mr_status focus_speaker`: 1 starts auto focus (specified focus ends), 0 ends it. */
export function setAutoFocus(room: Room, on: boolean): void {
  if (on) {
    clearSpecifiedFocus(room);
    refreshAutoFocus(room);
  } else if (room.status.auto_focus_usr_id) room.setStatus({ auto_focus_usr_id: '' });
}
