/**
 * Heavy answers spread over event-loop turns. A console logging in asks for four snapshots at
 * once; their requests are read in the same poll phase, and a `setImmediate` per request would run
 * all of them in the same check phase: one stretch of the loop holding every build. Queued here,
 * each piece of work waits for a turn of its own, with timers and other sockets served in between.
 */
export type NextTurn = () => Promise<void>;

/** A queue whose `nextTurn()` resolves in the next event-loop turn that no earlier waiter took. */
export function oneJobPerTurn(): NextTurn {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const runOne = () => {
    const resolve = waiting.shift();
    // queued from within the check phase, the next one runs in the following turn
    if (waiting.length > 0) setImmediate(runOne);
    else scheduled = false;
    resolve?.();
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(runOne);
      }
    });
}

/** array elements serialised in one turn: about 2 ms of `JSON.stringify` on the 2-core machine */
export const ELEMENTS_PER_TURN = 25_000;

/**
 * `JSON.stringify(value)` of a flat object (a snapshot: a few long arrays of plain values) as
 * UTF-8 chunks to be sent one after the other, its long arrays serialised and encoded a slice at
 * a time with {@link NextTurn} between slices. Encoding the whole text at the end (megabytes of
 * names, most of them not ASCII), or joining the chunks into one buffer, would be one stretch of
 * the loop as long as the slices together. The object must not change meanwhile: snapshots are
 * built as copies first.
 */
export async function jsonChunksInTurns(
  value: Record<string, unknown>,
  nextTurn: NextTurn,
  perTurn = ELEMENTS_PER_TURN,
): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  let text = '{';
  let first = true;
  let done = 0;
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(v) || v.length <= perTurn - done) {
      text += JSON.stringify(v);
      if (Array.isArray(v)) done += v.length;
      continue;
    }
    text += '[';
    for (let from = 0; from < v.length;) {
      if (done >= perTurn) {
        pieces.push(Buffer.from(text, 'utf8'));
        text = '';
        await nextTurn();
        done = 0;
      }
      const to = Math.min(v.length, from + perTurn - done);
      text += (from > 0 ? ',' : '') + JSON.stringify(v.slice(from, to)).slice(1, -1);
      done += to - from;
      from = to;
    }
    text += ']';
  }
  pieces.push(Buffer.from(`${text}}`, 'utf8'));
  return pieces;
}
