/**
 * Raised hands as a queue (issue 13 §6, spec §4): the platform's protocol carries only "hand up"
 * (usr_stats position 13), no time. The reference server says when each hand went up
 * (`hand_up_dtms`, an assumption of Podium's own: protocol/assumptions.ts 'hand-times'), so a
 * console logging in later still shows how long a hand has waited (issue 26); without it the
 * console notes when it first saw each hand go up, and hands already up at the first load count
 * from that load. A time is forgotten when the hand goes down or the person leaves. The raise-hand
 * tab lists the oldest first and shows for how long.
 */
import { flag, type ParticipantRow } from './participantModel';

/** usr_id → when this console first saw the hand up (ms since the epoch) */
export type HandTimes = ReadonlyMap<string, number>;

/**
 * The hand times after a feed change: new hands get the server's raise time, or `now` when it
 * gives none; lowered or gone ones are dropped; the others keep their time. Returns `prev` itself
 * when nothing changed (no re-render).
 */
export function trackHands(prev: HandTimes, rows: readonly ParticipantRow[], now: number): HandTimes {
  let next: Map<string, number> | null = null;
  let up = 0;
  for (const row of rows) {
    if (!row.online || row.waiting || !flag(row, 'hand')) continue;
    up++;
    const known = prev.get(row.usrId);
    // the server's time wins over the time this console first saw the hand (a later login)
    const at = row.handUpAt !== undefined ? Math.min(row.handUpAt, now) : (known ?? now);
    if (known !== at) {
      next ??= new Map(prev);
      next.set(row.usrId, at);
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
