/**
 * Benchmark of the console's participant state (issue 4 §8) in real Chromium, printing figures:
 * 1. at 10,000 participants, one batch of 1,000 status changes (machine event, 800 ms flush,
 *    selectors read): main-thread script time per batch, p50/p95/max (target p95 ≤ 8 ms);
 * 2. 100 status changes per second at 1,000 participants for 10 s on the real clock: every long
 *    task the browser reports (target: none over 50 ms);
 * 3. JS heap held by 10,000 participants in the actor (CDP Runtime.getHeapUsage after GC;
 *    target ≤ 50 MB).
 *
 * The participants logic is bundled with esbuild (machines/ + protocol/, no UI) into an empty page.
 * Run: `npx tsx bench/consoleMachines.ts` (or `npm run bench -- consoleMachines`).
 * Environment: BENCH_PARTICIPANTS (10000), BENCH_BATCH (1000), BENCH_ROUNDS (100), BENCH_STREAM_SECS (10).
 */
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const STREAM_SECS = Number(process.env.BENCH_STREAM_SECS ?? 10);

interface BenchApi {
  batchCost(participants: number, batch: number, rounds: number): { p50: number; p95: number; max: number; rounds: number };
  steadyStream(participants: number, perSecond: number, seconds: number): Promise<{ longTasks: number[]; applied: number }>;
  holdParticipants(participants: number): number;
  release(): void;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ms = (v: number) => v.toFixed(2);

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./console/participantsPage.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  const script = bundle.outputFiles[0].text;
  console.log(`bundle: ${(script.length / 1024).toFixed(0)} KiB (participants machine + store + xstate)`);

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>podium bench</title><body></body>');
    await page.addScriptTag({ content: script });
    const cdp = await page.context().newCDPSession(page);

    const batch = await page.evaluate(([n, b, r]) => (window as unknown as { podiumBench: BenchApi }).podiumBench.batchCost(n, b, r), [
      PARTICIPANTS,
      BATCH,
      ROUNDS,
    ] as const);
    console.log(
      `1. ${BATCH} status changes at ${PARTICIPANTS} participants: p50 ${ms(batch.p50)} ms, p95 ${ms(batch.p95)} ms, ` +
        `max ${ms(batch.max)} ms over ${batch.rounds} batches (target p95 ≤ 8 ms): ${batch.p95 <= 8 ? 'PASS' : 'FAIL'}`,
    );

    const stream = await page.evaluate(([s]) => (window as unknown as { podiumBench: BenchApi }).podiumBench.steadyStream(1000, 100, s), [
      STREAM_SECS,
    ] as const);
    const worst = stream.longTasks.length ? Math.max(...stream.longTasks) : 0;
    console.log(
      `2. 100 changes/s at 1000 participants for ${STREAM_SECS} s: ${stream.longTasks.length} long tasks, ` +
        `longest ${ms(worst)} ms (target: none over 50 ms): ${worst <= 50 ? 'PASS' : 'FAIL'}`,
    );

    const gc = () => page.evaluate(() => (globalThis as unknown as { gc?: () => void }).gc?.());
    await gc();
    const before = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const rows = await page.evaluate((n) => (window as unknown as { podiumBench: BenchApi }).podiumBench.holdParticipants(n), PARTICIPANTS);
    await gc();
    const after = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const delta = after.usedSize - before.usedSize;
    console.log(
      `3. heap for ${rows} participants: +${mb(delta)} MB (page total ${mb(after.usedSize)} MB) ` +
        `(target ≤ 50 MB): ${after.usedSize <= 50 * 1024 * 1024 ? 'PASS' : 'FAIL'}`,
    );
    await page.evaluate(() => (window as unknown as { podiumBench: BenchApi }).podiumBench.release());
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
