/**
 * The meeting report (issue 29) as data, without React: what a snapshot of the meeting holds (so
 * the report still opens after the meeting ended and its session is gone), the participants-over-
 * time series of its chart, the quality and activity summaries, and the JSON export.
 */
import type { PresenceRecord } from '@protocol/attendance';
import type { ActivityEntry, ControllerRole, MrScene, TranscriptLine } from '@protocol/wire';

export const REPORT_FORMAT = 1;

export interface ReportController {
  role: ControllerRole | '';
  peer_ip: string;
  /** login time (Unix seconds) */
  dtm: number;
  /** logout time, 0 while logged in */
  quit_dtm: number;
}

/** Quality of one participant over the window the console samples (worst figures, time above the thresholds). */
export interface ReportQuality {
  usr_id: string;
  name: string;
  /** peak loss %, NaN-free: -1 when no figure */
  loss_peak: number;
  jitter_peak: number;
  /** seconds with loss or jitter above its threshold */
  secs_over: number;
}

export interface ReportActivity {
  /** commands recorded */
  total: number;
  /** of them refused */
  refused: number;
  /** per controller (role and address; '' = this console) */
  by_controller: { role: string; peer_ip: string; count: number }[];
  /** per command id */
  by_command: { cmdid: string; count: number }[];
  /** where the log came from */
  source: 'server' | 'local' | null;
}

export interface ReportSnapshot {
  format: typeof REPORT_FORMAT;
  mr_id: string;
  title: string;
  scene: MrScene;
  /** when the snapshot was taken (Unix seconds) */
  taken_at: number;
  meeting_start: number;
  /** absent while the meeting runs */
  meeting_end?: number;
  /** `server`: the server's record; `local`: what the console saw since `since` */
  source: 'server' | 'local' | null;
  since: number;
  controllers: ReportController[];
  records: PresenceRecord[];
  quality: { window_minutes: number; loss_threshold: number; jitter_threshold: number; rows: ReportQuality[] };
  activity: ReportActivity;
  /** (issue 30) the audio-to-text lines the console held, oldest first; absent when there were none */
  transcript?: { total: number; lines: TranscriptLine[] };
  /** the records were too many for the browser's storage: the report reads them from the server */
  records_on_server?: true;
  /** reads the server's history after the meeting ended (podium) */
  report_token?: string;
  expires_at?: number;
}

/** The end of what the report measures: the meeting's end, or the moment of the snapshot. */
export const reportNow = (s: Pick<ReportSnapshot, 'meeting_end' | 'taken_at'>): number => s.meeting_end ?? s.taken_at;

/** Counts the activity entries by controller and by command. */
export function summariseActivity(entries: readonly ActivityEntry[], source: ReportActivity['source']): ReportActivity {
  const byController = new Map<string, { role: string; peer_ip: string; count: number }>();
  const byCommand = new Map<string, number>();
  let refused = 0;
  for (const e of entries) {
    const key = `${e.role}|${e.peer_ip}`;
    const c = byController.get(key) ?? { role: e.role, peer_ip: e.peer_ip, count: 0 };
    c.count += 1;
    byController.set(key, c);
    byCommand.set(e.cmdid, (byCommand.get(e.cmdid) ?? 0) + 1);
    if (e.result !== 0 || e.status >= 400) refused += 1;
  }
  return {
    total: entries.length,
    refused,
    by_controller: [...byController.values()].sort((a, b) => b.count - a.count),
    by_command: [...byCommand.entries()].map(([cmdid, count]) => ({ cmdid, count })).sort((a, b) => b.count - a.count),
    source,
  };
}

/** One point of the chart: people present at `t` (the end of its bucket), and the joins and leaves within the bucket. */
export interface PresencePoint {
  t: number;
  present: number;
  joins: number;
  leaves: number;
}

/**
 * People present over time, in at most `buckets` steps from the meeting's start (or the earliest
 * join) to `now`, with the joins and leaves within each step, so a reconnect storm shows as tall
 * bars of both. Each stay counts once (a merged stay as one).
 */
export function presenceSeries(records: readonly PresenceRecord[], start: number, now: number, buckets = 240): PresencePoint[] {
  const from = Math.min(start || now, now);
  let earliest = from;
  for (const r of records) for (const iv of r.intervals) if (iv.join < earliest) earliest = iv.join;
  const span = Math.max(1, now - earliest);
  const n = Math.max(1, Math.min(buckets, span));
  const width = span / n;
  const joins = new Int32Array(n + 1);
  const leaves = new Int32Array(n + 1);
  const bucketOf = (t: number) => Math.min(n, Math.max(0, Math.ceil((t - earliest) / width)));
  // +1 at each join, -1 at each leave: changes per bucket, then a running sum
  for (const r of records) {
    for (const iv of r.intervals) {
      joins[bucketOf(iv.join)] += 1;
      if (iv.leave !== undefined && iv.leave <= now) leaves[bucketOf(iv.leave)] += 1;
    }
  }
  const points: PresencePoint[] = [];
  let present = 0;
  for (let i = 0; i <= n; i++) {
    present += joins[i] - leaves[i];
    points.push({ t: Math.round(earliest + i * width), present, joins: joins[i], leaves: leaves[i] });
  }
  return points;
}

/** The report as a JSON document (what the snapshot holds, the records in `usr_id` order). */
export function reportJson(s: ReportSnapshot): string {
  const records = [...s.records].sort((a, b) => (a.usr_id < b.usr_id ? -1 : a.usr_id > b.usr_id ? 1 : 0));
  return JSON.stringify({ ...s, records, report_token: undefined }, null, 2);
}

/** Tick steps of the time axis, in seconds: each a round step a reader counts in. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/**
 * Ticks of the chart's time axis from `from` to `to` (Unix seconds): at most `most` of them, on
 * round local times (every 5 minutes at :00, :05…), so a 2-minute meeting gets seconds ticks
 * 30 s apart instead of eight labels all reading the same minute. `seconds` says whether the
 * labels need seconds. `offsetSecs` is the local zone's offset east of UTC (half-hour zones too).
 */
export function timeTicks(from: number, to: number, most = 8, offsetSecs = 0): { ticks: number[]; seconds: boolean } {
  const span = Math.max(1, to - from);
  const step = TIME_STEPS.find((s) => span / s <= most) ?? Math.ceil(span / most / 86400) * 86400;
  const first = Math.ceil((from + offsetSecs) / step) * step - offsetSecs;
  const ticks: number[] = [];
  for (let t = first; t <= to; t += step) ticks.push(t);
  return { ticks, seconds: step < 60 };
}

/** Ticks of a count axis from 0 to at least `max`: round steps (1, 2, 5 × 10ⁿ), at most `most` + 1 of them. */
export function countTicks(max: number, most = 5): number[] {
  const top = Math.max(1, max);
  let step = 1;
  for (let p = 1; ; p *= 10) {
    const s = [1, 2, 5].map((m) => m * p).find((c) => top / c <= most);
    if (s) {
      step = s;
      break;
    }
  }
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}
