/**
 * Keeps the hand times of {@link trackHands} across feed batches, and a clock that moves every
 * 15 s so "2 min" stays true without re-rendering the table on every second.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ParticipantRow } from './participantModel';
import { trackHands, type HandTimes } from './handQueue';

const TICK_MS = 15_000;

export function useHandQueue(rows: readonly ParticipantRow[]): { times: HandTimes; now: number } {
  const times = useRef<HandTimes>(new Map());
  // computed while rendering: the raise-hand tab must sort by these times in the same render
  const current = useMemo(() => (times.current = trackHands(times.current, rows, Date.now())), [rows]);
  const [now, setNow] = useState(() => Date.now());
  const anyUp = current.size > 0;
  useEffect(() => {
    if (!anyUp) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [anyUp]);
  return { times: current, now };
}
