import { describe, expect, it } from 'vitest';
import { detectLocale } from './locale';

describe('detectLocale (spec §1)', () => {
  it('a stored language wins over the browser', () => {
    expect(detectLocale('zh', ['en-US'])).toBe('zh');
    expect(detectLocale('en', ['zh-CN'])).toBe('en');
  });
  it('English when any browser language contains "en"', () => {
    expect(detectLocale(null, ['zh-CN', 'en-GB'])).toBe('en');
    expect(detectLocale(undefined, ['EN'])).toBe('en');
  });
  it('Chinese otherwise, including no languages at all', () => {
    expect(detectLocale(null, ['zh-CN'])).toBe('zh');
    expect(detectLocale(null, ['fr-FR', 'de'])).toBe('zh');
    expect(detectLocale(null, [])).toBe('zh');
  });
  it('an unknown stored value is ignored', () => {
    expect(detectLocale('fr', ['en-US'])).toBe('en');
    expect(detectLocale('', ['zh'])).toBe('zh');
  });
});
