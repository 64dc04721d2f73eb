/**
 * The spec §5 checks the participant dialogs need, as codes. The rules themselves belong to
 * protocol/validation.ts (shared with the server); this module adapts them to the dialogs.
 */

export type CustomTabError = 'nameRequired' | 'tooMany' | 'invalid';

/** Spec §9: at most 20 filter tabs. */
export const MAX_CUSTOM_TABS = 20;
const MAX_TAB_NAME = 32;

/**
 * Checks a new filter tab: name required, at most 20 tabs; a name that is too long, repeats an
 * existing tab or holds control characters is "incorrect input".
 */
export function checkCustomTab(
  name: string,
  query: string,
  existingNames: readonly string[],
  existingCount: number,
): CustomTabError | null {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if (existingCount >= MAX_CUSTOM_TABS) return 'tooMany';
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]/;
  if (trimmed.length > MAX_TAB_NAME || control.test(trimmed) || control.test(query) || query.length > 200) return 'invalid';
  if (existingNames.some((n) => n === trimmed)) return 'invalid';
  return null;
}

export type RenameError = 'nameRequired' | 'tooLong';

/** Spec §5: a rename cannot be empty. */
export function checkRename(name: string): RenameError | null {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if (trimmed.length > 64) return 'tooLong';
  return null;
}

export type TempCallError = 'addressRequired' | 'addressFormat' | 'nameRequired';

const IPV4 = String.raw`(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}`;
const HOST = String.raw`(?:${IPV4}|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)`;
/** meeting number, optional ##password, optional @ip (spec §5) */
const MEETING_ADDRESS = new RegExp(String.raw`^\d{1,20}(?:##\d{1,20})?(?:@${IPV4}(?::\d{1,5})?)?$`);
/** a SIP or H.323 address: [sip:|h323:]user@host[:port], or a bare host/IP */
const DEVICE_ADDRESS = new RegExp(String.raw`^(?:(?:sip|sips|h323):)?(?:[\w.+-]{1,64}@)?${HOST}(?::\d{1,5})?$`, 'i');

/** Spec §5 "Temporary call": address required and well-formed, display name required. */
export function checkTempCall(address: string, displayName: string): TempCallError | null {
  const a = address.trim();
  if (!a) return 'addressRequired';
  if (a.length > 256 || !(MEETING_ADDRESS.test(a) || DEVICE_ADDRESS.test(a))) return 'addressFormat';
  if (!displayName.trim()) return 'nameRequired';
  return null;
}
