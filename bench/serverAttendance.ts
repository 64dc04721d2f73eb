/**
 * Attendance at scale (issue 29 item 4, server side): 10,000 participants in a 4-hour meeting on a
 * simulated clock, through the engine's own join and leave (the hooks the simulator and real
 * dial-ins go through), with steady churn, a reconnect storm every 20 minutes (40 % of those
 * present drop and come back within 5–30 s) and 1,000 flapping lines that reconnect every two
 * minutes (120 stays each, beyond the per-person cap, so the merging runs).
 *
 * Figures: the memory the history takes in the server (the engine's records and the store's copy
 * of them, heap after a full GC with the history minus without it), and the time of a full walk of
 * `GET attendance` at the largest page (1,000), handler and JSON included.
 *
 * `npx tsx bench/serverAttendance.ts` (or `npm run bench -- serverAttendance`).
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ATTENDANCE_PAGE_MAX, INTERVALS_PER_PERSON_MAX } from '../protocol/attendance';
import { ManualClock } from '../server/engine/clock';
import { createEngine } from '../server/engine/index';
import { ATTENDANCE_COLLECTION, ATTENDANCE_MEETINGS_COLLECTION } from '../server/engine/presenceHistory';
import { Rng } from '../server/engine/rng';
import type { JoinSpec } from '../server/engine/room';
import { Router, type ApiRequest } from '../server/http/router';
import { registerSessionRoutes } from '../server/http/sessionRoutes';
import { createMemoryStore } from '../server/store/memoryStore';
import { reportFigure } from './figures';

setFlagsFromString('--expose-gc');
const fullGc = runInNewContext('gc') as () => void;
const heapAfterGc = (): number => {
  fullGc();
  fullGc();
  return process.memoryUsage().heapUsed;
};

const PEOPLE = 10_000;
const FLAPPERS = 1_000;
const HOURS = 4;
const STORM_EVERY_S = 20 * 60;
const MR = '8008038';
/** the memory the history may take at this size (the stated bound) */
const MEMORY_BOUND_MIB = 96;
/** the full page walk's target: a whole report's data within a second */
const WALK_BOUND_MS = 1000;

const clock = new ManualClock();
const store = createMemoryStore();
const engine = createEngine({ store, clock, config: { simEndpoints: 0, addressBookUsers: 100, historyCapacity: 2000 }, autoStart: false });
await engine.ready;
const room = engine.rooms.get(MR)!;
room.record.maxCall = PEOPLE * 2;
room.record.duration = (HOURS + 1) * 3600;

const specs: JoinSpec[] = Array.from({ length: PEOPLE }, (_, i) => {
  const id = `p${String(i).padStart(5, '0')}`;
  return {
    usrId: id,
    name: `Participant ${i}`,
    uri: `sip:${id}@example.com`,
    devType: 'sip',
    protoType: 0,
    usrType: 2,
    callAddr: `${id}@example.com`,
  };
});
const rng = new Rng(29);
/** when each absent person comes back (seconds from the start); -1 while present */
const backAt = Array.from({ length: PEOPLE }, () => Math.floor(rng.next() * 600));
/** when each present person drops on their own: about once an hour, a flapper every two minutes */
const dropAt = new Array<number>(PEOPLE).fill(Infinity);
const nextDrop = (i: number, s: number) => (i < FLAPPERS ? s + 120 : s + Math.ceil(-Math.log(1 - rng.next()) * 3600));
const start = engine.nowSecs();

let joins = 0;
let leaves = 0;
const leave = (i: number, s: number, reason: string, within: number) => {
  engine.endpointLeft(room, specs[i].usrId, reason);
  backAt[i] = s + 5 + Math.floor(rng.next() * within);
  dropAt[i] = Infinity;
  leaves++;
};
const t0 = performance.now();
for (let s = 0; s < HOURS * 3600; s++) {
  const storm = s > 0 && s % STORM_EVERY_S === 0;
  for (let i = 0; i < PEOPLE; i++) {
    if (backAt[i] >= 0) {
      if (backAt[i] > s) continue;
      const ep = engine.joinRoom(MR, specs[i]);
      if ('failed' in ep) throw new Error(`join refused: ${ep.failed}`);
      backAt[i] = -1;
      dropAt[i] = nextDrop(i, s);
      joins++;
    } else if (storm && rng.next() < 0.4) leave(i, s, 'signalling_disconnected', 25);
    else if (dropAt[i] <= s) leave(i, s, i < FLAPPERS ? 'signalling_disconnected' : 'media_timeout', 115);
  }
  clock.advance(1000);
  if (s % 60 === 0) await Promise.resolve();
}
await engine.attendance.flush();
const simulateMs = performance.now() - t0;
const simulatedSecs = engine.nowSecs() - start;

// the full walk, as a console does it: the session's GET page after page at the largest page
const router = new Router();
registerSessionRoutes(router, engine, {});
const sess = engine.openSession({ mrId: MR, role: 'host', peerIp: '127.0.0.1' });
const path = `/rest/v1/meetings/${MR}/sessions/${sess.sessId}/attendance`;
async function walk(): Promise<{ people: number; stays: number; bytes: number; pages: number }> {
  let after: string | undefined;
  let people = 0;
  let stays = 0;
  let bytes = 0;
  let pages = 0;
  for (;;) {
    const match = router.match('GET', path);
    if (!('handler' in match)) throw new Error('no attendance route');
    const query = new URLSearchParams({ limit: String(ATTENDANCE_PAGE_MAX), ...(after ? { after } : {}) });
    const req: ApiRequest = {
      method: 'GET',
      path,
      params: match.params,
      query,
      headers: {},
      body: undefined,
      rawBody: Buffer.alloc(0),
      ip: '127.0.0.1',
      signal: new AbortController().signal,
    };
    const res = await match.handler(req);
    // what the server sends: the answer serialised (the console's parsing is not the server's time)
    const page = res.body as { records: { joins: number }[]; next_after?: string };
    bytes += Buffer.byteLength(JSON.stringify(page));
    pages++;
    people += page.records.length;
    for (const r of page.records) stays += r.joins;
    if (!page.next_after) return { people, stays, bytes, pages };
    after = page.next_after;
  }
}
await walk(); // warm-up
const walks: number[] = [];
let shape = { people: 0, stays: 0, bytes: 0, pages: 0 };
for (let i = 0; i < 5; i++) {
  const w0 = performance.now();
  shape = await walk();
  walks.push(performance.now() - w0);
}
walks.sort((a, b) => a - b);
const walkMs = walks[Math.floor(walks.length / 2)];

// the history's memory: the heap with it, then without it (engine records and the store's copy)
const withHistory = heapAfterGc();
const keys = store.keys(ATTENDANCE_COLLECTION);
const metas = store.keys(ATTENDANCE_MEETINGS_COLLECTION);
await store.batch([
  ...keys.map((key) => ({ op: 'delete' as const, collection: ATTENDANCE_COLLECTION, key })),
  ...metas.map((key) => ({ op: 'delete' as const, collection: ATTENDANCE_MEETINGS_COLLECTION, key })),
]);
(engine.attendance as unknown as { meetings: Map<string, unknown> }).meetings.clear();
const withoutHistory = heapAfterGc();
const historyMiB = (withHistory - withoutHistory) / 2 ** 20;
engine.stop();

console.log(
  `${PEOPLE} people (${FLAPPERS} flapping), ${simulatedSecs / 3600} simulated hours in ${(simulateMs / 1000).toFixed(1)} s: ` +
    `${joins} joins, ${leaves} leaves; ${shape.people} records, ${shape.stays} stays in all, cap ${INTERVALS_PER_PERSON_MAX} intervals a person`,
);
console.log(`history in memory (records + store copy): ${historyMiB.toFixed(1)} MiB (bound ${MEMORY_BOUND_MIB} MiB)`);
console.log(
  `GET attendance full walk: ${walkMs.toFixed(1)} ms median of 5 (${walks.map((w) => w.toFixed(0)).join(', ')}), ${shape.pages} pages of ${ATTENDANCE_PAGE_MAX}, ${(shape.bytes / 2 ** 20).toFixed(1)} MiB of JSON`,
);
reportFigure({
  figure: 'server: attendance history, 10,000 people × 4 h with storms (memory)',
  value: historyMiB,
  unit: 'MiB',
  max: MEMORY_BOUND_MIB,
});
reportFigure({ figure: 'server: GET attendance full walk, 10,000 people (pages of 1,000)', value: walkMs, unit: 'ms', max: WALK_BOUND_MS });
