import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import type { PresenceRecord } from '../../protocol/attendance';
import { scriptedSessionApi, flush } from '../testing/fakeSessionApi';
import { roster } from '../testing/fixtures';
import { attendanceMachine, type AttendanceEvent } from './attendanceMachine';
import {
  selectAttendanceRecords,
  selectAttendanceSource,
  selectAttendanceLoadFailed,
  selectAttendanceServerFacts,
  selectMeetingStart,
} from './selectors';

/** a simulated clock the test moves */
function clock(start = 10_000) {
  let now = start;
  return { now: () => now, advance: (secs: number) => (now += secs) };
}

// the shared wire fixture, named the way this file's events name people
const invitedRoster = (ids: string[]) => roster(ids, { added_usr_names: ids.map((id) => `Name ${id}`) });

const info = (entries: { id: string; enter: number; online?: number }[]) => ({
  mr_id: '0123',
  usr_ids: entries.map((e) => e.id),
  usr_names: entries.map((e) => `Name ${e.id}`),
  enter_dtms: entries.map((e) => e.enter),
  is_online: entries.map((e) => e.online ?? 1),
  ep_ids: [],
  usr_uris: [],
  dev_type: [],
  ep_version: [],
  pin_sort: [],
  sort_para: [],
  gbk_names: [],
  proto_types: [],
  ep_uuid: [],
});

const snapshot = (invited: string[], online: { id: string; enter: number }[]) => ({
  roster: invitedRoster(invited),
  info: info(online),
  status: { mr_id: '0123', usr_ids: [], usr_stats: [], local_rtp_ip: [], stats_desc: [] },
});

function start(feed: 'cursor' | 'server') {
  const fake = scriptedSessionApi();
  const time = clock();
  const actor = createActor(attendanceMachine, { input: { api: fake.api, nowSecs: time.now, meetingStart: 9_000 } }).start();
  return { fake, time, actor, records: () => new Map(selectAttendanceRecords(actor.getSnapshot()).map((r) => [r.usr_id, r])), feed };
}

const joined = (ids: string[], enter: number) =>
  ({
    type: 'server.online_eps_info',
    event: { cmdid: 'online_eps_info', ...info(ids.map((id) => ({ id, enter }))) },
  }) as unknown as AttendanceEvent;
const left = (ids: string[]) =>
  ({ type: 'server.online_eps_left', event: { cmdid: 'online_eps_left', mr_id: '0123', usr_ids: ids } }) as unknown as AttendanceEvent;
const leftCall = (usrId: string, at: number, reason: string) =>
  ({
    type: 'server.left_call',
    event: { cmdid: 'left_call', ep_id: 1, usr_id: usrId, reason, duration: 0, nick_name: `Name ${usrId}`, create_dtm: at },
  }) as unknown as AttendanceEvent;

describe('attendance in front of the platform (local history)', () => {
  it('starts from the enter times of those present at login, lists invitees who never came, and folds joins and leaves', () => {
    const t = start('server');
    t.actor.send({
      type: 'server.snapshot',
      feed: 'server',
      snapshot: snapshot(
        ['a', 'b', 'c'],
        [
          { id: 'a', enter: 9_500 },
          { id: 'x', enter: 9_800 },
        ],
      ),
    });
    expect(selectAttendanceSource(t.actor.getSnapshot())).toBe('local');
    expect(t.actor.getSnapshot().context.since).toBe(10_000);
    let r = t.records();
    expect(r.get('a')?.intervals).toEqual([{ join: 9_500 }]);
    expect(r.get('a')?.invited).toBe(true);
    expect(r.get('x')?.invited).toBe(false);
    expect(r.get('b')?.intervals).toEqual([]);
    expect(r.get('b')?.name).toBe('Name b');

    t.time.advance(60);
    // a leave with its reason, then the timeless batched left event: one leave, with the reason
    t.actor.send(leftCall('a', 10_060, 'hangup'));
    t.time.advance(1);
    t.actor.send(left(['a']));
    // a reconnect: a second stay of the same person
    t.time.advance(30);
    t.actor.send(joined(['a'], 10_091));
    t.actor.send(joined(['a'], 10_091)); // repeated: nothing new
    r = t.records();
    expect(r.get('a')?.intervals).toEqual([{ join: 9_500, leave: 10_060, leave_reason: 'hangup' }, { join: 10_091 }]);
    expect(r.get('a')?.joins).toBe(2);
  });

  it('a timeless leave closes at the clock; a new full load after a gap closes the stays of those gone meanwhile', () => {
    const t = start('server');
    t.actor.send({
      type: 'server.snapshot',
      feed: 'server',
      snapshot: snapshot(
        [],
        [
          { id: 'a', enter: 9_900 },
          { id: 'b', enter: 9_950 },
        ],
      ),
    });
    t.time.advance(100);
    t.actor.send(left(['b']));
    expect(t.records().get('b')?.intervals).toEqual([{ join: 9_950, leave: 10_100 }]);
    t.time.advance(100);
    t.actor.send({ type: 'server.snapshot', feed: 'server', snapshot: snapshot([], [{ id: 'c', enter: 10_150 }]) });
    const r = t.records();
    expect(r.get('a')?.intervals).toEqual([{ join: 9_900, leave: 10_200 }]);
    expect(r.get('c')?.intervals).toEqual([{ join: 10_150 }]);
  });

  it('marks roll calls from the status: answered when present, the first history only as a baseline', () => {
    const t = start('server');
    t.actor.send({ type: 'server.snapshot', feed: 'server', snapshot: snapshot(['a', 'b'], [{ id: 'a', enter: 9_900 }]) });
    t.actor.send({
      type: 'server.meeting_snapshot',
      snapshot: { status: { roll_call: 0, rollcall_hist: { old: '1.2.3.4' } }, info: {} } as never,
    });
    t.time.advance(10);
    t.actor.send({
      type: 'server.one_mr_status',
      event: { cmdid: 'one_mr_status', roll_call: 1, rollcall_usr_id: 'a', rollcall_hist: { old: '', a: '' } } as never,
    });
    t.actor.send({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', rollcall_usr_id: 'a' } as never });
    t.time.advance(10);
    // the platform's way: only the history grows
    t.actor.send({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', rollcall_hist: { old: '', a: '', b: '' } } as never });
    const r = t.records();
    expect(r.get('a')?.roll_calls).toEqual([{ at: 10_010, answered: true }]);
    expect(r.get('b')?.roll_calls).toEqual([{ at: 10_020, answered: false }]);
    expect(r.get('old')).toBeUndefined();
  });
});

describe('attendance from the server (podium)', () => {
  const rec = (usr_id: string, intervals: PresenceRecord['intervals'], invited = true): PresenceRecord => ({
    usr_id,
    name: `Name ${usr_id}`,
    invited,
    intervals,
    joins: intervals.length,
  });

  it('reads every page, then folds the feed on top, also what came while the pages loaded', async () => {
    const t = start('cursor');
    t.actor.send({ type: 'server.snapshot', feed: 'cursor', snapshot: snapshot(['a', 'b'], [{ id: 'a', enter: 9_100 }]) });
    expect(t.actor.getSnapshot().value).toBe('loading');
    // a join while the first page is on its way
    t.actor.send(joined(['c'], 10_000));
    t.fake.answer('attendance?limit=1000', {
      cmdid: 'attendance',
      mr_id: '0123',
      meeting_start: 8_000,
      now: 10_000,
      total: 3,
      records: [rec('a', [{ join: 8_000, leave: 9_000 }, { join: 9_100 }])],
      next_after: 'a',
    });
    await flush();
    t.fake.answer('attendance?limit=1000&after=a', {
      cmdid: 'attendance',
      mr_id: '0123',
      meeting_start: 8_000,
      now: 10_000,
      total: 3,
      records: [rec('b', [])],
      report_token: 'tok',
    });
    await flush();
    expect(selectAttendanceSource(t.actor.getSnapshot())).toBe('server');
    expect(selectMeetingStart(t.actor.getSnapshot())).toBe(8_000);
    expect(selectAttendanceServerFacts(t.actor.getSnapshot()).reportToken).toBe('tok');
    const r = t.records();
    expect(r.get('a')?.intervals).toHaveLength(2);
    expect(r.get('c')?.intervals).toEqual([{ join: 10_000 }]);
    t.actor.send(leftCall('a', 10_050, 'kicked'));
    expect(t.records().get('a')?.intervals[1]).toEqual({ join: 9_100, leave: 10_050, leave_reason: 'kicked' });
  });

  it('a server without the history (404) falls back to the local record; another failure offers a refresh', async () => {
    const t = start('cursor');
    t.actor.send({ type: 'server.snapshot', feed: 'cursor', snapshot: snapshot([], [{ id: 'a', enter: 9_100 }]) });
    t.fake.fail('attendance?limit=1000', new ApiError('http', 404, 'attendance'));
    await flush();
    expect(selectAttendanceSource(t.actor.getSnapshot())).toBe('local');
    expect(t.records().get('a')?.intervals).toEqual([{ join: 9_100 }]);

    const u = start('cursor');
    u.actor.send({ type: 'server.snapshot', feed: 'cursor', snapshot: snapshot([], []) });
    u.fake.fail('attendance?limit=1000', new ApiError('http', 500, 'attendance'));
    await flush();
    expect(selectAttendanceLoadFailed(u.actor.getSnapshot())).toBe(true);
    u.actor.send({ type: 'attendance.refresh' });
    u.fake.answer('attendance?limit=1000', {
      cmdid: 'attendance',
      mr_id: '0123',
      meeting_start: 8_000,
      now: 10_000,
      total: 0,
      records: [],
    });
    await flush();
    expect(selectAttendanceLoadFailed(u.actor.getSnapshot())).toBe(false);
  });

  it('a malformed page is a failed load, not a half-read table', async () => {
    const t = start('cursor');
    t.actor.send({ type: 'server.snapshot', feed: 'cursor', snapshot: snapshot([], []) });
    t.fake.answer('attendance?limit=1000', { records: [{ usr_id: 'a' }] });
    await flush();
    expect(selectAttendanceLoadFailed(t.actor.getSnapshot())).toBe(true);
  });
});
