/**
 * Builders of `command.send` events for the requests the feature machines make. The UI may
 * build its own `{ suffix, body }` and send `command.send` to the commands actor directly.
 */
import { CMD } from '../../protocol/cmdids';
import type { EpsAction, MrStatusKey } from '../../protocol/wire';
import type { SendCommandEvent } from './commandsMachine';

/**
 * `ctrl_mr_eps` on `eps-status` for some participants.
 * @example epsCommand('waiting_permit', ['7', '9'], { origin: 'waitingRoom' })
 */
export function epsCommand(
  action: EpsAction,
  usrIds: readonly string[],
  opts: { value?: number | string; origin?: string; label?: string } = {},
): SendCommandEvent {
  const body: Record<string, unknown> = { cmdid: CMD.ctrlMrEps, action, usr_ids: [...usrIds] };
  if (opts.value !== undefined) body.value = opts.value;
  return { type: 'command.send', suffix: 'eps-status', body, usrIds, label: opts.label ?? action, origin: opts.origin };
}

/** `mod_mr_status` with one key (protocol-facts §2.1: one flat key per request). */
export function statusCommand(
  key: MrStatusKey,
  value: number | string,
  opts: { origin?: string; label?: string } = {},
): SendCommandEvent {
  return {
    type: 'command.send',
    suffix: 'mr-status',
    body: { cmdid: CMD.modMrStatus, [key]: value },
    label: opts.label ?? key,
    origin: opts.origin,
  };
}

/**
 * Hands a command to the session's commands actor (system id `commands`) from any action.
 * Returns false when there is none (the session is gone), so callers may say so.
 */
export function dispatchCommand(system: { get: (id: string) => { send: (e: SendCommandEvent) => void } | undefined }, event: SendCommandEvent): boolean {
  const ref = system.get('commands');
  if (!ref) return false;
  ref.send(event);
  return true;
}
