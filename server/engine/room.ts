/**
 * One meeting room, live: its record, the invited roster, the online endpoints with their
 * `usr_stats` flags, and the room's change feed. Every mutation goes through methods here so that
 * each one produces its event: status deltas are batched per tick into one `online_eps_status`
 * listing only the endpoints that changed. What a room is made of and its defaults are in
 * roomRecord.ts, how it is answered on the wire in roomWire.ts, who joins and leaves in
 * roomMembership.ts; the methods here hand over to them so callers hold one object.
 */
import type { MosicConfigEntry, MrInfo, MrParticipants, MrStatus, OnlineEpsInfo, OnlineEpsStatus, WireMode } from '../../protocol/wire';
import type { UsrStatsName } from '../../protocol/usrStats';
import { ChangeFeed } from './feed';
import { autoLayoutFor } from './mosaics';
import * as membership from './roomMembership';
import {
  POS,
  type Booking,
  type Endpoint,
  type JoinSpec,
  type RoomHooks,
  type RoomRecord,
  type RosterEntry,
  type StickyState,
} from './roomRecord';
import {
  epsInfoOf,
  epsStatusOf,
  mosaicConfigOf,
  mrInfoInMs,
  mrInfoOf,
  mrStatusOf,
  participantsOf,
  titleConfigOf,
  type PlatformStatusExtras,
} from './roomWire';

// the shapes callers take with a room, so one import serves them
export {
  ENDED_LEG_SECS,
  isGuestId,
  POS,
  STATS_DESC,
  type Booking,
  type Endpoint,
  type JoinSpec,
  type RoomHooks,
  type RoomRecord,
  type RosterEntry,
  type StickyState,
} from './roomRecord';
export { ASSUMED_STATUS_FIELDS, statsString, type PlatformStatusExtras } from './roomWire';

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
  /** the record changed since the last save */
  recordDirty = false;

  constructor(
    readonly record: RoomRecord,
    roster: RosterEntry[],
    readonly hooks: RoomHooks,
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

  /** (membership) the endpoint (re)joined: its info and status go out in the next batch */
  markPresent(usrId: string): void {
    this.leftPending.delete(usrId);
    this.infoDirty.add(usrId);
    this.statusDirty.add(usrId);
    this.scheduleFlush();
  }

  /** (membership) the endpoint left: its pending deltas are dropped, it goes out as left */
  markGone(usrId: string): void {
    this.infoDirty.delete(usrId);
    this.statusDirty.delete(usrId);
    this.leftPending.add(usrId);
    this.scheduleFlush();
  }

  takeEndpointIds(): { epId: number; sortPara: number } {
    return { epId: this.nextEpId++, sortPara: this.nextSort++ };
  }

  // ------------------------------------------------------------------------------------------
  // answers (roomWire.ts)

  /** The meeting info as answered (`GET mr-info`, a first poll): dates in the wire's unit. */
  mrInfoAnswer(nowSecs: number): MrInfo {
    const info = this.mrInfo(nowSecs);
    return this.wire === 'platform' ? (mrInfoInMs(info as unknown as Record<string, unknown>) as unknown as MrInfo) : info;
  }

  /** The meeting info with its dates in Unix seconds (what {@link emit} is given). */
  mrInfo(nowSecs: number): MrInfo {
    return mrInfoOf(this.record, nowSecs, this.nextBooking(nowSecs)?.startDtm ?? 0, this.wire);
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
    return mrStatusOf(this.record, this.cascadePoints(), this.hiddenStatus);
  }

  /** `GET title-config` and the `title_config` event. */
  titleConfig(): { cmdid: 'title_config' } & Record<string, unknown> {
    return titleConfigOf(this.record.titles, this.wire);
  }

  cascadePoints(): number {
    let n = 0;
    for (const ep of this.endpoints.values()) if (ep.devType === 'mr_cascade_sub') n++;
    for (const r of this.roster.values()) if (r.devType === 'mr_cascade_sub' && !this.endpoints.has(r.usrId)) n++;
    return n;
  }

  epsInfo(ids?: string[]): OnlineEpsInfo {
    return epsInfoOf(this.mrId, this.pick(ids));
  }

  epsStatus(ids?: string[]): OnlineEpsStatus {
    return epsStatusOf(this.mrId, this.pick(ids), !this.hiddenStatus.has('hand_up_dtms'));
  }

  /** The endpoints of `ids` still online, or all of them. */
  private pick(ids?: string[]): Iterable<Endpoint> {
    return ids ? ids.map((id) => this.endpoints.get(id)!).filter(Boolean) : this.endpoints.values();
  }

  participants(entries?: RosterEntry[], deleted: string[] = []): MrParticipants {
    return participantsOf(this.mrId, entries ?? this.roster.values(), deleted, this.hooks.departmentName);
  }

  /** The mosaic config with `cur_mosic_id` resolved for automatic layouts. */
  mosaicConfig(): MosicConfigEntry[] {
    const auto = this.autoLayout();
    this.autoLayoutTold = auto;
    return mosaicConfigOf(this.record.mosaic, auto, this.wire);
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
  // flags and sticky state

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

  // ------------------------------------------------------------------------------------------
  // membership (roomMembership.ts)

  /** Adds or replaces roster entries and emits one `mr_participants` delta. */
  addToRoster(entries: RosterEntry[]): void {
    membership.addToRoster(this, entries);
  }

  removeFromRoster(usrIds: string[]): void {
    membership.removeFromRoster(this, usrIds);
  }

  isAudience(ep: Endpoint): boolean {
    return membership.isAudience(ep);
  }

  /** Re-applies the meeting-wide bans to one endpoint (after a join or a role change). */
  applyBans(ep: Endpoint): void {
    membership.applyBans(this, ep);
  }

  /** An endpoint joins (see {@link membership.join}). */
  join(spec: JoinSpec, nowSecs: number): Endpoint {
    return membership.join(this, spec, nowSecs);
  }

  /** An endpoint leaves: `left_call` now, `online_eps_left` batched; guests leave the roster too. */
  leave(usrId: string, reason: string, nowSecs: number): boolean {
    return membership.leave(this, usrId, reason, nowSecs);
  }

  /** Moves endpoints into (true) or out of (false) the waiting room. */
  setWaiting(eps: Endpoint[], waiting: boolean): void {
    membership.setWaiting(this, eps, waiting);
  }

  /** Clears live state when the meeting ends (endpoints are gone, roster guests too). */
  clearLive(): void {
    this.endpoints.clear();
    this.infoDirty.clear();
    this.statusDirty.clear();
    this.leftPending.clear();
  }
}
