/**
 * The participant view's per-batch derivations kept up to date by the rows that changed (issue 27
 * item 1): the tab counts, the hand times and the open tab's rows in display order. Each feed
 * batch replaces the row objects of the participants it touched (toRows keeps the others), so
 * comparing the new rows with the last ones by identity finds the changed few; only they are
 * looked at, counted in or out and moved in the kept order. A change of tab, sort, language or
 * filter tabs, or a batch that changed much of the list (a reload), is computed afresh with the full functions of participantModel.ts and
 * handQueue.ts, which the incremental results must always equal (tabIndex.test.ts).
 */
import {
  countTabs,
  inBuiltinTab,
  inCustomTab,
  visibleRows,
  type BuiltinTab,
  type CustomTab,
  type ParticipantRow,
  type SortMode,
  type TabCounts,
  type TabKey,
} from './participantModel';
import { byTimeRaised, trackHands, type HandTimes } from './handQueue';
import { usrStat } from '@protocol/usrStats';

export interface TabIndexInput {
  rows: readonly ParticipantRow[];
  tab: TabKey;
  custom: readonly CustomTab[];
  sort: SortMode;
  collator: Intl.Collator;
  /** ms since the epoch: the time of a hand first seen up in this batch */
  now: number;
}

export interface TabIndexOutput {
  counts: TabCounts;
  /** usr_id → when the hand went up, for every hand up (handQueue.ts) */
  times: HandTimes;
  /** the open tab's rows in display order */
  inTab: readonly ParticipantRow[];
}

/** the rows at the positions that differ between two row lists, old and new */
interface RowChange {
  removed: ParticipantRow[];
  added: ParticipantRow[];
}

/** a batch changing more than this share of the rows is computed afresh: cheaper than patching */
const AFRESH_SHARE = 0.25;
/** up to this many changed rows of a tab are moved one by one; more are merged in one pass */
const SPLICE_LIMIT = 32;

/** how far ahead a row that left or joined is looked for before two rows count as one changed */
const LOOK_AHEAD = 8;

/**
 * What changed from `prev` to `next`, null when most of it did. The rows are matched in order by
 * identity, and a row that left or joined in the middle (a participant leaving shifts every row
 * after them) is found within a few places, so the rows after it count as unchanged: compared
 * position by position, one leave near the top made every row after it a change (issue 27).
 * Any pairing is a correct answer (counts and tab are patched by it): a row not matched to itself
 * is in `removed`, and its new object, if any, in `added`.
 */
export function changedRows(prev: readonly ParticipantRow[], next: readonly ParticipantRow[]): RowChange | null {
  const limit = Math.max(prev.length, next.length) * AFRESH_SHARE;
  const removed: ParticipantRow[] = [];
  const added: ParticipantRow[] = [];
  let i = 0;
  let j = 0;
  while (i < prev.length && j < next.length) {
    const a = prev[i];
    const b = next[j];
    if (a === b) {
      i++;
      j++;
      continue;
    }
    if (a.usrId !== b.usrId) {
      // left: `a`'s successors come next; joined: `b` stands before `a`
      const left = aheadOf(prev, i, b);
      const joined = left < 0 ? aheadOf(next, j, a) : -1;
      if (left > 0) {
        for (; i < left; i++) removed.push(prev[i]);
        continue;
      }
      if (joined > 0) {
        for (; j < joined; j++) added.push(next[j]);
        continue;
      }
    }
    removed.push(a);
    added.push(b);
    i++;
    j++;
    if (added.length > limit || removed.length > limit) return null;
  }
  for (; i < prev.length; i++) removed.push(prev[i]);
  for (; j < next.length; j++) added.push(next[j]);
  return removed.length > limit || added.length > limit ? null : { removed, added };
}

/** where, within LOOK_AHEAD places after `from`, `rows` holds the participant of `row` (its old or new object); -1 when not */
function aheadOf(rows: readonly ParticipantRow[], from: number, row: ParticipantRow): number {
  const end = Math.min(rows.length, from + 1 + LOOK_AHEAD);
  for (let k = from + 1; k < end; k++) if (rows[k] === row || rows[k].usrId === row.usrId) return k;
  return -1;
}

function handUp(row: ParticipantRow): boolean {
  return row.online && !row.waiting && row.stats.length > 0 && usrStat(row.stats, 'hand') === 1;
}

/** +1 or -1 of one row in every count it belongs to: the rules of countTabs */
function countRow(
  counts: TabCounts,
  row: ParticipantRow,
  by: number,
  custom: readonly CustomTab[],
  members: readonly ReadonlySet<string>[],
): void {
  counts.all += by;
  if (!row.online) counts.offline += by;
  else if (row.waiting) counts.waiting += by;
  else {
    counts.online += by;
    if (row.stats) {
      if (usrStat(row.stats, 'hand') === 1) counts.hand += by;
      if (usrStat(row.stats, 'chair') === 1) counts.chair += by;
      if (usrStat(row.stats, 'vad') === 1 || usrStat(row.stats, 'cont_sender') === 1) counts.active += by;
    }
  }
  for (let i = 0; i < custom.length; i++) if (inCustomTab(row, custom[i], members[i])) counts.custom[custom[i].id] += by;
}

export class TabIndex {
  private last: TabIndexInput | null = null;
  private output: TabIndexOutput | null = null;
  private members: ReadonlySet<string>[] = [];
  /** the time each row of the hand queue was ordered by, kept to find it again when it changes */
  private orderedAt = new Map<ParticipantRow, number>();

  /** The derivations for `input`, patched from the last call's where only some rows changed. */
  update(input: TabIndexInput): TabIndexOutput {
    const last = this.last;
    const out = this.output;
    if (
      last &&
      out &&
      last.rows === input.rows &&
      last.tab === input.tab &&
      last.custom === input.custom &&
      last.sort === input.sort &&
      last.collator === input.collator
    ) {
      return out;
    }
    this.last = input;
    const change = last && out && last.custom === input.custom ? changedRows(last.rows, input.rows) : null;
    if (!change || !out || !last) return (this.output = this.afresh(input, out?.times ?? new Map()));
    const times = this.patchTimes(out.times, change, input.now);
    const counts = this.patchCounts(out.counts, change, input.custom);
    const sameView = last.tab === input.tab && last.sort === input.sort && last.collator === input.collator;
    const inTab = sameView ? this.patchTab(out.inTab, change, input, times) : this.tabAfresh(input, times);
    return (this.output = { counts, times, inTab });
  }

  private afresh(input: TabIndexInput, prevTimes: HandTimes): TabIndexOutput {
    this.members = input.custom.map((c) => new Set(c.usrIds));
    const times = trackHands(prevTimes, input.rows, input.now);
    return { counts: countTabs(input.rows, input.custom), times, inTab: this.tabAfresh(input, times) };
  }

  private handQueue(input: TabIndexInput): boolean {
    return input.tab === 'hand' && input.sort === 'custom';
  }

  private tabAfresh(input: TabIndexInput, times: HandTimes): readonly ParticipantRow[] {
    const rows = visibleRows(input.rows, input.tab, input.custom, input.sort, input.collator);
    this.orderedAt.clear();
    if (!this.handQueue(input)) return rows;
    for (const row of rows) this.orderedAt.set(row, times.get(row.usrId) ?? Number.POSITIVE_INFINITY);
    return byTimeRaised(rows, times);
  }

  /** trackHands for the changed rows only: the others' hands did not move */
  private patchTimes(prev: HandTimes, change: RowChange, now: number): HandTimes {
    let next: Map<string, number> | null = null;
    const upNow = new Set<string>();
    for (const row of change.added) {
      if (!handUp(row)) continue;
      upNow.add(row.usrId);
      const known = prev.get(row.usrId);
      // the server's time wins over the time this console first saw the hand (a later login)
      const at = row.handUpAt !== undefined ? Math.min(row.handUpAt, now) : (known ?? now);
      if (known !== at) {
        next ??= new Map(prev);
        next.set(row.usrId, at);
      }
    }
    for (const row of change.removed) {
      if (!handUp(row) || upNow.has(row.usrId) || !prev.has(row.usrId)) continue;
      next ??= new Map(prev);
      next.delete(row.usrId);
    }
    return next ?? prev;
  }

  private patchCounts(prev: TabCounts, change: RowChange, custom: readonly CustomTab[]): TabCounts {
    if (change.added.length === 0 && change.removed.length === 0) return prev;
    const counts: TabCounts = { ...prev, custom: { ...prev.custom } };
    for (const row of change.removed) countRow(counts, row, -1, custom, this.members);
    for (const row of change.added) countRow(counts, row, +1, custom, this.members);
    return sameCounts(prev, counts) ? prev : counts;
  }

  private belongs(row: ParticipantRow, input: TabIndexInput): boolean {
    if (!input.tab.startsWith('custom:')) return inBuiltinTab(row, input.tab as BuiltinTab);
    const i = input.custom.findIndex((c) => `custom:${c.id}` === input.tab);
    return i >= 0 && inCustomTab(row, input.custom[i], this.members[i]);
  }

  /** The display order of visibleRows (and byTimeRaised for the hand queue), with `at` the ordering times. */
  private compare(input: TabIndexInput): (a: ParticipantRow, b: ParticipantRow) => number {
    if (this.handQueue(input)) {
      const at = this.orderedAt;
      return (a, b) => at.get(a)! - at.get(b)! || a.order - b.order;
    }
    if (input.sort === 'custom') return (a, b) => a.order - b.order;
    const dir = input.sort === 'nameAsc' ? 1 : -1;
    const collator = input.collator;
    return (a, b) => dir * collator.compare(a.name, b.name) || a.order - b.order;
  }

  /** whether `next`, the new row of `old`'s participant, sorts exactly where `old` did */
  private sameKey(old: ParticipantRow, next: ParticipantRow, input: TabIndexInput, times: HandTimes): boolean {
    if (old.order !== next.order) return false;
    if (this.handQueue(input)) return this.orderedAt.get(old) === (times.get(next.usrId) ?? Number.POSITIVE_INFINITY);
    return input.sort === 'custom' || old.name === next.name;
  }

  private patchTab(prev: readonly ParticipantRow[], change: RowChange, input: TabIndexInput, times: HandTimes): readonly ParticipantRow[] {
    const queue = this.handQueue(input);
    const cmp = this.compare(input);
    // A participant whose row changed but who stays in the tab with the same sort key (a status
    // change: most of a feed batch) takes their old row's slot, found by binary search. Taken out
    // and put back, a batch of over SPLICE_LIMIT such rows filtered and merged the whole tab
    // (10,000 rows) in every batch (issue 27 item 1). Keys are unique (`order`), so the slot is
    // the one the full sort gives.
    const addedById = new Map<string, ParticipantRow>();
    for (const row of change.added) addedById.set(row.usrId, row);
    const inPlace = new Set<ParticipantRow>();
    let patched: ParticipantRow[] | null = null;
    const gone: ParticipantRow[] = [];
    for (const old of change.removed) {
      if (!this.belongs(old, input)) continue;
      const next = addedById.get(old.usrId);
      if (next && !inPlace.has(next) && this.belongs(next, input) && this.sameKey(old, next, input, times)) {
        const i = findRow(patched ?? prev, old, cmp);
        if (i >= 0) {
          patched ??= prev.slice();
          patched[i] = next;
          if (queue) {
            this.orderedAt.set(next, this.orderedAt.get(old)!);
            this.orderedAt.delete(old);
          }
          inPlace.add(next);
          continue;
        }
      }
      gone.push(old);
    }
    const come = change.added.filter((row) => !inPlace.has(row) && this.belongs(row, input));
    if (gone.length === 0 && come.length === 0) return patched ?? prev;
    const base = patched ?? prev;
    let rows: ParticipantRow[];
    if (gone.length + come.length <= SPLICE_LIMIT) {
      rows = patched ?? prev.slice();
      for (const row of gone) {
        const i = findRow(rows, row, cmp);
        if (i >= 0) rows.splice(i, 1);
      }
      for (const row of come) {
        if (queue) this.orderedAt.set(row, times.get(row.usrId) ?? Number.POSITIVE_INFINITY);
        rows.splice(insertionPoint(rows, row, cmp), 0, row);
      }
    } else {
      const goneSet = new Set(gone);
      const kept = base.filter((row) => !goneSet.has(row));
      if (queue) for (const row of come) this.orderedAt.set(row, times.get(row.usrId) ?? Number.POSITIVE_INFINITY);
      rows = merge(kept, come.slice().sort(cmp), cmp);
    }
    if (queue) {
      const still = new Set(come);
      for (const row of gone) if (!still.has(row)) this.orderedAt.delete(row);
    }
    return rows;
  }
}

function sameCounts(a: TabCounts, b: TabCounts): boolean {
  for (const key of ['all', 'offline', 'online', 'active', 'hand', 'waiting', 'chair'] as const) if (a[key] !== b[key]) return false;
  for (const id of Object.keys(b.custom)) if (a.custom[id] !== b.custom[id]) return false;
  return true;
}

/** first index whose row sorts after `row` (equal ones stay before it, as a stable sort keeps them) */
function insertionPoint(
  rows: readonly ParticipantRow[],
  row: ParticipantRow,
  cmp: (a: ParticipantRow, b: ParticipantRow) => number,
): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(rows[mid], row) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** where `row` itself is in the sorted `rows`, -1 when absent */
function findRow(rows: readonly ParticipantRow[], row: ParticipantRow, cmp: (a: ParticipantRow, b: ParticipantRow) => number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(rows[mid], row) < 0) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < rows.length && cmp(rows[i], row) === 0; i++) if (rows[i] === row) return i;
  // rows that compare equal by their keys: found by identity
  return rows.indexOf(row);
}

function merge(
  a: readonly ParticipantRow[],
  b: readonly ParticipantRow[],
  cmp: (x: ParticipantRow, y: ParticipantRow) => number,
): ParticipantRow[] {
  const out: ParticipantRow[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  // a kept row before an added one that compares equal: the stable sort's order
  while (i < a.length && j < b.length) out[k++] = cmp(b[j], a[i]) < 0 ? b[j++] : a[i++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
