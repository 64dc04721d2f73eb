import { describe, expect, it } from 'vitest';
import { LoginGuard } from './loginGuard';
import { VerifyCodes } from './verifyCodes';

describe('LoginGuard', () => {
  it('counts failures per key in a sliding window', () => {
    let now = 0;
    const g = new LoginGuard({ now: () => now, windowMs: 1000, maxFailures: 3 });
    g.recordFailure(['a']);
    now = 600;
    g.recordFailure(['a', 'b']);
    expect(g.count('a')).toBe(2);
    expect(g.count('b')).toBe(1);
    now = 1001; // the first failure of 'a' has left the window
    expect(g.count('a')).toBe(1);
  });

  it('locks at the limit and says when the lock lifts', () => {
    let now = 0;
    const g = new LoginGuard({ now: () => now, windowMs: 10_000, maxFailures: 2 });
    g.recordFailure(['k']);
    now = 4000;
    expect(g.check(['k'])).toEqual({ locked: false });
    g.recordFailure(['k']);
    expect(g.check(['other', 'k'])).toEqual({ locked: true, retryAfterSec: 6 });
    now = 10_001;
    expect(g.check(['k'])).toEqual({ locked: false });
  });

  it('doubles the hold per failure up to the cap', () => {
    const g = new LoginGuard({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect([1, 2, 3, 4, 5].map(() => g.recordFailure(['x']))).toEqual([200, 400, 800, 1000, 1000]);
  });

  it('reset forgets a key', () => {
    const g = new LoginGuard();
    g.recordFailure(['x']);
    g.reset('x');
    expect(g.count('x')).toBe(0);
  });

  it('keeps at most maxKeys keys', () => {
    const g = new LoginGuard({ maxKeys: 3 });
    for (const k of ['a', 'b', 'c', 'd']) g.recordFailure([k]);
    expect(g.count('a')).toBe(0);
    expect(g.count('d')).toBe(1);
  });
});

describe('VerifyCodes', () => {
  it('issues codes of the alphabet, one challenge each', () => {
    const v = new VerifyCodes({ alphabet: 'XYZ' });
    const a = v.issue();
    const b = v.issue();
    expect(a.code).toMatch(/^[XYZ]{4}$/);
    expect(a.codeId).not.toBe(b.codeId);
    expect(v.outstanding).toBe(2);
  });

  it('uses a challenge up on any answer', () => {
    const v = new VerifyCodes({ alphabet: 'X' });
    const { codeId } = v.issue();
    expect(v.consume(codeId, 'YYYY')).toBe('wrong');
    expect(v.consume(codeId, 'XXXX')).toBe('unknown');
  });

  it('reports expiry and drops expired challenges', () => {
    let now = 0;
    const v = new VerifyCodes({ alphabet: 'X', now: () => now, ttlMs: 100 });
    const { codeId } = v.issue();
    now = 100;
    expect(v.consume(codeId, 'XXXX')).toBe('expired');
    v.issue();
    now = 500;
    v.issue(); // purges the stale one
    expect(v.outstanding).toBe(1);
  });

  it('stays bounded: the oldest challenge goes first', () => {
    const v = new VerifyCodes({ alphabet: 'X', maxOutstanding: 2 });
    const first = v.issue();
    v.issue();
    v.issue();
    expect(v.outstanding).toBe(2);
    expect(v.consume(first.codeId, 'XXXX')).toBe('unknown');
  });

  it('CAUTION mode: a fixed code makes every challenge answer the same', () => {
    const v = new VerifyCodes({ alphabet: 'XYZ', fixedCode: 'ab12' });
    const { codeId, code } = v.issue();
    expect(code).toBe('AB12');
    expect(v.consume(codeId, 'ab12')).toBe('ok');
  });

  it('finds a text-form challenge by its code, never a picture one', () => {
    const v = new VerifyCodes({ alphabet: 'X' });
    v.issue('picture');
    expect(v.consume(undefined, 'XXXX')).toBe('unknown');
    v.issue('text');
    expect(v.consume(undefined, 'xxxx')).toBe('ok');
  });
});
