/**
 * The login screen's links to the platform's other pages (spec §2 "Login screen"). Their
 * addresses are the platform's, configured on the server (README: `LINK_*_URL`) and handed over by
 * getPlatform; a page the platform did not configure is not linked to, so no link leads to a 404.
 */
import type { PlatformLinks } from '@protocol/wire';

/** The links in the order of the bar; `external` ones open in a new tab. */
export const LOGIN_LINKS = [
  { key: 'join', external: false },
  { key: 'manage', external: false },
  { key: 'user', external: false },
  { key: 'download', external: false },
  { key: 'help', external: true },
] as const satisfies readonly { key: keyof PlatformLinks; external: boolean }[];

export type LoginLink = (typeof LOGIN_LINKS)[number]['key'];
