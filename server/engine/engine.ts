/**
 * The meeting engine: rooms, controller sessions, the address book, the long-poll feed, the
 * commands of spec §7, and the ticker that drives recording, booking warnings, session expiry and
 * the simulated endpoints. Commands are applied in memory, produce their events, and are
 * acknowledged only after the store has made them durable.
 */
import { ActivityLog } from './activity';
import { TranscriptLog } from './transcript';
import { ATTENDANCE_KEEP_HOURS_DEFAULT, PresenceHistory } from './presenceHistory';
import { ReqAnswers } from './reqAnswers';
import { randomBytes, randomUUID } from 'node:crypto';
import { RC } from '../../protocol/codes';
import type { ControllerRole, WireMode } from '../../protocol/wire';
import type { AssumptionGroup } from '../../protocol/assumptions';
import type { Store, StoreOp } from '../store/types';
import { AddressBook, generateAddressBook, type AbDepartment, type AbUser } from './addressBook';
import { systemClock, type Clock, type TimerHandle } from './clock';
import { CommandError } from './errors';
import { publicControllerId, redactControllerEvent } from '../auth/sessionBinding';
import { endPrivateTalkWithSession } from '../auth/privateTalk';
import type { ControllerSession, EngineFacade, ResumeRevocation, RoomAuth } from './facade';
import { pollBody, pollBodyBytes, type AbortLike, type FeedEntry, type PollOutcome } from './feed';
import { ASSUMED_STATUS_FIELDS, isGuestId, newRoomRecord, Room, type RoomHooks, type Booking, type Endpoint, type JoinSpec, type RoomRecord, type RosterEntry } from './room';
import { sysMosics } from './mosaics';
import { refreshAutoFocus } from './autoFocus';
import { tickSegmentTimer } from './runOfShowTimer';
import { runOfShowWrites } from './runOfShow';
import { asBody, int, type Body } from './validate';

export const COLLECTIONS = {
  rooms: 'rooms',
  participants: 'participants',
  users: 'ab_users',
  departments: 'ab_departments',
  sessions: 'sessions',
  logs: 'logs',
  meta: 'engine_meta',
  admins: 'admins',
} as const;

export interface EngineConfig {
  /** seed a demo tenant when the store is empty (default true) */
  seedDemo: boolean;
  demoMrId: string;
  demoHostPwd: string;
  /** minutes from the demo meeting's start to the room's next booking */
  demoBookingMinutes: number;
  /** days from the seeding to the end of the demo tenant's service; within 30 every login is reminded */
  demoServiceDays: number;
  /** the demo room's resource template: most panes of a layout (max_mosic) */
  demoMaxMosaic: number;
  /** the demo room's resource template allows recording (has_record) */
  demoRecording: boolean;
  /** the demo room's max_call; undefined: room for the simulated population (1.5 ×, at least 1000) */
  demoMaxCall?: number;
  demoSupervisorPwd: string;
  /** simulated endpoints in the demo meeting (default 40) */
  simEndpoints: number;
  /** steady simulated endpoints on top of those, which only obey controllers (default 0) */
  simSteadyEndpoints: number;
  /** address-book users of the demo tenant (default 3000) */
  addressBookUsers: number;
  /** seed of every generator (default 20260105) */
  seed: number;
  /** a session without a poll for this long expires (default 30 s) */
  sessionTimeoutMs: number;
  /** events kept per meeting (default 5000) */
  historyCapacity: number;
  /** period of the ticker (default 1000 ms) */
  tickMs: number;
  /** run the simulated endpoints (default true) */
  simulate: boolean;
  /** every verify code equals this (tests only) */
  captchaTestCode?: string;
  /** `WIRE`: podium (default) or platform (no `seq` in events and answers, flat title banner) */
  wire: WireMode;
  /**
   * `PLATFORM_ASSUME`: in platform mode, the groups of assumed calls (protocol/assumptions.ts)
   * offered beyond the evidence (default none); podium mode offers every group
   */
  platformAssume: ReadonlySet<AssumptionGroup>;
  /** `ATTENDANCE_KEEP_HOURS`: hours a meeting's attendance is kept after it ends (default 72) */
  attendanceKeepHours: number;
  /** `USER_NUMBER_DIGITS`: digits of a numeric user id (spec §5), checked on add_participants (default 4) */
  userNumberDigits: number;
}

export const DEFAULT_CONFIG: EngineConfig = {
  seedDemo: true,
  demoMrId: '8008038',
  demoHostPwd: '123456',
  demoBookingMinutes: 180,
  demoServiceDays: 20,
  demoMaxMosaic: 25,
  demoRecording: true,
  demoSupervisorPwd: '654321',
  simEndpoints: 40,
  simSteadyEndpoints: 0,
  addressBookUsers: 3000,
  seed: 20260105,
  sessionTimeoutMs: 30_000,
  historyCapacity: 5000,
  tickMs: 1000,
  simulate: true,
  wire: 'podium',
  platformAssume: new Set(),
  attendanceKeepHours: ATTENDANCE_KEEP_HOURS_DEFAULT,
  userNumberDigits: 4,
};

/** A call the engine asks the endpoint driver (the simulator) to place. */
export interface DialRequest {
  usrId?: string;
  callAddr: string;
  name: string;
  usrType: number;
  protoType: number;
  abUserId?: number;
  dep?: number;
}

/** What drives endpoints: the simulator in the reference server. */
export interface EndpointDriver {
  /** Place an outgoing call; it later joins through {@link Engine.joinRoom} or fails through {@link Engine.callFailed}. */
  dial(room: Room, call: DialRequest): void;
  meetingStarted(room: Room): void;
  meetingEnded(room: Room): void;
  /** an endpoint was hung up by a controller (so the simulator does not redial at once) */
  dropped(room: Room, usrId: string): void;
  tick(nowMs: number): void;
  stop(): void;
}

export interface SessionState extends ControllerSession {
  /** feed cursor at login: a poll with since_seq 0 starts here */
  startSeq: number;
  /**
   * where a poll without a cursor (the platform's clients' kind) goes on from: the last seq
   * handed to this session; -1 until its first such poll, which gets the meeting's state
   */
  position: number;
  lastPollMs: number;
  polling: number;
  /** ended by the server: the next poll delivers what is left, then the session is gone */
  closing: boolean;
  confmgrSsid?: string;
}

export interface CommandAnswer {
  status: number;
  body: unknown;
}

/** events whose content the state of a first cursorless poll already carries */
const STATE_EVENTS: ReadonlySet<string> = new Set([
  'one_mr_info',
  'one_mr_status',
  'mr_participants',
  'online_eps_info',
  'online_eps_status',
  'online_eps_left',
  'mosic_config',
  'title_config',
]);

const SERVICE_WARN_DAYS = 30;
const BOOKING_WARN_MARKS = [15, 10, 5, 1];
const LOG_CAP = 500;

/** `resource_tmpl_info`: the limits of the room's resource template (most panes per role, recording allowed). */
function resourceTmplInfo(room: Room) {
  const t = room.record.resourceTmpl;
  return {
    cmdid: 'resource_tmpl_info',
    id: t.id,
    name: t.name,
    max_mosic: t.maxMosic,
    max_spk_mosic: t.maxMosic,
    max_guest_mosic: t.maxMosic,
    max_chair_mosic: t.maxMosic,
    res_bw: t.resBw,
    single_view: 0,
    has_record: t.hasRecord,
  };
}

/** A stored command answer without its (podium) `seq`. */
function withoutSeq(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('seq' in body)) return body;
  const { seq: _seq, ...rest } = body as Record<string, unknown>;
  return rest;
}
const PRESENCE_RECORDS_MAX = 200;
/** the platform's default `max_call` (protocol-facts §6.5) */
const DEFAULT_MAX_CALL = 1000;

export class Engine implements EngineFacade {
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
  private readonly presenceChanged = new Set<number>();
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
      const seeded = this.seedDemo();
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

  private addRoom(rec: RoomRecord, roster: RosterEntry[]): Room {
    const hidden = new Set<string>();
    for (const [group, fields] of Object.entries(ASSUMED_STATUS_FIELDS)) {
      if (!this.offers(group as AssumptionGroup)) for (const f of fields) hidden.add(f);
    }
    const hooks: RoomHooks = {
      onUserPresence: (id) => this.userPresence(room, id),
      nowSecs: () => this.nowSecs(),
      departmentName: (id) => this.addressBook.departmentName(id),
      ...(this.offers('attendance') ? this.attendance.hooksFor(() => room) : {}),
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
  // seed

  private seedDemo(): { users: AbUser[]; departments: AbDepartment[]; write: Promise<void> } {
    const now = this.nowSecs();
    const cfg = this.config;
    const book = generateAddressBook(cfg.seed, cfg.addressBookUsers, now);
    const demo = newRoomRecord({
      mrId: cfg.demoMrId,
      roomName: 'Podium demo room',
      hostPwd: cfg.demoHostPwd,
      supervisorPwd: cfg.demoSupervisorPwd,
      adhocEnabled: true,
      nowSecs: now,
      bookings: [
        { id: 101, name: 'Weekly review', startDtm: now + cfg.demoBookingMinutes * 60, duration: 3600 },
        { id: 102, name: 'Training', startDtm: now + 27 * 3600, duration: 7200 },
      ],
    });
    demo.mrName = 'Podium demo meeting';
    demo.resourceTmpl = { ...demo.resourceTmpl, maxMosic: cfg.demoMaxMosaic, hasRecord: cfg.demoRecording ? 1 : 0 };
    // room for the whole simulated population and the calls controllers add
    demo.maxCall = cfg.demoMaxCall ?? Math.max(1000, Math.ceil(cfg.simEndpoints * 1.5));
    demo.status.cascade_mode = 'parent';
    const scheduled = newRoomRecord({
      mrId: String(Number(cfg.demoMrId) + 1),
      roomName: 'Board room (bookings only)',
      hostPwd: cfg.demoHostPwd,
      supervisorPwd: cfg.demoSupervisorPwd,
      adhocEnabled: false,
      nowSecs: now,
      bookings: [{ id: 201, name: 'Board meeting', startDtm: now + 2 * 86400, duration: 3600 }],
    });
    const noAdhoc = newRoomRecord({
      mrId: String(Number(cfg.demoMrId) + 2),
      roomName: 'Training room (adhoc disabled)',
      hostPwd: cfg.demoHostPwd,
      supervisorPwd: cfg.demoSupervisorPwd,
      adhocEnabled: false,
      nowSecs: now,
      mrScene: 'class',
    });
    for (const rec of [demo, scheduled, noAdhoc]) {
      rec.serviceExpiryDtm = now + 86400 * cfg.demoServiceDays;
      this.addRoom(rec, []);
    }
    const demoRoom = this.rooms.get(demo.mrId)!;
    this.startMeeting(demoRoom, now);
    const ops: StoreOp[] = [
      ...book.departments.map((d) => ({ op: 'put' as const, collection: COLLECTIONS.departments, key: String(d.id), value: d })),
      ...book.users.map((u) => ({ op: 'put' as const, collection: COLLECTIONS.users, key: String(u.id), value: u })),
      { op: 'put', collection: COLLECTIONS.admins, key: 'admin', value: { loginId: 'admin', pwdMd5: 'e10adc3949ba59abbe56e057f20f883e', privileged: true } },
      { op: 'put', collection: COLLECTIONS.admins, key: 'operator', value: { loginId: 'operator', pwdMd5: 'e10adc3949ba59abbe56e057f20f883e', privileged: false } },
    ];
    const write = this.store.batch(ops).then(() => Promise.all([...this.rooms.values()].map((r) => this.saveRoom(r, true)))).then(() => undefined);
    return { ...book, write };
  }

  // ------------------------------------------------------------------------------------------
  // facade (login and signing)

  roomAuth(mrId: string): RoomAuth | undefined {
    const room = this.rooms.get(mrId);
    if (!room) return undefined;
    const r = room.record;
    const now = this.nowSecs();
    const upcoming = r.bookings.some((b) => b.startDtm + b.duration > now);
    return {
      mrId,
      running: r.running,
      scheduledNotStarted: !r.running && !r.adhocEnabled && upcoming,
      adhocDisabled: !r.adhocEnabled,
      hostPwd: r.hostPwd,
      supervisorPwd: r.supervisorPwd,
      mrScene: r.mrScene,
      mrStartDtm: r.running ? r.realLaunchDtm : 0,
      scheduleStartDtm: r.scheduleStartDtm,
      scheduleName: r.scheduleName,
    };
  }

  openSession(args: { mrId: string; role: ControllerRole; peerIp: string }): ControllerSession {
    const room = this.rooms.get(args.mrId);
    if (!room || !room.record.running) throw new CommandError(404, RC.meetingNotFound, 'meeting not found');
    const sessId = randomBytes(16).toString('hex');
    const signKey = new Uint8Array(randomBytes(32));
    const startSeq = room.feed.head;
    const s: SessionState = {
      sessId,
      mrId: args.mrId,
      role: args.role,
      peerIp: args.peerIp,
      signKey,
      startSeq,
      position: -1,
      lastPollMs: this.clock.now(),
      polling: 0,
      closing: false,
    };
    this.sessions.set(sessId, s);
    const now = this.nowSecs();
    this.emitLogged(room, { cmdid: 'mr_ctrl_in', peer_ip: args.peerIp, sessionid: publicControllerId(sessId), role: args.role, dtm: now });
    // the room's limits (most panes, recording allowed) went out at the start: a later login is told too
    if (room.record.running) room.emit(resourceTmplInfo(room), sessId);
    const daysLeft = Math.ceil((room.record.serviceExpiryDtm - now) / 86400);
    if (daysLeft <= SERVICE_WARN_DAYS) {
      room.emit(
        {
          cmdid: 'show_warning_info',
          warn_info: 'service_expiry',
          is_toast: 0,
          params: { days_left: Math.max(0, daysLeft), expiry_dtm: room.record.serviceExpiryDtm },
        },
        sessId,
      );
    }
    const next = room.nextBooking(now);
    const minutesToBooking = next ? Math.ceil((next.startDtm - now) / 60) : Infinity;
    // the room-wide booking warnings went out at their marks; a controller joining later is told too
    if (minutesToBooking <= BOOKING_WARN_MARKS[0]) {
      room.emit(
        {
          cmdid: 'show_warning_info',
          warn_info: 'booking_conflict',
          is_toast: minutesToBooking > 5 ? 1 : 0,
          params: { minutes: minutesToBooking, booking_start_dtm: next!.startDtm, booking_name: next!.name },
        },
        sessId,
      );
    }
    // (podium) sessions survive a restart; the platform's do not (its clients log in again)
    if (this.config.wire === 'podium') {
      void this.store
        .put(COLLECTIONS.sessions, sessId, {
          sessId,
          mrId: args.mrId,
          role: args.role,
          peerIp: args.peerIp,
          signKey: Buffer.from(signKey).toString('base64'),
        })
        .catch(() => undefined);
    }
    return { sessId, mrId: s.mrId, role: s.role, peerIp: s.peerIp, signKey, loginSeq: startSeq };
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
    const s = this.sessions.get(sessId);
    return s ? { sessId: s.sessId, mrId: s.mrId, role: s.role, peerIp: s.peerIp, signKey: s.signKey } : undefined;
  }

  /**
   * The live session of a per-session path: unknown, of another meeting or ended sessions are
   * refused with 401 (`allowClosing` lets the last poll of an ended session through).
   */
  sessionFor(mrId: string, sessId: string, allowClosing = false): SessionState {
    const s = this.sessions.get(sessId);
    if (!s || s.mrId !== mrId) throw new CommandError(401, RC.sessionNotFound);
    if (s.closing && !allowClosing) throw new CommandError(401, RC.sessionExpired);
    return s;
  }

  room(mrId: string): Room {
    const room = this.rooms.get(mrId) ?? this.deletedRooms.get(mrId);
    if (!room) throw new CommandError(404, RC.meetingNotFound);
    return room;
  }

  /** Logs a session out (`logout_req`): `mr_ctrl_out`, then the session is gone. */
  async logout(sess: SessionState, reason = 'logout'): Promise<void> {
    const room = this.room(sess.mrId);
    this.sessions.delete(sess.sessId);
    this.revokeResume({ kind: 'session', sessId: sess.sessId, mrId: sess.mrId });
    this.emitLogged(room, { cmdid: 'mr_ctrl_out', peer_ip: sess.peerIp, sessionid: publicControllerId(sess.sessId), quit_dtm: this.nowSecs(), reason });
    endPrivateTalkWithSession(this, room, sess);
    room.feed.release(sess.sessId);
    await this.store.delete(COLLECTIONS.sessions, sess.sessId);
  }

  /** Ends a session from the server side: `force_logout` to it, `mr_ctrl_out` to all. */
  forceLogout(sessId: string, reason: string): void {
    const s = this.sessions.get(sessId);
    if (!s || s.closing) return;
    const room = this.rooms.get(s.mrId);
    s.closing = true;
    s.lastPollMs = this.clock.now();
    this.revokeResume({ kind: 'session', sessId, mrId: s.mrId });
    if (room) {
      room.emit({ cmdid: 'force_logout', reason }, sessId);
      this.emitLogged(room, { cmdid: 'mr_ctrl_out', peer_ip: s.peerIp, sessionid: publicControllerId(sessId), quit_dtm: this.nowSecs(), reason: 'forced' });
      endPrivateTalkWithSession(this, room, s);
    }
    void this.store.delete(COLLECTIONS.sessions, sessId).catch(() => undefined);
  }

  // ------------------------------------------------------------------------------------------
  // long poll

  /** `get_changes`: holds until events arrive or `block_secs` pass; answers a JSON array string. */
  poll(sess: SessionState, raw: unknown, signal?: AbortLike): Promise<string> {
    return this.pollOutcome(sess, raw, signal).then(pollBody);
  }

  /**
   * {@link poll} as UTF-8 bytes: polls at the same cursor get the same Buffer, so answering a
   * meeting's controllers encodes each batch once (the HTTP route sends these).
   */
  pollBytes(sess: SessionState, raw: unknown, signal?: AbortLike): Promise<Buffer> {
    return this.pollOutcome(sess, raw, signal).then(pollBodyBytes);
  }

  /**
   * The poll itself. Written with `then` rather than `async`/`await`: hundreds of these wait at
   * once, and each suspended async frame is memory the GC copies until the poll is answered.
   *
   * Two kinds of poll:
   * - with `since_seq` (podium mode only): the events after that cursor, `resync` when it is
   *   out of the history; `since_seq: 0` means "from my login";
   * - without a cursor (the platform's clients, and every poll in platform mode): from the
   *   position the server keeps for the session, so each event reaches the session once. Its
   *   first such poll, and one whose position fell out of the history, gets the meeting's
   *   current state as events ({@link stateOutcome}).
   */
  private pollOutcome(sess: SessionState, raw: unknown, signal?: AbortLike): Promise<PollOutcome> {
    let room: Room;
    let cursor: number;
    let blockSecs: number;
    let cursorless: boolean;
    try {
      const body = asBody(raw ?? {});
      blockSecs = body.block_secs === undefined ? 10 : int(body, 'block_secs', 0, 60);
      // platform mode knows no cursor: a since_seq is ignored like any unknown field
      cursorless = this.config.wire === 'platform' || body.since_seq === undefined;
      const since = cursorless ? 0 : int(body, 'since_seq', 0, Number.MAX_SAFE_INTEGER);
      room = this.room(sess.mrId);
      sess.lastPollMs = this.clock.now();
      room.flush();
      if (cursorless && (sess.position < 0 || sess.position < room.feed.oldest - 1 || sess.position > room.feed.head)) {
        if (sess.closing) this.sessions.delete(sess.sessId);
        return Promise.resolve(this.stateOutcome(sess, room));
      }
      cursor = cursorless ? sess.position : since === 0 ? sess.startSeq : since;
    } catch (e) {
      return Promise.reject(e);
    }
    if (sess.closing) {
      const out = room.feed.read(cursor, sess.sessId);
      this.sessions.delete(sess.sessId);
      if (cursorless) this.advance(sess, out);
      return Promise.resolve(out);
    }
    sess.polling++;
    return room.feed.poll(cursor, sess.sessId, blockSecs * 1000, this.clock, signal).then((out) => {
      sess.polling--;
      sess.lastPollMs = this.clock.now();
      if (!cursorless) return out;
      // a client gone before its answer keeps its position: nothing was handed over
      if (signal?.aborted) return out;
      // the history moved past the position while the poll waited: state again, never `resync`
      if (out.kind === 'resync') return this.stateOutcome(sess, room);
      this.advance(sess, out);
      return out;
    });
  }

  /** Moves a session's kept position past what a cursorless poll is answering. */
  private advance(sess: SessionState, out: PollOutcome): void {
    if (out.kind !== 'events' || out.entries.length === 0) return;
    sess.position = Math.max(sess.position, out.entries[out.entries.length - 1].seq);
  }

  /**
   * The meeting's current state as poll events (`one_mr_info`, `one_mr_status`,
   * `mr_participants`, `online_eps_info`, `online_eps_status`, `mosic_config`, `title_config`),
   * then the events since the session's login that the state does not already say (its
   * `mr_ctrl_in`, warnings addressed to it…); the session's position moves to the head.
   */
  private stateOutcome(sess: SessionState, room: Room): PollOutcome {
    const head = room.feed.head;
    const stamp = this.config.wire === 'podium';
    const entry = (event: { cmdid: string } & Record<string, unknown>): FeedEntry => ({
      seq: head,
      cmdid: event.cmdid,
      json: JSON.stringify(stamp ? { ...event, seq: head } : event),
    });
    const entries: FeedEntry[] = [
      entry({ ...room.mrInfoAnswer(this.nowSecs()), cmdid: 'one_mr_info' }),
      entry({ ...room.mrStatus(), cmdid: 'one_mr_status' }),
      entry({ cmdid: 'mr_participants', ...room.participants() }),
      entry({ cmdid: 'online_eps_info', ...room.epsInfo() }),
      entry({ cmdid: 'online_eps_status', ...room.epsStatus() }),
      entry({ cmdid: 'mosic_config', config_info: room.mosaicConfig() }),
      entry(room.titleConfig()),
    ];
    const from = Math.max(sess.startSeq, sess.position, room.feed.oldest - 1);
    if (from < head) {
      const since = room.feed.read(from, sess.sessId);
      if (since.kind === 'events') for (const e of since.entries) if (!STATE_EVENTS.has(e.cmdid)) entries.push(e);
    }
    sess.position = head;
    return { kind: 'events', entries };
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
    const args = { room, role: sess.role, peerIp: sess.peerIp, cmdid: activity.cmdid, body: activity.body, status, result, nowSecs: this.nowSecs() };
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
    return keys
      .slice(-LOG_CAP)
      .map((k) => this.store.get<{ event: unknown }>(COLLECTIONS.logs, k)?.event)
      .filter((e) => e !== undefined)
      // entries written before session ids were kept private carry the raw id
      .map(redactControllerEvent);
  }

  // ------------------------------------------------------------------------------------------
  // meeting lifecycle

  startMeeting(room: Room, nowSecs: number, booking?: Booking): void {
    const r = room.record;
    r.running = true;
    r.meetingNo++;
    r.realLaunchDtm = nowSecs;
    r.mrKind = booking ? 'scheduled' : 'immediate';
    r.duration = booking ? booking.duration : 7200;
    r.scheduleId = booking?.id ?? 0;
    r.scheduleName = booking?.name ?? '';
    r.scheduleStartDtm = booking?.startDtm ?? 0;
    r.warnedMarks = [];
    r.status.random_mrid = `${r.mrId}${String(nowSecs).slice(-6)}${String(r.meetingNo).padStart(4, '0')}`;
    r.status.original_all_guests_mute = r.status.all_guests_mute;
    r.status.rec_state = 'idle';
    r.status.rec_enabled = 0;
    r.status.rec_start_dtm = 0;
    r.status.live_enabled = 0;
    if (!r.status.rtmp_url) r.status.rtmp_url = `http://127.0.0.1/liveplay/cluster/${r.status.random_mrid}`;
    if (room.mrId === this.config.demoMrId && !room.nextBooking(nowSecs)) {
      r.bookings = r.bookings.filter((b) => b.startDtm + b.duration > nowSecs);
      r.bookings.push({ id: 100 + r.meetingNo, name: 'Weekly review', startDtm: nowSecs + this.config.demoBookingMinutes * 60, duration: 3600 });
    }
    room.recordDirty = true;
    room.emit({ cmdid: 'one_mr_info', ...room.mrInfo(nowSecs) });
    room.emit({ ...room.mrStatus(), cmdid: 'one_mr_status' });
    room.emit({ cmdid: 'sys_mosics', mosic_group: sysMosicsCached() });
    room.emit(resourceTmplInfo(room));
    this.emitSchedule(room, nowSecs);
    this.driver?.meetingStarted(room);
    if (this.offers('attendance')) this.attendance.meetingStarted(room);
  }

  emitSchedule(room: Room, nowSecs: number): void {
    const r = room.record;
    room.emit({
      cmdid: 'schedule_info',
      schedule_id: r.scheduleId,
      schedule_name: r.scheduleName,
      start_dtm: r.scheduleStartDtm || r.realLaunchDtm,
      duration: r.duration,
      next_start_dtm: room.nextBooking(nowSecs)?.startDtm ?? 0,
    });
  }

  /** Ends the running meeting: every endpoint leaves, every session gets `force_logout`. */
  endMeeting(room: Room, leaveReason: string, logoutReason = room.record.mrScene === 'class' ? 'class_ended' : 'meeting_ended'): void {
    const r = room.record;
    if (!r.running) return;
    const now = this.nowSecs();
    for (const usrId of [...room.endpoints.keys()]) room.leave(usrId, leaveReason, now);
    room.flush();
    r.running = false;
    room.setStatus({
      rec_enabled: 0,
      rec_state: 'idle',
      live_enabled: 0,
      bypass_enabled: 0,
      roll_call: 0,
      rollcall_usr_id: '',
      private_talk_usr_id: '',
      private_talk_start_dtm: 0,
      rec_start_dtm: 0,
    });
    room.recordDirty = true;
    this.revokeResume({ kind: 'meeting', mrId: room.mrId });
    for (const s of this.sessions.values()) if (s.mrId === room.mrId) this.forceLogout(s.sessId, logoutReason);
    room.clearLive();
    if (this.offers('attendance')) void this.attendance.meetingEnded(room).catch(() => undefined);
    this.driver?.meetingEnded(room);
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
  async deleteRoom(mrId: string): Promise<boolean> {
    const room = this.rooms.get(mrId);
    if (!room) return false;
    room.emit({ cmdid: 'mr_deled', mr_id: mrId });
    this.endMeeting(room, 'maintenance', 'meeting_deleted');
    for (const s of [...this.sessions.values()]) if (s.mrId === mrId) this.forceLogout(s.sessId, 'meeting_deleted');
    room.flush();
    this.rooms.delete(mrId);
    const ops: StoreOp[] = [{ op: 'delete', collection: COLLECTIONS.rooms, key: mrId }];
    for (const usrId of room.roster.keys()) ops.push({ op: 'delete', collection: COLLECTIONS.participants, key: `${mrId}/${usrId}` });
    await this.store.batch(ops);
    // polls held by its sessions answer now with what is left (mr_deled, force_logout)
    room.feed.releaseAll();
    this.deletedRooms.set(mrId, room);
    return true;
  }

  /**
   * An endpoint asks to join (a simulated endpoint dialling in, or the answer to a dial). Adhoc
   * rooms start a meeting on the first call; the answer is the endpoint or why it was refused.
   */
  joinRoom(mrId: string, spec: JoinSpec, opts: { invited?: boolean } = {}): Endpoint | { failed: string } {
    const room = this.rooms.get(mrId);
    if (!room) return { failed: 'offline' };
    const now = this.nowSecs();
    if (!room.record.running) {
      if (!room.record.adhocEnabled) return { failed: 'bookings_only' };
      this.startMeeting(room, now);
    }
    const st = room.status;
    // a locked meeting keeps out whoever is not on its roster (guests, unknown addresses)
    const member = room.roster.has(spec.usrId) && !isGuestId(spec.usrId);
    if (st.mr_locked && !opts.invited && !member) return { failed: 'room_locked' };
    if (!st.guest_enabled && isGuestId(spec.usrId)) return { failed: 'guests_not_allowed' };
    if (room.endDtm() - now < 60) return { failed: 'meeting_ending' };
    if (!room.endpoints.has(spec.usrId) && room.endpoints.size >= (room.record.maxCall ?? DEFAULT_MAX_CALL)) return { failed: 'max_calls' };
    return room.join(spec, now);
  }

  /** A dial failed: `failed_call` with the reason code (durable log). */
  callFailed(room: Room, call: DialRequest, reason: string): void {
    this.emitLogged(room, {
      cmdid: 'failed_call',
      time: this.nowSecs(),
      reason,
      ep_type: call.protoType === 1 ? 'h323' : call.protoType === 4 ? 'webrtc' : 'sip',
      nick_name: call.name,
      peer_addr: call.callAddr,
    });
  }

  /** An endpoint leaves on its own (simulated hang-up, media timeout...). */
  endpointLeft(room: Room, usrId: string, reason: string): void {
    const ep = room.endpoints.get(usrId);
    if (!ep) return;
    room.leave(usrId, reason, this.nowSecs());
    this.logLeft(room, ep, reason);
  }

  logLeft(room: Room, ep: Endpoint, reason: string): void {
    this.appendLog(room.mrId, { cmdid: 'left_call', ep_id: ep.epId, usr_id: ep.usrId, reason, nick_name: ep.name, create_dtm: this.nowSecs() });
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

  /** One tick: simulator, recording, bookings, session expiry, address-book presence events. */
  tick(): void {
    const nowMs = this.clock.now();
    const now = Math.floor(nowMs / 1000);
    this.driver?.tick(nowMs);
    for (const room of this.rooms.values()) {
      const r = room.record;
      if (!r.running) {
        const booking = r.bookings.find((b) => b.startDtm <= now && b.startDtm + b.duration > now);
        if (booking && r.scheduleId !== booking.id) this.startMeeting(room, now, booking);
        room.flush();
        continue;
      }
      this.tickRecording(room);
      this.tickBookings(room, now);
      tickSegmentTimer(this.store, room, now);
      room.flush();
      room.refreshAutoLayout();
      refreshAutoFocus(room);
      if (room.recordDirty) void this.saveRoom(room).catch(() => undefined);
    }
    for (const s of [...this.sessions.values()]) {
      if (s.polling > 0) continue;
      if (nowMs - s.lastPollMs <= this.config.sessionTimeoutMs) continue;
      this.sessions.delete(s.sessId);
      const room = this.rooms.get(s.mrId);
      if (!s.closing && room) {
        this.emitLogged(room, { cmdid: 'mr_ctrl_out', peer_ip: s.peerIp, sessionid: publicControllerId(s.sessId), quit_dtm: now, reason: 'expired' });
        endPrivateTalkWithSession(this, room, s);
      }
      void this.store.delete(COLLECTIONS.sessions, s.sessId).catch(() => undefined);
    }
    if (this.presenceChanged.size) this.emitPresence(now);
  }

  private emitPresence(now: number): void {
    const ids = [...this.presenceChanged].filter((id) => this.addressBook.users.has(id));
    this.presenceChanged.clear();
    if (!ids.length) return;
    for (const id of ids) {
      const u = this.addressBook.users.get(id)!;
      u.lastModify = now;
    }
    // the full records of a few; the rest are announced by id and subscribed by whoever caches them
    const info = this.addressBook.usrInfo(ids.slice(0, PRESENCE_RECORDS_MAX), (id) => this.isUserOnline(id));
    for (const room of this.rooms.values()) {
      if (!room.record.running) continue;
      // which users changed (the console refreshes their details): an assumed event (user-changes)
      if (this.offers('user-changes')) room.emit({ cmdid: 'usr_ids', usr_ids: ids });
      room.emit({ ...info, cmdid: 'usr_info' });
    }
  }

  private tickRecording(room: Room): void {
    const st = room.status;
    if (st.rec_state === 'starting') {
      room.setStatus({ rec_state: 'recording', rec_enabled: 1, rec_start_dtm: this.nowSecs() });
      room.emit({ cmdid: 'xuding_rec_status', rec_state: 'recording', record_uuid: st.record_uuid });
    } else if (st.rec_state === 'stopping') {
      room.setStatus({ rec_state: 'idle', rec_enabled: 0, rec_start_dtm: 0 });
      room.emit({ cmdid: 'xuding_rec_status', rec_state: 'idle', record_uuid: st.record_uuid });
    } else if (st.rec_state === 'recording') {
      // the file grows about 2 Mbit/s; reported every 10 s to keep the feed quiet
      const secs = this.nowSecs();
      if (secs % 10 === 0) room.setStatus({ flv_fsize: st.flv_fsize + 2_500_000 });
    }
  }

  private tickBookings(room: Room, now: number): void {
    const r = room.record;
    const next = room.nextBooking(now);
    if (next && now >= next.startDtm) {
      this.endMeeting(room, 'room_taken');
      this.startMeeting(room, now, next);
      return;
    }
    if (now >= room.endDtm()) {
      this.endMeeting(room, 'schedule_ended');
      return;
    }
    if (next) {
      const minutes = Math.ceil((next.startDtm - now) / 60);
      const mark = BOOKING_WARN_MARKS.filter((m) => minutes <= m && !r.warnedMarks.includes(m));
      if (mark.length) {
        r.warnedMarks.push(...mark);
        room.recordDirty = true;
        room.emit({
          cmdid: 'show_warning_info',
          warn_info: 'booking_conflict',
          is_toast: minutes > 5 ? 1 : 0,
          params: { minutes, booking_start_dtm: next.startDtm, booking_name: next.name },
        });
      }
    }
  }

  newRecordUuid(): string {
    return randomUUID();
  }
}

let mosicsCache: ReturnType<typeof sysMosics> | undefined;
function sysMosicsCached() {
  return (mosicsCache ??= sysMosics());
}

export type { Body };
