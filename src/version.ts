import { version } from '../package.json';

/** The console's own version, shown on the login screen and the top bar. */
export const CONSOLE_VERSION: string = version;
