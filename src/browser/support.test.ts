import { describe, expect, it } from 'vitest';
import { chromiumMajor, isSupportedBrowser } from './support';

const UA = {
  chrome120: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome70: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36',
  chrome69: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  edgeChromium:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 Edg/119.0.2151.58',
  edgeLegacy:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
};

describe('browser support (Chromium ≥ 70)', () => {
  it.each([
    ['chrome120', true],
    ['chrome70', true],
    ['headless', true],
    ['edgeChromium', true],
    ['chrome69', false],
    ['edgeLegacy', false],
    ['firefox', false],
    ['safari', false],
    ['chromeIos', false],
  ] as const)('%s → supported %s', (name, supported) => {
    expect(isSupportedBrowser({ userAgent: UA[name] })).toBe(supported);
  });

  it('reads the Chromium brand when the user agent string names no version', () => {
    expect(chromiumMajor({ userAgent: 'Mozilla/5.0', brands: [{ brand: 'Chromium', version: '124' }] })).toBe(124);
  });

  it('an overridden non-Chromium user agent is not rescued by stale client hints', () => {
    expect(isSupportedBrowser({ userAgent: UA.firefox, brands: [{ brand: 'Chromium', version: '124' }] })).toBe(false);
  });
});
