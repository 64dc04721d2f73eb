import { hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesError, decryptBody, deriveAesKey, encryptBody, isEncrypted, shouldEncrypt, unwrapResponseText } from './aes';

const key = Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex'));
const nonce = Uint8Array.from(Buffer.from('cafebabefacedbaddecaf888', 'hex'));
const plain = '{"cmdid":"get_room_history_req","from_dtm":0}';
// computed independently with node:crypto aes-256-gcm
const VECTOR = 'AES:yv66vvrO263eyviI8YHDS84TKzl8KTq4D0L7UGJNnzm2ah4bPKZbA9v4R9OPNrMprIstFkt5ElhP6o8h3/O+w7t+yH1B182MXw==';

describe('AES-256-GCM bodies', () => {
  it('encrypts the fixed key/nonce/plaintext to the known envelope', () => {
    expect(encryptBody(key, plain, nonce)).toBe(VECTOR);
    expect(decryptBody(key, VECTOR)).toBe(plain);
  });

  it('round-trips UTF-8 with random nonces', () => {
    const text = JSON.stringify({ name: '会议室 A', n: 1 });
    const a = encryptBody(key, text);
    const b = encryptBody(key, text);
    expect(a).not.toBe(b);
    expect(isEncrypted(a)).toBe(true);
    expect(decryptBody(key, a)).toBe(text);
  });

  it('fails on tampering, a wrong key, truncation and junk', () => {
    const bytes = Buffer.from(VECTOR.slice(4), 'base64');
    bytes[20] ^= 1;
    expect(() => decryptBody(key, `AES:${bytes.toString('base64')}`)).toThrow(AesError);
    const other = key.slice();
    other[0] ^= 1;
    expect(() => decryptBody(other, VECTOR)).toThrow(AesError);
    expect(() => decryptBody(key, 'AES:AAAA')).toThrow(/too short/);
    expect(() => decryptBody(key, 'AES:***')).toThrow(/base64/);
    expect(() => decryptBody(key, plain)).toThrow(/not an AES body/);
  });

  it('unwraps raw and JSON-string envelopes and leaves plain JSON alone', () => {
    expect(unwrapResponseText(key, VECTOR)).toBe(plain);
    expect(unwrapResponseText(key, JSON.stringify(VECTOR))).toBe(plain);
    expect(unwrapResponseText(key, plain)).toBe(plain);
    expect(unwrapResponseText(undefined, '"hello"')).toBe('"hello"');
    expect(() => unwrapResponseText(undefined, VECTOR)).toThrow(AesError);
  });
});

describe('key derivation', () => {
  it('is HKDF-SHA-256 of the devtoken', () => {
    const expected = Buffer.from(
      hkdfSync('sha256', Buffer.from('tok'), Buffer.from('podium api_aes_mode v1'), Buffer.from('platform body key'), 32),
    );
    expect(Buffer.from(deriveAesKey('tok')).toString('hex')).toBe(expected.toString('hex'));
    expect(Buffer.from(deriveAesKey('tok')).toString('hex')).toBe('2ba7beb130dc36f00082b0549e0eb915c0eb716d06b028801ccecfe1bf24b308');
  });

  it('mixes in the session key so sessions get distinct keys', () => {
    const s1 = deriveAesKey('tok', new Uint8Array(32).fill(1));
    const s2 = deriveAesKey('tok', new Uint8Array(32).fill(2));
    expect(s1).toHaveLength(32);
    expect(s1).not.toEqual(s2);
    expect(s1).not.toEqual(deriveAesKey('tok'));
    expect(() => decryptBody(s2, encryptBody(s1, plain))).toThrow(AesError);
  });
});

describe('shouldEncrypt', () => {
  it('names the statistics and app1 session paths only', () => {
    expect(shouldEncrypt('/rest/v1/cloud/statistics')).toBe(true);
    expect(shouldEncrypt('/rest/v1/app1/manager/sessions/abc/usrs/')).toBe(true);
    expect(shouldEncrypt('/rest/v1/app1/manager/sessions/login_req/')).toBe(true);
    expect(shouldEncrypt('/rest/v1/app1/user/sessions/s/usrs/get_usr_online_status/')).toBe(true);
    expect(shouldEncrypt('/rest/v1/app1/is_standalone/')).toBe(false);
    expect(shouldEncrypt('/rest/v1/meetings/1/sessions/s/mr-status')).toBe(false);
  });
});
