import { describe, expect, it } from 'vitest';
import { acceptedWeights, preferredCoding } from './encoding';

describe('preferredCoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.2, GZIP;q=0.8', 'gzip'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['', 'identity'],
    ['deflate', 'identity'],
    ['br;q=0, gzip;q=0, identity;q=0', 'identity'],
  ])('%s → %s', (header, coding) => {
    expect(preferredCoding(header, both)).toBe(coding);
  });

  it('offers only the copies that exist', () => {
    expect(preferredCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(preferredCoding('br', [])).toBe('identity');
  });

  it('reads q-values and ignores malformed ones', () => {
    expect(acceptedWeights('br;q=0.3, gzip;q=bogus')).toEqual(
      new Map([
        ['br', 0.3],
        ['gzip', 1],
      ]),
    );
  });
});
