/**
 * The login screen's links to the platform's other pages (spec §2 "Login screen"). Their
 * addresses are the platform's, configured on the server (README: `LINK_*_URL`) and handed over by
 * getPlatform; a page the platform did not configure is not linked to, so no link leads to a 404 —
 * except help: without a help centre the login screen links to the host's handbook that comes with
 * the console (public/help, served by the reference server and by its --upstream mode alike).
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

/** The handbook page of the console's own help (public/help), in the screen's language. */
export function helpPage(locale: string): string {
  return locale === 'zh' ? 'help/zh.html' : 'help/en.html';
}
