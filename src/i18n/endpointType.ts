/**
 * The endpoint type of a failed call (`failed_call` `ep_type`, spec §3 "Failed call") in the
 * user's words. The reference server names the call's protocol (h323, sip, webrtc); the
 * platform's values are not in the evidence, so one it names otherwise is shown as it came.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

const ENDPOINT_TYPES: Readonly<Record<string, MessageDescriptor>> = {
  h323: msg`H.323 endpoint`,
  sip: msg`SIP endpoint`,
  webrtc: msg`WebRTC (browser)`,
  zjcs: msg`Vendor endpoint`,
  mr_cascade_sub: msg`Sub-site (cascaded meeting)`,
};

/** The endpoint type in words; '' when the event named none. */
export function endpointTypeText(i18n: I18n, epType: string): string {
  const key = epType.trim().toLowerCase();
  if (!key) return '';
  const known = Object.hasOwn(ENDPOINT_TYPES, key) ? ENDPOINT_TYPES[key] : undefined;
  return known ? i18n._(known) : epType;
}
