/**
 * The header's clock: the time now, ticking once a second only while a chip shows a duration,
 * and the moment a state was first seen (the fallback start of a duration the server does not date).
 */
import { useEffect, useRef, useState } from 'react';

/** Date.now(), re-read every second while `ticking`. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [ticking]);
  return now;
}

/** When this console first saw `key` (a non-empty state key); a new key starts a new time. */
export function useSeenAt(key: string): number {
  const seen = useRef<{ key: string; at: number }>({ key: '', at: 0 });
  if (key !== seen.current.key) seen.current = { key, at: Date.now() };
  return seen.current.at;
}
