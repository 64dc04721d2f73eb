import { describe, expect, it } from 'vitest';
import { inspectOption, redactSecrets } from './inspector';

describe('inspector', () => {
  it('is off outside development with ?inspect (always in tests)', () => {
    expect(inspectOption()).toBeUndefined();
  });

  it('redacts passwords, keys, tokens and codes, drops API clients and functions', () => {
    const context = {
      mrId: '0123',
      password: '123456',
      code: 'AB12',
      codeImage: 'iVBOR...',
      signKey: 'c2VjcmV0',
      signing: { mode: 'compat', devid: 'podium', devtoken: 'podium-dev-token' },
      api: { login: () => {} },
      nested: [{ ctrl_pwd: '1', ok: true }],
      onDone: () => {},
    };
    expect(redactSecrets({ snapshot: { context } })).toEqual({
      snapshot: {
        context: {
          mrId: '0123',
          password: '[redacted]',
          code: '[redacted]',
          codeImage: 'iVBOR...',
          signKey: '[redacted]',
          signing: { mode: 'compat', devid: 'podium', devtoken: '[redacted]' },
          nested: [{ ctrl_pwd: '[redacted]', ok: true }],
        },
      },
    });
  });

  it('cuts cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redactSecrets(a)).toEqual({ name: 'a', self: '[cycle]' });
  });
});
