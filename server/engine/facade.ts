/**
 * What the HTTP layer (login, signature check) needs from the meeting engine. The engine
 * (server/engine) implements it; the login and signing code depend only on this.
 */
import type { ControllerRole, MrScene } from '../../protocol/wire';

export interface RoomAuth {
  mrId: string;
  /** false when no meeting is running in the room */
  running: boolean;
  /** the room only runs booked meetings and none is in progress */
  scheduledNotStarted: boolean;
  adhocDisabled: boolean;
  hostPwd: string;
  supervisorPwd: string;
  mrScene: MrScene;
  mrStartDtm: number;
  scheduleStartDtm: number;
  scheduleName: string;
}

export interface ControllerSession {
  sessId: string;
  mrId: string;
  role: ControllerRole;
  peerIp: string;
  /** raw HMAC key of strict signing */
  signKey: Uint8Array;
  /** (podium) the meeting's feed head when the session opened, before its own events; answered as the login's `seq` */
  loginSeq?: number;
}

/**
 * (podium) Why resume tokens stop being valid: a session ended by logout or `force_logout`
 * (`session`), or a meeting that ended or whose control passwords changed (`meeting`).
 */
export type ResumeRevocation = { kind: 'session'; sessId: string; mrId: string } | { kind: 'meeting'; mrId: string };

export interface EngineFacade {
  roomAuth(mrId: string): RoomAuth | undefined;
  openSession(args: { mrId: string; role: ControllerRole; peerIp: string }): ControllerSession;
  getSession(sessId: string): ControllerSession | undefined;
  /** (podium) subscribes the resume tokens to revocations; returns the unsubscribe */
  onResumeRevoked?(listener: (revocation: ResumeRevocation) => void): () => void;
}
