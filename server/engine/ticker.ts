/**
 * The engine's ticker, once a period: the simulator, recording states, booking starts and
 * warnings, the run of show's segment timer, session expiry and address-book presence events.
 */
import { refreshAutoFocus } from './autoFocus';
import type { EngineCore } from './engineCore';
import { BOOKING_WARN_MARKS } from './lifecycle';
import type { Room } from './room';
import { tickSegmentTimer } from './runOfShowTimer';
import { expireSessions } from './sessions';

/** full user records in one presence event; the rest are announced by id */
const PRESENCE_RECORDS_MAX = 200;

/** One tick: simulator, recording, bookings, session expiry, address-book presence events. */
export function tick(engine: EngineCore): void {
  const nowMs = engine.clock.now();
  const now = Math.floor(nowMs / 1000);
  engine.driver?.tick(nowMs);
  for (const room of engine.rooms.values()) {
    const r = room.record;
    if (!r.running) {
      const booking = r.bookings.find((b) => b.startDtm <= now && b.startDtm + b.duration > now);
      if (booking && r.scheduleId !== booking.id) engine.startMeeting(room, now, booking);
      room.flush();
      continue;
    }
    tickRecording(engine, room);
    tickBookings(engine, room, now);
    tickSegmentTimer(engine.store, room, now);
    room.flush();
    room.refreshAutoLayout();
    refreshAutoFocus(room);
    if (room.recordDirty) void engine.saveRoom(room).catch(() => undefined);
  }
  expireSessions(engine, nowMs);
  if (engine.presenceChanged.size) emitPresence(engine, now);
}

/** `usr_ids` and `usr_info` of the address-book users whose presence changed, to every running meeting. */
function emitPresence(engine: EngineCore, now: number): void {
  const ids = [...engine.presenceChanged].filter((id) => engine.addressBook.users.has(id));
  engine.presenceChanged.clear();
  if (!ids.length) return;
  for (const id of ids) {
    const u = engine.addressBook.users.get(id)!;
    u.lastModify = now;
  }
  // the full records of a few; the rest are announced by id and subscribed by whoever caches them
  const info = engine.addressBook.usrInfo(ids.slice(0, PRESENCE_RECORDS_MAX), (id) => engine.isUserOnline(id));
  for (const room of engine.rooms.values()) {
    if (!room.record.running) continue;
    // which users changed (the console refreshes their details): an assumed event (user-changes)
    if (engine.offers('user-changes')) room.emit({ cmdid: 'usr_ids', usr_ids: ids });
    room.emit({ ...info, cmdid: 'usr_info' });
  }
}

function tickRecording(engine: EngineCore, room: Room): void {
  const st = room.status;
  if (st.rec_state === 'starting') {
    room.setStatus({ rec_state: 'recording', rec_enabled: 1, rec_start_dtm: engine.nowSecs() });
    room.emit({ cmdid: 'xuding_rec_status', rec_state: 'recording', record_uuid: st.record_uuid });
  } else if (st.rec_state === 'stopping') {
    room.setStatus({ rec_state: 'idle', rec_enabled: 0, rec_start_dtm: 0 });
    room.emit({ cmdid: 'xuding_rec_status', rec_state: 'idle', record_uuid: st.record_uuid });
  } else if (st.rec_state === 'recording') {
    // the file grows about 2 Mbit/s; reported every 10 s to keep the feed quiet
    const secs = engine.nowSecs();
    if (secs % 10 === 0) room.setStatus({ flv_fsize: st.flv_fsize + 2_500_000 });
  }
}

function tickBookings(engine: EngineCore, room: Room, now: number): void {
  const r = room.record;
  const next = room.nextBooking(now);
  if (next && now >= next.startDtm) {
    engine.endMeeting(room, 'room_taken');
    engine.startMeeting(room, now, next);
    return;
  }
  if (now >= room.endDtm()) {
    engine.endMeeting(room, 'schedule_ended');
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
