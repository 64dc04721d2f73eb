/**
 * The roll call (facts §3.1, §5.6): `roll_call_start`, `roll_call_next`, `roll_call_end`, and the
 * steps `mod_mr_status` (its `roll_call` switch) and the `a_rx` recipe share with them.
 */
import { RC } from '../../../protocol/codes';
import { badField, refused } from '../errors';
import type { Endpoint, Room } from '../room';
import type { Body } from '../validate';
import { online, type EpsHandler } from './shared';

/** `value` of a roll-call action: who the endpoints see (default: the called one with the speaker). */
function rollCallView(body: Body): 'called_only' | 'with_speaker' {
  const v = body.value;
  if (v === undefined || v === null || v === '') return 'with_speaker';
  if (v === 0 || v === '0' || v === 'called_only') return 'called_only';
  if (v === 1 || v === '1' || v === 'with_speaker') return 'with_speaker';
  throw badField('value', RC.valueOutOfRange);
}

/** Calls `ep`: the floor to them, the one called before back under the bans. */
export function callRoll(room: Room, ep: Endpoint, view: 'called_only' | 'with_speaker'): void {
  const st = room.status;
  const prev = st.rollcall_usr_id ? room.endpoints.get(st.rollcall_usr_id) : undefined;
  room.setStatus({
    roll_call: 1,
    rollcall_usr_id: ep.usrId,
    rollcall_view: view,
    rollcall_hist: { ...st.rollcall_hist, [ep.usrId]: ep.uri.replace(/^sip:/, '').replace(/;.*$/, '') },
  });
  room.setFlag(ep, 'a_rx', 1);
  if (prev && prev !== ep) room.applyBans(prev);
}

/** Ends a roll call (the flag off, or podium's `roll_call_end`): the last called falls back under the bans. */
export function endRollCall(room: Room): void {
  const st = room.status;
  const prev = st.rollcall_usr_id ? room.endpoints.get(st.rollcall_usr_id) : undefined;
  room.setStatus({ roll_call: 0, rollcall_usr_id: '' });
  if (prev) room.applyBans(prev);
}

export const ROLL_CALL_ACTIONS = {
  roll_call_start: ({ room, body, ids }) => {
    const view = rollCallView(body);
    const [ep] = online(room, ids.slice(0, 1));
    callRoll(room, ep, view);
  },
  roll_call_next: ({ room, body, ids, st }) => {
    if (!st.roll_call || !st.rollcall_usr_id) throw refused(RC.rollCallNotRunning);
    const [ep] = online(room, ids.slice(0, 1));
    callRoll(room, ep, body.value === undefined ? st.rollcall_view : rollCallView(body));
  },
  roll_call_end: ({ room, st }) => {
    if (!st.roll_call) throw refused(RC.rollCallNotRunning);
    endRollCall(room);
  },
} satisfies Record<string, EpsHandler>;
