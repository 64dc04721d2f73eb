/**
 * A supervisor's private talk belongs to the supervisor's session (issue 24, point 7): it ends
 * when that session ends, by logout, expiry (the console vanished without logging out) or being
 * forced out. Otherwise a participant stays cut off from the meeting, and every console shows the
 * private talk on, long after anyone is there to end it.
 *
 * The owner is the session whose `private_talk` command turned it on. It is kept in memory only:
 * sessions survive a restart, the owner does not, so a private talk whose owner is unknown ends
 * when a supervisor session of its meeting ends and no other live supervisor session remains
 * (only supervisors may hold a private talk, engine/commands.ts).
 */
import type { ControllerRole } from '../../protocol/wire';
import type { Room } from '../engine/room';

const owners = new WeakMap<Room, string>();

/** Remembers who turned the private talk on (`undefined`: it was turned off). */
export function notePrivateTalkOwner(room: Room, sessId: string | undefined): void {
  if (sessId === undefined) owners.delete(room);
  else owners.set(room, sessId);
}

interface SessionView {
  sessId: string;
  mrId: string;
  role: ControllerRole;
  closing: boolean;
}

interface EngineView {
  readonly sessions: ReadonlyMap<string, SessionView>;
  saveRoom(room: Room): Promise<void>;
}

/**
 * Ends the meeting's private talk when the session that just ended held it; tells every
 * controller and stores the change. Call after the session is gone or marked closing.
 * @returns whether a private talk was ended
 */
export function endPrivateTalkWithSession(
  engine: EngineView,
  room: Room | undefined,
  ended: { sessId: string; role: ControllerRole },
): boolean {
  if (!room || ended.role !== 'supervisor' || !room.record.status.private_talk_usr_id) return false;
  const owner = owners.get(room);
  const liveSupervisors = [...engine.sessions.values()].filter(
    (s) => s.mrId === room.mrId && s.role === 'supervisor' && !s.closing && s.sessId !== ended.sessId,
  );
  // another supervisor still here can end it (and is its owner when the owner is unknown)
  const held = owner === ended.sessId || liveSupervisors.length === 0;
  if (!held) return false;
  owners.delete(room);
  room.setStatus({ private_talk_usr_id: '', private_talk_start_dtm: 0 });
  room.flush();
  void engine.saveRoom(room).catch(() => undefined);
  return true;
}
