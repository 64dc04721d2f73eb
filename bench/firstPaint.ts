/**
 * First paint on a slow link (issue 27 item 3), printing figures: Chromium with the network and
 * CPU throttled through CDP (Slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; CPU
 * four times slower), each figure the median of BENCH_RUNS rounds (default 3). A round:
 * - `/login`, cache disabled (a first visit): first contentful paint, and the form usable — the
 *   app's own login form is there (typing reaches the login machine) and the verify code is shown;
 * - `/control` after a login, as a host has it: in a fresh browser with its cache on (hashed
 *   assets are served immutable), `/login` is opened, the form typed at a person's pace
 *   (BENCH_KEY_DELAY ms a key, default 120: what the login screen prefetches once the user starts
 *   is fetched meanwhile) and Log in clicked; the figure runs from the click to the control screen
 *   usable — the meeting number in the header and the participant table drawn;
 * - `/control` reloaded in that browser (a real page load, cache warm, the session in the tab):
 *   first contentful paint and usable;
 * - `/control` cold: a fresh browser with the cache disabled and the session put into
 *   sessionStorage (a reload on a browser that kept nothing): first contentful paint and usable.
 * Page loads are timed from the navigation's start (the page's own clock). The meeting has 300
 * simulated participants. BENCH_WATERFALL=1 prints the requests of each login from the click
 * (start, end in ms; encoded KiB; C = from the cache).
 *
 * Run: `npx tsx bench/firstPaint.ts` (uses dist/; `DIST_DIR=…` serves another build, e.g. the
 * parent commit's, to compare).
 */
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { startTestServer, TEST_CODE, type TestServer } from '../e2e/server';
import { loginRecord } from '../e2e/pages/signIn';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { reportFigure } from './figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KEY_DELAY = Number(process.env.BENCH_KEY_DELAY ?? 120);
const WATERFALL = process.env.BENCH_WATERFALL === '1';
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface Throttled {
  page: Page;
  cdp: CDPSession;
}

async function throttled(browser: Browser, server: TestServer, cache: 'cold' | 'on'): Promise<Throttled> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cache === 'cold') await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(watchUsable);
  return { page, cdp };
}

/** ms from the navigation's start until the screen is usable (see watchUsable), and the FCP. */
async function timeLoad(page: Page, path: string, screen: Screen): Promise<{ fcp: number; usable: number }> {
  const usable = usableTime(page, screen);
  await page.goto(path, { waitUntil: 'commit' });
  const usableAt = await usable;
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntriesByName('first-contentful-paint')[0].startTime);
        }).observe({ type: 'paint', buffered: true }),
      ),
  );
  return { fcp, usable: usableAt };
}

type Screen = 'login' | 'control';

/**
 * Watches, in the page itself, for each screen to be usable: the login form is the app's (typing
 * reaches the machine) and shows the verify code; the control screen shows the meeting number and
 * the participant table. The page's clock at the first check that holds (every 10 ms) goes out as
 * a console message. No Playwright code runs in the page while it loads: its polling
 * (waitForFunction) injected a script whose evaluation on the throttled CPU took 200 to 300 ms of
 * the app's start, and the time read by a round trip after it came 300 to 600 ms late.
 */
function watchUsable(): void {
  const seen: Record<string, boolean> = {};
  const timer = setInterval(() => {
    const now = performance.now();
    const form = document.querySelector('#root form input[name="password"]') !== null;
    const code = document.querySelector('#root form img[src^="data:image"], #root form [data-testid="verify-code-text"]') !== null;
    const number = (document.querySelector('#root [data-testid="meeting-number"]')?.textContent ?? '') !== '';
    const table = document.querySelector('#root [role="table"][aria-rowcount]') !== null;
    for (const [screen, held] of [
      ['login', form && code],
      ['control', number && table],
    ] as const) {
      if (held && !seen[screen]) {
        seen[screen] = true;
        console.info(`bench-usable ${screen} ${now}`);
      }
    }
    if (seen.login && seen.control) clearInterval(timer);
  }, 10);
}

/** The page's clock when `screen` was first usable in the page's next document or this one. */
async function usableTime(page: Page, screen: Screen): Promise<number> {
  const message = await page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith(`bench-usable ${screen} `),
    timeout: 120_000,
  });
  return Number(message.text().split(' ')[2]);
}

/** The requests of the page from now on, for the waterfall. */
function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, { url: string; start: number; end?: number; bytes?: number; cached?: boolean }>();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, start: e.timestamp }));
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  return {
    clear: () => requests.clear(),
    print: (origin: string) => {
      const list = [...requests.values()].sort((a, b) => a.start - b.start);
      const t0 = list[0]?.start ?? 0;
      const ms = (t: number | undefined) => (t === undefined ? '-' : ((t - t0) * 1000).toFixed(0)).padStart(6);
      for (const r of list) {
        const kib = r.bytes === undefined ? '' : (r.bytes / 1024).toFixed(1);
        console.log(`  ${ms(r.start)} ${ms(r.end)} ${kib.padStart(6)} ${r.cached ? 'C' : ' '} ${r.url.replace(origin, '').slice(0, 100)}`);
      }
    },
  };
}

/**
 * Logs in as host through the real form at a person's pace and returns ms from the click on Log
 * in to the control screen usable (both on the page's clock).
 */
async function loginToControl({ page, cdp }: Throttled, server: TestServer): Promise<number> {
  const requests = WATERFALL ? recordRequests(cdp) : null;
  const loginUsable = usableTime(page, 'login');
  await page.goto('/login', { waitUntil: 'commit' });
  await loginUsable;
  const form = page.locator('#root form');
  await form.locator('input[name="mr-id"]').pressSequentially(server.mrId, { delay: KEY_DELAY });
  await form.locator('input[name="password"]').pressSequentially(server.hostPwd, { delay: KEY_DELAY });
  await form.locator('input[name="code"]').pressSequentially(TEST_CODE, { delay: KEY_DELAY });
  await page.evaluate(() => {
    const w = window as unknown as { benchClickAt?: number };
    document.addEventListener('click', () => (w.benchClickAt ??= performance.now()), { capture: true });
  });
  requests?.clear();
  const controlUsable = usableTime(page, 'control');
  await form.locator('button[type="submit"]').click();
  const usableAt = await controlUsable;
  const clickAt = await page.evaluate(() => (window as unknown as { benchClickAt: number }).benchClickAt);
  if (requests) {
    console.log(`waterfall from the click (usable at ${(usableAt - clickAt).toFixed(0)} ms): start, end ms, KiB`);
    requests.print(server.baseURL);
  }
  return usableAt - clickAt;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)} … ${Math.max(...xs).toFixed(0)})`;

async function main(): Promise<void> {
  const server = await startTestServer({ env: { SIM_ENDPOINTS: '300' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const login = { fcp: [] as number[], usable: [] as number[] };
  const afterLogin = [] as number[];
  const warm = { fcp: [] as number[], usable: [] as number[] };
  const cold = { fcp: [] as number[], usable: [] as number[] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const loginPage = await throttled(browser, server, 'cold');
      const l = await timeLoad(loginPage.page, '/login', 'login');
      login.fcp.push(l.fcp);
      login.usable.push(l.usable);
      await loginPage.page.context().close();

      const host = await throttled(browser, server, 'on');
      const a = await loginToControl(host, server);
      afterLogin.push(a);
      const w = await timeLoad(host.page, `/control?mr-id=${server.mrId}`, 'control');
      warm.fcp.push(w.fcp);
      warm.usable.push(w.usable);
      await host.page.context().close();

      const coldPage = await throttled(browser, server, 'cold');
      const record = await loginRecord(server, 'host');
      await coldPage.page.addInitScript((r) => {
        sessionStorage.setItem('podium.session', JSON.stringify(r));
        localStorage.setItem('podium.language', 'en');
      }, record);
      const c = await timeLoad(coldPage.page, `/control?mr-id=${record.mrId}`, 'control');
      cold.fcp.push(c.fcp);
      cold.usable.push(c.usable);
      await coldPage.page.context().close();
      console.log(
        `run ${run + 1}: /login FCP ${l.fcp.toFixed(0)} ms, usable ${l.usable.toFixed(0)} ms; ` +
          `/control after a login: click → usable ${a.toFixed(0)} ms; reload (cache warm) FCP ${w.fcp.toFixed(0)} ms, usable ${w.usable.toFixed(0)} ms; ` +
          `cold open FCP ${c.fcp.toFixed(0)} ms, usable ${c.usable.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const dist = process.env.DIST_DIR ? ` [${process.env.DIST_DIR}]` : '';
  const figure = (what: string, xs: number[], max?: number) =>
    reportFigure({ figure: `first paint, Slow 4G + CPU×4: ${what}${dist}`, value: Math.round(median(xs)), unit: 'ms', max });
  figure('/login first contentful paint', login.fcp, 1000);
  figure('/login form usable (verify code shown)', login.usable, 2500);
  figure('/control after a login: Log in clicked → usable (meeting number, table)', afterLogin, 2500);
  figure('/control reload, cache warm: first contentful paint', warm.fcp, 1000);
  figure('/control reload, cache warm: usable', warm.usable, 2500);
  figure('/control cold open (cache disabled): first contentful paint', cold.fcp);
  figure('/control cold open (cache disabled): usable', cold.usable);
  console.log(
    `medians of ${RUNS} (min … max): /login FCP ${spread(login.fcp)} (target ≤ 1000), usable ${spread(login.usable)} (target ≤ 2500); ` +
      `/control after a login ${spread(afterLogin)} (target ≤ 2500); reload, cache warm: FCP ${spread(warm.fcp)} (target ≤ 1000), usable ${spread(warm.usable)}; ` +
      `cold open: FCP ${spread(cold.fcp)}, usable ${spread(cold.usable)}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
