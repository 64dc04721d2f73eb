/**
 * Verify-code challenges. Each GET issues a new challenge (`code_id`) whose code expires after
 * {@link VERIFY_CODE_TTL_MS}; a login consumes it whether or not the answer is right, so one
 * picture buys exactly one password attempt.
 *
 * Two forms exist:
 * - picture (`/rest/v1/meetings/verify-code`, the console's): the code is only in the PNG and
 *   the login names the challenge by `code_id`;
 * - text (`/rest/v1/meetings/temp-verify-code`, protocol-facts §1.3, for machine clients of the
 *   platform): `base64` is the code's text and the login carries no `code_id`, so the challenge
 *   is found by its code. This form is no obstacle to a script by design (the platform's own API
 *   clients read it); the login attempt limits are what stop password guessing there.
 */
import { randomBytes, randomInt } from 'node:crypto';

export const VERIFY_CODE_TTL_MS = 120_000;
export const VERIFY_CODE_LENGTH = 4;

export type ChallengeKind = 'picture' | 'text';

interface Challenge {
  code: string;
  kind: ChallengeKind;
  expiresAt: number;
  /** client address it was issued to ('' when unknown): a login without `code_id` is matched by it */
  ip: string;
}

export type ConsumeOutcome = 'ok' | 'wrong' | 'expired' | 'unknown';

export interface VerifyCodesOptions {
  /** characters codes are drawn from */
  alphabet: string;
  ttlMs?: number;
  now?: () => number;
  /**
   * CAUTION: automated tests only (CAPTCHA_TEST_CODE). Every code equals this value; config.ts
   * refuses it under NODE_ENV=production.
   */
  fixedCode?: string;
  /** outstanding challenges kept at most; the oldest is dropped beyond (memory stays bounded) */
  maxOutstanding?: number;
}

export class VerifyCodes {
  private readonly challenges = new Map<string, Challenge>();
  private readonly alphabet: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly fixedCode?: string;
  private readonly maxOutstanding: number;

  constructor(options: VerifyCodesOptions) {
    this.alphabet = options.alphabet;
    this.ttlMs = options.ttlMs ?? VERIFY_CODE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.fixedCode = options.fixedCode?.toUpperCase();
    this.maxOutstanding = options.maxOutstanding ?? 20_000;
  }

  get outstanding(): number {
    return this.challenges.size;
  }

  /** Issues a new challenge. */
  issue(kind: ChallengeKind = 'picture', ip = ''): { codeId: string; code: string; expiresAt: number } {
    this.purge();
    while (this.challenges.size >= this.maxOutstanding) {
      this.challenges.delete(this.challenges.keys().next().value as string);
    }
    const code = this.fixedCode ?? this.randomCode();
    const codeId = randomBytes(16).toString('hex');
    const expiresAt = this.now() + this.ttlMs;
    this.challenges.set(codeId, { code, kind, expiresAt, ip });
    return { codeId, code, expiresAt };
  }

  /**
   * Checks an answer and uses the challenge up (single use, whatever the outcome). Without a
   * `codeId` (the platform's clients send none) the challenge is found by its code among those
   * issued to `ip`; a wrong answer then uses up that address's newest challenge, so each code
   * fetched still buys one attempt. Called without `ip`, only text-form challenges are searched.
   */
  consume(codeId: string | undefined, answer: string, ip?: string): ConsumeOutcome {
    const normalized = answer.trim().toUpperCase();
    if ((codeId === undefined || codeId === '') && ip !== undefined) return this.consumeByAddress(normalized, ip);
    if (codeId === undefined || codeId === '') return this.consumeText(normalized);
    const c = this.challenges.get(codeId);
    if (!c) return 'unknown';
    this.challenges.delete(codeId);
    if (c.expiresAt <= this.now()) return 'expired';
    return c.code === normalized ? 'ok' : 'wrong';
  }

  private consumeByAddress(answer: string, ip: string): ConsumeOutcome {
    const now = this.now();
    let newest: string | undefined;
    for (const [id, c] of this.challenges) {
      if (c.ip !== ip) continue;
      newest = id;
      if (c.code !== answer) continue;
      this.challenges.delete(id);
      return c.expiresAt <= now ? 'expired' : 'ok';
    }
    if (newest === undefined) return 'unknown';
    this.challenges.delete(newest);
    return 'wrong';
  }

  private consumeText(answer: string): ConsumeOutcome {
    const now = this.now();
    for (const [id, c] of this.challenges) {
      if (c.kind !== 'text' || c.code !== answer) continue;
      this.challenges.delete(id);
      return c.expiresAt <= now ? 'expired' : 'ok';
    }
    return 'unknown';
  }

  private randomCode(): string {
    let s = '';
    for (let i = 0; i < VERIFY_CODE_LENGTH; i++) s += this.alphabet[randomInt(this.alphabet.length)];
    return s;
  }

  /** Drops expired challenges from the front (issue order is expiry order). */
  private purge(): void {
    const now = this.now();
    for (const [id, c] of this.challenges) {
      if (c.expiresAt > now) break;
      this.challenges.delete(id);
    }
  }
}
