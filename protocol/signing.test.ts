import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RC } from './codes';
import {
  NonceCache,
  checkRanddtm,
  compatToken,
  decodeSignKey,
  encodeSignKey,
  hmacSha256Hex,
  isPreSessionRequest,
  md5Hex,
  parseRanddtm,
  sha256Hex,
  signCompat,
  signStrict,
  signingPath,
  strictCanonical,
  verifyCompat,
  verifyStrict,
} from './signing';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));
const NOW = 1_700_000_000_000;
const cred = { devid: 'podium-dev', devtoken: 's3cret-token' };

describe('hash primitives', () => {
  it('matches the RFC 1321 MD5 vectors', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('The quick brown fox jumps over the lazy dog')).toBe('9e107d9d372bb6826bd81d3542a419d6');
  });

  it('hashes UTF-8 (Chinese meeting names in paths)', () => {
    expect(md5Hex('会议')).toBe(createHash('md5').update('会议', 'utf8').digest('hex'));
  });

  it('matches SHA-256 of the empty string', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('matches the RFC 4231 HMAC-SHA-256 test cases 1 and 2', () => {
    expect(hmacSha256Hex(hex('0b'.repeat(20)), 'Hi There')).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
    expect(hmacSha256Hex(new TextEncoder().encode('Jefe'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});

describe('compat signing', () => {
  it('signs the fixed example exactly as protocol-facts §1.2 describes', () => {
    const headers = signCompat(cred, '/rest/v1/meetings/8008038/sessions/', NOW);
    expect(headers.randdtm).toBe('1700000000');
    const expected = createHash('md5').update('podium-dev,s3cret-token,1700000000,/rest/v1/meetings/8008038/sessions/').digest('hex');
    expect(headers).toEqual({ devid: 'podium-dev', randdtm: '1700000000', md5token: expected });
    expect(compatToken('d', 't', '1', '/p')).toBe(md5Hex('d,t,1,/p'));
    expect(headers.md5token).toBe('70cc78ce4e5d3ff16121232a6e3465f8');
  });

  it('signs the path without origin and query, trailing slash kept', () => {
    expect(signingPath('https://10.0.0.1:443/rest/v1/meetings/1/sessions/?a=1')).toBe('/rest/v1/meetings/1/sessions/');
    expect(signingPath('/rest/v1/meetings/verify-code')).toBe('/rest/v1/meetings/verify-code');
    expect(signingPath('rest/x#frag')).toBe('/rest/x');
  });

  it('verifies a good request and reports each failure with its own code', () => {
    const path = '/rest/v1/meetings/verify-code';
    const h = signCompat(cred, path, NOW);
    expect(verifyCompat({ headers: { ...h }, path, credentials: cred, nowMs: NOW })).toEqual({ ok: true });
    const bad = (headers: Record<string, string>, p = path, now = NOW) => verifyCompat({ headers, path: p, credentials: cred, nowMs: now });
    expect(bad({ devid: h.devid, randdtm: h.randdtm })).toMatchObject({ ok: false, code: RC.signatureMissing });
    expect(bad({ ...h, devid: 'other' })).toMatchObject({ ok: false, code: RC.unknownDevid });
    expect(bad({ ...h }, path, NOW + 301_000)).toMatchObject({ ok: false, code: RC.timestampExpired });
    expect(bad({ ...h }, '/rest/v1/meetings/verify-code/')).toMatchObject({ ok: false, code: RC.badSignature });
    expect(bad({ ...h, md5token: h.md5token.toUpperCase() })).toEqual({ ok: true });
  });

  it('accepts headers in any case and milliseconds in randdtm', () => {
    const path = '/rest/v1/x';
    const randdtm = String(NOW + 1234);
    const md5token = compatToken(cred.devid, cred.devtoken, randdtm, path);
    const headers = { Devid: cred.devid, Randdtm: randdtm, Md5token: md5token };
    expect(verifyCompat({ headers, path, credentials: cred, nowMs: NOW })).toEqual({ ok: true });
  });
});

describe('randdtm window', () => {
  it('reads seconds and milliseconds', () => {
    expect(parseRanddtm('1700000000')).toBe(NOW);
    expect(parseRanddtm('1700000000123')).toBe(NOW + 123);
    expect(parseRanddtm('1700000000.5')).toBe(NOW + 500);
    for (const v of ['', '-1', 'abc', '1e12', '0x10', ' 1']) expect(parseRanddtm(v)).toBeUndefined();
  });

  it('accepts ±300 s and refuses beyond', () => {
    expect(checkRanddtm('1700000300', NOW)).toBeNull();
    expect(checkRanddtm('1699999700', NOW)).toBeNull();
    expect(checkRanddtm('1700000301', NOW)).toBe(RC.timestampExpired);
    expect(checkRanddtm('1699999699', NOW)).toBe(RC.timestampExpired);
    expect(checkRanddtm(String(NOW - 299_999), NOW)).toBeNull();
    expect(checkRanddtm('garbage', NOW)).toBe(RC.timestampExpired);
  });
});

describe('strict signing', () => {
  const key = hex('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
  const path = '/rest/v1/meetings/8008038/sessions/s1/mr-status';
  const body = '{"cmdid":"mod_mr_status","lock_mr":1}';

  it('signs the fixed example as HMAC-SHA-256 over the canonical string', () => {
    const h = signStrict({ devid: 'd', sessionId: 's1', key, method: 'post', path, body, nowMs: NOW, nonce: 'n'.repeat(32) });
    const canonical = `POST\n${path}\n1700000000\n${'n'.repeat(32)}\n${createHash('sha256').update(body).digest('hex')}`;
    expect(strictCanonical('post', path, '1700000000', 'n'.repeat(32), sha256Hex(body))).toBe(canonical);
    expect(h.signature).toBe(createHmac('sha256', Buffer.from(key)).update(canonical).digest('hex'));
    expect(h).toMatchObject({ devid: 'd', sessionid: 's1', randdtm: '1700000000', nonce: 'n'.repeat(32) });
  });

  const verify = (headers: Record<string, string>, over: Partial<Parameters<typeof verifyStrict>[0]> = {}) =>
    verifyStrict({
      headers,
      method: 'POST',
      path,
      body,
      devid: 'd',
      keyFor: (sid) => (sid === 's1' ? key : undefined),
      nonces: new NonceCache(),
      nowMs: NOW,
      ...over,
    });

  it('verifies a good request once, then rejects its replay', () => {
    const h = { ...signStrict({ devid: 'd', sessionId: 's1', key, method: 'POST', path, body, nowMs: NOW }) };
    const nonces = new NonceCache();
    expect(verify(h, { nonces })).toEqual({ ok: true, sessionId: 's1' });
    expect(verify(h, { nonces })).toMatchObject({ ok: false, code: RC.nonceReplayed });
  });

  it('gives a distinct code per failure', () => {
    const h = { ...signStrict({ devid: 'd', sessionId: 's1', key, method: 'POST', path, body, nowMs: NOW }) };
    const { signature: _s, ...noSig } = h;
    expect(verify(noSig)).toMatchObject({ code: RC.signatureMissing });
    expect(verify({ ...h, nonce: 'short' })).toMatchObject({ code: RC.signatureMissing });
    expect(verify({ ...h, devid: 'x' })).toMatchObject({ code: RC.unknownDevid });
    expect(verify(h, { nowMs: NOW + 400_000 })).toMatchObject({ code: RC.timestampExpired });
    expect(verify({ ...h, sessionid: 'gone' })).toMatchObject({ code: RC.sessionExpired });
    expect(verify(h, { body: body.replace('1}', '0}') })).toMatchObject({ code: RC.badSignature });
    expect(verify(h, { method: 'GET' })).toMatchObject({ code: RC.badSignature });
    expect(verify(h, { path: `${path}/` })).toMatchObject({ code: RC.badSignature });
  });

  it('does not burn a nonce on a forged request', () => {
    const h = { ...signStrict({ devid: 'd', sessionId: 's1', key, method: 'POST', path, body, nowMs: NOW }) };
    const nonces = new NonceCache();
    expect(verify({ ...h, signature: '0'.repeat(64) }, { nonces })).toMatchObject({ code: RC.badSignature });
    expect(verify(h, { nonces })).toEqual({ ok: true, sessionId: 's1' });
  });

  it('hashes an empty body for GET', () => {
    const h = { ...signStrict({ devid: 'd', sessionId: 's1', key, method: 'GET', path, nowMs: NOW }) };
    expect(verify(h, { method: 'GET', body: undefined })).toEqual({ ok: true, sessionId: 's1' });
    expect(verify(h, { method: 'GET', body: new Uint8Array(0) })).toEqual({ ok: true, sessionId: 's1' });
  });

  it('round-trips the sign key and refuses short or bad keys', () => {
    expect(decodeSignKey(encodeSignKey(key))).toEqual(key);
    expect(() => decodeSignKey('AAAA')).toThrow(TypeError);
    expect(() => decodeSignKey('not base64!')).toThrow(TypeError);
  });
});

describe('NonceCache', () => {
  it('expires entries after the TTL', () => {
    const c = new NonceCache({ ttlMs: 1000 });
    expect(c.use('a', 0)).toBe(true);
    expect(c.use('a', 999)).toBe(false);
    expect(c.use('a', 1000)).toBe(true);
    expect(c.size).toBe(1);
  });

  it('stays bounded, dropping the oldest', () => {
    const c = new NonceCache({ maxEntries: 3, ttlMs: 10_000 });
    for (const n of ['a', 'b', 'c', 'd']) expect(c.use(n, 0)).toBe(true);
    expect(c.size).toBe(3);
    expect(c.use('d', 1)).toBe(false);
    expect(c.use('a', 1)).toBe(true);
  });
});

describe('pre-session requests', () => {
  it('are the verify code and the login only', () => {
    expect(isPreSessionRequest('GET', '/rest/v1/meetings/verify-code')).toBe(true);
    expect(isPreSessionRequest('GET', '/rest/v1/meetings/temp-verify-code')).toBe(true);
    expect(isPreSessionRequest('POST', '/rest/v1/meetings/8008038/sessions/')).toBe(true);
    expect(isPreSessionRequest('POST', '/rest/v1/meetings/8008038/sessions')).toBe(true);
    expect(isPreSessionRequest('POST', '/rest/v1/meetings/8008038/sessions/s1/changes')).toBe(false);
    expect(isPreSessionRequest('GET', '/rest/v1/meetings/8008038/sessions/')).toBe(false);
  });
});
