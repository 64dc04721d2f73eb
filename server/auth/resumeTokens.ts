/**
 * Resume tokens (podium, docs/protocol.md "Session resume"): a login hands the console a random
 * single-use token with which it may open a new session for the same meeting and role once its
 * session has expired (a network cut longer than the 30 s session timeout), without a password
 * or a new picture code.
 *
 * A token is valid only while all of these hold:
 * - it exists (never presented before: any presentation spends it) and is younger than `maxAgeMs`;
 * - it is presented for the same meeting, from the same client address;
 * - the meeting it was issued in is still the one running (same start time);
 * - the room's control passwords are the ones it was issued under (a digest is kept, and a
 *   password change revokes every token of the meeting besides);
 * - its session was not ended by logout or `force_logout` (both revoke it).
 *
 * Only the SHA-256 of a token is stored (a leaked store does not leak usable tokens), in the
 * server's store, so tokens survive a restart.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ControllerRole } from '../../protocol/wire';
import type { Store } from '../store/types';

export const RESUME_COLLECTION = 'resume_tokens';
/** how long a token stays usable after it was issued */
export const RESUME_MAX_AGE_MS = 12 * 3600_000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const PRUNE_EVERY_MS = 60_000;

/** What a token grants, as stored under the token's hash. */
export interface ResumeGrant {
  mrId: string;
  role: ControllerRole;
  peerIp: string;
  /** the session the token was issued with (logout and force_logout of it revoke the token) */
  sessId: string;
  issuedAt: number;
  /** start time of the meeting it was issued in (`mr_start_dtm`): a later meeting is another */
  meetingStart: number;
  /** {@link passwordsDigest} of the room when issued */
  authDigest: string;
}

/** Why a presented token is refused (logged, never told to the client). */
export type ResumeRefusal = 'malformed' | 'unknown' | 'otherMeeting' | 'otherAddress' | 'expired';

export type RedeemOutcome = { ok: true; grant: ResumeGrant } | { ok: false; why: ResumeRefusal };

/** The digest of a room's control passwords a token is bound to. */
export function passwordsDigest(hostPwd: string, supervisorPwd: string): string {
  return createHash('sha256').update(`${hostPwd}\u0000${supervisorPwd}`, 'utf8').digest('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface ResumeTokensOptions {
  now?: () => number;
  maxAgeMs?: number;
}

export class ResumeTokens {
  private readonly now: () => number;
  readonly maxAgeMs: number;
  /** token hash by session, for revocation on logout */
  private readonly bySession = new Map<string, string>();
  private lastPrune = 0;

  constructor(
    private readonly store: Store,
    options: ResumeTokensOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? RESUME_MAX_AGE_MS;
    for (const key of store.keys(RESUME_COLLECTION)) {
      const grant = store.get<ResumeGrant>(RESUME_COLLECTION, key);
      if (grant) this.bySession.set(grant.sessId, key);
    }
    this.prune();
  }

  /** Issues the token of a new session; resolves once it is durable. */
  async issue(grant: Omit<ResumeGrant, 'issuedAt'>): Promise<string> {
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) this.prune();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const key = hashOf(token);
    this.bySession.set(grant.sessId, key);
    await this.store.put<ResumeGrant>(RESUME_COLLECTION, key, { ...grant, issuedAt: this.now() });
    return token;
  }

  /**
   * Looks a presented token up and spends it, whatever the outcome, when it exists (single use;
   * a token shown from elsewhere is burnt rather than left for a second try). The caller still
   * checks the grant against the room (running, same meeting, same passwords).
   *
   * The look-up and the spending happen synchronously, before the first await, so two
   * concurrent presentations of one token cannot both succeed; the promise settles once the
   * spending is durable (a restart does not bring a spent token back).
   */
  async redeem(token: string, mrId: string, peerIp: string): Promise<RedeemOutcome> {
    if (!TOKEN_PATTERN.test(token)) return { ok: false, why: 'malformed' };
    const key = hashOf(token);
    const grant = this.store.get<ResumeGrant>(RESUME_COLLECTION, key);
    if (!grant) return { ok: false, why: 'unknown' };
    await this.remove(key, grant);
    if (grant.mrId !== mrId) return { ok: false, why: 'otherMeeting' };
    if (grant.peerIp !== peerIp) return { ok: false, why: 'otherAddress' };
    if (this.now() - grant.issuedAt > this.maxAgeMs) return { ok: false, why: 'expired' };
    return { ok: true, grant };
  }

  /** The session was logged out or forced out: its token is void. */
  revokeSession(sessId: string): void {
    const key = this.bySession.get(sessId);
    if (key === undefined) return;
    const grant = this.store.get<ResumeGrant>(RESUME_COLLECTION, key);
    if (grant) void this.remove(key, grant);
    else this.bySession.delete(sessId);
  }

  /** The meeting ended or its passwords changed: every token of it is void. */
  revokeMeeting(mrId: string): void {
    for (const key of this.store.keys(RESUME_COLLECTION)) {
      const grant = this.store.get<ResumeGrant>(RESUME_COLLECTION, key);
      if (grant && grant.mrId === mrId) void this.remove(key, grant);
    }
  }

  /** Tokens currently stored (tests, diagnostics). */
  size(): number {
    return this.store.keys(RESUME_COLLECTION).length;
  }

  private remove(key: string, grant: ResumeGrant): Promise<void> {
    if (this.bySession.get(grant.sessId) === key) this.bySession.delete(grant.sessId);
    return this.store.delete(RESUME_COLLECTION, key).catch(() => undefined);
  }

  private prune(): void {
    const now = this.now();
    this.lastPrune = now;
    for (const key of this.store.keys(RESUME_COLLECTION)) {
      const grant = this.store.get<ResumeGrant>(RESUME_COLLECTION, key);
      if (!grant || now - grant.issuedAt > this.maxAgeMs) void this.remove(key, grant ?? ({ sessId: '' } as ResumeGrant));
    }
  }
}
