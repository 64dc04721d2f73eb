/**
 * (podium) Attendance (issue 29): for every meeting, each participant's stays (join, leave, leave
 * reason), invitees who never came and roll calls, folded with the interval logic the console
 * shares (protocol/attendance.ts). Kept in the store for the meeting and `attendanceKeepHours`
 * after it ends, so it survives a restart and a report can be read after the meeting; then it is
 * deleted. Each meeting (a room's `meetingNo`) has its own history and its own report token.
 *
 * Memory is bounded per person (INTERVALS_PER_PERSON_MAX stays, the oldest merged beyond that,
 * totals exact); writes are batched, one store write per FLUSH_MS for all changed people, so a
 * reconnect storm costs one write a second rather than one per join.
 */
import { randomBytes } from 'node:crypto';
import {
  applyPresence,
  applyRollCall,
  emptyRecord,
  type AttendancePage,
  type PresenceEvent,
  type PresenceRecord,
} from '../../protocol/attendance';
import type { Store, StoreOp } from '../store/types';
import type { Clock, TimerHandle } from './clock';
import { isGuestId, type Endpoint, type Room, type RoomHooks } from './room';

/** records: key `<meeting key>/<usr_id>` */
export const ATTENDANCE_COLLECTION = 'attendance';
/** one per meeting: key `<meeting key>` */
export const ATTENDANCE_MEETINGS_COLLECTION = 'attendance_meetings';
/** how long changes wait to be written together */
export const FLUSH_MS = 1000;
/** default of `ATTENDANCE_KEEP_HOURS` */
export const ATTENDANCE_KEEP_HOURS_DEFAULT = 72;

/** What the store keeps of one meeting besides its records. */
export interface MeetingAttendance {
  key: string;
  mr_id: string;
  meeting_no: number;
  meeting_start: number;
  meeting_end?: number;
  /** when the history is deleted (set when the meeting ends) */
  expires_at?: number;
  report_token: string;
}

interface Held {
  meta: MeetingAttendance;
  records: Map<string, PresenceRecord>;
  /** usr_ids in order, rebuilt when someone new appears */
  sorted?: string[];
}

/** A page of one meeting's history, without `cmdid`. */
export type HistoryPage = Omit<AttendancePage, 'cmdid'>;

export const meetingKeyOf = (room: Room): string => `${room.mrId}#${room.record.meetingNo}`;

export class PresenceHistory {
  private readonly meetings = new Map<string, Held>();
  private readonly byToken = new Map<string, string>();
  /** running meetings read from the store: their open stays are checked against who is connected */
  private readonly fromBefore = new Set<string>();
  private readonly dirtyRecords = new Set<string>();
  private readonly dirtyMeetings = new Set<string>();
  private flushTimer?: TimerHandle;
  private expiryTimer?: TimerHandle;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly keepHours: number = ATTENDANCE_KEEP_HOURS_DEFAULT,
  ) {
    for (const meta of store.list<MeetingAttendance>(ATTENDANCE_MEETINGS_COLLECTION)) {
      this.meetings.set(meta.key, { meta, records: new Map() });
      this.byToken.set(meta.report_token, meta.key);
      if (meta.meeting_end === undefined) this.fromBefore.add(meta.key);
    }
    for (const key of store.keys(ATTENDANCE_COLLECTION)) {
      const cut = key.lastIndexOf('/');
      const held = this.meetings.get(key.slice(0, cut));
      const rec = store.get<PresenceRecord>(ATTENDANCE_COLLECTION, key);
      if (held && rec) held.records.set(rec.usr_id, rec);
    }
    this.expire();
  }

  private nowSecs(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** The history of the room's current meeting, made when missing (a meeting running from before). */
  private current(room: Room): Held {
    const key = meetingKeyOf(room);
    let held = this.meetings.get(key);
    if (!held) {
      const meta: MeetingAttendance = {
        key,
        mr_id: room.mrId,
        meeting_no: room.record.meetingNo,
        meeting_start: room.record.realLaunchDtm || this.nowSecs(),
        report_token: randomBytes(32).toString('base64url'),
      };
      held = { meta, records: new Map() };
      this.meetings.set(key, held);
      this.byToken.set(meta.report_token, key);
      this.dirtyMeetings.add(key);
      this.scheduleFlush();
    }
    if (this.fromBefore.delete(key)) this.closeLostStays(room, held);
    return held;
  }

  /**
   * After a restart nobody is connected until they join again: a stay left open by the run before
   * ends now (`server_restart`, inferred), unless its person is connected again already.
   */
  private closeLostStays(room: Room, held: Held): void {
    const now = this.nowSecs();
    for (const rec of [...held.records.values()]) {
      const last = rec.intervals[rec.intervals.length - 1];
      if (!last || last.leave !== undefined || room.endpoints.get(rec.usr_id)?.enterDtm === last.join) continue;
      const closed = { ...last, leave: Math.max(now, last.join), leave_reason: 'server_restart', leave_inferred: true as const };
      this.update(
        held,
        rec.usr_id,
        (r) => ({ ...r, intervals: [...r.intervals.slice(0, -1), closed] }),
        () => rec,
      );
    }
  }

  private update(held: Held, usrId: string, change: (rec: PresenceRecord) => PresenceRecord, fresh: () => PresenceRecord): void {
    const before = held.records.get(usrId);
    const after = change(before ?? fresh());
    if (after === before) return;
    if (!before) held.sorted = undefined;
    held.records.set(usrId, after);
    this.dirtyRecords.add(`${held.meta.key}/${usrId}`);
    this.scheduleFlush();
  }

  /** Invitees of the roster (not guests) get a record, so one who never came is listed. */
  private addInvitees(room: Room, held: Held): void {
    for (const r of room.roster.values()) {
      if (isGuestId(r.usrId) || held.records.has(r.usrId)) continue;
      this.update(
        held,
        r.usrId,
        (rec) => rec,
        () => emptyRecord(r.usrId, r.name, true),
      );
    }
  }

  /** The room hooks that feed this history (server/engine/room.ts RoomHooks). */
  hooksFor(room: () => Room): Pick<RoomHooks, 'onJoined' | 'onLeft' | 'onRollCall'> {
    return {
      onJoined: (ep, invited, nowSecs) => this.joined(room(), ep, invited, nowSecs),
      onLeft: (ep, reason, nowSecs) => this.left(room(), ep, reason, nowSecs),
      onRollCall: (usrId) => this.rollCalled(room(), usrId),
    };
  }

  meetingStarted(room: Room): void {
    this.addInvitees(room, this.current(room));
  }

  /** An endpoint joined; `invited` = it was on the roster before it joined. */
  joined(room: Room, ep: Endpoint, invited: boolean, nowSecs: number): void {
    const ev: PresenceEvent = { kind: 'join', usr_id: ep.usrId, name: ep.name, at: nowSecs };
    this.update(
      this.current(room),
      ep.usrId,
      (rec) => applyPresence(rec, ev),
      () => emptyRecord(ep.usrId, ep.name, invited),
    );
  }

  left(room: Room, ep: Endpoint, reason: string, nowSecs: number): void {
    const ev: PresenceEvent = {
      kind: 'leave',
      usr_id: ep.usrId,
      name: ep.name,
      at: nowSecs,
      reason,
      duration: Math.max(0, nowSecs - ep.enterDtm),
    };
    this.update(
      this.current(room),
      ep.usrId,
      (rec) => applyPresence(rec, ev),
      () => emptyRecord(ep.usrId, ep.name, false),
    );
  }

  rollCalled(room: Room, usrId: string): void {
    const name = room.endpoints.get(usrId)?.name ?? room.roster.get(usrId)?.name ?? '';
    const now = this.nowSecs();
    this.update(
      this.current(room),
      usrId,
      (rec) => applyRollCall(rec, now),
      () => emptyRecord(usrId, name, room.roster.has(usrId) && !isGuestId(usrId)),
    );
  }

  /** Called after every endpoint has left: the end time and the expiry are set and written at once. */
  meetingEnded(room: Room): Promise<void> {
    const held = this.current(room);
    this.addInvitees(room, held);
    const end = this.nowSecs();
    held.meta = { ...held.meta, meeting_end: end, expires_at: end + Math.round(this.keepHours * 3600) };
    this.dirtyMeetings.add(held.meta.key);
    this.scheduleExpiry();
    return this.flush();
  }

  /** The room's current meeting's history (a running meeting also lists invitees added since its start). */
  pageOfRoom(room: Room, after: string | undefined, limit: number): HistoryPage {
    const held = this.current(room);
    if (room.record.running) this.addInvitees(room, held);
    return this.page(held, after, limit);
  }

  /** The history a report token opens, or undefined when unknown or expired. */
  pageOfToken(token: string, after: string | undefined, limit: number): HistoryPage | undefined {
    this.expire();
    const key = this.byToken.get(token);
    const held = key ? this.meetings.get(key) : undefined;
    return held ? this.page(held, after, limit) : undefined;
  }

  private page(held: Held, after: string | undefined, limit: number): HistoryPage {
    held.sorted ??= [...held.records.keys()].sort();
    const ids = held.sorted;
    let lo = 0;
    if (after !== undefined) {
      // the first id past the cursor
      let hi = ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ids[mid] <= after) lo = mid + 1;
        else hi = mid;
      }
    }
    const slice = ids.slice(lo, lo + limit);
    const { meta } = held;
    return {
      mr_id: meta.mr_id,
      meeting_start: meta.meeting_start,
      ...(meta.meeting_end !== undefined ? { meeting_end: meta.meeting_end } : {}),
      now: this.nowSecs(),
      total: ids.length,
      records: slice.map((id) => held.records.get(id)!),
      ...(lo + limit < ids.length ? { next_after: slice[slice.length - 1] } : {}),
      report_token: meta.report_token,
      ...(meta.expires_at !== undefined ? { expires_at: meta.expires_at } : {}),
    };
  }

  /** People in a meeting's history (tests, the benchmark). */
  size(room: Room): number {
    return this.meetings.get(meetingKeyOf(room))?.records.size ?? 0;
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined || this.stopped) return;
    this.flushTimer = this.clock.setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush().catch(() => undefined);
    }, FLUSH_MS);
  }

  /** Writes every change since the last write in one batch. */
  flush(): Promise<void> {
    if (this.flushTimer !== undefined) {
      this.clock.clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    const ops: StoreOp[] = [];
    for (const key of this.dirtyMeetings) {
      const held = this.meetings.get(key);
      if (held) ops.push({ op: 'put', collection: ATTENDANCE_MEETINGS_COLLECTION, key, value: held.meta });
    }
    for (const key of this.dirtyRecords) {
      const cut = key.lastIndexOf('/');
      const rec = this.meetings.get(key.slice(0, cut))?.records.get(key.slice(cut + 1));
      if (rec) ops.push({ op: 'put', collection: ATTENDANCE_COLLECTION, key, value: rec });
    }
    this.dirtyMeetings.clear();
    this.dirtyRecords.clear();
    return ops.length ? this.store.batch(ops) : Promise.resolve();
  }

  /** Deletes the histories whose retention has passed, and waits for the next one to pass. */
  expire(): Promise<void> {
    const now = this.nowSecs();
    const ops: StoreOp[] = [];
    for (const [key, held] of this.meetings) {
      if (held.meta.expires_at === undefined || held.meta.expires_at > now) continue;
      this.meetings.delete(key);
      this.byToken.delete(held.meta.report_token);
      ops.push({ op: 'delete', collection: ATTENDANCE_MEETINGS_COLLECTION, key });
      for (const usrId of held.records.keys()) {
        this.dirtyRecords.delete(`${key}/${usrId}`);
        ops.push({ op: 'delete', collection: ATTENDANCE_COLLECTION, key: `${key}/${usrId}` });
      }
    }
    this.scheduleExpiry();
    return ops.length ? this.store.batch(ops).catch(() => undefined) : Promise.resolve();
  }

  private scheduleExpiry(): void {
    if (this.expiryTimer !== undefined) this.clock.clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (this.stopped) return;
    let next = Infinity;
    for (const held of this.meetings.values()) if (held.meta.expires_at !== undefined) next = Math.min(next, held.meta.expires_at);
    if (next === Infinity) return;
    // timers are kept short so a clock change cannot push the deletion far out
    const wait = Math.min(Math.max(0, next * 1000 - this.clock.now()) + 1000, 3600_000);
    this.expiryTimer = this.clock.setTimeout(() => {
      this.expiryTimer = undefined;
      void this.expire();
    }, wait);
  }

  /** Stops the timers and writes what is pending (the engine stops). */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.expiryTimer !== undefined) this.clock.clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    return this.flush().catch(() => undefined);
  }
}
