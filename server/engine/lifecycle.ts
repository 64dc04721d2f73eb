/**
 * A meeting's life in the engine: started (adhoc, or at its booking), endpoints joining, failing
 * and leaving on their own, ended (every endpoint leaves, every session is forced out), and the
 * room deleted.
 */
import type { StoreOp } from '../store/types';
import type { EngineCore } from './engineCore';
import { COLLECTIONS, type DialRequest } from './engineConfig';
import { sysMosics } from './mosaics';
import { isGuestId, type Booking, type Endpoint, type JoinSpec, type Room } from './room';

/** minutes before a booking at which the room is warned */
export const BOOKING_WARN_MARKS = [15, 10, 5, 1];

/** the platform's default `max_call` (protocol-facts §6.5) */
const DEFAULT_MAX_CALL = 1000;

/** `resource_tmpl_info`: the limits of the room's resource template (most panes per role, recording allowed). */
export function resourceTmplInfo(room: Room) {
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

let mosicsCache: ReturnType<typeof sysMosics> | undefined;
function sysMosicsCached() {
  return (mosicsCache ??= sysMosics());
}

export function startMeeting(engine: EngineCore, room: Room, nowSecs: number, booking?: Booking): void {
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
  if (room.mrId === engine.config.demoMrId && !room.nextBooking(nowSecs)) {
    r.bookings = r.bookings.filter((b) => b.startDtm + b.duration > nowSecs);
    r.bookings.push({
      id: 100 + r.meetingNo,
      name: 'Weekly review',
      startDtm: nowSecs + engine.config.demoBookingMinutes * 60,
      duration: 3600,
    });
  }
  room.recordDirty = true;
  room.emit({ cmdid: 'one_mr_info', ...room.mrInfo(nowSecs) });
  room.emit({ ...room.mrStatus(), cmdid: 'one_mr_status' });
  room.emit({ cmdid: 'sys_mosics', mosic_group: sysMosicsCached() });
  room.emit(resourceTmplInfo(room));
  engine.emitSchedule(room, nowSecs);
  engine.driver?.meetingStarted(room);
  if (engine.offers('attendance')) engine.attendance.meetingStarted(room);
}

export function emitSchedule(engine: EngineCore, room: Room, nowSecs: number): void {
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
export function endMeeting(
  engine: EngineCore,
  room: Room,
  leaveReason: string,
  logoutReason = room.record.mrScene === 'class' ? 'class_ended' : 'meeting_ended',
): void {
  const r = room.record;
  if (!r.running) return;
  const now = engine.nowSecs();
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
  engine.revokeResume({ kind: 'meeting', mrId: room.mrId });
  for (const s of engine.sessions.values()) if (s.mrId === room.mrId) engine.forceLogout(s.sessId, logoutReason);
  room.clearLive();
  if (engine.offers('attendance')) void engine.attendance.meetingEnded(room).catch(() => undefined);
  engine.driver?.meetingEnded(room);
}

/** Deletes a room (CM `delete_room`): `mr_deled` to its controllers, meeting ended, records gone. */
export async function deleteRoom(engine: EngineCore, mrId: string): Promise<boolean> {
  const room = engine.rooms.get(mrId);
  if (!room) return false;
  room.emit({ cmdid: 'mr_deled', mr_id: mrId });
  engine.endMeeting(room, 'maintenance', 'meeting_deleted');
  for (const s of [...engine.sessions.values()]) if (s.mrId === mrId) engine.forceLogout(s.sessId, 'meeting_deleted');
  room.flush();
  engine.rooms.delete(mrId);
  const ops: StoreOp[] = [{ op: 'delete', collection: COLLECTIONS.rooms, key: mrId }];
  for (const usrId of room.roster.keys()) ops.push({ op: 'delete', collection: COLLECTIONS.participants, key: `${mrId}/${usrId}` });
  await engine.store.batch(ops);
  // polls held by its sessions answer now with what is left (mr_deled, force_logout)
  room.feed.releaseAll();
  engine.deletedRooms.set(mrId, room);
  return true;
}

/**
 * An endpoint asks to join (a simulated endpoint dialling in, or the answer to a dial). Adhoc
 * rooms start a meeting on the first call; the answer is the endpoint or why it was refused.
 */
export function joinRoom(
  engine: EngineCore,
  mrId: string,
  spec: JoinSpec,
  opts: { invited?: boolean } = {},
): Endpoint | { failed: string } {
  const room = engine.rooms.get(mrId);
  if (!room) return { failed: 'offline' };
  const now = engine.nowSecs();
  if (!room.record.running) {
    if (!room.record.adhocEnabled) return { failed: 'bookings_only' };
    engine.startMeeting(room, now);
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
export function callFailed(engine: EngineCore, room: Room, call: DialRequest, reason: string): void {
  engine.emitLogged(room, {
    cmdid: 'failed_call',
    time: engine.nowSecs(),
    reason,
    ep_type: call.protoType === 1 ? 'h323' : call.protoType === 4 ? 'webrtc' : 'sip',
    nick_name: call.name,
    peer_addr: call.callAddr,
  });
}

/** An endpoint leaves on its own (simulated hang-up, media timeout...). */
export function endpointLeft(engine: EngineCore, room: Room, usrId: string, reason: string): void {
  const ep = room.endpoints.get(usrId);
  if (!ep) return;
  room.leave(usrId, reason, engine.nowSecs());
  engine.logLeft(room, ep, reason);
}
