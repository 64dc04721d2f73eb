import { describe, expect, it } from 'vitest';
import { isParentLogout, normaliseOrigins, readLayoutMessage, readPresentationMessage } from './layoutMessages';

const allowed = normaliseOrigins('http://127.0.0.1:8080', ['https://portal.example.com:443/path', 'not a url']);

describe('window messages', () => {
  it('normalise origins and drop junk', () => {
    expect([...allowed]).toEqual(['http://127.0.0.1:8080', 'https://portal.example.com']);
  });

  it('accept layout messages from an allowed origin only', () => {
    const data = { source: 'podium', type: 'layout.resize', width: 800, height: 600 };
    expect(readLayoutMessage({ origin: 'http://127.0.0.1:8080', data }, allowed)).toEqual(data);
    expect(readLayoutMessage({ origin: 'http://evil.example', data }, allowed)).toBeNull();
    expect(readLayoutMessage({ origin: 'http://127.0.0.1:8080', data: { ...data, width: 'x' } }, allowed)).toBeNull();
    expect(readLayoutMessage({ origin: 'http://127.0.0.1:8080', data: 'layout.close' }, allowed)).toBeNull();
  });

  it('read presentation data from the opener', () => {
    const data = { source: 'podium', type: 'presentation', presentation: { launched: true, title: 'T' } };
    expect(readPresentationMessage({ origin: 'https://portal.example.com', data }, allowed)).toEqual({ launched: true, title: 'T' });
    expect(readPresentationMessage({ origin: 'https://portal.example.com:8443', data }, allowed)).toBeNull();
  });

  it('carry the supervisor’s preview request only as a sane usr_id', () => {
    const msg = (preview: unknown) => ({
      origin: 'http://127.0.0.1:8080',
      data: { source: 'podium', type: 'presentation', presentation: { launched: true, preview } },
    });
    expect(readPresentationMessage(msg('1024'), allowed)).toEqual({ launched: true, title: undefined, preview: '1024' });
    expect(readPresentationMessage(msg(''), allowed)?.preview).toBe('');
    expect(readPresentationMessage(msg(42), allowed)?.preview).toBeUndefined();
    expect(readPresentationMessage(msg('x'.repeat(65)), allowed)?.preview).toBeUndefined();
  });

  it('log out only on the parent window’s message from an allowed origin', () => {
    const parent = {};
    expect(isParentLogout({ origin: 'http://127.0.0.1:8080', data: 'logout', source: parent as MessageEventSource }, parent, allowed)).toBe(
      true,
    );
    expect(
      isParentLogout({ origin: 'http://127.0.0.1:8080', data: { type: 'logout' }, source: parent as MessageEventSource }, parent, allowed),
    ).toBe(true);
    expect(isParentLogout({ origin: 'http://evil.example', data: 'logout', source: parent as MessageEventSource }, parent, allowed)).toBe(
      false,
    );
    expect(isParentLogout({ origin: 'http://127.0.0.1:8080', data: 'logout', source: {} as MessageEventSource }, parent, allowed)).toBe(
      false,
    );
  });
});
