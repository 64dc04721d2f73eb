/**
 * CM `add_schedule` (`POST …/manager/sessions/{sid}/schedules/`, protocol-facts §7): books a
 * room's next meeting. Every spec §5 rule is checked here again (the console's checks are a
 * courtesy): at least 5 minutes long, starting more than 10 minutes from now, at most one week;
 * a period overlapping another booking of the room is refused with 7005. A booking that starts
 * while a meeting runs takes the room at its start (the leave reason "room taken by another
 * booking"); the running meeting's controllers are told at once (`schedule_info`, `one_mr_info`)
 * and warned as it nears (engine.ts, the booking-conflict marks).
 */
import { RC, type ResultCode } from '../../protocol/codes';
import { conflictingBooking, epochSecsOf } from '../../protocol/management';
import { validateBooking } from '../../protocol/fieldValidation';
import { VALIDATION_RESULT_CODES } from '../../protocol/validationCodes';
import type { Engine } from '../engine/engine';
import { CommandError, badField } from '../engine/errors';
import { asBody, int, str } from '../engine/validate';
import { json, type ApiRequest, type ApiResult } from './router';

/** The room id of the body: an integer (the Java client's type) or a digit string (keeps a leading 0). */
function roomIdOf(v: unknown): string {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return String(v);
  if (typeof v === 'string' && /^\d{1,32}$/.test(v.trim())) return v.trim();
  throw badField('room_id', v === undefined || v === null ? RC.fieldMissing : RC.fieldWrongType);
}

export function addScheduleHandler(engine: Engine): (req: ApiRequest) => ApiResult {
  return (req) => {
    const body = asBody(req.body);
    const roomId = roomIdOf(body.room_id);
    const name = str(body, 'mr_name', { optional: true, max: 64 });
    // seconds, or milliseconds as the CM's own clock is (facts §1.2): above 10^11 cannot be seconds
    const rawStart = int(body, 'start_dtm', 0, 1e15);
    const start = epochSecsOf(rawStart);
    const duration = int(body, 'duration', 0, 1e9);
    const period = body.weekly_period;
    // the evidence sends "0" (no repetition); a repeating booking is not offered here
    if (period !== undefined && period !== '0' && period !== 0) throw badField('weekly_period', RC.valueOutOfRange);

    const rule = validateBooking({ startMs: start * 1000, endMs: (start + duration) * 1000, nowMs: engine.clock.now() });
    if (rule) throw new CommandError(400, VALIDATION_RESULT_CODES[rule] as ResultCode, rule);

    const room = engine.rooms.get(roomId);
    if (!room) throw new CommandError(404, RC.meetingNotFound, roomId);
    const r = room.record;
    const taken = conflictingBooking(r.bookings, start, duration);
    if (taken) throw new CommandError(403, RC.bookingConflict, String(taken.startDtm));

    const now = engine.nowSecs();
    const before = room.nextBooking(now);
    const id = r.bookings.reduce((max, b) => Math.max(max, b.id), 100 + r.meetingNo) + 1;
    r.bookings.push({ id, name: name || r.roomName || r.mrName, startDtm: start, duration });
    // a booking sooner than the one warned about is warned about from its own first mark
    if (!before || start < before.startDtm) r.warnedMarks = [];
    room.recordDirty = true;
    if (r.running) {
      room.emit({ cmdid: 'one_mr_info', mr_id: room.mrId, next_booking_dtm: room.nextBooking(now)?.startDtm ?? 0, current_dtm: now });
      engine.emitSchedule(room, now);
    }
    return json(200, {
      cmdid: 'add_schedule_rsp',
      result: '0/success',
      schedule_id: id,
      fail_add_dep_ids: [],
      fail_add_usr_ids: [],
      fail_add_endpoint_ids: [],
    });
  };
}
