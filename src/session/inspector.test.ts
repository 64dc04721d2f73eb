import { describe, expect, it } from 'vitest';
import { inspectOption } from './inspector';

describe('inspectOption', () => {
  it('is off in tests even with ?inspect in the address', () => {
    const previous = globalThis.window;
    (globalThis as { window?: unknown }).window = { location: { search: '?inspect' } };
    try {
      expect(inspectOption()).toBeUndefined();
    } finally {
      (globalThis as { window?: unknown }).window = previous;
    }
  });
});
