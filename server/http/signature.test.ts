import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { md5Hex, NonceCache, signCompat, signStrict } from '../../protocol/signing';
import type { ControllerSession } from '../engine/facade';
import { checkSignature, nativeMd5Hex, needsSignature, sessionPathParts, type SignatureContext } from './signature';

const NOW = 1_800_000_000_000;
const session: ControllerSession = { sessId: 's1', mrId: '8008038', role: 'host', peerIp: '::1', signKey: new Uint8Array(32).fill(7) };

function ctx(mode: 'strict' | 'compat'): SignatureContext {
  return {
    mode,
    devId: 'dev',
    devToken: 'tok',
    nonces: new NonceCache(),
    getSession: (id) => (id === 's1' ? session : undefined),
    now: () => NOW,
  };
}

const compat = (path: string) => signCompat({ devid: 'dev', devtoken: 'tok' }, path, NOW) as unknown as Record<string, string>;
const strict = (method: string, path: string) =>
  signStrict({ devid: 'dev', sessionId: 's1', key: session.signKey, method, path, nowMs: NOW }) as unknown as Record<string, string>;

describe('which paths are signed', () => {
  it('signs /rest, /status and /oem; not /api or the bare is_standalone', () => {
    expect(needsSignature('/rest/v1/meetings/verify-code')).toBe(true);
    expect(needsSignature('/status/participant/3/media_stream/')).toBe(true);
    expect(needsSignature('/oem/get_nginx_config')).toBe(true);
    expect(needsSignature('/api/v3/app/getPlatform')).toBe(false);
    expect(needsSignature('/app1/is_standalone/')).toBe(false);
  });

  it('recognises per-session paths, with or without a suffix', () => {
    expect(sessionPathParts('/rest/v1/meetings/8008038/sessions/abc/mr-status')).toEqual({ mrId: '8008038', sessId: 'abc' });
    expect(sessionPathParts('/rest/v1/meetings/8008038/sessions/abc')).toEqual({ mrId: '8008038', sessId: 'abc' });
    expect(sessionPathParts('/rest/v1/meetings/8008038/sessions/')).toBeNull();
    expect(sessionPathParts('/rest/v1/meetings/verify-code')).toBeNull();
  });
});

describe('strict mode policy', () => {
  it('pre-session and management paths accept the compat token', () => {
    for (const [method, path] of [
      ['GET', '/rest/v1/meetings/verify-code'],
      ['POST', '/rest/v1/meetings/8008038/sessions/'],
      ['GET', '/oem/name/x/icon_title/icon_title_char/'],
      ['POST', '/rest/v1/app1/manager/sessions/login_req/'],
      ['POST', '/rest/v1/meetings/forward_mmgr'],
    ]) {
      expect(checkSignature(ctx('strict'), method, path, compat(path), Buffer.alloc(0))).toEqual({ ok: true });
    }
  });

  it('session paths and media statistics need the session HMAC', () => {
    for (const path of ['/rest/v1/meetings/8008038/sessions/s1/mr-status', '/status/participant/3/media_stream/']) {
      const refused = checkSignature(ctx('strict'), 'GET', path, compat(path), Buffer.alloc(0));
      expect(refused).toMatchObject({ ok: false, code: RC.signatureMissing });
      const ok = checkSignature(ctx('strict'), 'GET', path, strict('GET', path), Buffer.alloc(0));
      expect(ok).toEqual({ ok: true, session });
    }
  });

  it('an unknown session key → sessionExpired', () => {
    const path = '/status/participant/3/media_stream/';
    const headers = { ...strict('GET', path), sessionid: 'nope' };
    expect(checkSignature(ctx('strict'), 'GET', path, headers, Buffer.alloc(0))).toMatchObject({ ok: false, code: RC.sessionExpired });
  });
});

describe('compat mode', () => {
  it('accepts the compat token on session paths', () => {
    const path = '/rest/v1/meetings/8008038/sessions/s1/mr-status';
    expect(checkSignature(ctx('compat'), 'GET', path, compat(path), Buffer.alloc(0))).toEqual({ ok: true });
  });

  it('checks the token against the signed path given', () => {
    const path = '/rest/v1/meetings/verify-code';
    const headers = compat(`/pfx${path}`);
    expect(checkSignature(ctx('compat'), 'GET', path, headers, Buffer.alloc(0))).toMatchObject({ ok: false, code: RC.badSignature });
    expect(checkSignature(ctx('compat'), 'GET', path, headers, Buffer.alloc(0), `/pfx${path}`)).toEqual({ ok: true });
  });
});

describe('nativeMd5Hex', () => {
  it('hashes exactly as the portable md5Hex the clients use, non-ASCII text included', () => {
    for (const text of ['', 'dev,tok,1700000000,/rest/v1/meetings/verify-code', '会议室 8008038 ✓', 'x'.repeat(1000)]) {
      expect(nativeMd5Hex(text)).toBe(md5Hex(text));
    }
  });
});
