/**
 * What an activity entry (issue 16 item 1) records of a command's body, the same on the server
 * (its log) and in a console that keeps its own record in front of the platform: the values it
 * set without its frame, targets or secrets, and its sub-action.
 */

/** Body fields that are the command's frame or its targets: not shown as values. */
const NOT_VALUES: ReadonlySet<string> = new Set(['cmdid', 'req_id', 'mr_id', 'usr_ids', 'usr_id', 'ep_id', 'ep_ids']);
const SECRET = /pwd|password|passwd|token|secret|key/i;
const VALUE_MAX_CHARS = 200;
/** what a secret value reads as */
export const HIDDEN_VALUE = '••••';

/** The values a command set, without its frame, targets or secrets; long text shortened. */
export function activityValues(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (NOT_VALUES.has(k)) continue;
    if (SECRET.test(k)) {
      out[k] = HIDDEN_VALUE;
      continue;
    }
    const text = JSON.stringify(v);
    if (text === undefined) continue;
    out[k] = text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS)}…` : v;
  }
  return out;
}

/** The command's sub-action where it has one (`ctrl_mr_eps` action, `mod_mr_status` key). */
export function activityAction(body: Record<string, unknown>): string {
  for (const k of ['action', 'key']) if (typeof body[k] === 'string') return body[k] as string;
  return '';
}
