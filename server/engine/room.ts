/**
 * One meeting room: its settings and status, the invited roster, the online endpoints with their
 * `usr_stats` flags, layouts and titles, and the room's change feed. Every mutation goes through
 * methods here so that each one produces its event: status deltas are batched per tick into one
 * `online_eps_status` listing only the endpoints that changed.
 */
import type {
  BanScope,
  MosicConfigEntry,
  MrInfo,
  MrParticipants,
  MrScene,
  MrStatus,
  OnlineEpsInfo,
  OnlineEpsStatus,
  TitleConfig,
  WireMode,
} from '../../protocol/wire';
import { USR_STATS_POSITIONS, type UsrStatsName } from '../../protocol/usrStats';
import type { AssumptionGroup } from '../../protocol/assumptions';
import { DEFAULT_MAX_CALL, DEFAULT_REGION_ID } from '../../protocol/management';
import { ChangeFeed } from './feed';
import { autoLayoutFor, defaultMosaicConfig } from './mosaics';
import { defaultSubtitlePosition, defaultTitles } from './titles';

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

export function defaultStatus(mrId: string): MrStatus {
  return {
    mr_id: mrId,
    mr_locked: 0,
    guest_enabled: 1,
    all_guests_mute: 0,
    original_all_guests_mute: 0,
    allow_unmute_self: 1,
    mr_vtx_mode: 0,
    mr_atx_mode: 0,
    same_layout: 0,
    force_mcu_layout: 1,
    roll_call: 0,
    guest_poll: 0,
    speaker_poll: 0,
    chair_poll: 0,
    cont_enabled: 1,
    show_camera_off: 1,
    mic_gain_auto: 0,
    auto_invite: 0,
    chat_permission: 1,
    spk_locked: 0,
    live_enabled: 0,
    live_service_type: 'builtin',
    rtmp_url: '',
    push_url: '',
    random_mrid: mrId,
    rec_enabled: 0,
    record_uuid: '',
    record_copy: 'speaker',
    flv_fsize: 0,
    bypass_enabled: 0,
    bypass_url: '',
    chair_usr_id: '',
    spk_usr_id: '',
    auto_focus_usr_id: '',
    spec_focus_usr_ids: [],
    focus_speaker: 0,
    rollcall_hist: {},
    cascade_mode: '',
    subtitle_position: defaultSubtitlePosition(),
    title_enabled: 0,
    asr_enabled: 0,
    live_chat: 1,
    meeting_mode: 'speaker',
    waiting_room: 0,
    rollcall_usr_id: '',
    rollcall_view: 'with_speaker',
    rec_state: 'idle',
    cascade_points: 0,
    mute_scope: 'none',
    listen_ban_scope: 'none',
    watch_ban_scope: 'none',
    private_talk_usr_id: '',
  };
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

/**
 * mr-status fields of the platform (real-client-findings §5) with this server's fixed values, typed
 * as the Java client's model reads them (findings §7, facts §3.3): its JSON library coerces a number
 * into a string field but fails on `0` where it expects a list, or `""` where it expects a number.
 */
export interface PlatformStatusExtras {
  https_port: number;
  must_https: 0 | 1;
  cont_policy_9x: number;
  non_main_venue_layout: number;
  rtmp_url3rd: string;
  rtmp3rdcfg_original_stat: string;
  rtmp_bypass_push: string;
  chair_copy: string;
  amixer_group: number[];
}

/**
 * The status fields of assumed groups (protocol/assumptions.ts) that the platform's mr-status does
 * not have (facts §3.3 lists `chat_permission` and `cascade_mode`, so those stay): strict platform
 * mode leaves them out while their group is off.
 */
export const ASSUMED_STATUS_FIELDS: Readonly<Partial<Record<AssumptionGroup, readonly string[]>>> = {
  'waiting-room': ['waiting_room'],
  'meeting-modes': ['live_chat', 'meeting_mode', 'title_enabled'],
  // not a status field but an eps-status one: left out of eps-status the same way (epsStatus)
  'hand-times': ['hand_up_dtms'],
  'audio-to-text': ['asr_enabled'],
  'focus-modes': ['focus_speaker'],
  // room properties the spec names (§3) that the facts show only in CM room bodies
  'room-properties': ['max_call', 'region_id'],
};

/**
 * The `one_mr_info` fields the Java client's model types as dates: its `Date` reads a number as
 * epoch milliseconds (findings §7), so platform mode sends them so; podium mode keeps Unix seconds.
 * `next_booking_dtm` (podium) goes in the same unit as its neighbours. The console reads both
 * (protocol/decodeSession.ts `epochSecs`).
 */
const MR_INFO_DATES = ['create_dtm', 'current_dtm', 'real_launch_dtm', 'next_booking_dtm'] as const;

/** `one_mr_info` (whole or partial) with its dates in epoch milliseconds. */
function mrInfoInMs<T extends Record<string, unknown>>(info: T): T {
  const out: Record<string, unknown> = { ...info };
  for (const f of MR_INFO_DATES) if (typeof out[f] === 'number' && out[f] !== 0) out[f] = (out[f] as number) * 1000;
  return out as T;
}

/**
 * The one banner of the platform's flat `title-config`: the first target whose title is on (in
 * {@link TITLE_TARGETS} order, `all` first), else the `all` target's.
 */
export function bannerOf(titles: readonly TitleConfig[]): TitleConfig {
  return titles.find((t) => t.has_title === 1) ?? titles.find((t) => t.to_role === 'all') ?? titles[0];
}

export class Room {
  readonly feed: ChangeFeed;
  readonly roster = new Map<string, RosterEntry>();
  readonly endpoints = new Map<string, Endpoint>();
  /**
   * Call legs that ended within ENDED_LEG_SECS, by ep_id: their media statistics still answer
   * (with no streams) for that long, as an MCU keeps a call's record, so a console reading a leg
   * the moment it hangs up gets an empty answer instead of a 404.
   */
  readonly endedLegs = new Map<number, { ep: Endpoint; endedAt: number }>();
  /** roster keys changed since the last save */
  readonly rosterDirty = new Set<string>();
  private readonly infoDirty = new Set<string>();
  private readonly statusDirty = new Set<string>();
  private readonly leftPending = new Set<string>();
  private flushScheduled = false;
  /** the automatic layout last sent to controllers (undefined: none asked yet) */
  private autoLayoutTold: string | undefined;
  private nextEpId = 1;
  private nextSort = 1;
  /** number of online endpoints with a raised hand (kept for the hand-up counter) */
  recordDirty = false;

  constructor(
    readonly record: RoomRecord,
    roster: RosterEntry[],
    private readonly hooks: RoomHooks,
    historyCapacity?: number,
    /** platform mode: events carry no `seq`, `title_config` is the flat banner */
    readonly wire: WireMode = 'podium',
    /**
     * strict platform mode: status fields of assumed groups switched off (ASSUMED_STATUS_FIELDS),
     * left out of every `mr-status` answer and `one_mr_status` event
     */
    private readonly hiddenStatus: ReadonlySet<string> = new Set(),
  ) {
    this.feed = new ChangeFeed(record.seqReserve, historyCapacity, wire === 'podium');
    for (const r of roster) this.roster.set(r.usrId, r);
  }

  get mrId(): string {
    return this.record.mrId;
  }

  get status(): MrStatus {
    return this.record.status;
  }

  // ------------------------------------------------------------------------------------------
  // events

  /** Appends an event to the feed (and reserves seq numbers ahead so a restart never reuses one). */
  emit(event: { cmdid: string } & Record<string, unknown>, to?: string): number {
    const seq = this.feed.append(this.wire === 'platform' && event.cmdid === 'one_mr_info' ? mrInfoInMs(event) : event, to);
    if (seq + 500 > this.record.seqReserve) {
      this.record.seqReserve = seq + 5000;
      this.recordDirty = true;
    }
    return seq;
  }

  /** Sets status fields and emits one `one_mr_status` delta with the fields that really changed. */
  setStatus(patch: Partial<MrStatus>): void {
    const delta: Record<string, unknown> = {};
    const st = this.record.status as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(patch)) {
      if (JSON.stringify(st[k]) === JSON.stringify(v)) continue;
      st[k] = v;
      if (!this.hiddenStatus.has(k)) delta[k] = v;
      if (k === 'rollcall_usr_id' && typeof v === 'string' && v) this.hooks.onRollCall?.(v);
    }
    if (Object.keys(delta).length === 0) {
      // a hidden field changed alone: stored, told to nobody
      if (Object.keys(patch).some((k) => this.hiddenStatus.has(k))) this.recordDirty = true;
      return;
    }
    this.recordDirty = true;
    this.emit({ cmdid: 'one_mr_status', mr_id: this.mrId, ...delta });
  }

  /** Emits the pending endpoint deltas now: one info, one status and one left event at most. */
  flush(): void {
    this.flushScheduled = false;
    if (this.infoDirty.size) {
      const ids = [...this.infoDirty].filter((id) => this.endpoints.has(id));
      this.infoDirty.clear();
      if (ids.length) this.emit({ cmdid: 'online_eps_info', ...this.epsInfo(ids) });
    }
    if (this.statusDirty.size) {
      const ids = [...this.statusDirty].filter((id) => this.endpoints.has(id));
      this.statusDirty.clear();
      if (ids.length) this.emit({ cmdid: 'online_eps_status', ...this.epsStatus(ids) });
    }
    if (this.leftPending.size) {
      const ids = [...this.leftPending];
      this.leftPending.clear();
      this.emit({ cmdid: 'online_eps_left', mr_id: this.mrId, usr_ids: ids });
    }
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      if (this.flushScheduled) this.flush();
    });
  }

  markInfo(usrId: string): void {
    this.infoDirty.add(usrId);
    this.scheduleFlush();
  }

  // ------------------------------------------------------------------------------------------
  // snapshots

  /** The meeting info as answered (`GET mr-info`, a first poll): dates in the wire's unit. */
  mrInfoAnswer(nowSecs: number): MrInfo {
    const info = this.mrInfo(nowSecs);
    return this.wire === 'platform' ? (mrInfoInMs(info as unknown as Record<string, unknown>) as unknown as MrInfo) : info;
  }

  /** The meeting info with its dates in Unix seconds (what {@link emit} is given). */
  mrInfo(nowSecs: number): MrInfo {
    const r = this.record;
    return {
      cmdid: 'one_mr_info',
      mr_id: r.mrId,
      mr_name: r.mrName,
      room_name: r.roomName,
      create_dtm: r.createDtm,
      current_dtm: nowSecs,
      real_launch_dtm: r.realLaunchDtm,
      duration: r.duration,
      bandwidth: r.bandwidth,
      launcher_uid: r.launcherUid,
      mr_mode: r.mrKind === 'scheduled' ? 1 : 0,
      features: r.features,
      mr_scene: r.mrScene,
      next_booking_dtm: this.nextBooking(nowSecs)?.startDtm ?? 0,
      // `mr_mode` is the platform's field for it (facts §5); platform mode says nothing twice
      ...(this.wire === 'podium' ? { mr_kind: r.mrKind } : {}),
    };
  }

  /** The first booking that starts after now (and is not the running meeting's own). */
  nextBooking(nowSecs: number): Booking | undefined {
    let best: Booking | undefined;
    for (const b of this.record.bookings) {
      if (b.id === this.record.scheduleId && this.record.running) continue;
      if (b.startDtm + b.duration <= nowSecs) continue;
      if (this.record.running && b.startDtm < this.record.realLaunchDtm) continue;
      if (!best || b.startDtm < best.startDtm) best = b;
    }
    return best;
  }

  /** Planned end of the running meeting, Unix seconds. */
  endDtm(): number {
    return this.record.realLaunchDtm + this.record.duration;
  }

  mrStatus(): MrStatus & PlatformStatusExtras {
    const st = this.record.status;
    const status: MrStatus & PlatformStatusExtras = {
      ...st,
      cmdid: 'one_mr_status',
      cascade_points: this.cascadePoints(),
      // fields the platform's mr-status has (real-client-findings §5) that this server does not vary
      https_port: 443,
      must_https: 0,
      cont_policy_9x: 0,
      non_main_venue_layout: 0,
      rtmp_url3rd: '',
      rtmp3rdcfg_original_stat: '0',
      rtmp_bypass_push: String(st.bypass_enabled),
      chair_copy: '0',
      // the evidence's value (facts §3.3); this server mixes the meeting's sound as one group
      amixer_group: [16384],
      // (group 'room-properties') most calls at once (engine: beyond it calls fail) and the media region
      max_call: this.record.maxCall ?? DEFAULT_MAX_CALL,
      region_id: DEFAULT_REGION_ID,
    };
    for (const k of this.hiddenStatus) delete (status as unknown as Record<string, unknown>)[k];
    return status;
  }

  /**
   * The title configuration as `GET title-config` and the `title_config` event give it: the flat
   * banner the platform's clients read (real-client-findings §5), and in podium mode also the
   * `titles` of every target.
   */
  titleConfig(): { cmdid: 'title_config' } & Record<string, unknown> {
    const banner = bannerOf(this.record.titles);
    if (this.wire === 'platform') return { cmdid: 'title_config', ...banner };
    return { cmdid: 'title_config', ...banner, titles: this.record.titles };
  }

  cascadePoints(): number {
    let n = 0;
    for (const ep of this.endpoints.values()) if (ep.devType === 'mr_cascade_sub') n++;
    for (const r of this.roster.values()) if (r.devType === 'mr_cascade_sub' && !this.endpoints.has(r.usrId)) n++;
    return n;
  }

  epsInfo(ids?: string[]): OnlineEpsInfo {
    const out: OnlineEpsInfo = {
      mr_id: this.mrId,
      usr_ids: [],
      usr_names: [],
      ep_ids: [],
      usr_uris: [],
      enter_dtms: [],
      dev_type: [],
      ep_version: [],
      is_online: [],
      pin_sort: [],
      sort_para: [],
      gbk_names: [],
      proto_types: [],
      ep_uuid: [],
    };
    const list = ids ? ids.map((id) => this.endpoints.get(id)!).filter(Boolean) : this.endpoints.values();
    for (const ep of list) {
      out.usr_ids.push(ep.usrId);
      out.usr_names.push(ep.name);
      out.ep_ids.push(ep.epId);
      out.usr_uris.push(ep.uri);
      out.enter_dtms.push(ep.enterDtm);
      out.dev_type.push(ep.devType);
      out.ep_version.push(ep.epVersion);
      out.is_online.push(1);
      out.pin_sort.push(ep.pinSort);
      out.sort_para.push(ep.sortPara);
      out.gbk_names.push(ep.gbk);
      out.proto_types.push(ep.protoType);
      out.ep_uuid.push(ep.uuid);
    }
    return out;
  }

  epsStatus(ids?: string[]): OnlineEpsStatus {
    const out: OnlineEpsStatus = { mr_id: this.mrId, usr_ids: [], usr_stats: [], local_rtp_ip: [], stats_desc: STATS_DESC };
    // when each hand went up, so a console logging in later shows how long it has waited (issue 26)
    const handTimes: number[] | undefined = this.hiddenStatus.has('hand_up_dtms') ? undefined : (out.hand_up_dtms = []);
    const list = ids ? ids.map((id) => this.endpoints.get(id)!).filter(Boolean) : this.endpoints.values();
    for (const ep of list) {
      out.usr_ids.push(ep.usrId);
      out.usr_stats.push(statsString(ep));
      out.local_rtp_ip.push(ep.localRtpIp);
      handTimes?.push(ep.flags[POS.hand] ? ep.handUpDtm : 0);
    }
    return out;
  }

  participants(entries?: RosterEntry[], deleted: string[] = []): MrParticipants {
    const out: MrParticipants = {
      mr_id: this.mrId,
      added_usr_ids: [],
      added_usr_names: [],
      added_usr_types: [],
      added_usr_attr: [],
      added_call_addrs: [],
      added_usr_deps: [],
      added_usr_devtypes: [],
      added_usr_appoint: [],
      added_gbk_names: [],
      deleted_usr_ids: deleted,
      depid_names: {},
    };
    for (const r of entries ?? this.roster.values()) {
      out.added_usr_ids.push(r.usrId);
      out.added_usr_names.push(r.name);
      out.added_usr_types.push(r.usrType);
      out.added_usr_attr.push(r.attr);
      out.added_call_addrs.push(r.callAddr);
      out.added_usr_deps.push(r.dep);
      out.added_usr_devtypes.push(r.devType);
      out.added_usr_appoint.push(r.appoint);
      out.added_gbk_names.push(r.gbk);
      // invitees' departments by name (spec §3 depid_names), so the console can show them
      const depName = r.dep > 0 ? this.hooks.departmentName?.(r.dep) : undefined;
      if (depName) out.depid_names[String(r.dep)] = depName;
    }
    return out;
  }

  /** The mosaic config with `cur_mosic_id` resolved for automatic layouts. */
  mosaicConfig(): MosicConfigEntry[] {
    const auto = this.autoLayout();
    this.autoLayoutTold = auto;
    return this.record.mosaic.map((c) => {
      const entry: MosicConfigEntry = {
        ...c,
        cur_mosic_id: c.mosic_id === 'auto' ? auto : c.mosic_id,
        // the platform's entries have it (real-client-findings §5); this server has no small-screen layout
        miniMosicId: '',
      };
      if (this.wire === 'platform') {
        // pane marks are Podium's: facts §5.6 knows no focus, content or special pane
        delete entry.focus_pane;
        delete entry.content_pane;
        delete entry.special_pane;
      }
      return entry;
    });
  }

  /**
   * Emits `mosic_config` when an automatic layout changed its panes because video sources came
   * or went: controllers read `cur_mosic_id` once and would otherwise keep drawing the old grid.
   * Called once per engine tick, not per endpoint change (counting 10,000 endpoints each time).
   */
  refreshAutoLayout(): void {
    if (this.autoLayoutTold === undefined || !this.record.mosaic.some((c) => c.mosic_id === 'auto')) return;
    if (this.autoLayout() === this.autoLayoutTold) return;
    this.emit({ cmdid: 'mosic_config', config_info: this.mosaicConfig() });
  }

  private autoLayout(): string {
    let visible = 0;
    for (const ep of this.endpoints.values()) if (ep.flags[POS.waiting] === 0 && ep.flags[POS.v_rx] === 1) visible++;
    return autoLayoutFor(visible);
  }

  // ------------------------------------------------------------------------------------------
  // roster

  /** Adds or replaces roster entries and emits one `mr_participants` delta. */
  addToRoster(entries: RosterEntry[]): void {
    if (!entries.length) return;
    for (const e of entries) {
      this.roster.set(e.usrId, e);
      if (!isGuestId(e.usrId)) this.rosterDirty.add(e.usrId);
    }
    this.emit({ cmdid: 'mr_participants', ...this.participants(entries) });
    if (entries.some((e) => e.devType === 'mr_cascade_sub')) this.tellCascadePoints();
  }

  removeFromRoster(usrIds: string[]): void {
    const cascade = usrIds.some((id) => this.roster.get(id)?.devType === 'mr_cascade_sub');
    const gone = usrIds.filter((id) => this.roster.delete(id));
    if (!gone.length) return;
    for (const id of gone) if (!isGuestId(id)) this.rosterDirty.add(id);
    this.emit({ cmdid: 'mr_participants', ...this.participants([], gone) });
    if (cascade) this.tellCascadePoints();
  }

  /**
   * `cascade_points` is counted, not set: a sub-site added to or removed from the roster (every
   * cascade leg is on it, see join) changes it, and a console that read the status must hear so,
   * or it would keep refusing non-cascade after the last sub-site was deleted (issue 30).
   */
  private tellCascadePoints(): void {
    this.setStatus({ cascade_points: this.cascadePoints() });
  }

  // ------------------------------------------------------------------------------------------
  // endpoints

  isAudience(ep: Endpoint): boolean {
    return ep.flags[POS.speaker] === 0 && ep.flags[POS.chair] === 0 && ep.flags[POS.host] === 0;
  }

  private inScope(scope: BanScope | undefined, ep: Endpoint): boolean {
    return scope === 'all' || (scope === 'audience' && this.isAudience(ep));
  }

  /** Sets one flag; a real change marks the endpoint for the next status delta. */
  setFlag(ep: Endpoint, name: UsrStatsName, value: number): boolean {
    const pos = POS[name];
    if (ep.flags[pos] === value) return false;
    ep.flags[pos] = value;
    if (name === 'hand') ep.handUpDtm = value ? (this.hooks.nowSecs?.() ?? Math.floor(Date.now() / 1000)) : 0;
    ep.statsCache = null;
    this.statusDirty.add(ep.usrId);
    this.scheduleFlush();
    return true;
  }

  sticky(usrId: string): StickyState {
    let s = this.record.sticky[usrId];
    if (!s) {
      s = {};
      this.record.sticky[usrId] = s;
    }
    this.recordDirty = true;
    return s;
  }

  /** Re-applies the meeting-wide bans to one endpoint (after a join or a role change). */
  applyBans(ep: Endpoint): void {
    const st = this.record.status;
    const called = st.rollcall_usr_id === ep.usrId;
    if (this.inScope(st.mute_scope, ep) && !called) this.setFlag(ep, 'a_rx', 0);
    if (this.inScope(st.listen_ban_scope, ep)) this.setFlag(ep, 'a_tx', 0);
    if (this.inScope(st.watch_ban_scope, ep)) this.setFlag(ep, 'v_tx', 0);
  }

  /**
   * An endpoint joins: it gets flags from its sticky state, then the bans bind it; with the
   * waiting room on it waits there. Emits info/status (batched), roster and waiting deltas.
   */
  join(spec: JoinSpec, nowSecs: number): Endpoint {
    const existing = this.endpoints.get(spec.usrId);
    if (existing) this.leave(spec.usrId, 'rejoin', nowSecs);
    const sticky = this.record.sticky[spec.usrId] ?? {};
    const epId = this.nextEpId++;
    const ep: Endpoint = {
      usrId: spec.usrId,
      epId,
      name: sticky.name ?? spec.name,
      uri: spec.uri,
      enterDtm: nowSecs,
      devType: spec.devType,
      epVersion: spec.epVersion ?? 1,
      protoType: spec.protoType,
      uuid: `${this.mrId}-${epId}-${spec.usrId}`,
      gbk: sticky.name ?? spec.name,
      localRtpIp: `203.0.113.${(epId % 250) + 1}`,
      pinSort: 0,
      sortPara: this.nextSort++,
      flags: new Uint8Array(DEFAULT_FLAGS),
      statsCache: null,
      abUserId: spec.abUserId,
      selfUnmute: false,
      mediaSeed: spec.mediaSeed ?? epId,
      handUpDtm: 0,
    };
    const st = this.record.status;
    if (sticky.a_rx !== undefined) ep.flags[POS.a_rx] = sticky.a_rx;
    if (sticky.a_tx !== undefined) ep.flags[POS.a_tx] = sticky.a_tx;
    if (sticky.v_tx !== undefined) ep.flags[POS.v_tx] = sticky.v_tx;
    if (sticky.chair) ep.flags[POS.chair] = 1;
    if (sticky.host) ep.flags[POS.host] = 1;
    if (st.spk_usr_id === spec.usrId) ep.flags[POS.speaker] = 1;
    if (st.spec_focus_usr_ids.includes(spec.usrId)) ep.flags[POS.focus] = 1;
    if (!st.cont_enabled && this.isAudience(ep)) ep.flags[POS.cont_allowed] = 0;
    if (st.waiting_room && spec.devType !== 'mr_cascade_sub' && !ep.flags[POS.host]) ep.flags[POS.waiting] = 1;
    this.endpoints.set(ep.usrId, ep);
    this.applyBans(ep);
    this.leftPending.delete(ep.usrId);
    this.infoDirty.add(ep.usrId);
    this.statusDirty.add(ep.usrId);
    this.scheduleFlush();
    this.hooks.onJoined?.(ep, this.roster.has(ep.usrId) && !isGuestId(ep.usrId), nowSecs);
    if (!this.roster.has(ep.usrId)) {
      this.addToRoster([
        {
          usrId: ep.usrId,
          name: ep.name,
          usrType: spec.usrType,
          attr: `${spec.usrType}-${10000 + ep.sortPara}-0`,
          callAddr: spec.callAddr,
          dep: spec.dep ?? 0,
          devType: spec.devType,
          appoint: 0,
          gbk: ep.name,
        },
      ]);
    }
    if (ep.flags[POS.waiting]) this.emitWaiting([ep], []);
    if (ep.abUserId !== undefined) this.hooks.onUserPresence(ep.abUserId);
    return ep;
  }

  /** An endpoint leaves: `left_call` now, `online_eps_left` batched; guests leave the roster too. */
  leave(usrId: string, reason: string, nowSecs: number): boolean {
    const ep = this.endpoints.get(usrId);
    if (!ep) return false;
    this.endpoints.delete(usrId);
    for (const [epId, ended] of this.endedLegs) if (nowSecs - ended.endedAt > ENDED_LEG_SECS) this.endedLegs.delete(epId);
    this.endedLegs.set(ep.epId, { ep, endedAt: nowSecs });
    this.infoDirty.delete(usrId);
    this.statusDirty.delete(usrId);
    this.leftPending.add(usrId);
    this.scheduleFlush();
    if (ep.flags[POS.waiting]) this.emitWaiting([], [ep.epId]);
    this.emit({
      cmdid: 'left_call',
      ep_id: ep.epId,
      usr_id: ep.usrId,
      reason,
      duration: Math.max(0, nowSecs - ep.enterDtm),
      nick_name: ep.name,
      create_dtm: nowSecs,
    });
    this.hooks.onLeft?.(ep, reason, nowSecs);
    const st = this.record.status;
    if (st.private_talk_usr_id === usrId) this.setStatus({ private_talk_usr_id: '', private_talk_start_dtm: 0 });
    if (st.rollcall_usr_id === usrId) this.setStatus({ rollcall_usr_id: '' });
    if (isGuestId(usrId)) {
      this.removeFromRoster([usrId]);
      delete this.record.sticky[usrId];
    }
    if (ep.abUserId !== undefined) this.hooks.onUserPresence(ep.abUserId);
    return true;
  }

  emitWaiting(added: Endpoint[], deletedEpIds: number[]): void {
    this.emit({
      cmdid: 'waiting_usr',
      ep_ids: added.map((e) => e.epId),
      usr_ids: added.map((e) => e.usrId),
      usr_names: added.map((e) => e.name),
      gbk_names: added.map((e) => e.gbk),
      dev_types: added.map((e) => e.devType),
      usr_types: added.map((e) => this.roster.get(e.usrId)?.usrType ?? 2),
      usr_uris: added.map((e) => e.uri),
      deleted_ep_ids: deletedEpIds,
    });
  }

  /** Moves endpoints into (true) or out of (false) the waiting room. */
  setWaiting(eps: Endpoint[], waiting: boolean): void {
    const changed = eps.filter((ep) => this.setFlag(ep, 'waiting', waiting ? 1 : 0));
    if (!changed.length) return;
    if (waiting) this.emitWaiting(changed, []);
    else
      this.emitWaiting(
        [],
        changed.map((e) => e.epId),
      );
  }

  nextEndpointId(): number {
    return this.nextEpId;
  }

  /** Clears live state when the meeting ends (endpoints are gone, roster guests too). */
  clearLive(): void {
    this.endpoints.clear();
    this.infoDirty.clear();
    this.statusDirty.clear();
    this.leftPending.clear();
  }
}

/** character codes of one flag string, reused: a mute-all rebuilds 10,000 strings at once */
let statsCodes: number[] = [];

/** The `usr_stats` string of an endpoint (cached until a flag changes): one digit per flag. */
export function statsString(ep: Endpoint): string {
  if (ep.statsCache === null) {
    const flags = ep.flags;
    if (statsCodes.length !== flags.length) statsCodes = new Array<number>(flags.length).fill(48);
    // one flat string in one step; appending digit by digit built an 18-deep rope per endpoint
    let digits = true;
    for (let i = 0; i < flags.length; i++) {
      statsCodes[i] = 48 + flags[i];
      if (flags[i] > 9) digits = false;
    }
    ep.statsCache = digits ? String.fromCharCode.apply(null, statsCodes) : Array.from(flags).join('');
  }
  return ep.statsCache;
}

/** Guest ids start with "guest" (spec §4): they are removed from the roster when they leave. */
export function isGuestId(usrId: string): boolean {
  return usrId.startsWith('guest');
}

export { autoLayoutFor };
