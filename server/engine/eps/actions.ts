/**
 * `ctrl_mr_eps`: one command, 31 actions on endpoints. Each action is a handler in the table
 * below, grouped by concern in this folder (media.ts, roles.ts, calls.ts, rollCall.ts); this file
 * checks what every action shares (the action, the role's permission, `usr_ids`, `scope`) and
 * hands over. The table is typed over {@link EpsAction}, so an action without a handler does not
 * compile.
 */
import type { EpsAction } from '../../../protocol/wire';
import type { EngineCore } from '../engineCore';
import type { SessionState } from '../engineConfig';
import { checkPermission } from '../permissions';
import type { Room } from '../room';
import { oneOf, strArray, type Body } from '../validate';
import { CALL_ACTIONS } from './calls';
import { MEDIA_ACTIONS } from './media';
import { ROLE_ACTIONS } from './roles';
import { ROLL_CALL_ACTIONS } from './rollCall';
import type { EpsHandler } from './shared';

const HANDLERS: Readonly<Record<EpsAction, EpsHandler>> = {
  ...MEDIA_ACTIONS,
  ...ROLE_ACTIONS,
  ...CALL_ACTIONS,
  ...ROLL_CALL_ACTIONS,
};

/** Every action, in the order the spec lists them (the fuzz test walks these). */
export const EPS_ACTIONS: readonly EpsAction[] = [
  'a_rx',
  'v_rx',
  'a_tx',
  'v_tx',
  'drop',
  'call',
  'add_participants',
  'del_participants',
  'chair',
  'speaker',
  'focus',
  'is_controller',
  'displayname',
  'clear_hand',
  'can_content',
  'clear_all_hand',
  'mic_gain',
  'unlock',
  'host',
  'hand_permit',
  'waiting_permit',
  'waiting_refuse',
  'waiting_move',
  'roll_call_start',
  'roll_call_next',
  'roll_call_end',
  'all_a_rx',
  'all_a_tx',
  'all_v_tx',
  'all_leave',
  'private_talk',
];

/** `ctrl_mr_eps`: every action of {@link EpsAction}. */
export function ctrlMrEps(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
  const action = oneOf(body, 'action', EPS_ACTIONS);
  checkPermission(sess, `eps:${action}`);
  const ids = strArray(body, 'usr_ids', { optional: true });
  const scope = oneOf(body, 'scope', ['all', 'audience'] as const, { optional: true }) || 'all';
  HANDLERS[action]({ engine, sess, room, body, action, ids, scope, nowSecs: engine.nowSecs(), st: room.status });
}
