import { describe, expect, it } from 'vitest';
import { basePathFromPathname, withBasePath } from './basePath';
import { trimStrings } from './trim';

describe('basePathFromPathname', () => {
  it('is empty at the root', () => {
    for (const p of ['/', '', '/login', '/login/', '/control', '/layout', '/index.html']) {
      expect(basePathFromPathname(p), p).toBe('');
    }
  });

  it('removes the route part and keeps the prefix', () => {
    expect(basePathFromPathname('/console/')).toBe('/console');
    expect(basePathFromPathname('/console')).toBe('/console');
    expect(basePathFromPathname('/console/login')).toBe('/console');
    expect(basePathFromPathname('/console/control')).toBe('/console');
    expect(basePathFromPathname('/console/control/')).toBe('/console');
    expect(basePathFromPathname('/a/b/layout')).toBe('/a/b');
    expect(basePathFromPathname('/console/index.html')).toBe('/console');
    expect(basePathFromPathname('/console/control?mr-id=0123')).toBe('/console');
  });

  it('does not mistake a prefix that merely ends like a route', () => {
    expect(basePathFromPathname('/mylogin/')).toBe('/mylogin');
    expect(basePathFromPathname('/mylogin/login')).toBe('/mylogin');
  });

  it('prefixes API paths', () => {
    expect(withBasePath('', '/rest/v1/x')).toBe('/rest/v1/x');
    expect(withBasePath('/console', '/rest/v1/x')).toBe('/console/rest/v1/x');
    expect(withBasePath('/console/', 'rest/v1/x')).toBe('/console/rest/v1/x');
  });
});

describe('trimStrings', () => {
  it('trims strings at any depth and leaves other values alone', () => {
    const input = { a: ' x ', n: 1, b: [' y', { c: 'z  ', d: null, e: true }], ' key ': ' v ' };
    expect(trimStrings(input)).toEqual({ a: 'x', n: 1, b: ['y', { c: 'z', d: null, e: true }], ' key ': 'v' });
    expect(input.a).toBe(' x ');
    expect(trimStrings(' s ')).toBe('s');
    expect(trimStrings(5)).toBe(5);
  });
});
