/**
 * Reference-server benchmark (not a test), issue 24 points 3 and 4: what the login guard and the
 * durable nonce store hold at their bounds.
 *
 *   npx tsx bench/serverLoginGuard.ts
 *
 * - Login guard (memory store, as the default runs): the demo meeting locked, then 300,000
 *   failures from distinct addresses (three times the bucket's bound). Figures: heap after a full
 *   GC against before, keys kept, time per failure, and whether the meeting is still locked.
 * - Nonces: 50 sessions each signing 5,000 requests in one second window (past the per-session
 *   bound of 4,096 and the total of 200,000). Figures: heap, nonces kept in memory and store.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { addressKey, LoginGuard } from '../server/auth/loginGuard';
import { SessionNonces, SIGNING_NONCES } from '../server/auth/sessionNonces';
import { createMemoryStore } from '../server/store/memoryStore';
import { reportFigure } from './figures';

setFlagsFromString('--expose-gc');
const fullGc = runInNewContext('gc') as () => void;
const MiB = 1024 * 1024;
function heap(): number {
  fullGc();
  fullGc();
  return process.memoryUsage().heapUsed;
}

async function guardFigures(): Promise<void> {
  let now = Date.now();
  const store = createMemoryStore();
  const before = heap();
  const guard = new LoginGuard({ now: () => now, store });
  for (let i = 0; i < 10; i++) guard.recordFailure([addressKey(`198.51.100.${i}`), 'mr:8008038']);
  const probes = 300_000;
  const t0 = performance.now();
  for (let i = 0; i < probes; i++) {
    now += 1;
    guard.recordFailure([addressKey(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)]);
  }
  const perFailureUs = ((performance.now() - t0) * 1000) / probes;
  await new Promise((r) => setTimeout(r, 0));
  const used = (heap() - before) / MiB;
  const locked = guard.check(['mr:8008038']).locked;
  console.log(
    `login guard: ${probes} distinct-address failures, keys ${JSON.stringify(guard.size)}, store records ${store.keys('login_failures').length}`,
  );
  console.log(`  heap +${used.toFixed(1)} MiB, ${perFailureUs.toFixed(1)} µs per failure, demo meeting still locked: ${locked}`);
  reportFigure({
    figure: 'server: login guard heap at its bound (300,000 distinct-address failures)',
    value: Math.round(used * 10) / 10,
    unit: 'MiB',
    max: 64,
  });
  reportFigure({
    figure: "server: meeting lock kept through 300,000 other addresses' failures (1 = yes)",
    value: locked ? 1 : 0,
    unit: '',
    max: 1,
  });
  await store.close();
}

async function nonceFigures(): Promise<void> {
  const store = createMemoryStore();
  const before = heap();
  const nonces = new SessionNonces({ store });
  const t = Date.now();
  for (let s = 0; s < 50; s++) {
    for (let i = 0; i < 5_000; i++)
      nonces.use(`${s.toString(16)}${i.toString(16).padStart(28, '0')}`, t, { sessionId: `session-${s}`, atMs: t - 200_000 + i * 40 });
  }
  await new Promise((r) => setTimeout(r, 0));
  const used = (heap() - before) / MiB;
  console.log(
    `nonces: 50 sessions × 5,000 signed requests: kept ${nonces.size} in memory, ${store.keys(SIGNING_NONCES).length} in the store, heap +${used.toFixed(1)} MiB`,
  );
  reportFigure({
    figure: 'server: nonce store heap at its bound (200,000 nonces, memory + store)',
    value: Math.round(used * 10) / 10,
    unit: 'MiB',
    max: 128,
  });
  await store.close();
}

await guardFigures();
await nonceFigures();
