/**
 * Who is in a room: the invited roster (added and removed with their `mr_participants` deltas),
 * endpoints joining and leaving (sticky state and the meeting's bans bind a joining endpoint, the
 * waiting room holds it), and the waiting room's moves. Functions over {@link MemberRoom}, the part
 * of a Room they use, which the Room calls for its `join`, `leave`, … methods.
 */
import type { BanScope, MrParticipants, MrStatus } from '../../protocol/wire';
import type { UsrStatsName } from '../../protocol/usrStats';
import {
  defaultFlags,
  ENDED_LEG_SECS,
  isGuestId,
  POS,
  type Endpoint,
  type JoinSpec,
  type RoomHooks,
  type RoomRecord,
  type RosterEntry,
} from './roomRecord';

/**
 * What membership reads and calls of a room. Structural (the Room class has all of it) so that
 * room.ts imports this file and not the other way round.
 */
export interface MemberRoom {
  readonly mrId: string;
  readonly record: RoomRecord;
  readonly roster: Map<string, RosterEntry>;
  readonly endpoints: Map<string, Endpoint>;
  readonly endedLegs: Map<number, { ep: Endpoint; endedAt: number }>;
  readonly rosterDirty: Set<string>;
  readonly hooks: RoomHooks;
  emit(event: { cmdid: string } & Record<string, unknown>, to?: string): number;
  setStatus(patch: Partial<MrStatus>): void;
  setFlag(ep: Endpoint, name: UsrStatsName, value: number): boolean;
  participants(entries?: RosterEntry[], deleted?: string[]): MrParticipants;
  cascadePoints(): number;
  /** the endpoint (re)joined: its info and status go out in the next batch, a pending left is dropped */
  markPresent(usrId: string): void;
  /** the endpoint left: its pending deltas are dropped and it goes out in the next `online_eps_left` */
  markGone(usrId: string): void;
  /** the next ep_id and sort position */
  takeEndpointIds(): { epId: number; sortPara: number };
}

/** Adds or replaces roster entries and emits one `mr_participants` delta. */
export function addToRoster(room: MemberRoom, entries: RosterEntry[]): void {
  if (!entries.length) return;
  for (const e of entries) {
    room.roster.set(e.usrId, e);
    if (!isGuestId(e.usrId)) room.rosterDirty.add(e.usrId);
  }
  room.emit({ cmdid: 'mr_participants', ...room.participants(entries) });
  if (entries.some((e) => e.devType === 'mr_cascade_sub')) tellCascadePoints(room);
}

export function removeFromRoster(room: MemberRoom, usrIds: string[]): void {
  const cascade = usrIds.some((id) => room.roster.get(id)?.devType === 'mr_cascade_sub');
  const gone = usrIds.filter((id) => room.roster.delete(id));
  if (!gone.length) return;
  for (const id of gone) if (!isGuestId(id)) room.rosterDirty.add(id);
  room.emit({ cmdid: 'mr_participants', ...room.participants([], gone) });
  if (cascade) tellCascadePoints(room);
}

/**
 * `cascade_points` is counted, not set: a sub-site added to or removed from the roster (every
 * cascade leg is on it, see join) changes it, and a console that read the status must hear so,
 * or it would keep refusing non-cascade after the last sub-site was deleted (issue 30).
 */
function tellCascadePoints(room: MemberRoom): void {
  room.setStatus({ cascade_points: room.cascadePoints() });
}

/** Neither speaker, chair nor host: whom the `audience` scope of a ban binds. */
export function isAudience(ep: Endpoint): boolean {
  return ep.flags[POS.speaker] === 0 && ep.flags[POS.chair] === 0 && ep.flags[POS.host] === 0;
}

function inScope(scope: BanScope | undefined, ep: Endpoint): boolean {
  return scope === 'all' || (scope === 'audience' && isAudience(ep));
}

/** Re-applies the meeting-wide bans to one endpoint (after a join or a role change). */
export function applyBans(room: MemberRoom, ep: Endpoint): void {
  const st = room.record.status;
  const called = st.rollcall_usr_id === ep.usrId;
  if (inScope(st.mute_scope, ep) && !called) room.setFlag(ep, 'a_rx', 0);
  if (inScope(st.listen_ban_scope, ep)) room.setFlag(ep, 'a_tx', 0);
  if (inScope(st.watch_ban_scope, ep)) room.setFlag(ep, 'v_tx', 0);
}

/**
 * An endpoint joins: it gets flags from its sticky state, then the bans bind it; with the
 * waiting room on it waits there. Emits info/status (batched), roster and waiting deltas.
 */
export function join(room: MemberRoom, spec: JoinSpec, nowSecs: number): Endpoint {
  const existing = room.endpoints.get(spec.usrId);
  if (existing) leave(room, spec.usrId, 'rejoin', nowSecs);
  const sticky = room.record.sticky[spec.usrId] ?? {};
  const { epId, sortPara } = room.takeEndpointIds();
  const ep: Endpoint = {
    usrId: spec.usrId,
    epId,
    name: sticky.name ?? spec.name,
    uri: spec.uri,
    enterDtm: nowSecs,
    devType: spec.devType,
    epVersion: spec.epVersion ?? 1,
    protoType: spec.protoType,
    uuid: `${room.mrId}-${epId}-${spec.usrId}`,
    gbk: sticky.name ?? spec.name,
    localRtpIp: `203.0.113.${(epId % 250) + 1}`,
    pinSort: 0,
    sortPara,
    flags: defaultFlags(),
    statsCache: null,
    abUserId: spec.abUserId,
    selfUnmute: false,
    mediaSeed: spec.mediaSeed ?? epId,
    handUpDtm: 0,
  };
  const st = room.record.status;
  if (sticky.a_rx !== undefined) ep.flags[POS.a_rx] = sticky.a_rx;
  if (sticky.a_tx !== undefined) ep.flags[POS.a_tx] = sticky.a_tx;
  if (sticky.v_tx !== undefined) ep.flags[POS.v_tx] = sticky.v_tx;
  if (sticky.chair) ep.flags[POS.chair] = 1;
  if (sticky.host) ep.flags[POS.host] = 1;
  if (st.spk_usr_id === spec.usrId) ep.flags[POS.speaker] = 1;
  if (st.spec_focus_usr_ids.includes(spec.usrId)) ep.flags[POS.focus] = 1;
  if (!st.cont_enabled && isAudience(ep)) ep.flags[POS.cont_allowed] = 0;
  if (st.waiting_room && spec.devType !== 'mr_cascade_sub' && !ep.flags[POS.host]) ep.flags[POS.waiting] = 1;
  room.endpoints.set(ep.usrId, ep);
  applyBans(room, ep);
  room.markPresent(ep.usrId);
  room.hooks.onJoined?.(ep, room.roster.has(ep.usrId) && !isGuestId(ep.usrId), nowSecs);
  if (!room.roster.has(ep.usrId)) {
    addToRoster(room, [
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
  if (ep.flags[POS.waiting]) emitWaiting(room, [ep], []);
  if (ep.abUserId !== undefined) room.hooks.onUserPresence(ep.abUserId);
  return ep;
}

/** An endpoint leaves: `left_call` now, `online_eps_left` batched; guests leave the roster too. */
export function leave(room: MemberRoom, usrId: string, reason: string, nowSecs: number): boolean {
  const ep = room.endpoints.get(usrId);
  if (!ep) return false;
  room.endpoints.delete(usrId);
  for (const [epId, ended] of room.endedLegs) if (nowSecs - ended.endedAt > ENDED_LEG_SECS) room.endedLegs.delete(epId);
  room.endedLegs.set(ep.epId, { ep, endedAt: nowSecs });
  room.markGone(usrId);
  if (ep.flags[POS.waiting]) emitWaiting(room, [], [ep.epId]);
  room.emit({
    cmdid: 'left_call',
    ep_id: ep.epId,
    usr_id: ep.usrId,
    reason,
    duration: Math.max(0, nowSecs - ep.enterDtm),
    nick_name: ep.name,
    create_dtm: nowSecs,
  });
  room.hooks.onLeft?.(ep, reason, nowSecs);
  const st = room.record.status;
  if (st.private_talk_usr_id === usrId) room.setStatus({ private_talk_usr_id: '', private_talk_start_dtm: 0 });
  if (st.rollcall_usr_id === usrId) room.setStatus({ rollcall_usr_id: '' });
  if (isGuestId(usrId)) {
    removeFromRoster(room, [usrId]);
    delete room.record.sticky[usrId];
  }
  if (ep.abUserId !== undefined) room.hooks.onUserPresence(ep.abUserId);
  return true;
}

export function emitWaiting(room: MemberRoom, added: Endpoint[], deletedEpIds: number[]): void {
  room.emit({
    cmdid: 'waiting_usr',
    ep_ids: added.map((e) => e.epId),
    usr_ids: added.map((e) => e.usrId),
    usr_names: added.map((e) => e.name),
    gbk_names: added.map((e) => e.gbk),
    dev_types: added.map((e) => e.devType),
    usr_types: added.map((e) => room.roster.get(e.usrId)?.usrType ?? 2),
    usr_uris: added.map((e) => e.uri),
    deleted_ep_ids: deletedEpIds,
  });
}

/** Moves endpoints into (true) or out of (false) the waiting room. */
export function setWaiting(room: MemberRoom, eps: Endpoint[], waiting: boolean): void {
  const changed = eps.filter((ep) => room.setFlag(ep, 'waiting', waiting ? 1 : 0));
  if (!changed.length) return;
  if (waiting) emitWaiting(room, changed, []);
  else
    emitWaiting(
      room,
      [],
      changed.map((e) => e.epId),
    );
}
