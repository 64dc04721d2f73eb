/**
 * Controller sessions of the engine: what a login needs to know of a room, opening a session
 * (with the warnings a late login is owed), finding a session of a path, logging out, forcing out
 * and expiring sessions that stopped polling.
 */
import { randomBytes } from 'node:crypto';
import { RC } from '../../protocol/codes';
import type { ControllerRole } from '../../protocol/wire';
import { endPrivateTalkWithSession } from '../auth/privateTalk';
import { publicControllerId } from '../auth/sessionBinding';
import type { EngineCore } from './engineCore';
import { COLLECTIONS, type SessionState } from './engineConfig';
import { CommandError } from './errors';
import type { ControllerSession, RoomAuth } from './facade';
import { BOOKING_WARN_MARKS, resourceTmplInfo } from './lifecycle';

const SERVICE_WARN_DAYS = 30;

export function roomAuth(engine: EngineCore, mrId: string): RoomAuth | undefined {
  const room = engine.rooms.get(mrId);
  if (!room) return undefined;
  const r = room.record;
  const now = engine.nowSecs();
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

export function openSession(engine: EngineCore, args: { mrId: string; role: ControllerRole; peerIp: string }): ControllerSession {
  const room = engine.rooms.get(args.mrId);
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
    lastPollMs: engine.clock.now(),
    polling: 0,
    closing: false,
  };
  engine.sessions.set(sessId, s);
  const now = engine.nowSecs();
  engine.emitLogged(room, { cmdid: 'mr_ctrl_in', peer_ip: args.peerIp, sessionid: publicControllerId(sessId), role: args.role, dtm: now });
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
  if (engine.config.wire === 'podium') {
    void engine.store
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

export function getSession(engine: EngineCore, sessId: string): ControllerSession | undefined {
  const s = engine.sessions.get(sessId);
  return s ? { sessId: s.sessId, mrId: s.mrId, role: s.role, peerIp: s.peerIp, signKey: s.signKey } : undefined;
}

/**
 * The live session of a per-session path: unknown, of another meeting or ended sessions are
 * refused with 401 (`allowClosing` lets the last poll of an ended session through).
 */
export function sessionFor(engine: EngineCore, mrId: string, sessId: string, allowClosing = false): SessionState {
  const s = engine.sessions.get(sessId);
  if (!s || s.mrId !== mrId) throw new CommandError(401, RC.sessionNotFound);
  if (s.closing && !allowClosing) throw new CommandError(401, RC.sessionExpired);
  return s;
}

/** Logs a session out (`logout_req`): `mr_ctrl_out`, then the session is gone. */
export async function logout(engine: EngineCore, sess: SessionState, reason = 'logout'): Promise<void> {
  const room = engine.room(sess.mrId);
  engine.sessions.delete(sess.sessId);
  engine.revokeResume({ kind: 'session', sessId: sess.sessId, mrId: sess.mrId });
  engine.emitLogged(room, {
    cmdid: 'mr_ctrl_out',
    peer_ip: sess.peerIp,
    sessionid: publicControllerId(sess.sessId),
    quit_dtm: engine.nowSecs(),
    reason,
  });
  endPrivateTalkWithSession(engine, room, sess);
  room.feed.release(sess.sessId);
  await engine.store.delete(COLLECTIONS.sessions, sess.sessId);
}

/** Ends a session from the server side: `force_logout` to it, `mr_ctrl_out` to all. */
export function forceLogout(engine: EngineCore, sessId: string, reason: string): void {
  const s = engine.sessions.get(sessId);
  if (!s || s.closing) return;
  const room = engine.rooms.get(s.mrId);
  s.closing = true;
  s.lastPollMs = engine.clock.now();
  engine.revokeResume({ kind: 'session', sessId, mrId: s.mrId });
  if (room) {
    room.emit({ cmdid: 'force_logout', reason }, sessId);
    engine.emitLogged(room, {
      cmdid: 'mr_ctrl_out',
      peer_ip: s.peerIp,
      sessionid: publicControllerId(sessId),
      quit_dtm: engine.nowSecs(),
      reason: 'forced',
    });
    endPrivateTalkWithSession(engine, room, s);
  }
  void engine.store.delete(COLLECTIONS.sessions, sessId).catch(() => undefined);
}

/** Sessions without a poll for `sessionTimeoutMs` (and none held) are gone: `mr_ctrl_out` reason `expired`. */
export function expireSessions(engine: EngineCore, nowMs: number): void {
  const now = Math.floor(nowMs / 1000);
  for (const s of [...engine.sessions.values()]) {
    if (s.polling > 0) continue;
    if (nowMs - s.lastPollMs <= engine.config.sessionTimeoutMs) continue;
    engine.sessions.delete(s.sessId);
    const room = engine.rooms.get(s.mrId);
    if (!s.closing && room) {
      engine.emitLogged(room, {
        cmdid: 'mr_ctrl_out',
        peer_ip: s.peerIp,
        sessionid: publicControllerId(s.sessId),
        quit_dtm: now,
        reason: 'expired',
      });
      endPrivateTalkWithSession(engine, room, s);
    }
    void engine.store.delete(COLLECTIONS.sessions, s.sessId).catch(() => undefined);
  }
}
