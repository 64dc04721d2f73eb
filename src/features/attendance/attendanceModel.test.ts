import { describe, expect, it } from 'vitest';
import type { PresenceRecord } from '@protocol/attendance';
import { localTimeText } from '#/shared/csv';
import {
  ATTENDANCE_CSV_COLUMNS,
  attendanceCsv,
  countAttendance,
  durationText,
  firstSorted,
  nameSortKey,
  selectAttendanceRows,
  toAttendanceRows,
} from './attendanceModel';
import { countTicks, presenceSeries, reportJson, summariseActivity, timeTicks, type ReportSnapshot } from './reportModel';

const rec = (
  usr_id: string,
  name: string,
  intervals: PresenceRecord['intervals'],
  invited = true,
  roll_calls?: PresenceRecord['roll_calls'],
): PresenceRecord => ({
  usr_id,
  name,
  invited,
  intervals,
  joins: intervals.length,
  ...(roll_calls ? { roll_calls } : {}),
});

// the meeting started at 1000; now is 2000
const records = [
  rec('u1', '张伟', [{ join: 1000, leave: 1300, leave_reason: 'hangup' }, { join: 1500 }], true, [{ at: 1100, answered: true }]),
  rec('u2', 'Ann, "the" Smith', [{ join: 1200, leave: 1700 }]),
  rec('u3', 'Zed', []),
  rec('g1', '=cmd', [{ join: 1900 }], false, [{ at: 1400, answered: false }]),
];

describe('attendance rows', () => {
  const rows = toAttendanceRows(records, 1000, 2000);

  it('measures each person: state, first join, last leave, time present and share so far, stays, roll calls', () => {
    const u1 = rows.find((r) => r.usrId === 'u1')!;
    expect(u1).toMatchObject({
      state: 'present',
      firstJoin: 1000,
      lastLeave: undefined,
      totalSecs: 800,
      share: 0.8,
      joins: 2,
      rollCalls: 1,
      answered: 1,
    });
    expect(rows.find((r) => r.usrId === 'u2')).toMatchObject({ state: 'left', lastLeave: 1700, totalSecs: 500, share: 0.5 });
    expect(rows.find((r) => r.usrId === 'u3')).toMatchObject({ state: 'never', firstJoin: undefined, totalSecs: 0, share: 0 });
    expect(countAttendance(rows)).toEqual({ all: 4, present: 2, left: 1, never: 1, invited: 3 });
  });

  it('filters by state and by part of the name or the id, and sorts with those who never came last', () => {
    expect(selectAttendanceRows(rows, 'present', '', { key: 'name', dir: 'asc' }).map((r) => r.usrId)).toEqual(['g1', 'u1']);
    expect(selectAttendanceRows(rows, 'all', 'smith', { key: 'name', dir: 'asc' }).map((r) => r.usrId)).toEqual(['u2']);
    expect(selectAttendanceRows(rows, 'all', 'U3', { key: 'name', dir: 'asc' }).map((r) => r.usrId)).toEqual(['u3']);
    expect(selectAttendanceRows(rows, 'all', '', { key: 'total', dir: 'desc' }).map((r) => r.usrId)).toEqual(['u1', 'u2', 'g1', 'u3']);
    expect(selectAttendanceRows(rows, 'all', '', { key: 'firstJoin', dir: 'desc' }).map((r) => r.usrId)).toEqual(['g1', 'u2', 'u1', 'u3']);
    expect(selectAttendanceRows(rows, 'all', '', { key: 'firstJoin', dir: 'asc' }).at(-1)?.usrId).toBe('u3');
  });

  it('exports CSV with a byte-order mark, its header, CRLF, local and ISO times, quoted names and no formulas', () => {
    const csv = attendanceCsv(rows, { state: (s) => `S:${s}`, yes: 'Y', no: 'N' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(ATTENDANCE_CSV_COLUMNS.join(','));
    expect(lines.at(-1)).toBe('');
    const u1 = lines.find((l) => l.startsWith('张伟,'))!;
    // still in: no last leave nor its reason; every stay listed
    expect(u1).toBe(
      `张伟,u1,Y,S:present,${localTimeText(1000)},1970-01-01T00:16:40.000Z,,,,800,13:20,80,2,1,1,${localTimeText(1000).slice(11)}–${localTimeText(1300).slice(11)}; ${localTimeText(1500).slice(11)}–`,
    );
    const u2 = lines.find((l) => l.includes(',u2,'))!;
    expect(u2).toContain(`,${localTimeText(1700)},1970-01-01T00:28:20.000Z,,500,8:20,50,1,0,0,`);
    expect(lines.some((l) => l.startsWith('"Ann, ""the"" Smith",u2,Y,S:left'))).toBe(true);
    expect(lines.some((l) => l.startsWith("'=cmd,g1,N,"))).toBe(true);
  });

  it('durations read as minutes:seconds, hours when over one', () => {
    expect(durationText(65)).toBe('1:05');
    expect(durationText(3725)).toBe('1:02:05');
  });
});

describe('report', () => {
  it('counts people present over time with the joins and leaves of each step', () => {
    const points = presenceSeries(records, 1000, 2000, 10);
    expect(points[0]).toMatchObject({ t: 1000, present: 1, joins: 1 });
    expect(points.at(-1)).toMatchObject({ t: 2000, present: 2 });
    expect(points.reduce((n, p) => n + p.joins, 0)).toBe(4);
    expect(points.reduce((n, p) => n + p.leaves, 0)).toBe(2);
    expect(Math.max(...points.map((p) => p.present))).toBe(2);
  });

  it('summarises the activity by controller and command, refused ones counted', () => {
    const e = (id: number, peer_ip: string, cmdid: string, result = 0) => ({
      id,
      dtm: id,
      role: 'host' as const,
      peer_ip,
      cmdid,
      action: '',
      targets: [],
      more_targets: 0,
      values: {},
      result,
      status: 200,
    });
    const s = summariseActivity([e(1, 'a', 'x'), e(2, 'a', 'y', 4021), e(3, 'b', 'x')], 'server');
    expect(s).toMatchObject({
      total: 3,
      refused: 1,
      by_controller: [
        { peer_ip: 'a', count: 2 },
        { peer_ip: 'b', count: 1 },
      ],
      by_command: [
        { cmdid: 'x', count: 2 },
        { cmdid: 'y', count: 1 },
      ],
    });
  });

  it('exports JSON with the facts and the records in usr_id order, without the report token', () => {
    const snap: ReportSnapshot = {
      format: 1,
      mr_id: '8008038',
      title: 'T',
      scene: 'conference',
      taken_at: 2000,
      meeting_start: 1000,
      source: 'server',
      since: 1000,
      controllers: [],
      records,
      quality: { window_minutes: 30, loss_threshold: 5, jitter_threshold: 40, rows: [] },
      activity: summariseActivity([], 'server'),
      report_token: 'secret',
    };
    const doc = JSON.parse(reportJson(snap));
    expect(doc.mr_id).toBe('8008038');
    expect(doc.records.map((r: PresenceRecord) => r.usr_id)).toEqual(['g1', 'u1', 'u2', 'u3']);
    expect(doc.report_token).toBeUndefined();
    expect(doc.records[1].intervals[0]).toEqual({ join: 1000, leave: 1300, leave_reason: 'hangup' });
  });
});

describe('sorting names fast (the report at 10,000 people)', () => {
  it('orders numbers within names by value from precomputed keys, as a numeric collation does', () => {
    const names = ['Room 10', 'Room 9', 'Room 009a', 'room 1', '参会者 20', '参会者 3'];
    const numeric = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const plain = new Intl.Collator('en', { sensitivity: 'base' });
    const byKey = [...names].sort((a, b) => plain.compare(nameSortKey(a), nameSortKey(b)));
    expect(byKey).toEqual([...names].sort(numeric.compare));
    expect(byKey.slice(0, 3)).toEqual(['room 1', 'Room 9', 'Room 009a']);
  });

  it('picks the first rows of a sort without sorting them all: the same rows, the same order, ties stable', () => {
    const items = Array.from({ length: 2000 }, (_, i) => ({ i, v: (i * 7919) % 257 }));
    const cmp = (a: { v: number }, b: { v: number }) => a.v - b.v;
    const full = [...items].sort(cmp);
    for (const k of [0, 1, 50, 300, 1999, 2000, 2500]) expect(firstSorted(items, k, cmp)).toEqual(full.slice(0, k));
  });

  it('gives the report its first rows as the full sort would, in the language asked for', () => {
    const many = Array.from({ length: 40 }, (_, i) => rec(`p${i}`, `Person ${(i * 17) % 40}`, [{ join: 1000 }]));
    const rowsOf = toAttendanceRows(many, 1000, 2000);
    const byName = { key: 'name', dir: 'asc' } as const;
    const all = selectAttendanceRows(rowsOf, 'all', '', byName, { locale: 'zh' });
    expect(selectAttendanceRows(rowsOf, 'all', '', byName, { locale: 'zh', first: 10 })).toEqual(all.slice(0, 10));
    expect(all.slice(0, 3).map((r) => r.name)).toEqual(['Person 0', 'Person 1', 'Person 2']);
  });
});

describe('chart ticks', () => {
  it('spaces a 2-minute meeting 15 s apart on round seconds, with seconds in the labels (not eight of one minute)', () => {
    const { ticks, seconds } = timeTicks(1_000_010, 1_000_130, 8, 0);
    expect(seconds).toBe(true);
    expect(ticks).toEqual([1_000_020, 1_000_035, 1_000_050, 1_000_065, 1_000_080, 1_000_095, 1_000_110, 1_000_125]);
    expect(timeTicks(1_000_010, 1_000_130, 4, 0).ticks).toEqual([1_000_020, 1_000_050, 1_000_080, 1_000_110]);
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('spaces four hours on the half hour of the local zone (a half-hour zone too), without seconds', () => {
    const start = 1_800_000_000; // 08:00 UTC
    const utc = timeTicks(start, start + 4 * 3600, 8, 0);
    expect(utc.seconds).toBe(false);
    expect(utc.ticks.length).toBeLessThanOrEqual(9);
    expect(utc.ticks.every((t) => t % 1800 === 0)).toBe(true);
    const india = timeTicks(start, start + 4 * 3600, 8, 5.5 * 3600);
    expect(india.ticks.every((t) => (t + 5.5 * 3600) % 1800 === 0)).toBe(true);
  });

  it('never gives more ticks than asked, whatever the span', () => {
    for (const span of [1, 7, 59, 61, 600, 3599, 7200, 86_400, 3 * 86_400])
      expect(timeTicks(0, span, 8, 0).ticks.length).toBeLessThanOrEqual(9);
  });

  it('counts in round steps up to at least the peak', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(10_000)).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
  });
});
