/**
 * Turns the participants machine's merged records into table rows. A record object is replaced
 * by the store when it changes, so rows are cached per record: an unchanged participant keeps
 * the same row object and its memoised table row does not re-render.
 */
import type { Participant, WaitingEntry } from '@machines/index';
import type { ParticipantRow } from './participantModel';

/**
 * The address to show: the endpoint's uri without scheme, port or parameters while online
 * (protocol-facts §5.2), else the invited call address with the platform's comma turned into @.
 * @example displayAddress('sip:alice@10.0.0.5:5060;transport=tcp') // 'alice@10.0.0.5'
 */
export function displayAddress(uri: string, callAddr: string): string {
  if (uri) {
    let s = uri.replace(/^(sips?|h323|tel):/i, '');
    const semi = s.indexOf(';');
    if (semi >= 0) s = s.slice(0, semi);
    return s.replace(/:\d+$/, '');
  }
  return callAddr.replace(',', '@');
}

/** What the row maker reads of the participant store (machines/participants/participantStore.ts). */
export interface RowSource {
  readonly version: number;
  isWaiting(usrId: string): boolean;
  has(usrId: string): boolean;
  /** a record's place in the store's list, -1 when unknown */
  position(usrId: string): number;
  /** the usr_ids changed after `version`, null when the store cannot tell */
  changedSince(version: number): readonly string[] | null;
}

/** a batch touching more than this share of the list is made in full: cheaper than patching */
const PATCH_SHARE = 0.25;

const cache = new WeakMap<Participant, ParticipantRow>();
const waitingCache = new WeakMap<WaitingEntry, ParticipantRow>();

/** pin_sort > 0 is the server's custom order; the rest keep their arrival order after them */
function orderOf(p: Participant, seq: number): number {
  return (p.pin_sort > 0 ? p.pin_sort : 1_000_000) * 1e9 + seq;
}

/**
 * Turns the records into rows batch after batch (one maker per participant list). A row's order
 * is its participant's place in arrival order, kept while they stay listed, not their index in
 * the list: a participant leaving moved every index after them, and with the index in the row
 * every later row was a new object in that batch, so the table saw thousands of changed rows and
 * the tab was counted and sorted afresh (issue 27 item 1). The roster number shown as Index is
 * looked up for the rows on screen instead ({@link rosterNumbers}).
 */
export class RowMaker {
  /** usr_id → arrival sequence; ascending along the list (the store keeps arrival order) */
  private seqOf = new Map<string, number>();
  private lastSeq = 0;
  private list: readonly Participant[] | null = null;
  private seqs: number[] = [];
  /** what {@link fromStore} last gave, and of which store version */
  private last: { list: readonly Participant[]; waitingList: readonly WaitingEntry[]; version: number; rows: ParticipantRow[] } | null =
    null;

  /**
   * The rows of the store's `list` and `waitingList` (read from it for this render), patched where
   * the store's journal says records changed since the last call, and where someone went into or
   * out of the waiting room: with the same members, a feed batch of status changes costs the rows
   * it touched, not a pass over 10,000 records (issue 27 item 1); after a join or leave the kept
   * members keep their rows by a walk along both lists. A reload or a batch touching a quarter of
   * the list is made in full. Nothing changed: the same array.
   */
  fromStore(store: RowSource, list: readonly Participant[], waitingList: readonly WaitingEntry[]): ParticipantRow[] {
    const last = this.last;
    const version = store.version;
    const changed = last && this.list === last.list ? store.changedSince(last.version) : null;
    let rows: ParticipantRow[] | null = null;
    if (last && changed && changed.length <= list.length * PATCH_SHARE) {
      const waiting = last.waitingList === waitingList ? null : { from: last.waitingList, to: waitingList };
      if (last.list !== list) rows = this.relist(last.list, last.rows, changed, store, list, waiting);
      else if (changed.length === 0 && !waiting) rows = last.rows;
      else
        rows = this.patch(
          last.rows,
          changed,
          store,
          list,
          last.waitingList === waitingList ? null : { from: last.waitingList, to: waitingList },
        );
    }
    rows ??= this.rows(
      list,
      waitingList,
      (id) => store.isWaiting(id),
      (id) => store.has(id),
    );
    this.last = { list, waitingList, version, rows };
    return rows;
  }

  /**
   * `prev` with the rows of the `changed` usr_ids made again, and with `waiting` the rows of those
   * who went into or out of the waiting room and the waiting users the roster does not list;
   * null when a changed usr_id is not where the list says.
   */
  private patch(
    prev: ParticipantRow[],
    changed: readonly string[],
    store: RowSource,
    list: readonly Participant[],
    waiting: { from: readonly WaitingEntry[]; to: readonly WaitingEntry[] } | null,
  ): ParticipantRow[] | null {
    const rows = waiting ? prev.slice(0, list.length) : prev.slice();
    const redo = (id: string): boolean => {
      const i = store.position(id);
      if (i < 0 || i >= list.length || list[i].usr_id !== id) return false;
      const p = list[i];
      rows[i] = this.rowOf(p, this.seqs[i], p.online === 1 && store.isWaiting(id));
      return true;
    };
    for (const id of changed) if (!redo(id)) return null;
    if (waiting) {
      // a waiting user the roster does not list has no place in it: the tail below holds them
      for (const id of waitingMoves(waiting.from, waiting.to)) redo(id);
      this.waitingTail(rows, waiting.to, (id) => store.has(id));
    }
    return rows;
  }

  /**
   * The rows after a join or leave. The store keeps arrival order (a leave drops a record, a join
   * appends one), so a walk along the old and the new list pairs the members kept, which keep
   * their rows and places unless the journal names them; the rest are made as a full pass makes
   * them. Null when the new list is not the old one less those who left plus newcomers at its
   * end (someone left and came back within the batch, a reload): made in full then.
   */
  private relist(
    oldList: readonly Participant[],
    oldRows: readonly ParticipantRow[],
    changed: readonly string[],
    store: RowSource,
    list: readonly Participant[],
    waiting: { from: readonly WaitingEntry[]; to: readonly WaitingEntry[] } | null,
  ): ParticipantRow[] | null {
    const touched = new Set(changed);
    if (waiting) for (const id of waitingMoves(waiting.from, waiting.to)) touched.add(id);
    const left = (id: string) => touched.has(id) && !store.has(id);
    const oldSeqs = this.seqs;
    const rows: ParticipantRow[] = new Array(list.length);
    const seqs = new Array<number>(list.length);
    let j = 0;
    let prev = 0;
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      const id = p.usr_id;
      while (j < oldList.length && oldList[j].usr_id !== id && left(oldList[j].usr_id)) j++;
      let seq: number;
      if (j < oldList.length && oldList[j].usr_id === id) {
        seq = oldSeqs[j];
        rows[i] = touched.has(id) ? this.rowOf(p, seq, p.online === 1 && store.isWaiting(id)) : oldRows[j];
        j++;
      } else {
        // a newcomer stands after every kept member
        if (j < oldList.length || !touched.has(id)) return null;
        seq = this.seqOf.get(id) ?? 0;
        // new, or back after leaving: a place after everyone listed (as sequence() gives)
        if (seq <= prev) {
          seq = ++this.lastSeq;
          this.seqOf.set(id, seq);
        }
        rows[i] = this.rowOf(p, seq, p.online === 1 && store.isWaiting(id));
      }
      seqs[i] = seq;
      prev = seq;
    }
    for (; j < oldList.length; j++) if (!left(oldList[j].usr_id)) return null;
    this.list = list;
    this.seqs = seqs;
    const waitingList = waiting ? waiting.to : null;
    this.waitingTail(rows, waitingList ?? this.last!.waitingList, (id) => store.has(id));
    return rows;
  }

  private rowOf(p: Participant, seq: number, waiting: boolean): ParticipantRow {
    const order = orderOf(p, seq);
    let row = cache.get(p);
    if (!row || row.order !== order || row.waiting !== waiting) {
      row = {
        usrId: p.usr_id,
        name: p.usr_name || p.gbk_name || p.usr_id,
        epId: p.ep_id || null,
        protocol: p.proto_type,
        remoteAddr: displayAddress(p.online ? p.usr_uri : '', p.call_addr),
        online: p.online === 1,
        stats: p.usr_stat,
        order,
        waiting,
        ...(p.hand_up_dtm > 0 ? { handUpAt: p.hand_up_dtm * 1000 } : {}),
        ...(p.dep_name ? { department: p.dep_name } : {}),
        ...(p.usr_appoint === 1 ? { appointed: true } : {}),
      };
      cache.set(p, row);
    }
    return row;
  }

  /** Rows of every participant plus waiting-room users the roster does not know yet. */
  rows(
    list: readonly Participant[],
    waitingList: readonly WaitingEntry[],
    isWaiting: (usrId: string) => boolean,
    /** whether the roster lists the usr_id (default: looked up in `list`) */
    listed?: (usrId: string) => boolean,
  ): ParticipantRow[] {
    // the store gives a new list array when someone joins or leaves, else changes records in place
    if (list !== this.list) this.sequence(list);
    const rows: ParticipantRow[] = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const p = list[i];
      rows[i] = this.rowOf(p, this.seqs[i], p.online === 1 && isWaiting(p.usr_id));
    }
    if (waitingList.length) this.waitingTail(rows, waitingList, listed ?? setOf(list));
    return rows;
  }

  /** Appends the rows of the waiting users the roster does not list, after `rows`. */
  private waitingTail(rows: ParticipantRow[], waitingList: readonly WaitingEntry[], inList: (usrId: string) => boolean): void {
    for (const w of waitingList) {
      if (inList(w.usr_id)) continue;
      const order = 2_000_000 * 1e9 + rows.length;
      let row = waitingCache.get(w);
      if (!row || row.order !== order) {
        row = {
          usrId: w.usr_id,
          name: w.usr_name || w.gbk_name || w.usr_id,
          epId: w.ep_id || null,
          protocol: 0,
          remoteAddr: displayAddress(w.usr_uri, ''),
          online: true,
          stats: '',
          order,
          waiting: true,
        };
        waitingCache.set(w, row);
      }
      rows.push(row);
    }
  }

  private sequence(list: readonly Participant[]): void {
    const seqs = new Array<number>(list.length);
    let prev = 0;
    for (let i = 0; i < list.length; i++) {
      const id = list[i].usr_id;
      let seq = this.seqOf.get(id);
      // new, or back after leaving (appended at the end): a place after everyone listed
      if (seq === undefined || seq <= prev) {
        seq = ++this.lastSeq;
        this.seqOf.set(id, seq);
      }
      seqs[i] = seq;
      prev = seq;
    }
    this.list = list;
    this.seqs = seqs;
  }
}

/** The usr_ids in one waiting list and not the other. */
function waitingMoves(from: readonly WaitingEntry[], to: readonly WaitingEntry[]): string[] {
  const before = new Set(from.map((w) => w.usr_id));
  const after = new Set(to.map((w) => w.usr_id));
  const moved: string[] = [];
  for (const id of after) if (!before.has(id)) moved.push(id);
  for (const id of before) if (!after.has(id)) moved.push(id);
  return moved;
}

function setOf(list: readonly Participant[]): (usrId: string) => boolean {
  const ids = new Set(list.map((p) => p.usr_id));
  return (usrId) => ids.has(usrId);
}

/** Rows of every participant plus waiting-room users the roster does not know yet (one batch; see {@link RowMaker}). */
export function toRows(
  list: readonly Participant[],
  waitingList: readonly WaitingEntry[],
  isWaiting: (usrId: string) => boolean,
): ParticipantRow[] {
  return new RowMaker().rows(list, waitingList, isWaiting);
}

/**
 * The roster number (1-based place in the roster, shown as Index) of a usr_id, for the rows on
 * screen: the waiting-room users the roster does not know follow it. Built on the first look-up.
 */
export function rosterNumbers(
  list: readonly Participant[],
  waitingList: readonly WaitingEntry[],
  /**
   * the store's place of a usr_id in `list` (-1: not listed): the roster's numbers are read from
   * it, and only the waiting users it does not list are numbered here. Without it a map of every
   * usr_id is built, which a join or leave at 10,000 participants made again (issue 27 item 1).
   */
  position?: (usrId: string) => number,
): (usrId: string) => number | undefined {
  let numbers: Map<string, number> | null = null;
  return (usrId) => {
    if (position) {
      const i = position(usrId);
      if (i >= 0) return i + 1;
    }
    if (!numbers) {
      numbers = new Map();
      if (position) {
        let n = list.length;
        for (const w of waitingList) if (position(w.usr_id) < 0 && !numbers.has(w.usr_id)) numbers.set(w.usr_id, ++n);
      } else {
        for (let i = 0; i < list.length; i++) numbers.set(list[i].usr_id, i + 1);
        for (const w of waitingList) if (!numbers.has(w.usr_id)) numbers.set(w.usr_id, numbers.size + 1);
      }
    }
    return numbers.get(usrId);
  };
}
