/**
 * Where the login screen's links lead (spec §2 "Login screen"). They are pages of the platform
 * around the console, addressed relative to the site root the console is served from, so they
 * follow any frame base-path prefix the same way the API does.
 */
export const LOGIN_LINK_PATHS = {
  helpCentre: 'help/',
  joinMeeting: 'join/',
  platformManagement: 'manage/',
  userSelfService: 'user/',
  appDownload: 'download/',
} as const;

export type LoginLink = keyof typeof LOGIN_LINK_PATHS;
