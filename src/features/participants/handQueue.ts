/**
 * Raised hands as a queue (issue 13 §6, spec §4): the protocol carries only "hand up" (usr_stats
 * position 13), no time, so the console notes when it first saw each hand go up and forgets it
 * when the hand goes down or the person leaves. Hands already up at the first load count from
 * that load. The raise-hand tab lists the oldest first and shows for how long.
 */
import { flag, type ParticipantRow } from './participantModel';

/** usr_id → when this console first saw the hand up (ms since the epoch) */
export type HandTimes = ReadonlyMap<string, number>;

/**
 * The hand times after a feed change: new hands get `now`, lowered or gone ones are dropped,
 * the others keep their time. Returns `prev` itself when nothing changed (no re-render).
 */
export function trackHands(prev: HandTimes, rows: readonly ParticipantRow[], now: number): HandTimes {
  let next: Map<string, number> | null = null;
  let up = 0;
  for (const row of rows) {
    if (!row.online || row.waiting || !flag(row, 'hand')) continue;
    up++;
    if (!prev.has(row.usrId)) {
      next ??= new Map(prev);
      next.set(row.usrId, now);
    }
  }
  // every hand still up is in prev (or just added): a smaller count means some went down
  if ((next ?? prev).size !== up) {
    const still = new Set<string>();
    for (const row of rows) if (row.online && !row.waiting && flag(row, 'hand')) still.add(row.usrId);
    next ??= new Map(prev);
    for (const id of [...next.keys()]) if (!still.has(id)) next.delete(id);
  }
  return next ?? prev;
}

/** Rows with a raised hand, oldest raise first (ties keep the tab's order). */
export function byTimeRaised(rows: readonly ParticipantRow[], times: HandTimes): ParticipantRow[] {
  return rows
    .map((row, i) => ({ row, i, at: times.get(row.usrId) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((e) => e.row);
}

/** Whole minutes a hand has been up (0 under a minute), for "2 min". */
export function minutesRaised(raisedAt: number | undefined, now: number): number | null {
  if (raisedAt === undefined) return null;
  return Math.max(0, Math.floor((now - raisedAt) / 60_000));
}
