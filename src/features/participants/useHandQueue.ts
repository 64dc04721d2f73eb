/**
 * The hand queue's clock: moves every 15 s while a hand is up, so "2 min" stays true without
 * re-rendering the table on every second. The hand times themselves are kept by the tab index
 * (tabIndex.ts) from the rows that changed.
 */
import { useEffect, useState } from 'react';

const TICK_MS = 15_000;

export function useHandClock(anyUp: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!anyUp) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [anyUp]);
  return now;
}
