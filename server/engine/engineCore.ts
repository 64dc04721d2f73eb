/**
 * The engine as its parts see it: what sessions.ts, pollAnswers.ts, lifecycle.ts, ticker.ts,
 * demoSeed.ts and the commands may read and call on the engine they are handed. The parts take
 * this and not the `Engine` class because engine.ts imports them: naming the class would close an
 * import circle, and this list also says which of the engine's state a part may touch.
 */
import type { AssumptionGroup } from '../../protocol/assumptions';
import type { Store, StoreOp } from '../store/types';
import type { AddressBook } from './addressBook';
import type { Clock } from './clock';
import type { EndpointDriver, EngineConfig, SessionState } from './engineConfig';
import type { ResumeRevocation } from './facade';
import type { PresenceHistory } from './presenceHistory';
import type { Booking, Endpoint, Room, RoomRecord, RosterEntry } from './room';

export interface EngineCore {
  readonly clock: Clock;
  readonly config: EngineConfig;
  readonly store: Store;
  readonly rooms: Map<string, Room>;
  /** rooms deleted while controllers were still polling them */
  readonly deletedRooms: Map<string, Room>;
  readonly sessions: Map<string, SessionState>;
  readonly addressBook: AddressBook;
  readonly attendance: PresenceHistory;
  /** address-book users whose presence changed since the last tick */
  readonly presenceChanged: Set<number>;
  driver?: EndpointDriver;

  nowSecs(): number;
  /** whether this server offers a group of assumed calls */
  offers(group: AssumptionGroup): boolean;
  newRecordUuid(): string;

  addRoom(rec: RoomRecord, roster: RosterEntry[]): Room;
  /** a live or just-deleted room; throws `meetingNotFound` */
  room(mrId: string): Room;
  saveRoom(room: Room, force?: boolean, with_?: StoreOp[]): Promise<void>;
  emitLogged(room: Room, event: { cmdid: string } & Record<string, unknown>): void;

  startMeeting(room: Room, nowSecs: number, booking?: Booking): void;
  emitSchedule(room: Room, nowSecs: number): void;
  endMeeting(room: Room, leaveReason: string, logoutReason?: string): void;
  logLeft(room: Room, ep: Endpoint, reason: string): void;
  isUserOnline(abUserId: number): boolean;

  forceLogout(sessId: string, reason: string): void;
  revokeResume(revocation: ResumeRevocation): void;
}
