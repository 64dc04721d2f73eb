import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceState, presentSecs, type PresenceRecord } from '../../protocol/attendance';
import { openJournalStore } from '../store/journalStore';
import { openPostgresStore } from '../store/postgresStore';
import { startTestPostgres } from '../store/testPostgres';
import { ManualClock } from './clock';
import { ATTENDANCE_COLLECTION, ATTENDANCE_MEETINGS_COLLECTION } from './presenceHistory';
import type { JoinSpec } from './room';
import { makeHarness, MR } from './testing/harness';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const spec = (usrId: string, name: string): JoinSpec => ({
  usrId,
  name,
  uri: `sip:${usrId}@example.com`,
  devType: 'sip',
  protoType: 0,
  usrType: 2,
  callAddr: `${usrId}@example.com`,
});

/** Every record of the current meeting of the demo room, by usr_id. */
function records(h: ReturnType<typeof makeHarness>): Map<string, PresenceRecord> {
  const room = h.engine.rooms.get(MR)!;
  const out = new Map<string, PresenceRecord>();
  let after: string | undefined;
  for (;;) {
    const page = h.engine.attendance.pageOfRoom(room, after, 1000);
    for (const r of page.records) out.set(r.usr_id, r);
    if (!page.next_after) return out;
    after = page.next_after;
  }
}

const quiet = (opts: Parameters<typeof makeHarness>[0] = {}) =>
  makeHarness({ simActivity: 0, ...opts, config: { simEndpoints: 0, ...opts.config } });

describe('presence history of the reference server', () => {
  it('records joins, leaves with their reason and reconnects as several intervals of one person', async () => {
    const h = quiet();
    const room = h.engine.rooms.get(MR)!;
    const t0 = h.engine.nowSecs();
    h.engine.joinRoom(MR, spec('guest-a', 'Ann'));
    await h.tick(60);
    h.engine.endpointLeft(room, 'guest-a', 'media_timeout');
    await h.tick(10);
    h.engine.joinRoom(MR, spec('guest-a', 'Ann'));
    await h.tick(5);
    // a second join without a leave: the platform's own rejoin
    h.engine.joinRoom(MR, spec('guest-a', 'Ann'));
    await h.tick(30);
    const ann = records(h).get('guest-a')!;
    expect(ann.name).toBe('Ann');
    expect(ann.invited).toBe(false);
    expect(ann.joins).toBe(3);
    expect(ann.intervals).toEqual([
      { join: t0, leave: t0 + 60, leave_reason: 'media_timeout' },
      { join: t0 + 70, leave: t0 + 75, leave_reason: 'rejoin' },
      { join: t0 + 75 },
    ]);
    expect(attendanceState(ann)).toBe('present');
    expect(presentSecs(ann, h.engine.nowSecs())).toBe(60 + 5 + 30);
    h.engine.stop();
  });

  it('lists invitees who never came, and an invitee who came as invited', async () => {
    const h = quiet();
    const room = h.engine.rooms.get(MR)!;
    room.addToRoster(
      ['inv-1', 'inv-2', 'inv-3'].map((usrId, i) => ({
        usrId,
        name: `Invitee ${i + 1}`,
        usrType: 2,
        attr: `2-${i + 1}-0`,
        callAddr: `${usrId}@example.com`,
        dep: 0,
        devType: 'sip',
        appoint: 0,
        gbk: `Invitee ${i + 1}`,
      })),
    );
    const invitees = [...room.roster.values()].filter((r) => r.usrId.startsWith('inv-'));
    const [came, ...never] = invitees;
    expect(never).toHaveLength(2);
    h.engine.joinRoom(MR, spec(came.usrId, came.name));
    const all = records(h);
    expect(all.get(came.usrId)).toMatchObject({ invited: true, joins: 1 });
    for (const r of never) {
      if (room.endpoints.has(r.usrId)) continue;
      expect(all.get(r.usrId)).toEqual({ usr_id: r.usrId, name: r.name, invited: true, intervals: [], joins: 0 });
      expect(attendanceState(all.get(r.usrId)!)).toBe('never');
    }
    h.engine.stop();
  });

  it('closes every stay with the end of the meeting, keeps the roll calls, and is still read by the report token after', async () => {
    const h = quiet();
    const room = h.engine.rooms.get(MR)!;
    h.engine.joinRoom(MR, spec('guest-b', 'Bo'));
    const host = h.login();
    const token = h.engine.attendance.pageOfRoom(room, undefined, 10).report_token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const called = await host.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'roll_call_start', usr_ids: ['guest-b'] });
    expect(called.status).toBe(200);
    await h.tick(20);
    h.engine.endMeeting(room, 'host_hangup');
    await h.engine.attendance.flush();
    const page = h.engine.attendance.pageOfToken(token, undefined, 1000)!;
    expect(page.meeting_end).toBe(h.engine.nowSecs());
    expect(page.expires_at).toBe(page.meeting_end! + 72 * 3600);
    const bo = page.records.find((r) => r.usr_id === 'guest-b')!;
    expect(bo.intervals[0]).toMatchObject({ leave: page.meeting_end, leave_reason: 'host_hangup' });
    expect(bo.roll_calls).toEqual([{ at: page.meeting_end! - 20, answered: true }]);
    expect(h.engine.attendance.pageOfToken('x'.repeat(43), undefined, 10)).toBeUndefined();
    h.engine.stop();
  });

  it('survives a restart: the history and the report token are read back from the store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'podium-attendance-'));
    dirs.push(dir);
    const clock = new ManualClock();
    const first = await openJournalStore({ dir, compactIntervalMs: 0 });
    const h1 = quiet({ store: first, clock });
    await h1.engine.ready;
    h1.engine.joinRoom(MR, spec('guest-c', 'Cy'));
    await h1.tick(30);
    h1.engine.endpointLeft(h1.engine.rooms.get(MR)!, 'guest-c', 'user_hangup');
    h1.engine.joinRoom(MR, spec('guest-d', 'Di'));
    await h1.tick(2);
    const before = records(h1);
    const token = h1.engine.attendance.pageOfRoom(h1.engine.rooms.get(MR)!, undefined, 1).report_token;
    h1.engine.stop();
    await first.close();

    const second = await openJournalStore({ dir, compactIntervalMs: 0 });
    const h2 = quiet({ store: second, clock });
    await h2.tick(5);
    const after = records(h2);
    expect(after.get('guest-c')).toEqual(before.get('guest-c'));
    // nobody is connected after the restart: the open stay ends when the server is back
    const di = before.get('guest-d')!;
    expect(di.intervals).toEqual([{ join: expect.any(Number) }]);
    expect(after.get('guest-d')).toEqual({
      ...di,
      intervals: [{ join: di.intervals[0].join, leave: h2.engine.nowSecs(), leave_reason: 'server_restart', leave_inferred: true }],
    });
    expect(h2.engine.attendance.pageOfRoom(h2.engine.rooms.get(MR)!, undefined, 1).report_token).toBe(token);
    h2.engine.stop();
    await second.close();
  });

  it('survives a restart on the PostgreSQL store too, the ended meeting’s report included', async () => {
    const pg = await startTestPostgres();
    try {
      const open = () =>
        openPostgresStore({ connectionString: pg.url, table: 'attendance_restart', connectTimeoutMs: 5000, queryTimeoutMs: 10_000 });
      const clock = new ManualClock();
      const first = await open();
      const h1 = quiet({ store: first, clock });
      await h1.engine.ready;
      const room1 = h1.engine.rooms.get(MR)!;
      h1.engine.joinRoom(MR, spec('guest-p', 'Pia'));
      await h1.tick(40);
      const token = h1.engine.attendance.pageOfRoom(room1, undefined, 1).report_token!;
      h1.engine.endMeeting(room1, 'host_hangup');
      await h1.engine.attendance.flush();
      const before = h1.engine.attendance.pageOfToken(token, undefined, 1000)!;
      h1.engine.stop();
      await first.close();

      const second = await open();
      const h2 = quiet({ store: second, clock });
      const after = h2.engine.attendance.pageOfToken(token, undefined, 1000)!;
      expect(after.records).toEqual(before.records);
      expect(after.records.find((r) => r.usr_id === 'guest-p')!.intervals).toEqual([
        { join: before.meeting_start, leave: before.meeting_start + 40, leave_reason: 'host_hangup' },
      ]);
      expect(after.meeting_end).toBe(before.meeting_end);
      h2.engine.stop();
      await second.close();
    } finally {
      await pg.stop();
    }
  }, 60_000);

  it('deletes an ended meeting’s history when its retention passes (simulated clock), also from the store', async () => {
    const h = quiet({ config: { attendanceKeepHours: 2 } });
    const room = h.engine.rooms.get(MR)!;
    h.engine.joinRoom(MR, spec('guest-e', 'Ed'));
    const token = h.engine.attendance.pageOfRoom(room, undefined, 1).report_token!;
    h.engine.endMeeting(room, 'host_hangup');
    await h.engine.attendance.flush();
    const prefix = `${MR}#${room.record.meetingNo}`;
    expect(h.store.keys(ATTENDANCE_COLLECTION).some((k) => k.startsWith(`${prefix}/`))).toBe(true);
    h.clock.advance(2 * 3600 * 1000 - 5000);
    expect(h.engine.attendance.pageOfToken(token, undefined, 10)?.records.some((r) => r.usr_id === 'guest-e')).toBe(true);
    h.clock.advance(10_000);
    await Promise.resolve();
    expect(h.engine.attendance.pageOfToken(token, undefined, 10)).toBeUndefined();
    expect(h.store.keys(ATTENDANCE_COLLECTION).some((k) => k.startsWith(`${prefix}/`))).toBe(false);
    expect(h.store.keys(ATTENDANCE_MEETINGS_COLLECTION)).not.toContain(prefix);
    h.engine.stop();
    expect(h.clock.pending()).toBe(0);
  });

  it('keeps a new meeting of the same room apart from the one before', async () => {
    const h = quiet();
    const room = h.engine.rooms.get(MR)!;
    h.engine.joinRoom(MR, spec('guest-f', 'Fay'));
    const firstToken = h.engine.attendance.pageOfRoom(room, undefined, 1).report_token!;
    h.engine.endMeeting(room, 'host_hangup');
    await h.tick(60);
    h.engine.joinRoom(MR, spec('guest-g', 'Gus'));
    expect(room.record.running).toBe(true);
    const now = records(h);
    expect(now.has('guest-g')).toBe(true);
    expect(now.has('guest-f')).toBe(false);
    expect(h.engine.attendance.pageOfToken(firstToken, undefined, 1000)!.records.some((r) => r.usr_id === 'guest-f')).toBe(true);
    h.engine.stop();
  });

  it('shows the simulator’s churn: simulated people join and leave with reasons', async () => {
    const h = makeHarness({ config: { simEndpoints: 60 }, simActivity: 0.2 });
    await h.tick(900);
    const all = [...records(h).values()];
    const stays = all.flatMap((r) => r.intervals);
    expect(stays.length).toBeGreaterThan(60);
    expect(stays.some((s) => s.leave_reason && s.leave_reason !== 'rejoin')).toBe(true);
    expect(all.some((r) => r.joins > 1)).toBe(true);
    h.engine.stop();
  });
});
