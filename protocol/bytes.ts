/**
 * Byte helpers shared by signing and AES: UTF-8, hex, base64 and constant-time comparison.
 * Only platform globals that exist in both browsers and Node 20 (`btoa`, `atob`,
 * `TextEncoder`) are used, so the same code runs on both sides. No I/O here.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Decodes UTF-8; throws on invalid sequences rather than inventing replacement characters. */
export function fromUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += bytes[i].toString(16).padStart(2, '0');
  return s;
}

/** Standard base64 (with padding). */
export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  // chunks keep String.fromCharCode's argument list small for large bodies
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

/** Decodes standard or URL-safe base64; throws a `TypeError` on anything else. */
export function fromBase64(text: string): Uint8Array {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal)) throw new TypeError('invalid base64');
  let bin: string;
  try {
    bin = atob(normal);
  } catch {
    throw new TypeError('invalid base64');
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Compares two strings in time that depends only on their lengths, so a signature check leaks
 * no prefix information.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const len = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < len; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

/** Cryptographically random bytes (Web Crypto, present in browsers and Node 20). */
export function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  globalThis.crypto.getRandomValues(out);
  return out;
}
