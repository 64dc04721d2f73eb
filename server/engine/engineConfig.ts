/**
 * The engine's settings and defaults, the store's collections, and the shapes the engine shares
 * with its parts and its endpoint driver (a session as the engine keeps it, a dial request, a
 * command's answer).
 */
import type { WireMode } from '../../protocol/wire';
import type { AssumptionGroup } from '../../protocol/assumptions';
import type { ControllerSession } from './facade';
import { ATTENDANCE_KEEP_HOURS_DEFAULT } from './presenceHistory';
import type { Room } from './room';

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
