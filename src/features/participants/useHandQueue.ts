/**
 * The hand queue's clock: moves every 15 s while a hand is up, so "2 min" stays true without
 * re-rendering the table on every second. The hand times themselves are kept by the tab index
 * (tabIndex.ts) from the rows that changed.
 */
import { useEffect, useState } from 'react';

const TICK_MS = 15_000;

/** The server's time now (this computer's clock plus `offsetMs`), moved every 15 s while a hand is up. */
export function useHandClock(anyUp: boolean, offsetMs = 0): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    if (!anyUp) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), TICK_MS);
    return () => clearInterval(timer);
  }, [anyUp, offsetMs]);
  return now;
}
