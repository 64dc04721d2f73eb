/**
 * First paint on a slow link (issue 27 item 3), printing figures: Chromium with the network and
 * CPU throttled through CDP (Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; CPU
 * four times slower), an empty cache, each figure the median of BENCH_RUNS loads (default 3):
 * - `/login`: first contentful paint, and the form usable — the app's own login form is there
 *   (typing reaches the login machine) and the verify code is shown;
 * - `/control` after a login: first contentful paint, and the screen usable — the meeting number
 *   in the header and the participant table drawn.
 * Times are from the navigation's start (the page's own clock).
 *
 * Run: `npx tsx bench/firstPaint.ts` (uses dist/; `DIST_DIR=…` serves another build, e.g. the
 * parent commit's, to compare).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../e2e/server';
import { loginRecord } from '../e2e/pages/signIn';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { reportFigure } from './figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

async function throttled(browser: Browser, server: TestServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** ms from the navigation's start until the `usable` expression holds (checked every frame), and the FCP. */
async function timeLoad(page: Page, path: string, usable: () => boolean): Promise<{ fcp: number; usable: number }> {
  await page.goto(path, { waitUntil: 'commit' });
  // functions, not strings: the console's CSP forbids evaluating strings
  await page.waitForFunction(usable, undefined, { polling: 'raf', timeout: 120_000 });
  const usableAt = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
  return { fcp, usable: usableAt };
}

/** The app's login form is there (typing reaches the machine) and shows the verify code. */
const LOGIN_USABLE = () =>
  document.querySelector('#root form input[name="password"]') !== null &&
  document.querySelector('#root form img[src^="data:image"], #root form [data-testid="verify-code-text"]') !== null;
/** The control screen shows the meeting number and the participant table. */
const CONTROL_USABLE = () =>
  (document.querySelector('#root [data-testid="meeting-number"]')?.textContent ?? '') !== '' &&
  document.querySelector('#root [role="table"][aria-rowcount]') !== null;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const server = await startTestServer({ env: { SIM_ENDPOINTS: '300' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const login = { fcp: [] as number[], usable: [] as number[] };
  const control = { fcp: [] as number[], usable: [] as number[] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await throttled(browser, server);
      const l = await timeLoad(page, '/login', LOGIN_USABLE);
      login.fcp.push(l.fcp);
      login.usable.push(l.usable);
      await page.context().close();

      const controlPage = await throttled(browser, server);
      const record = await loginRecord(server, 'host');
      await controlPage.addInitScript((r) => {
        sessionStorage.setItem('podium.session', JSON.stringify(r));
        localStorage.setItem('podium.language', 'en');
      }, record);
      const c = await timeLoad(controlPage, `/control?mr-id=${record.mrId}`, CONTROL_USABLE);
      control.fcp.push(c.fcp);
      control.usable.push(c.usable);
      await controlPage.context().close();
      console.log(
        `run ${run + 1}: /login FCP ${l.fcp.toFixed(0)} ms, usable ${l.usable.toFixed(0)} ms; /control FCP ${c.fcp.toFixed(0)} ms, usable ${c.usable.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const dist = process.env.DIST_DIR ? ` [${process.env.DIST_DIR}]` : '';
  reportFigure({
    figure: `first paint, Slow 4G + CPU×4: /login first contentful paint${dist}`,
    value: Math.round(median(login.fcp)),
    unit: 'ms',
    max: 1000,
  });
  reportFigure({
    figure: `first paint, Slow 4G + CPU×4: /login form usable (verify code shown)${dist}`,
    value: Math.round(median(login.usable)),
    unit: 'ms',
    max: 2500,
  });
  reportFigure({
    figure: `first paint, Slow 4G + CPU×4: /control first contentful paint${dist}`,
    value: Math.round(median(control.fcp)),
    unit: 'ms',
  });
  reportFigure({
    figure: `first paint, Slow 4G + CPU×4: /control usable (meeting number, table)${dist}`,
    value: Math.round(median(control.usable)),
    unit: 'ms',
  });
  console.log(
    `medians of ${RUNS}: /login FCP ${median(login.fcp).toFixed(0)} ms (target ≤ 1000), usable ${median(login.usable).toFixed(0)} ms (target ≤ 2500); ` +
      `/control FCP ${median(control.fcp).toFixed(0)} ms, usable ${median(control.usable).toFixed(0)} ms`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
