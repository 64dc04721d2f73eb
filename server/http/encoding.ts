/**
 * Content coding (RFC 9110 §12.5.3): which of the codings this server can send the client
 * accepts best. Brotli is preferred over gzip at equal weight (smaller for the same text);
 * identity is always acceptable unless the client rules it out, and even then the server sends
 * it rather than nothing (a 406 for the console's own files would help no one).
 */
export type Coding = 'br' | 'gzip' | 'identity';

/** Server preference among codings the client weighs equally. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/** The weight (0…1) of each coding named in an `Accept-Encoding` header; `*` under its own name. */
export function acceptedWeights(header: string | string[] | undefined): Map<string, number> {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(param);
      if (m) q = Math.min(1, Number(m[1]));
    }
    // the first mention wins; x-gzip is gzip (RFC 9110 §8.4.1.3)
    const key = name.trim() === 'x-gzip' ? 'gzip' : name.trim();
    if (!weights.has(key)) weights.set(key, q);
  }
  return weights;
}

/**
 * The coding to send, among `available` (identity is always available).
 * @example preferredCoding('gzip, deflate, br', ['br', 'gzip']) // 'br'
 * @example preferredCoding('br;q=0, gzip', ['br', 'gzip']) // 'gzip'
 * @example preferredCoding(undefined, ['br', 'gzip']) // 'identity'
 */
export function preferredCoding(header: string | string[] | undefined, available: readonly Coding[]): Coding {
  const weights = acceptedWeights(header);
  const star = weights.get('*');
  const weightOf = (coding: Coding): number => {
    const own = weights.get(coding);
    if (own !== undefined) return own;
    if (star !== undefined) return star;
    // not named: identity is acceptable, any other coding is not (RFC 9110 §12.5.3); identity
    // unnamed is the fallback, not a preference over codings the client did name
    return coding === 'identity' ? 0.001 : 0;
  };
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    const w = weightOf(coding);
    if (w > bestWeight) {
      best = coding;
      bestWeight = w;
    }
  }
  return best;
}
