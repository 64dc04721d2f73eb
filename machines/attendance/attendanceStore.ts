/**
 * The attendance of one meeting as this console holds it (issue 29): one presence record per
 * participant, invited or not, folded with the shared interval logic of protocol/attendance.ts.
 *
 * Built for 10,000 participants over hours of reconnect storms: records live in a Map mutated in
 * place (a changed record is a new object, so a row can compare by identity), each record keeps
 * at most INTERVALS_PER_PERSON_MAX stays (older ones merge, the time present stays exact), and the
 * list array is rebuilt lazily only when someone new appears. Readers compare
 * {@link AttendanceStore.version}. Nothing here knows XState.
 */
import {
  applyPresence,
  applyRollCall,
  attendanceState,
  emptyRecord,
  type PresenceEvent,
  type PresenceRecord,
} from '../../protocol/attendance';

/** A leave reason arriving within this many seconds of a leave already seen belongs to that leave. */
const SAME_LEAVE_SECS = 5;

export class AttendanceStore {
  private readonly records = new Map<string, PresenceRecord>();
  private listCache: PresenceRecord[] | null = null;
  /** slot of each usr_id in `listCache` (valid while the cache is) */
  private slots = new Map<string, number>();
  private versionCount = 0;

  get version(): number {
    return this.versionCount;
  }

  get size(): number {
    return this.records.size;
  }

  get(usrId: string): PresenceRecord | undefined {
    return this.records.get(usrId);
  }

  /** Every record, in the order they were first seen (a new array only when someone new appeared). */
  list(): readonly PresenceRecord[] {
    if (!this.listCache) {
      this.listCache = [...this.records.values()];
      this.slots = new Map(this.listCache.map((r, i) => [r.usr_id, i]));
    }
    return this.listCache;
  }

  private put(rec: PresenceRecord, before: PresenceRecord | undefined): void {
    if (rec === before) return;
    this.records.set(rec.usr_id, rec);
    this.versionCount += 1;
    if (!before) this.listCache = null;
    else if (this.listCache) {
      // the slot of the old record takes the new one: no new array (nor a search) for a change
      const i = this.slots.get(rec.usr_id);
      if (i !== undefined && this.listCache[i] === before) this.listCache[i] = rec;
      else this.listCache = null;
    }
  }

  /** Folds one join, presence or leave. */
  apply(ev: PresenceEvent): void {
    const before = this.records.get(ev.usr_id);
    this.put(applyPresence(before ?? emptyRecord(ev.usr_id, ev.name ?? ''), ev), before);
  }

  /**
   * A leave the feed announced without a time (`online_eps_left`): only a stay still open is
   * closed (the `left_call` before it may already have closed it with its reason and time).
   */
  leaveIfPresent(usrId: string, at: number): void {
    const rec = this.records.get(usrId);
    if (rec && attendanceState(rec) === 'present') this.apply({ kind: 'leave', usr_id: usrId, at });
  }

  /**
   * A leave with its reason (`left_call`): when the stay was already closed a moment ago (the
   * timeless `online_eps_left` came first) the reason is added to that leave instead of a second one.
   */
  leaveWithReason(usrId: string, name: string, at: number, reason: string, duration?: number): void {
    const rec = this.records.get(usrId);
    const last = rec?.intervals[rec.intervals.length - 1];
    if (rec && last?.leave !== undefined && Math.abs(last.leave - at) <= SAME_LEAVE_SECS) {
      if (!reason || last.leave_reason === reason) return;
      const intervals = rec.intervals.slice();
      intervals[intervals.length - 1] = { ...last, leave_reason: reason };
      this.put({ ...rec, name: name || rec.name, intervals }, rec);
      return;
    }
    this.apply({ kind: 'leave', usr_id: usrId, name: name || undefined, at, reason: reason || undefined, duration });
  }

  /** Marks the participants of the invited list (added ones) and names them; removed ones lose the mark. */
  invite(added: readonly { usrId: string; name: string }[], removed: readonly string[] = []): void {
    for (const { usrId, name } of added) {
      const before = this.records.get(usrId);
      if (before && before.invited && (before.name || !name)) continue;
      const rec = before ?? emptyRecord(usrId, name, true);
      this.put(rec === before ? { ...rec, invited: true, name: rec.name || name } : rec, before);
    }
    for (const usrId of removed) {
      const before = this.records.get(usrId);
      if (!before?.invited) continue;
      // an invitee taken off the list who never came is no one to report
      if (before.intervals.length === 0) {
        this.records.delete(usrId);
        this.listCache = null;
        this.versionCount += 1;
      } else this.put({ ...before, invited: false }, before);
    }
  }

  /** A roll call of `usrId` at `at` (answered when present then). */
  rollCall(usrId: string, at: number, name = ''): void {
    const before = this.records.get(usrId);
    const rec = before ?? emptyRecord(usrId, name);
    // the same call seen twice (a status event repeated) is one call
    if (rec.roll_calls?.some((m) => Math.abs(m.at - at) <= 1)) return;
    this.put(applyRollCall(rec, at), before);
  }

  /** Stays still open whose participant is not in `online` now: left while this console did not see it. */
  closeAbsent(online: ReadonlySet<string>, at: number): void {
    for (const rec of this.list()) if (!online.has(rec.usr_id)) this.leaveIfPresent(rec.usr_id, at);
  }

  /** Replaces everything with the server's record (its pages), keeping what only this console knows. */
  replace(records: Iterable<PresenceRecord>): void {
    this.records.clear();
    for (const rec of records) this.records.set(rec.usr_id, rec);
    this.listCache = null;
    this.versionCount += 1;
  }

  /** What the inspector sees (never the records). */
  toJSON(): { participants: number; version: number } {
    return { participants: this.records.size, version: this.versionCount };
  }
}
