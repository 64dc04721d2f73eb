/**
 * A small deterministic generator (xorshift32) for the tests that walk random sequences of feed
 * events against a pass over the whole list: a failure replays with its seed.
 * @example const rnd = seededRandom(7); rnd(); // a number in [0, 1)
 */
export function seededRandom(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
