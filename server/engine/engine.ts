/**
 * The meeting engine: the registry of rooms, sessions and the address book on its store, and the
 * command runner (a command applied in memory, its events and activity entry out in one feed
 * turn, acknowledged once the store has made it durable), with the durable notification log.
 * Its other concerns are files of their own, which the methods here hand over to: sessions.ts
 * (login, logout, expiry), pollAnswers.ts (the long poll), lifecycle.ts (meetings started,
 * joined, ended, rooms deleted), ticker.ts (the periodic work) and demoSeed.ts (the demo tenant);
 * settings and shared shapes are in engineConfig.ts, and what the parts may use of the engine
 * (they are handed it, not the class, which would close an import circle) in engineCore.ts.
 *
 * Over 400 lines on purpose: what is left is the registry and the runner, whose parts read and
 * write the same private state (store batch, feed turn, durable log) in one order; the rest are
 * one-line hand-overs that keep every caller on one object.
 */
import { ActivityLog } from './activity';
import { TranscriptLog } from './transcript';
import { PresenceHistory } from './presenceHistory';
import { ReqAnswers } from './reqAnswers';
import { randomUUID } from 'node:crypto';
import { RC } from '../../protocol/codes';
import type { ControllerRole } from '../../protocol/wire';
import type { AssumptionGroup } from '../../protocol/assumptions';
import type { Store, StoreOp } from '../store/types';
import { AddressBook, type AbDepartment, type AbUser } from './addressBook';
import { systemClock, type Clock, type TimerHandle } from './clock';
import { CommandError } from './errors';
import { redactControllerEvent } from '../auth/sessionBinding';
import type { ControllerSession, EngineFacade, ResumeRevocation, RoomAuth } from './facade';
import type { EngineCore } from './engineCore';
import type { AbortLike } from './feed';
import {
  ASSUMED_STATUS_FIELDS,
  Room,
  type RoomHooks,
  type Booking,
  type Endpoint,
  type JoinSpec,
  type RoomRecord,
  type RosterEntry,
} from './room';
import { runOfShowWrites, segmentRejoined } from './runOfShow';
import type { Body } from './validate';
import { seedDemo } from './demoSeed';
import * as lifecycle from './lifecycle';
import * as polls from './pollAnswers';
import * as sessions from './sessions';
import * as ticker from './ticker';
import {
  COLLECTIONS,
  DEFAULT_CONFIG,
  type CommandAnswer,
  type DialRequest,
  type EndpointDriver,
  type EngineConfig,
  type SessionState,
} from './engineConfig';

export { COLLECTIONS, DEFAULT_CONFIG } from './engineConfig';
export type { CommandAnswer, DialRequest, EndpointDriver, EngineConfig, SessionState } from './engineConfig';

/** entries of a meeting's durable notification log */
const LOG_CAP = 500;

/** A stored command answer without its (podium) `seq`. */
function withoutSeq(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('seq' in body)) return body;
  const { seq: _seq, ...rest } = body as Record<string, unknown>;
  return rest;
}

export class Engine implements EngineFacade, EngineCore {
  readonly clock: Clock;
  readonly config: EngineConfig;
  readonly rooms = new Map<string, Room>();
  readonly sessions = new Map<string, SessionState>();
  readonly addressBook: AddressBook;
  /** resolves when the first-start seed is on disk */
  readonly ready: Promise<void>;
  driver?: EndpointDriver;
  private timer?: TimerHandle;
  private stopped = false;
  private readonly idempotency = new Map<string, Promise<CommandAnswer>>();
  private readonly onlineUsers = new Map<number, number>();
  /** address-book users whose presence changed since the last tick (told by the ticker) */
  readonly presenceChanged = new Set<number>();
  private logCounter = 0;
  /** (podium) who sent which command, kept per meeting */
  readonly activity: ActivityLog;
  /** (podium) who was in each meeting when (issue 29) */
  readonly attendance: PresenceHistory;
  /** (assumed, group audio-to-text) what the recogniser heard, kept per meeting (issue 30) */
  readonly transcript: TranscriptLog;
  /** (durable) answers of applied commands by req_id, for retries across restarts */
  readonly reqAnswers: ReqAnswers;
  private readonly logKeys = new Map<string, string[]>();
  /** rooms deleted while controllers were still polling them: their last polls drain here */
  readonly deletedRooms = new Map<string, Room>();
  private readonly resumeListeners = new Set<(revocation: ResumeRevocation) => void>();

  constructor(
    readonly store: Store,
    config: Partial<EngineConfig> = {},
    clock: Clock = systemClock,
  ) {
    this.activity = new ActivityLog(store);
    this.transcript = new TranscriptLog(store);
    this.reqAnswers = new ReqAnswers(store);
    this.clock = clock;
    this.config = { ...DEFAULT_CONFIG, ...config };
    this.attendance = new PresenceHistory(store, clock, this.config.attendanceKeepHours);
    const users = store.list<AbUser>(COLLECTIONS.users);
    const deps = store.list<AbDepartment>(COLLECTIONS.departments);
    const records = store.list<RoomRecord>(COLLECTIONS.rooms);
    if (records.length === 0 && this.config.seedDemo) {
      const seeded = seedDemo(this);
      this.addressBook = new AddressBook(seeded.users, seeded.departments);
      this.ready = seeded.write;
    } else {
      this.addressBook = new AddressBook(users, deps);
      const roster = store.list<RosterEntry & { mrId: string }>(COLLECTIONS.participants);
      for (const rec of records) {
        const entries = roster.filter((r) => r.mrId === rec.mrId).map(({ mrId: _m, ...r }) => r);
        this.addRoom(rec, entries);
      }
      for (const s of store.list<{ sessId: string; mrId: string; role: ControllerRole; peerIp: string; signKey: string }>(
        COLLECTIONS.sessions,
      )) {
        if (this.config.wire === 'platform') {
          // a restarted platform knows no session of before (its clients log in again): one kept
          // by an earlier podium-mode run is forgotten too
          void store.delete(COLLECTIONS.sessions, s.sessId).catch(() => undefined);
          continue;
        }
        const room = this.rooms.get(s.mrId);
        if (!room || !room.record.running) continue;
        this.sessions.set(s.sessId, {
          sessId: s.sessId,
          mrId: s.mrId,
          role: s.role,
          peerIp: s.peerIp,
          signKey: Buffer.from(s.signKey, 'base64'),
          startSeq: room.feed.head,
          position: -1,
          lastPollMs: this.clock.now(),
          polling: 0,
          closing: false,
        });
      }
      this.ready = Promise.resolve();
    }
  }

  nowSecs(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /**
   * Whether this server offers a group of assumed calls (protocol/assumptions.ts): always in
   * podium mode; in platform mode only the groups `PLATFORM_ASSUME` names.
   */
  offers(group: AssumptionGroup): boolean {
    return this.config.wire === 'podium' || this.config.platformAssume.has(group);
  }

  /** Starts the ticker (and with it the simulator). */
  start(): void {
    if (this.timer !== undefined || this.stopped) return;
    const loop = () => {
      this.timer = undefined;
      if (this.stopped) return;
      this.tick();
      this.timer = this.clock.setTimeout(loop, this.config.tickMs);
    };
    this.timer = this.clock.setTimeout(loop, this.config.tickMs);
  }

  /** Stops the ticker and the simulator and answers every held poll. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.driver?.stop();
    for (const room of this.rooms.values()) room.feed.releaseAll();
    void this.attendance.stop();
  }

  /** Registers a room (at start, or seeded); hidden status fields and old records' gaps settled here. */
  addRoom(rec: RoomRecord, roster: RosterEntry[]): Room {
    const hidden = new Set<string>();
    for (const [group, fields] of Object.entries(ASSUMED_STATUS_FIELDS)) {
      if (!this.offers(group as AssumptionGroup)) for (const f of fields) hidden.add(f);
    }
    const attendance = this.offers('attendance') ? this.attendance.hooksFor(() => room) : {};
    const hooks: RoomHooks = {
      onUserPresence: (id) => this.userPresence(room, id),
      nowSecs: () => this.nowSecs(),
      departmentName: (id) => this.addressBook.departmentName(id),
      ...attendance,
      onJoined: (ep, invited, nowSecs) => {
        attendance.onJoined?.(ep, invited, nowSecs);
        segmentRejoined(this.store, room, ep);
      },
    };
    const room = new Room(rec, roster, hooks, this.config.historyCapacity, this.config.wire, hidden);
    this.rooms.set(rec.mrId, room);
    if (rec.status.waiting_room === 1 && !this.offers('waiting-room')) {
      // a waiting room switched on by an earlier podium-mode run: without the waiting-room group
      // nobody may wait (the switch cannot be turned off through the platform's calls either)
      rec.status.waiting_room = 0;
      room.recordDirty = true;
    }
    if (rec.status.focus_speaker === 1 && !this.offers('focus-modes')) {
      // auto focus left on by a podium-mode run: without its group it could never be turned off
      rec.status.focus_speaker = 0;
      rec.status.auto_focus_usr_id = '';
      room.recordDirty = true;
    }
    // a room stored before audio-to-text (issue 30) reports it off, not absent
    if (rec.status.asr_enabled === undefined) rec.status.asr_enabled = 0;
    // and one stored before the focus modes (issue 30) reports auto focus off, not absent (absent
    // tells the console this server has no auto focus)
    if (rec.status.focus_speaker === undefined) rec.status.focus_speaker = 0;
    for (const [reqId, body] of rec.recentReqs ?? []) {
      // answers kept in the room record by an earlier version (now in reqAnswers' collection):
      // still answered from memory, and gone from the record with its next write
      const answer = this.config.wire === 'podium' ? body : withoutSeq(body);
      this.idempotency.set(`${rec.mrId}\u0000${reqId}`, Promise.resolve({ status: 200, body: answer }));
    }
    delete rec.recentReqs;
    return room;
  }

  // ------------------------------------------------------------------------------------------
  // sessions (sessions.ts): the facade of login and signing

  roomAuth(mrId: string): RoomAuth | undefined {
    return sessions.roomAuth(this, mrId);
  }

  openSession(args: { mrId: string; role: ControllerRole; peerIp: string }): ControllerSession {
    return sessions.openSession(this, args);
  }

  onResumeRevoked(listener: (revocation: ResumeRevocation) => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /** Voids resume tokens: of a session logged out or forced out, or of a whole meeting. */
  revokeResume(revocation: ResumeRevocation): void {
    for (const listener of this.resumeListeners) listener(revocation);
  }

  getSession(sessId: string): ControllerSession | undefined {
    return sessions.getSession(this, sessId);
  }

  /** The live session of a per-session path (sessions.ts). */
  sessionFor(mrId: string, sessId: string, allowClosing = false): SessionState {
    return sessions.sessionFor(this, mrId, sessId, allowClosing);
  }

  room(mrId: string): Room {
    const room = this.rooms.get(mrId) ?? this.deletedRooms.get(mrId);
    if (!room) throw new CommandError(404, RC.meetingNotFound);
    return room;
  }

  /** Logs a session out (`logout_req`): `mr_ctrl_out`, then the session is gone. */
  logout(sess: SessionState, reason?: string): Promise<void> {
    return sessions.logout(this, sess, reason);
  }

  /** Ends a session from the server side: `force_logout` to it, `mr_ctrl_out` to all. */
  forceLogout(sessId: string, reason: string): void {
    sessions.forceLogout(this, sessId, reason);
  }

  // ------------------------------------------------------------------------------------------
  // long poll (pollAnswers.ts)

  /** `get_changes`: holds until events arrive or `block_secs` pass; answers a JSON array string (pollAnswers.ts). */
  poll(sess: SessionState, raw: unknown, signal?: AbortLike): Promise<string> {
    return polls.poll(this, sess, raw, signal);
  }

  /** {@link poll} as UTF-8 bytes, shared by polls at the same cursor (the HTTP route sends these). */
  pollBytes(sess: SessionState, raw: unknown, signal?: AbortLike): Promise<Buffer> {
    return polls.pollBytes(this, sess, raw, signal);
  }

  // ------------------------------------------------------------------------------------------
  // commands

  /**
   * Runs a command once per `req_id`: applies it, flushes its events, persists, and remembers
   * the answer so a repeat gets the first answer without applying it again, also after a restart
   * or a crash, for `REQ_ANSWER_WINDOW_MS` (the answer is stored with the command's effect).
   * With `activity`, the command's entry in the meeting's activity log (podium) goes out with the
   * command's own events, in the same feed turn (one wake per poller, issue 27 item 4), and an
   * applied command's entry is written in the same store write as its effect, before the answer
   * (issue 24 point 6). A retry answered from the record adds no entry.
   */
  async command(
    sess: SessionState,
    reqId: string | undefined,
    apply: (room: Room) => unknown,
    activity?: { cmdid: string; body: Record<string, unknown> },
  ): Promise<CommandAnswer> {
    const key = reqId ? `${sess.mrId}\u0000${reqId}` : undefined;
    if (key) {
      const prior = this.idempotency.get(key);
      if (prior) return prior;
      const kept = this.rooms.has(sess.mrId) ? this.reqAnswers.answer(sess.mrId, reqId!, this.clock.now()) : undefined;
      if (kept !== undefined) return { status: 200, body: this.config.wire === 'podium' ? kept : withoutSeq(kept) };
    }
    const run = (async (): Promise<CommandAnswer> => {
      const room = this.room(sess.mrId);
      const ops: StoreOp[] = [];
      let body: Record<string, unknown>;
      try {
        if (!room.record.running) throw new CommandError(403, RC.meetingEnded);
        if (reqId) {
          ops.push(...this.reqAnswers.expire(room.mrId, this.clock.now()));
          // every answer of the window is kept: past the count a session waits, none is forgotten
          if (!this.reqAnswers.hasRoom(sess.sessId)) throw new CommandError(429, RC.tooFrequent, 'req_id');
        }
        const extra = apply(room);
        room.flush();
        // (podium) `seq`: the feed position after the command's own events; the platform has none
        body = this.config.wire === 'podium' ? { result: 0, seq: room.feed.head } : { result: 0 };
        if (extra && typeof extra === 'object') Object.assign(body, extra);
      } catch (e) {
        if (ops.length) void this.store.batch(ops).catch(() => undefined);
        if (e instanceof CommandError && activity) this.recordActivity(room, sess, activity, e.status, e.result, false);
        throw e;
      }
      if (activity) ops.push(...this.recordActivity(room, sess, activity, 200, 0, true));
      ops.push(...runOfShowWrites(room)); // (issue 28) a Take's run-of-show record, in the same write
      if (reqId) ops.push(this.reqAnswers.keep(room.mrId, sess.sessId, reqId, body, this.clock.now()));
      await this.saveRoom(room, false, ops);
      return { status: 200, body };
    })().catch((e: unknown) => {
      if (e instanceof CommandError) return { status: e.status, body: { cmdid: 'error', result: e.result, detail: e.detail } };
      const room = this.rooms.get(sess.mrId);
      // the store refused the write: the success answer kept for retries is forgotten with it
      if (room && reqId) this.reqAnswers.forget(room.mrId, reqId);
      if (room) room.emit({ cmdid: 'not_rpc_cs', result: RC.databaseWriteFailed });
      return { status: 500, body: { cmdid: 'error', result: RC.databaseWriteFailed } };
    });
    if (key) {
      this.idempotency.set(key, run);
      // in memory: answers in flight, and a failed write's 500 (its effect may be in memory only,
      // so a retry must not be told it succeeded); applied answers are kept by reqAnswers, and
      // refusals changed nothing, so a retry may run again
      void run.then((ans) => {
        if (ans.status !== 500) this.idempotency.delete(key);
        else if (this.idempotency.size > 20000) this.idempotency.delete(this.idempotency.keys().next().value!);
      });
    }
    return run;
  }

  /**
   * (podium) A command's entry in the meeting's activity log, sent to every controller at once
   * (in the same feed turn as the command's own events). An applied command's entry is returned
   * as store ops to write with the command; a refused one is written on its own.
   */
  private recordActivity(
    room: Room,
    sess: SessionState,
    activity: { cmdid: string; body: Record<string, unknown> },
    status: number,
    result: number,
    applied: boolean,
  ): StoreOp[] {
    const args = {
      room,
      role: sess.role,
      peerIp: sess.peerIp,
      cmdid: activity.cmdid,
      body: activity.body,
      status,
      result,
      nowSecs: this.nowSecs(),
    };
    const prepared = this.activity.prepare(args);
    if (!prepared) return [];
    room.emit({ cmdid: 'activity', entry: { ...prepared.entry } });
    if (applied) return prepared.ops;
    void this.store.batch(prepared.ops).catch(() => undefined);
    return [];
  }

  /** Writes the room record (when changed) and changed roster entries, awaiting durability. */
  async saveRoom(room: Room, force = false, with_: StoreOp[] = []): Promise<void> {
    const ops: StoreOp[] = [...with_];
    if (room.recordDirty || force) {
      room.recordDirty = false;
      ops.push({ op: 'put', collection: COLLECTIONS.rooms, key: room.mrId, value: room.record });
    }
    for (const usrId of room.rosterDirty) {
      const key = `${room.mrId}/${usrId}`;
      const entry = room.roster.get(usrId);
      ops.push(
        entry
          ? { op: 'put', collection: COLLECTIONS.participants, key, value: { ...entry, mrId: room.mrId } }
          : { op: 'delete', collection: COLLECTIONS.participants, key },
      );
    }
    room.rosterDirty.clear();
    if (ops.length) await this.store.batch(ops);
  }

  /** Emits an event and keeps it in the meeting's durable log (controllers, failed and left calls). */
  emitLogged(room: Room, event: { cmdid: string } & Record<string, unknown>): void {
    room.emit(event);
    this.appendLog(room.mrId, event);
  }

  /** Adds to the durable log of a meeting, dropping the oldest beyond {@link LOG_CAP}. */
  private appendLog(mrId: string, event: Record<string, unknown>): void {
    let keys = this.logKeys.get(mrId);
    if (!keys) {
      const prefix = `${mrId}/`;
      keys = this.store.keys(COLLECTIONS.logs).filter((k) => k.startsWith(prefix));
      this.logKeys.set(mrId, keys);
    }
    const key = `${mrId}/${String(this.clock.now()).padStart(15, '0')}-${String(++this.logCounter).padStart(9, '0')}`;
    keys.push(key);
    const ops: StoreOp[] = [{ op: 'put', collection: COLLECTIONS.logs, key, value: { mrId, event } }];
    while (keys.length > LOG_CAP) ops.push({ op: 'delete', collection: COLLECTIONS.logs, key: keys.shift()! });
    void this.store.batch(ops).catch(() => undefined);
  }

  /** The durable notification log of a meeting, newest last (at most {@link LOG_CAP}). */
  logsOf(mrId: string): unknown[] {
    const prefix = `${mrId}/`;
    const keys = this.logKeys.get(mrId) ?? this.store.keys(COLLECTIONS.logs).filter((k) => k.startsWith(prefix));
    return (
      keys
        .slice(-LOG_CAP)
        .map((k) => this.store.get<{ event: unknown }>(COLLECTIONS.logs, k)?.event)
        .filter((e) => e !== undefined)
        // entries written before session ids were kept private carry the raw id
        .map(redactControllerEvent)
    );
  }

  // ------------------------------------------------------------------------------------------
  // meeting lifecycle (lifecycle.ts), address-book presence

  startMeeting(room: Room, nowSecs: number, booking?: Booking): void {
    lifecycle.startMeeting(this, room, nowSecs, booking);
  }

  emitSchedule(room: Room, nowSecs: number): void {
    lifecycle.emitSchedule(this, room, nowSecs);
  }

  /** Ends the running meeting: every endpoint leaves, every session gets `force_logout` (lifecycle.ts). */
  endMeeting(room: Room, leaveReason: string, logoutReason?: string): void {
    lifecycle.endMeeting(this, room, leaveReason, logoutReason);
  }

  /** Renames a department (CM `mod_department`): stored, then `department_info` to every running meeting. */
  async modifyDepartment(id: number, name: string, desc?: string): Promise<boolean> {
    const d = this.addressBook.departments.get(id);
    if (!d) return false;
    d.name = name;
    if (desc !== undefined) d.desc = desc;
    d.lastModify = Math.max(d.lastModify + 1, this.nowSecs());
    await this.store.put(COLLECTIONS.departments, String(id), d);
    const info = this.addressBook.departmentInfo([id]);
    for (const room of this.rooms.values()) if (room.record.running) room.emit({ ...info, cmdid: 'department_info' });
    return true;
  }

  /** Deletes a room (CM `delete_room`): `mr_deled` to its controllers, meeting ended, records gone. */
  deleteRoom(mrId: string): Promise<boolean> {
    return lifecycle.deleteRoom(this, mrId);
  }

  /** An endpoint asks to join; the answer is the endpoint or why it was refused (lifecycle.ts). */
  joinRoom(mrId: string, spec: JoinSpec, opts: { invited?: boolean } = {}): Endpoint | { failed: string } {
    return lifecycle.joinRoom(this, mrId, spec, opts);
  }

  /** A dial failed: `failed_call` with the reason code (durable log). */
  callFailed(room: Room, call: DialRequest, reason: string): void {
    lifecycle.callFailed(this, room, call, reason);
  }

  /** An endpoint leaves on its own (simulated hang-up, media timeout...). */
  endpointLeft(room: Room, usrId: string, reason: string): void {
    lifecycle.endpointLeft(this, room, usrId, reason);
  }

  logLeft(room: Room, ep: Endpoint, reason: string): void {
    this.appendLog(room.mrId, {
      cmdid: 'left_call',
      ep_id: ep.epId,
      usr_id: ep.usrId,
      reason,
      nick_name: ep.name,
      create_dtm: this.nowSecs(),
    });
  }

  private userPresence(room: Room, abUserId: number): void {
    let n = this.onlineUsers.get(abUserId) ?? 0;
    n += room.endpoints.has(String(abUserId)) ? 1 : -1;
    if (n <= 0) this.onlineUsers.delete(abUserId);
    else this.onlineUsers.set(abUserId, n);
    this.presenceChanged.add(abUserId);
  }

  isUserOnline(abUserId: number): boolean {
    return (this.onlineUsers.get(abUserId) ?? 0) > 0;
  }

  // ------------------------------------------------------------------------------------------
  // ticker

  /** One tick: simulator, recording, bookings, session expiry, address-book presence events (ticker.ts). */
  tick(): void {
    ticker.tick(this);
  }

  newRecordUuid(): string {
    return randomUUID();
  }
}

export type { Body };
