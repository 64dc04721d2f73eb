/**
 * Body encryption of the platform's `api_aes_mode` (architecture "Protocol decisions" 2).
 *
 * When the platform flag `func_enabled.api_aes_mode` is 1, the bodies of the paths
 * {@link shouldEncrypt} names travel as the text `AES:` + base64(nonce(12) ‖ ciphertext ‖ tag(16)),
 * AES-256-GCM, sent with `Content-Type: text/plain; charset=utf-8`. Responses whose text (or
 * JSON string) starts with `AES:` are decrypted the same way.
 *
 * Keys are never sent: both sides derive them with HKDF-SHA-256 from the developer token, and
 * for requests that carry a `sessionid` header (strict-signed session requests) also from the
 * session's signing key, so one session cannot read another's bodies. The response uses the
 * key of its request. No I/O here.
 */
import { gcm } from '@noble/ciphers/aes.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64, fromUtf8, randomBytes, toBase64, utf8 } from './bytes';

export const AES_PREFIX = 'AES:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = utf8('podium api_aes_mode v1');

export class AesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AesError';
  }
}

/**
 * The 32-byte AES key: HKDF-SHA-256 with the devtoken (and the session key when given) as
 * input keying material.
 * @example const key = deriveAesKey(devtoken, sessionKey)
 */
export function deriveAesKey(devtoken: string, sessionKey?: Uint8Array): Uint8Array {
  const token = utf8(devtoken);
  let ikm = token;
  if (sessionKey && sessionKey.length > 0) {
    ikm = new Uint8Array(token.length + 1 + sessionKey.length);
    ikm.set(token, 0);
    ikm.set(sessionKey, token.length + 1);
  }
  const info = utf8(sessionKey && sessionKey.length > 0 ? 'session body key' : 'platform body key');
  return hkdf(sha256, ikm, HKDF_SALT, info, 32);
}

/** Encrypts a JSON text. `nonce` is for test vectors only; by default a random one is used. */
export function encryptBody(key: Uint8Array, json: string, nonce: Uint8Array = randomBytes(NONCE_BYTES)): string {
  if (nonce.length !== NONCE_BYTES) throw new AesError('nonce must be 12 bytes');
  const sealed = gcm(key, nonce).encrypt(utf8(json));
  const out = new Uint8Array(NONCE_BYTES + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, NONCE_BYTES);
  return AES_PREFIX + toBase64(out);
}

/** Whether a body text is an `AES:` envelope. */
export function isEncrypted(text: string): boolean {
  return text.startsWith(AES_PREFIX);
}

/** Decrypts an `AES:` envelope; throws {@link AesError} when it is malformed or was tampered with. */
export function decryptBody(key: Uint8Array, text: string): string {
  if (!isEncrypted(text)) throw new AesError('not an AES body');
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(text.slice(AES_PREFIX.length));
  } catch {
    throw new AesError('AES body is not base64');
  }
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new AesError('AES body too short');
  let plain: Uint8Array;
  try {
    plain = gcm(key, bytes.subarray(0, NONCE_BYTES)).decrypt(bytes.subarray(NONCE_BYTES));
  } catch {
    throw new AesError('AES body failed authentication');
  }
  try {
    return fromUtf8(plain);
  } catch {
    throw new AesError('AES body is not UTF-8');
  }
}

/**
 * A response text with any `AES:` envelope removed: the raw `AES:…` text or a JSON string
 * holding it is decrypted, anything else is returned unchanged.
 */
export function unwrapResponseText(key: Uint8Array | undefined, text: string): string {
  const trimmed = text.trim();
  let envelope: string | undefined;
  if (isEncrypted(trimmed)) envelope = trimmed;
  else if (trimmed.startsWith(`"${AES_PREFIX}`)) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'string') envelope = parsed;
    } catch {
      /* not a JSON string: leave it alone */
    }
  }
  if (envelope === undefined) return text;
  if (!key) throw new AesError('AES response but no key');
  return decryptBody(key, envelope);
}

/**
 * The paths whose bodies are encrypted in AES mode: statistics (`/cloud/statistics`) and the
 * `app1` session paths (`/app1/<area>/sessions/...`).
 */
export function shouldEncrypt(path: string): boolean {
  return path.includes('/cloud/statistics') || /\/app1\/[^/]+\/sessions(\/|$)/.test(path);
}
