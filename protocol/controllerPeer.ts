/**
 * The controller join events' peer address (spec §4 "Controllers": an "in" event is taken
 * "ignoring peer {ip}"). The platform announces some logins with the unfilled template `{ip}` as
 * the peer — a login that is not a controller a host should count (the platform's own service
 * logins); counting it made a spurious controller appear. No I/O here.
 */

/** The literal peer of a join the console must ignore. */
export const UNRESOLVED_PEER = '{ip}';

/**
 * Whether a join event names a real controller, i.e. its peer is not the `{ip}` template.
 * @example isCountedControllerPeer('10.0.0.1') // true
 * @example isCountedControllerPeer('{ip}') // false
 */
export function isCountedControllerPeer(peerIp: string): boolean {
  return peerIp.trim() !== UNRESOLVED_PEER;
}
