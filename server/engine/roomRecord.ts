/**
 * What a room is made of: the stored record (`RoomRecord`, collection `rooms`) with the defaults
 * of a new room and of its status, the roster and endpoint shapes with an endpoint's default
 * flags, and the hooks a room calls out through. The one place a room's defaults are written:
 * the demo seed builds its rooms from here, and the tests' rooms are the seed's (engine/testing).
 */
import type { MosicConfigEntry, MrScene, MrStatus, TitleConfig } from '../../protocol/wire';
import { USR_STATS_POSITIONS, type UsrStatsName } from '../../protocol/usrStats';
import { defaultMosaicConfig } from './mosaics';
import { defaultTitles } from './titles';
import { newRoomStatus as defaultStatus } from '../../protocol/roomDefaults';

export interface Booking {
  id: number;
  name: string;
  /** Unix seconds */
  startDtm: number;
  /** seconds */
  duration: number;
}

/** Per-user state that outlives one connection: individual mutes, bans and roles bind reconnects. */
export interface StickyState {
  a_rx?: number;
  a_tx?: number;
  v_tx?: number;
  chair?: number;
  host?: number;
  name?: string;
}

/** What is stored of a room (collection `rooms`); live endpoints are not stored. */
export interface RoomRecord {
  mrId: string;
  roomName: string;
  mrName: string;
  mrScene: MrScene;
  hostPwd: string;
  supervisorPwd: string;
  /** participants' join password, '' for none */
  joinPwd?: string;
  adhocEnabled: boolean;
  bandwidth: number;
  features: string;
  launcherUid: string;
  running: boolean;
  mrKind: 'immediate' | 'scheduled';
  createDtm: number;
  realLaunchDtm: number;
  /** seconds from launch to the planned end, overtime included */
  duration: number;
  scheduleId: number;
  scheduleName: string;
  scheduleStartDtm: number;
  bookings: Booking[];
  status: MrStatus;
  mosaic: MosicConfigEntry[];
  titles: TitleConfig[];
  /** every seq handed out before a restart is below this */
  seqReserve: number;
  sticky: Record<string, StickyState>;
  /** booking-conflict warnings already sent in this meeting (minutes marks) */
  warnedMarks: number[];
  resourceTmpl: { id: number; name: string; maxMosic: number; resBw: string; hasRecord: 0 | 1 };
  /** Unix seconds the tenant's service expires */
  serviceExpiryDtm: number;
  /** counter of meetings held, for ids */
  meetingNo: number;
  /** most endpoints at once (`max_call`); beyond it calls fail with `max_calls` */
  maxCall?: number;
  /** the last acknowledged commands' req_ids and answers (idempotency across restarts) */
  recentReqs?: [string, unknown][];
}

/** One entry of the invited roster (`mr_participants`). */
export interface RosterEntry {
  usrId: string;
  name: string;
  usrType: number;
  /** "<type>-<appointment no>-<flags>": appointment no below 10000 = appointed */
  attr: string;
  callAddr: string;
  dep: number;
  devType: string;
  appoint: number;
  gbk: string;
}

/** A live endpoint (one call leg). */
export interface Endpoint {
  usrId: string;
  epId: number;
  name: string;
  uri: string;
  enterDtm: number;
  devType: string;
  epVersion: number;
  protoType: number;
  uuid: string;
  gbk: string;
  localRtpIp: string;
  pinSort: number;
  sortPara: number;
  flags: Uint8Array;
  statsCache: string | null;
  /** address-book user id when the endpoint is a registered user */
  abUserId?: number;
  /** may unmute itself although muted by a host (`unlock`) */
  selfUnmute: boolean;
  /** seed of its simulated media statistics */
  mediaSeed: number;
  /** Unix seconds when its hand went up; 0 while it is down (`hand_up_dtms`, group 'hand-times') */
  handUpDtm: number;
}

/** How long an ended call leg's media statistics still answer (see `Room.endedLegs`). */
export const ENDED_LEG_SECS = 60;

/** What the simulator (or a dial) presents when an endpoint joins. */
export interface JoinSpec {
  usrId: string;
  name: string;
  uri: string;
  devType: string;
  protoType: number;
  usrType: number;
  callAddr: string;
  abUserId?: number;
  dep?: number;
  epVersion?: number;
  mediaSeed?: number;
}

export const POS: Record<UsrStatsName, number> = Object.fromEntries(USR_STATS_POSITIONS.map((n, i) => [n, i])) as Record<
  UsrStatsName,
  number
>;

export const STATS_DESC: string[] = [...USR_STATS_POSITIONS];

export interface RoomHooks {
  /** an address-book user went online or offline */
  onUserPresence(abUserId: number): void;
  /** (attendance) an endpoint joined; `invited` = it was on the roster (not a guest) before */
  onJoined?(ep: Endpoint, invited: boolean, nowSecs: number): void;
  /** (attendance) an endpoint left */
  onLeft?(ep: Endpoint, reason: string, nowSecs: number): void;
  /** (attendance) a participant was called in a roll call */
  onRollCall?(usrId: string): void;
  /** the engine's clock in Unix seconds (when a hand goes up); the system clock without it */
  nowSecs?(): number;
  /** an address-book department's name ('' when unknown), for the roster's `depid_names` */
  departmentName?(id: number): string;
}

export function newRoomRecord(init: {
  mrId: string;
  roomName: string;
  hostPwd: string;
  supervisorPwd: string;
  adhocEnabled: boolean;
  nowSecs: number;
  mrScene?: MrScene;
  bookings?: Booking[];
}): RoomRecord {
  return {
    mrId: init.mrId,
    roomName: init.roomName,
    mrName: init.roomName,
    mrScene: init.mrScene ?? 'conference',
    hostPwd: init.hostPwd,
    supervisorPwd: init.supervisorPwd,
    adhocEnabled: init.adhocEnabled,
    bandwidth: 2048,
    features: '010011100001110',
    launcherUid: '1',
    running: false,
    mrKind: 'immediate',
    createDtm: init.nowSecs,
    realLaunchDtm: 0,
    duration: 7200,
    scheduleId: 0,
    scheduleName: '',
    scheduleStartDtm: 0,
    bookings: init.bookings ?? [],
    status: defaultStatus(init.mrId),
    mosaic: defaultMosaicConfig(),
    titles: defaultTitles(),
    seqReserve: 0,
    sticky: {},
    warnedMarks: [],
    resourceTmpl: { id: 1, name: '1080P30@2M', maxMosic: 25, resBw: '1080P30@2M', hasRecord: 1 },
    serviceExpiryDtm: init.nowSecs + 86400 * 20,
    meetingNo: 0,
  };
}

/** The flags an endpoint joins with before its sticky state and the meeting's bans bind it. */
const DEFAULT_FLAGS = (() => {
  const f = new Uint8Array(USR_STATS_POSITIONS.length);
  f[POS.a_rx] = 1;
  f[POS.v_rx] = 1;
  f[POS.a_tx] = 1;
  f[POS.v_tx] = 1;
  f[POS.cont_allowed] = 1;
  f[POS.mic_gain] = 5;
  return f;
})();

/** A fresh copy of {@link DEFAULT_FLAGS}, for a joining endpoint. */
export function defaultFlags(): Uint8Array {
  return new Uint8Array(DEFAULT_FLAGS);
}

/** Guest ids start with "guest" (spec §4): they are removed from the roster when they leave. */
export function isGuestId(usrId: string): boolean {
  return usrId.startsWith('guest');
}
