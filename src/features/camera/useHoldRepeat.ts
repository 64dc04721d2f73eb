/**
 * Press-and-hold for the far-end camera pad (protocol-facts §5.8): pressing sends `start`, holding
 * repeats `continue` every 500 ms, and releasing (or leaving the button, losing focus, unmounting)
 * sends `stop` once. A new direction stops the previous one first.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { CtrlUsrFeccRequest } from '@protocol/wire';

export type Movement = CtrlUsrFeccRequest['movement'];
export type FeccAction = CtrlUsrFeccRequest['action'];

export const REPEAT_MS = 500;

export interface HoldRepeat {
  press: (movement: Movement) => void;
  release: () => void;
}

/** The press/hold/release protocol without React, so it is testable with fake timers. */
export function createHoldRepeat(
  send: (action: FeccAction, movement: Movement) => void,
  // wrapped: the browser's timer functions throw "Illegal invocation" when called as methods of another object
  timers: { set: (fn: () => void, ms: number) => ReturnType<typeof setInterval>; clear: (id: ReturnType<typeof setInterval>) => void } = {
    set: (fn, ms) => setInterval(fn, ms),
    clear: (id) => clearInterval(id),
  },
): HoldRepeat & { dispose: () => void } {
  let held: Movement | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  const release = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    if (held !== null) send('stop', held);
    held = null;
  };
  return {
    press(movement) {
      if (held === movement) return;
      release();
      held = movement;
      send('start', movement);
      timer = timers.set(() => held && send('continue', held), REPEAT_MS);
    },
    release,
    dispose: release,
  };
}

export function useHoldRepeat(send: (action: FeccAction, movement: Movement) => void): HoldRepeat {
  const sendRef = useRef(send);
  sendRef.current = send;
  const ref = useRef<ReturnType<typeof createHoldRepeat> | null>(null);
  if (!ref.current) ref.current = createHoldRepeat((a, m) => sendRef.current(a, m));
  useEffect(() => {
    const hold = ref.current!;
    const stop = () => hold.release();
    window.addEventListener('blur', stop);
    return () => {
      window.removeEventListener('blur', stop);
      hold.dispose();
    };
  }, []);
  return {
    press: useCallback((m: Movement) => ref.current!.press(m), []),
    release: useCallback(() => ref.current!.release(), []),
  };
}
