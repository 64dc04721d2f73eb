/**
 * Benchmark of the whole control screen (participant table and meeting-wide sidebar, issue 5 §8;
 * issue 27 item 1), printing figures:
 * 1. a meeting of 10,000 simulated participants, EVERY column shown (quality included) and the
 *    simulator changing statuses all along, is scrolled from top to bottom with the mouse wheel;
 *    every long task (> 50 ms) the browser reports during the scroll is counted and the frame
 *    intervals (requestAnimationFrame) give the frame p95 (target: a 60 Hz frame). Chromium gives
 *    rAF times in 0.1 ms steps, so a steady 60 Hz (16.67 ms) reads 16.6, 16.7 or 16.8 ms: the p95
 *    counts as one frame up to 16.8 ms (FRAME_MS), and the frames that took 1.5 periods or more
 *    (dropped frames) are printed beside it;
 * 2. the same for the raise-hand tab (mute-all on, so the simulated endpoints raise hands, until
 *    2,000 are up) and the waiting-room tab (2,000 participants moved in);
 * 3. another console (an API session) mutes and unmutes participants; the time until the row on
 *    screen shows the change is measured (target: within 1 s; the spec batches participant
 *    updates for 800 ms, so that is the floor).
 *
 * Run: `npx tsx bench/controlScreen.ts` (builds nothing: uses dist/, run `npm run build` first;
 * `DIST_DIR=/tmp/x` serves another build).
 * Environment: BENCH_PARTICIPANTS (default 10000), BENCH_TAB_ROWS (rows of the raise-hand and
 * waiting-room tabs, default 2000; 0 skips them), BENCH_CHANGES (default 8), BENCH_CPU_PROFILE
 * (a file name: records a Chromium CPU profile of each scroll there, `<name>-<tab>.json`, and prints
 * the costliest functions), BENCH_TRACE (a file name: records a Chromium performance trace of each
 * scroll, `<name>-<tab>.json`, and prints the renderer main thread's time per kind of work: script,
 * style, layout, paint…, and the tasks by main-thread CPU time: on a loaded machine a task's wall
 * time counts the time its thread waited for a core, its CPU time does not, so the CPU time says
 * which tasks are long of their own work; the trace holds the V8 sampler's stacks for each).
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { startTestServer } from '../e2e/server';
import { LoginPage } from '../e2e/pages/LoginPage';
import { ParticipantsApi } from '../e2e/pages/ParticipantsApi';
import { keepAlive } from '../e2e/pages/keepAlive';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { reportFigure } from './figures';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 8);
const TAB_ROWS = Number(process.env.BENCH_TAB_ROWS ?? 2000);
/** one frame at 60 Hz (16.67 ms) as rAF times in 0.1 ms steps read it at most */
const FRAME_MS = 16.8;
/** the 60 Hz period */
const PERIOD_MS = 1000 / 60;
/** every secondary column shown, as the column menu keeps the choice (src/features/participants/columnChoice.ts) */
const EVERY_COLUMN = JSON.stringify({ index: true, protocol: true, address: true, share: true, quality: true });
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE;
const TRACE = process.env.BENCH_TRACE;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Self time per function of a CDP profile, costliest first. */
function topFunctions(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, n: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function scrollThrough(page: Page): Promise<{ longTasks: number[]; frames: number[]; scrolledRows: number }> {
  const scroller = page.getByTestId('participant-scroller');
  const box = await scroller.boundingBox();
  if (!box) throw new Error('participant table not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // a string, not a function: tsx's name-keeping helper does not exist in the page
  await page.evaluate(`(() => {
    window.__longTasks = [];
    window.__frames = [];
    window.__raf = true;
    // one observer for every scroll of the page: a second one would count each task twice
    if (!window.__observing) {
      window.__observing = true;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
    }
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__raf) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const height = await scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
  // 2,000 px per wheel step at ~60 steps per second: the whole list in a few seconds
  for (let y = 0; y < height; y += 2000) {
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(300);
  return page.evaluate(`(() => {
    window.__raf = false;
    const el = document.querySelector('[data-testid="participant-scroller"]');
    return { longTasks: window.__longTasks, frames: window.__frames.slice(1), scrolledRows: Math.round(el.scrollTop / 40) };
  })()`) as Promise<{ longTasks: number[]; frames: number[]; scrolledRows: number }>;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** thread (CPU) duration, µs */
  tdur?: number;
  args?: { name?: string };
}

/** Time per kind of work on the renderer's main thread of a Chromium trace, costliest first. */
function mainThreadWork(trace: { traceEvents: TraceEvent[] }): string[] {
  const main = trace.traceEvents.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return ['no renderer main thread in the trace'];
  const kinds = [
    'RunTask',
    'FunctionCall',
    'EventDispatch',
    'TimerFire',
    'FireAnimationFrame',
    'RunMicrotasks',
    'MinorGC',
    'MajorGC',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
    'HitTest',
    'ParseHTML',
  ];
  const total = new Map<string, { ms: number; n: number }>();
  for (const e of trace.traceEvents) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !kinds.includes(e.name)) continue;
    const t = total.get(e.name) ?? { ms: 0, n: 0 };
    t.ms += (e.dur ?? 0) / 1000;
    t.n += 1;
    total.set(e.name, t);
  }
  const lines = [...total.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([k, t]) => `${t.ms.toFixed(1).padStart(8)} ms  ${k} (${t.n}×, ${(t.ms / t.n).toFixed(2)} ms each)`);
  // tasks by their own CPU time (tdur: the thread's time on a core), which the load does not lengthen
  const cpu = trace.traceEvents
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined)
    .map((e) => e.tdur! / 1000)
    .sort((a, b) => b - a);
  lines.push(
    `tasks by main-thread CPU time: ${cpu.length}, over 50 ms: ${cpu.filter((ms) => ms > 50).length}, over 30 ms: ${cpu.filter((ms) => ms > 30).length}; longest ${cpu
      .slice(0, 5)
      .map((ms) => ms.toFixed(1))
      .join(', ')} ms; total ${cpu.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
  );
  return lines;
}

/** Waits until the tab counts `rows` participants (the simulator is slow to raise hands), then opens it. */
async function fillTab(page: Page, tab: 'hand' | 'waiting', rows: number): Promise<number> {
  const t0 = Date.now();
  const selector = `[role="tab"][data-tab="${tab}"]`;
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel as string)?.getAttribute('data-count')) >= (n as number),
    [selector, rows] as const,
    {
      timeout: 300_000,
      polling: 500,
    },
  );
  await page.locator(selector).click();
  await page.getByTestId('participant-scroller').evaluate((el) => (el.scrollTop = 0));
  await page.waitForTimeout(500);
  const count = Number(await page.locator(selector).getAttribute('data-count'));
  console.log(`${tab} tab: ${count} rows after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return count;
}

/** Scrolls the open tab top to bottom (with a CPU profile when asked), prints and reports its figures. */
async function measureScroll(page: Page, tab: string, what: string): Promise<void> {
  const cdp = CPU_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  if (TRACE)
    await page
      .context()
      .browser()!
      // with the V8 sampler's chunks, so the script inside each long task can be told function by function
      .startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.cpu_profiler'],
      });
  const scroll = await scrollThrough(page);
  if (TRACE) {
    const buffer = await page.context().browser()!.stopTracing();
    const file = TRACE.replace(/(\.json)?$/, `-${tab}.json`);
    writeFileSync(file, buffer);
    console.log(
      `trace of the scroll in ${file}; renderer main thread:\n${mainThreadWork(JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).join('\n')}`,
    );
  }
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Parameters<typeof topFunctions>[0] };
    const file = CPU_PROFILE!.replace(/(\.json)?$/, `-${tab}.json`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile of the scroll in ${file}; self time:\n${topFunctions(profile, 15).join('\n')}`);
    await cdp.detach();
  }
  const over50 = scroll.longTasks.filter((d) => d > 50);
  // rAF intervals are differences of 0.1 ms steps: 16.8 may be 16.800000000001 in floating point,
  // which read FAIL beside the printed 16.8; the p95 is compared as printed
  const p95 = Math.round(percentile(scroll.frames, 95) * 10) / 10;
  const longest = Math.max(0, ...scroll.longTasks);
  const dropped = scroll.frames.filter((ms) => ms >= 1.5 * PERIOD_MS).length;
  console.log(
    `scroll (${what}): ${scroll.scrolledRows} rows scrolled, ${scroll.frames.length} frames, frame p50 ${percentile(scroll.frames, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${p95 <= FRAME_MS ? 'PASS' : 'FAIL'} (one 60 Hz frame: ≤ ${FRAME_MS} ms in 0.1 ms steps), max ${Math.max(0, ...scroll.frames).toFixed(1)} ms; ${dropped} frames of 1.5 periods or more`,
  );
  console.log(
    `long tasks during scroll: ${scroll.longTasks.length} (> 50 ms: ${over50.length}), longest ${longest.toFixed(1)} ms ${over50.length === 0 ? 'PASS' : 'FAIL'} (target: none over 50 ms)`,
  );
  reportFigure({ figure: `console: scroll, long tasks > 50 ms (${what})`, value: over50.length, unit: '', max: 0 });
  reportFigure({ figure: `console: scroll, longest task (${what})`, value: longest, unit: 'ms', max: 50 });
  reportFigure({ figure: `console: scroll, frame p95 (${what})`, value: p95, unit: 'ms', max: FRAME_MS });
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const server = await startTestServer({ env: { SIM_ENDPOINTS: String(PARTICIPANTS) } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await (
      await browser.newContext({ baseURL: server.baseURL, locale: 'en-US', viewport: { width: 1440, height: 900 } })
    ).newPage();
    await page.addInitScript(`localStorage.setItem('podium.participantColumns', ${JSON.stringify(EVERY_COLUMN)})`);
    const login = new LoginPage(page, server);
    await login.goto();
    await login.loginAsHost();
    const table = page.getByRole('table', { name: 'Participants', exact: true });
    await table.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      (n) => Number(document.querySelector('[role="table"][aria-rowcount]')?.getAttribute('aria-rowcount')) > n * 0.95,
      PARTICIPANTS,
      {
        timeout: 120_000,
      },
    );
    const rows = Number(await table.getAttribute('aria-rowcount')) - 1;
    const rendered = await table.locator('[role="row"][data-usr-id]').count();
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    console.log(
      `control screen: ${rows} participants loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s (server start included); ${rendered} rows, ${elements} elements in the DOM`,
    );

    const columns = Number(await table.getAttribute('data-columns'));
    console.log(`columns shown: ${columns} of 13`);
    await measureScroll(page, 'all', `${rows.toLocaleString('en')} participants, ${columns} columns`);

    const api = await ParticipantsApi.login(server, 'host');
    // the server ends a session that has not polled for 30 s; filling the hand tab takes longer
    const stopKeepAlive = keepAlive(api);
    if (TAB_ROWS > 0) {
      // mute all: muted simulated endpoints raise their hands, about one in 200 a second
      await api.eps('all_a_rx', [], 0);
      const hands = await fillTab(page, 'hand', TAB_ROWS);
      await measureScroll(page, 'hand', `raise-hand tab, ${hands.toLocaleString('en')} rows`);
      await api.eps('all_a_rx', [], 1);
      await api.modStatus('waiting_room', 1);
      const states = await api.endpointStates();
      const movable = [...states.values()].filter((s) => !s.flags.waiting).map((s) => s.usrId);
      // in chunks: the simulated endpoints come and go, and one that left refuses its whole request
      const moved: string[] = [];
      for (let i = 0; i < movable.length && moved.length < TAB_ROWS; i += 100) {
        const chunk = movable.slice(i, i + Math.min(100, TAB_ROWS - moved.length));
        if (
          await api.eps('waiting_move', chunk).then(
            () => true,
            () => false,
          )
        )
          moved.push(...chunk);
      }
      const waiting = await fillTab(page, 'waiting', Math.round(TAB_ROWS * 0.95));
      await measureScroll(page, 'waiting', `waiting-room tab, ${waiting.toLocaleString('en')} rows`);
      for (let i = 0; i < moved.length; i += 100) await api.eps('waiting_permit', moved.slice(i, i + 100)).catch(() => undefined);
      await api.modStatus('waiting_room', 0);
      await page.locator('[role="tab"][data-tab="all"]').click();
    }

    // back to the top, where the rows to change are in view
    await page.getByTestId('participant-scroller').evaluate((el) => (el.scrollTop = 0));
    const latencies: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const row = page.locator('[role="row"][data-online="true"][data-waiting="false"]').nth(i % 5);
      const usrId = (await row.getAttribute('data-usr-id'))!;
      const button = row.locator('button[data-state]').first();
      const before = await button.getAttribute('data-state');
      const start = Date.now();
      await api.eps('a_rx', [usrId], before === 'on' ? 0 : 1);
      await page.waitForFunction(
        ([id, prev]) => document.querySelector(`[role="row"][data-usr-id="${id}"] button[data-state]`)?.getAttribute('data-state') !== prev,
        [usrId, before] as const,
        { timeout: 10_000, polling: 'raf' },
      );
      latencies.push(Date.now() - start);
    }
    const worst = Math.max(...latencies);
    stopKeepAlive();
    reportFigure({ figure: 'console: change from another console shown on its row, max', value: worst, unit: 'ms', max: 1000 });
    console.log(
      `change from another console shown after: p50 ${percentile(latencies, 50)} ms, max ${worst} ms over ${latencies.length} changes ${worst <= 1000 ? 'PASS' : 'FAIL'} (target: within 1000 ms); each, in order: ${latencies.join(', ')} ms`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
