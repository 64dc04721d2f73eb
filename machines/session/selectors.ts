/**
 * Named selectors for the session actor (system id: the root; children by their system ids).
 */
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { SessionChildId, SessionEnd, SessionMachine } from './sessionMachine';
import type { FetchMediaStats } from '../mediaStats/mediaStatsMachine';
import { mediaStatsFetcherOf } from '../mediaStats/fetch';

type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** the child actor of a system id, undefined once the session ended (useSelector accepts that) */
export const selectChild =
  (id: SessionChildId) =>
  (s: SessionSnapshot): AnyActorRef | undefined =>
    (s.children as Record<string, AnyActorRef | undefined>)[id];
export const selectSessionEnded = (s: SessionSnapshot): boolean => s.status === 'done';
/** why it ended (codes for the UI), null while active */
export const selectSessionEnd = (s: SessionSnapshot): SessionEnd | null => s.context.end;
export const selectLogin = (s: SessionSnapshot) => s.context.login;
export const selectRole = (s: SessionSnapshot) => s.context.login.role;
/** reads one leg's media statistics on the current session (a new function after a resume) */
export const selectFetchMediaStats = (s: SessionSnapshot): FetchMediaStats => mediaStatsFetcherOf(s.context.api);
/** what the user is told about the session itself (`relogged`), null when nothing */
export const selectSessionNotice = (s: SessionSnapshot) => s.context.notice;
/** how a lost session would come back: `resume`, `relogin` or `none` (capabilities.ts) */
export const selectSessionRecovery = (s: SessionSnapshot) => s.context.recovery;
