/**
 * When a refusal means "this platform does not offer that call" (issue 23 item 3), and which
 * assumed group (protocol/assumptions.ts) it takes down for the session. Pure: the commands actor
 * marks the group, the UI reads it through `selectNotOffered`.
 */
import { assumedGroupOf, type AssumptionGroup } from '../../protocol/assumptions';
import { RC } from '../../protocol/codes';
import { isApiError } from '../../protocol/errors';

/** Why a group of assumed calls is not offered: the call that was refused and how. */
export interface NotOfferedReason {
  group: AssumptionGroup;
  /** the refused call as the user can look it up: the path suffix, or the action / status key */
  call: string;
  /** HTTP status of the refusal; 0 when nothing was refused: the platform's answers lack the group's field */
  status: number;
  /** result code, when the platform sent one */
  result?: number;
}

/** Result codes that say the call itself is unknown to the server, whatever the status. */
const UNKNOWN_CALL_RESULTS = new Set<number>([RC.unknownAction, RC.notImplemented, RC.notOfferedByReference]);
/** Statuses a platform answers for a path or action it does not have. */
const UNKNOWN_CALL_STATUSES = new Set<number>([400, 404, 501]);
/** A 404/410 with these results is a lost session, not a missing call. */
const SESSION_GONE = new Set<number>([RC.sessionExpired, RC.sessionNotFound]);

/**
 * True when an error is a platform saying it does not know the call: 404, 400 or 501, or a result
 * meaning unknown action / not implemented. A 400 whose result names a field problem (missing,
 * wrong type, too long, out of range) is a bad value of a known call, not a missing one.
 */
export function isUnknownCallRefusal(error: unknown): error is { status: number; result?: number } {
  if (!isApiError(error) || error.kind !== 'http') return false;
  const { status, result } = error;
  if (result !== undefined && UNKNOWN_CALL_RESULTS.has(result)) return true;
  if (!UNKNOWN_CALL_STATUSES.has(status)) return false;
  if (result !== undefined && SESSION_GONE.has(result)) return false;
  if (status === 400 && result !== undefined && result !== RC.unknownAction) return false;
  return true;
}

/** The wire name of the refused call, for the reason shown beside the control. */
function callName(suffix: string, body: Record<string, unknown> | undefined): string {
  const bare = suffix.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
  if (body && bare === 'eps-status' && typeof body.action === 'string') return body.action;
  if (body && bare === 'mr-status') {
    const key = Object.keys(body).find((k) => k !== 'cmdid' && k !== 'req_id');
    if (key) return key;
  }
  return bare;
}

/**
 * The group a refusal takes down, with its reason; undefined when the call is one the evidence
 * shows (its refusal is an ordinary one) or the error is not an unknown-call refusal.
 * @example notOfferedBy('mod-subtitle-position', { cmdid: 'mod_subtitle_position' }, new ApiError('http', 404, '/x'))
 * // { group: 'subtitle-position', call: 'mod-subtitle-position', status: 404 }
 */
export function notOfferedBy(suffix: string, body: Record<string, unknown> | undefined, error: unknown): NotOfferedReason | undefined {
  if (!isUnknownCallRefusal(error)) return undefined;
  const group = assumedGroupOf(suffix, body);
  if (!group) return undefined;
  const reason: NotOfferedReason = { group, call: callName(suffix, body), status: error.status };
  if (error.result !== undefined) reason.result = error.result;
  return reason;
}
