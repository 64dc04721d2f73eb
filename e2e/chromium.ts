/**
 * How Podium launches Chromium everywhere (Playwright specs and the browser benchmarks): Debian's
 * build, since Playwright cannot download its own here, with the flags that keep it off the
 * network this machine does not have.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
