/**
 * What the server offers, learned from its answers rather than configured: the console runs in
 * front of the reference server in podium mode (sequence numbers, resume tokens, session keys)
 * and in front of the real platform (or the reference server with `WIRE=platform`), which has
 * none of them (docs/protocol.md "Platform mode and the console").
 *
 * Pure functions over answers; the long poll and the session keep their result in context.
 */

/**
 * How the change feed knows where this session stands:
 * - `cursor` (podium): every answer and event carries the meeting's `seq`; the poll sends the
 *   last one it saw (`since_seq`), so a lost answer is simply asked for again;
 * - `server`: answers carry no `seq`; the poll sends no cursor and the server keeps the position
 *   per session. An answer lost on the way (a failed poll) took its events with it, so the
 *   console reloads the snapshot after a failed poll.
 */
export type FeedPosition = 'cursor' | 'server';

/**
 * How a session the server no longer knows (expired during a network cut) is reopened:
 * - `resume` (podium): with the login's single-use `resume_token`;
 * - `relogin`: by logging in again with the password kept in memory for this tab, as the
 *   platform's own clients do (a text verify code, then the login);
 * - `none`: not at all: the session ends and the user logs in again (e.g. after a page reload
 *   on a server without resume tokens: the password is never stored).
 */
export type SessionRecovery = 'resume' | 'relogin' | 'none';

export interface ServerCapabilities {
  feed: FeedPosition;
  recovery: SessionRecovery;
}

/** The `seq` of an answer or event when the server stamped one (0 counts: a fresh meeting). */
export function seqOf(value: unknown): number | null {
  if (value === null || typeof value !== 'object') return null;
  const seq = (value as { seq?: unknown }).seq;
  return typeof seq === 'number' && Number.isFinite(seq) ? seq : null;
}

/**
 * The feed position from the snapshot answers (participants, eps-info, eps-status): a server
 * that stamps any of them with `seq` takes a cursor.
 * @example feedPositionOf([{ seq: 41, added_usr_ids: [] }]) // 'cursor'
 */
export function feedPositionOf(snapshotAnswers: readonly unknown[]): FeedPosition {
  return snapshotAnswers.some((answer) => seqOf(answer) !== null) ? 'cursor' : 'server';
}

/**
 * How a lost session comes back: a resume token wins (it needs no password and no code); else a
 * re-login when the tab still holds the password; else none.
 * @example sessionRecoveryOf({ resumeToken: undefined }, { resume: true, relogin: true }) // 'relogin'
 */
export function sessionRecoveryOf(login: { resumeToken?: string }, ports: { resume: boolean; relogin: boolean }): SessionRecovery {
  if (ports.resume && login.resumeToken) return 'resume';
  if (ports.relogin) return 'relogin';
  return 'none';
}

/**
 * Whose vocabulary the console may use beyond the evidence's recipes:
 * - `platform`: only what the platform's own clients send (protocol-facts §3, §5.6, §5.7): mute
 *   all is `mod_mr_status all_guests_mute`, a hand is accepted with `a_rx` + `clear_hand`, a roll
 *   call is `roll_call` + `a_rx` + the roll-call layout, subtitles go out once per role;
 * - `podium`: the same recipes, plus Podium's own additions where they add something a recipe
 *   cannot (mute everyone including the main venue and honoured guests, `mod-subtitle-position`).
 *
 * ASSUMPTION: a server that stamps its snapshot answers with `seq` (feed position `cursor`) is
 * Podium in podium mode. The evidence shows no `seq` in any answer of the platform (findings §2),
 * and the reference server's platform mode sends none; so a platform, or Podium pretending to
 * be one, is never sent a Podium-only call. Until the first load tells, it is `platform` (the
 * recipes work on both).
 * @example vocabularyOf('cursor', true) // 'podium'
 */
export type Vocabulary = 'platform' | 'podium';

export function vocabularyOf(feed: FeedPosition | undefined, loaded: boolean): Vocabulary {
  return loaded && feed === 'cursor' ? 'podium' : 'platform';
}

/** The vocabulary from the long poll's context (`feed`, and `syncs` > 0 once the first load is in). */
export function selectVocabulary(s: { context: { feed: FeedPosition; syncs: number } }): Vocabulary {
  return vocabularyOf(s.context.feed, s.context.syncs > 0);
}
