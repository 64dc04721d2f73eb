/**
 * Benchmark of the run of show at 30 segments (issue 28: "an agenda of 30 segments stays fast"),
 * in Node, the pure work the panel and a Take do: for a meeting of BENCH_PARTICIPANTS (1,000)
 * online participants and an agenda of 30 full segments (main venue, guests, four layouts,
 * banner, mute policy, listen/watch, a roll call of 50, timer):
 * 1. Up Next: the diff of one segment against the meeting (what the panel recomputes on every
 *    meeting change), over all 30 segments × BENCH_ROUNDS (target p50 ≤ 1 ms: far inside a frame);
 * 2. the whole agenda: the diff and the platform steps of all 30 segments at once (what a
 *    30-row panel would cost if every row showed its changes) (target p50 ≤ 16.7 ms, one frame);
 * 3. the document validated as on import or a server write (target p50 ≤ 5 ms).
 * Each with its p95 beside it.
 * Run: `npm run bench -- runOfShow` (or `npx tsx bench/runOfShow.ts`). Figures depend on the
 * machine's load (reported by `npm run bench` with the load average).
 */
import { performance } from 'node:perf_hooks';
import { defaultBanner, diffSegment, validateRunOfShow, type MeetingView, type RunOfShow, type Segment } from '../protocol/runOfShow';
import { segmentSteps } from '../machines/runOfShow/segmentSteps';
import { reportFigure } from './figures';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const SEGMENTS = 30;

const ids = Array.from({ length: PARTICIPANTS }, (_, i) => `branch-${i}`);
const view: MeetingView = {
  main_venue: ids[0],
  guests: ids.slice(1, 6),
  mosaics: { guest: { mosic_id: '2*2', roles_lst: [['0'], ['0'], ['0'], ['0']], poll_secs: 10, view_has_self: 0 } },
  banner: { message: 'Welcome' },
  audience_muted: true,
  unmuted: ids.slice(0, 3),
  recording: false,
  live: false,
  audience_listen: true,
  audience_watch: true,
  roll_call: '',
  online: new Set(ids),
};

function segment(i: number): Segment {
  const at = (k: number) => ids[(i * 7 + k) % ids.length];
  const pane = (k: number) => [at(k)];
  return {
    id: `s${i}`,
    name: `Branch ${i} report`,
    main_venue: at(0),
    guests: [at(1), at(2), at(3)],
    mosaics: {
      speaker: { mosic_id: '1', roles_lst: [pane(4)], poll_secs: 10, view_has_self: 0 },
      chair: { mosic_id: '1*1', roles_lst: [['1010'], pane(5)], poll_secs: 10, view_has_self: 0 },
      guest: { mosic_id: '2*2', roles_lst: [['1010'], pane(6), pane(7), ['0']], poll_secs: 10, view_has_self: 0 },
      custom: { mosic_id: '1', roles_lst: [pane(8)], poll_secs: 10, view_has_self: 0 },
    },
    banner: defaultBanner({ zh: `第${i}分会场汇报`, en: `Branch ${i} report` }),
    mute: { audience_muted: true, unmute: [at(0), at(1)] },
    listen_watch: { audience_listen: true, audience_watch: i % 2 === 0 },
    roll_call: Array.from({ length: 50 }, (_, k) => at(10 + k)),
    timer: { secs: 300, warn_share: 0.8, on_endpoints: true },
  };
}

const doc: RunOfShow = { version: 1, name: 'Plenary', segments: Array.from({ length: SEGMENTS }, (_, i) => segment(i)) };

function pct(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

if (!validateRunOfShow(doc).ok) throw new Error('the benchmark document is not valid');
// warm-up (JIT), not counted
for (let r = 0; r < 20; r++)
  for (const seg of doc.segments) {
    segmentSteps(view, seg);
    diffSegment(view, seg);
  }

const one: number[] = [];
const all: number[] = [];
const valid: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  for (const seg of doc.segments) one.push(time(() => diffSegment(view, seg)));
  all.push(time(() => doc.segments.forEach((seg) => (diffSegment(view, seg), segmentSteps(view, seg)))));
  valid.push(time(() => validateRunOfShow(doc)));
}

// the targets are on the median; the p95 is reported beside it without a target: on a shared,
// loaded machine it measures the scheduler's pauses more than this code
const figures = [
  { figure: `run of show: Up Next diff of one segment p50 (${PARTICIPANTS} online, 30 segments)`, value: pct(one, 50), unit: 'ms', max: 1 },
  { figure: 'run of show: Up Next diff of one segment p95', value: pct(one, 95), unit: 'ms' },
  { figure: 'run of show: diff + platform steps of all 30 segments p50', value: pct(all, 50), unit: 'ms', max: 16.7 },
  { figure: 'run of show: diff + platform steps of all 30 segments p95', value: pct(all, 95), unit: 'ms' },
  { figure: 'run of show: 30-segment document validated p50', value: pct(valid, 50), unit: 'ms', max: 5 },
  { figure: 'run of show: 30-segment document validated p95', value: pct(valid, 95), unit: 'ms' },
];
for (const f of figures) {
  console.log(`${f.figure}: ${f.value.toFixed(3)} ms${f.max === undefined ? '' : ` (target ≤ ${f.max} ms)`}`);
  reportFigure(f);
}
