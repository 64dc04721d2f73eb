/**
 * Benchmark of the embedded store, printing figures:
 * 1. acknowledged writes per second when each write waits for the previous one (one fsync each);
 * 2. the same with many writers at once (group commit: one fsync per round);
 * 3. compaction time and snapshot size for the resulting state;
 * 4. load time of a store holding a snapshot plus a journal.
 *
 * Run: `npx tsx server/store/store.bench.ts`. Environment: BENCH_RECORDS (default 20000),
 * BENCH_WRITERS (default 64), BENCH_DIR (default a temporary directory).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournalStore } from './journalStore';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 20_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 64);

function record(i: number) {
  return { id: i, name: `Participant ${i}`, uri: `sip:${i}@10.0.${i % 250}.${i % 200}`, muted: i % 3 === 0, stats: '0101000000000000' };
}

async function main(): Promise<void> {
  const dir = process.env.BENCH_DIR ?? (await mkdtemp(join(tmpdir(), 'podium-store-bench-')));
  try {
    const store = await openJournalStore({ dir, compactIntervalMs: 0, compactAfterLines: Number.MAX_SAFE_INTEGER });

    const sequential = Math.min(500, RECORDS);
    let t = performance.now();
    for (let i = 0; i < sequential; i++) await store.put('seq', String(i), record(i));
    const seqMs = performance.now() - t;
    console.log(
      `sequential awaited writes: ${sequential} in ${seqMs.toFixed(0)} ms = ${((sequential / seqMs) * 1000).toFixed(0)} writes/s (${(seqMs / sequential).toFixed(2)} ms each)`,
    );

    const roundsBefore = store.fsyncRounds;
    t = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < RECORDS) {
          const i = next++;
          await store.put('par', String(i), record(i));
        }
      }),
    );
    const parMs = performance.now() - t;
    const rounds = store.fsyncRounds - roundsBefore;
    console.log(
      `${WRITERS} concurrent writers: ${RECORDS} writes in ${parMs.toFixed(0)} ms = ${((RECORDS / parMs) * 1000).toFixed(0)} writes/s, ` +
        `${rounds} fsync rounds (${(RECORDS / rounds).toFixed(1)} writes per fsync)`,
    );

    t = performance.now();
    await store.compact();
    const compactMs = performance.now() - t;
    const snapBytes = (await stat(join(dir, 'snapshot.json'))).size;
    console.log(`compaction of ${RECORDS + sequential} records: ${compactMs.toFixed(0)} ms, snapshot ${(snapBytes / 1024).toFixed(0)} KiB`);

    for (let i = 0; i < 2000; i++) void store.put('after', String(i), record(i));
    await store.close();

    t = performance.now();
    const again = await openJournalStore({ dir, compactIntervalMs: 0 });
    const loadMs = performance.now() - t;
    console.log(
      `load (snapshot + journal, ${again.keys('par').length + again.keys('seq').length + again.keys('after').length} records): ${loadMs.toFixed(0)} ms`,
    );
    await again.close();
  } finally {
    if (!process.env.BENCH_DIR) await rm(dir, { recursive: true, force: true });
  }
}

void main();
