/**
 * Builds the root session actor of a login. The session machine (machines/session) is plugged in
 * here once it exists; until then the console runs with the session record alone.
 */
import type { SessionActorFactory } from './sessionHolder';

export const createSessionActor: SessionActorFactory | null = null;
