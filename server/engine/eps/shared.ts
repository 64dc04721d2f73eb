/**
 * What the `ctrl_mr_eps` action handlers share: the context one action runs in, and the checks
 * and steps several groups of actions use (targets online, a 0/1 value, bans after a role change).
 */
import { RC, type ResultCode } from '../../../protocol/codes';
import type { EpsAction, MrStatus } from '../../../protocol/wire';
import { VALIDATION_RESULT_CODES } from '../../../protocol/validationCodes';
import type { EngineCore } from '../engineCore';
import type { SessionState } from '../engineConfig';
import { badField, refused } from '../errors';
import type { Endpoint, Room } from '../room';
import { bit, type Body } from '../validate';

/** One `ctrl_mr_eps` as its handler sees it: the fields every action reads, already checked. */
export interface EpsContext {
  engine: EngineCore;
  sess: SessionState;
  room: Room;
  body: Body;
  action: EpsAction;
  /** `usr_ids` (empty when absent) */
  ids: string[];
  /** `scope` (default `all`) */
  scope: 'all' | 'audience';
  nowSecs: number;
  st: MrStatus;
}

/** Validates, then applies; a refusal is thrown before anything changes. */
export type EpsHandler = (c: EpsContext) => void;

/** The endpoints of `ids`, every one online (refused: offline or not a participant). */
export function online(room: Room, ids: string[], allowEmpty = false): Endpoint[] {
  if (!ids.length && !allowEmpty) throw badField('usr_ids', RC.fieldMissing);
  const out: Endpoint[] = [];
  for (const id of ids) {
    const ep = room.endpoints.get(id);
    if (!ep) throw refused(room.roster.has(id) ? RC.endpointOffline : RC.participantNotFound, id);
    out.push(ep);
  }
  return out;
}

/** `value`, required, 0 or 1. */
export function bitValue(body: Body): 0 | 1 {
  if (body.value === undefined || body.value === null) throw badField('value', RC.fieldMissing);
  return bit(body, 'value');
}

/** A role change may move an endpoint into or out of the audience: re-apply the bans. */
export function rolesChanged(room: Room, ep: Endpoint): void {
  const st = room.status;
  const sticky = room.record.sticky[ep.usrId] ?? {};
  if (room.isAudience(ep)) room.applyBans(ep);
  else {
    if (st.mute_scope === 'audience' && sticky.a_rx !== 0) room.setFlag(ep, 'a_rx', 1);
    if (st.listen_ban_scope === 'audience' && sticky.a_tx !== 0) room.setFlag(ep, 'a_tx', 1);
    if (st.watch_ban_scope === 'audience' && sticky.v_tx !== 0) room.setFlag(ep, 'v_tx', 1);
  }
}

/** The result code of a shared validation rule (protocol/validation.ts). */
export function ruleCode(err: keyof typeof VALIDATION_RESULT_CODES): ResultCode {
  return VALIDATION_RESULT_CODES[err] as ResultCode;
}
