/**
 * What a command is called when the console reports it not sent or not offered (issue 23): the
 * user must recognise the click, so the common participant actions get their words; any other
 * command is named by its action, status key or cmdid as it goes on the wire.
 */
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';

/**
 * "Mute (Steady 01)", "Hang up (2 participants)", "waiting_room".
 * @param names the participants' names, as far as the roster knows them
 */
export function commandName(i18n: I18n, command: { label: string; body: Record<string, unknown> }, names: readonly string[] = []): string {
  const { body } = command;
  const action = typeof body.action === 'string' ? body.action : undefined;
  const on = body.value === 1 || body.value === '1';
  let what: string;
  switch (action) {
    case 'a_rx':
      what = on ? i18n._(msg`Unmute`) : i18n._(msg`Mute`);
      break;
    case 'v_rx':
      what = on ? i18n._(msg`Turn camera on`) : i18n._(msg`Turn camera off`);
      break;
    case 'drop':
      what = i18n._(msg`Hang up`);
      break;
    case 'call':
      what = i18n._(msg`Call`);
      break;
    default: {
      const key = Object.keys(body).find((k) => k !== 'cmdid' && k !== 'req_id' && k !== 'usr_ids' && k !== 'value');
      what = action ?? (body.cmdid === 'mod_mr_status' && key ? key : String(body.cmdid ?? command.label));
    }
  }
  if (names.length === 0) return what;
  const who = names.length === 1 ? names[0] : i18n._(msg`${names.length} participants`);
  return `${what} (${who})`;
}
