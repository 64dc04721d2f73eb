/**
 * Reference-server benchmark (not a test), issue 24 point 1: the server's memory after 10,000
 * maximal hostile commands from one controller.
 *
 *   npx tsx bench/serverHostile.ts              # 10,000 commands
 *   BENCH_HOSTILE_COMMANDS=2000 npx tsx bench/serverHostile.ts
 *
 * The real server (HTTP, compat signing) on the embedded journal store in a temporary DATA_DIR,
 * as it runs by default. One host session sends, one after another, alternately a refused
 * `mod_mr_status` of 190 keys of 1,300 characters each (the body the attack run used) and a
 * `ctrl_mr_eps` with 120 such keys (values of 190 characters) and 50 targets of 128 characters
 * (the longest id accepted), refused as its targets are not in the meeting. Figures: resident
 * memory and V8 heap after a full GC against before, the activity log's bytes, the largest
 * activity page and poll answer, and the data directory on disk after a compaction.
 */
import { Agent } from 'node:http';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { testConfig } from '../server/config';
import { ACTIVITY_BYTES_CAP } from '../server/engine/activity';
import { startServer } from '../server/main';
import type { JournalStore } from '../server/store/journalStore';
import { reportFigure } from './figures';
import { signedRequest } from './server/signedRequest';

setFlagsFromString('--expose-gc');
const fullGc = runInNewContext('gc') as () => void;
function afterGc(): { rss: number; heap: number; external: number } {
  fullGc();
  fullGc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, external: m.external };
}

const MR = '8008038';
const COMMANDS = Number(process.env.BENCH_HOSTILE_COMMANDS ?? 10_000);
const MiB = 1024 * 1024;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** A signed request with this run's connection pool (bench/server/signedRequest.ts). */
function send(port: number, path: string, method: string, body: string | undefined, devid: string, devtoken: string) {
  return signedRequest(agent, port, method, path, body, devid, devtoken);
}

const longKey = (i: number, n: number) => `${String(i).padStart(3, '0')}${n}`.padEnd(1300, 'k');
function refused(n: number): string {
  const body: Record<string, unknown> = { cmdid: 'mod_mr_status', key: longKey(999, n) };
  for (let i = 0; i < 190; i++) body[longKey(i, n)] = 1;
  return JSON.stringify(body);
}
function applied(n: number, usrIds: string[]): string {
  const body: Record<string, unknown> = { cmdid: 'ctrl_mr_eps', action: 'a_rx', value: n % 2, usr_ids: usrIds };
  for (let i = 0; i < 120; i++) body[longKey(i, n)] = 'v'.repeat(190);
  return JSON.stringify(body);
}

const dataDir = mkdtempSync(join(tmpdir(), 'podium-hostile-'));
try {
  const cfg = testConfig({
    signing: 'compat',
    simEndpoints: 0,
    dataDir,
    demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' },
  });
  const server = await startServer(cfg, {
    log: { info: () => {}, warn: () => {}, error: () => {} },
    listen: { maxConnectionsPerAddress: 0 },
  });
  const port = Number(new URL(server.origin).port);
  const { engine } = server;
  await engine.ready;
  const sess = engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' }).sessId;
  const P = `/rest/v1/meetings/${MR}/sessions/${sess}/`;
  const usrIds = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(128, 'u'));
  // warm up the paths before the first reading
  await send(port, `${P}mr-status`, 'POST', refused(-1), cfg.devId, cfg.devToken);
  const before = afterGc();
  const t0 = performance.now();
  let bodyBytes = 0;
  const statuses = new Map<number, number>();
  for (let n = 0; n < COMMANDS; n++) {
    const body = n % 2 ? applied(n, usrIds) : refused(n);
    bodyBytes += body.length;
    const r = await send(port, `${P}${n % 2 ? 'eps-status' : 'mr-status'}`, 'POST', body, cfg.devId, cfg.devToken);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    // this controller holds no poll (it would only slow the run): it is kept alive as a poll would
    const live = engine.sessions.get(sess);
    if (live) live.lastPollMs = engine.clock.now();
  }
  const seconds = (performance.now() - t0) / 1000;
  const page = await send(port, `${P}activity?limit=500`, 'GET', undefined, cfg.devId, cfg.devToken);
  if (page.status !== 200) throw new Error(`activity page answered ${page.status}: ${page.bytes.toString().slice(0, 200)}`);
  const room = engine.rooms.get(MR)!;
  const poll = await send(
    port,
    `${P}changes`,
    'POST',
    JSON.stringify({ cmdid: 'get_changes', since_seq: room.feed.oldest - 1, block_secs: 0 }),
    cfg.devId,
    cfg.devToken,
  );
  await (server.store as JournalStore).compact();
  const after = afterGc();
  let disk = 0;
  for (const f of readdirSync(dataDir)) disk += statSync(join(dataDir, f)).size;
  const logBytes = engine.activity.bytesOf(MR);
  const rssMiB = (after.rss - before.rss) / MiB;
  const heapMiB = (after.heap - before.heap) / MiB;
  const externalMiB = (after.external - before.external) / MiB;
  console.log(
    `[hostile] ${COMMANDS} commands (${(bodyBytes / MiB).toFixed(0)} MiB of bodies) in ${seconds.toFixed(1)} s, answers ${[...statuses].map(([s, c]) => `${s}×${c}`).join(' ')}\n` +
      `          RSS after GC +${rssMiB.toFixed(1)} MiB, heap +${heapMiB.toFixed(1)} MiB, external (Buffers) +${externalMiB.toFixed(1)} MiB; activity log ${(logBytes / MiB).toFixed(2)} MiB (cap ${ACTIVITY_BYTES_CAP / MiB}); ` +
      `page ${(page.bytes.length / 1024).toFixed(0)} KiB, poll answer ${(poll.bytes.length / 1024).toFixed(0)} KiB; data directory ${(disk / MiB).toFixed(1)} MiB; load ${loadavg()[0].toFixed(1)}`,
  );
  reportFigure({
    figure: `server hostile: RSS over idle after ${COMMANDS} maximal hostile commands (after a full GC)`,
    value: Math.round(rssMiB * 10) / 10,
    unit: 'MiB',
  });
  reportFigure({
    figure: `server hostile: V8 heap over idle after ${COMMANDS} maximal hostile commands`,
    value: Math.round(heapMiB * 10) / 10,
    unit: 'MiB',
  });
  reportFigure({
    figure: 'server hostile: activity log kept for the meeting',
    value: Math.round((logBytes / MiB) * 100) / 100,
    unit: 'MiB',
    max: ACTIVITY_BYTES_CAP / MiB,
  });
  // an answer carries at most 1 MiB of events beyond its first (server/engine/feed.ts
  // MAX_BATCH_BYTES): one event larger than that still goes, alone, so the rule is measured
  // without the first event (the answer is a JSON array of events)
  const events = JSON.parse(poll.bytes.toString('utf8')) as unknown[];
  const firstEventBytes = events.length > 0 ? Buffer.byteLength(JSON.stringify(events[0])) : 0;
  const pollBeyondFirst = poll.bytes.length - firstEventBytes;
  console.log(
    `          poll answer: ${events.length} events, the first ${(firstEventBytes / 1024).toFixed(0)} KiB, ${(pollBeyondFirst / 1024).toFixed(0)} KiB beyond it`,
  );
  reportFigure({
    figure: 'server hostile: largest activity page / poll answer beyond its first event',
    value: Math.round(Math.max(page.bytes.length, pollBeyondFirst) / 1024),
    unit: 'KiB',
    max: 1024,
  });
  reportFigure({ figure: 'server hostile: data directory after compaction', value: Math.round((disk / MiB) * 10) / 10, unit: 'MiB' });
  agent.destroy();
  await server.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
