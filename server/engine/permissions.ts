/**
 * What each controller role may not do (docs/protocol.md "Roles"), checked by every command
 * before it changes anything. Keys are a command's `cmdid`, `status:<field>` of `mod_mr_status`
 * and `eps:<action>` of `ctrl_mr_eps`.
 */
import { RC } from '../../protocol/codes';
import type { SessionState } from './engineConfig';
import { refused } from './errors';

/** What a supervisor may not do: end or extend the meeting, change its access, recording, live and calls. */
export const SUPERVISOR_FORBIDDEN: ReadonlySet<string> = new Set([
  'stop_mr_req',
  'mod_mr_info',
  'mod_mr_pwd',
  'status:lock_mr',
  'status:enable_guest',
  'status:waiting_room',
  'status:cascade_mode',
  'status:enable_rec',
  'status:enable_live',
  'status:enable_bypass',
  'status:meeting_mode',
  'status:chat_permission',
  'status:auto_invite',
  'eps:drop',
  'eps:all_leave',
  'eps:call',
  'eps:add_participants',
  'eps:del_participants',
  'eps:host',
  'eps:is_controller',
  'eps:waiting_refuse',
  'create_temp_call',
  'mod_bypass_url',
  'mod_rtmp_url',
]);

/** What only a supervisor may do. */
export const HOST_FORBIDDEN: ReadonlySet<string> = new Set(['eps:private_talk']);

export function checkPermission(sess: Pick<SessionState, 'role'>, what: string): void {
  if (sess.role === 'supervisor' && SUPERVISOR_FORBIDDEN.has(what)) throw refused(RC.supervisorForbidden, what);
  if (sess.role === 'host' && HOST_FORBIDDEN.has(what)) throw refused(RC.hostForbidden, what);
}
