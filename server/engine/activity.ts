/**
 * (podium) Who did what (issue 16 item 1): every command a controller sends, with its time, the
 * controller's role and address (never a session id: that is the session's secret, issue 17),
 * the command, its targets by the names they had then, its values and its outcome. Kept in the
 * store, so the log survives a restart; at most {@link ACTIVITY_CAP} entries per meeting, the
 * oldest dropped first. Platform mode keeps none: the platform has no such record, and a console
 * in front of it records what it sees itself.
 */
import type { ActivityEntry, ActivityPage as WireActivityPage, ActivityTarget, ControllerRole } from '../../protocol/wire';
import { activityAction as actionOf, activityValues } from '../../protocol/activity';
import type { Store, StoreOp } from '../store/types';
import type { Room } from './room';

export const ACTIVITY_COLLECTION = 'activity';
/** entries kept per meeting */
export const ACTIVITY_CAP = 5000;
/** entries one page answers at most */
export const ACTIVITY_PAGE_MAX = 500;
/** targets named per entry; a bulk command on more says how many more */
const TARGETS_NAMED = 50;

/** Commands that ask and change nothing: not activity. */
const QUERIES: ReadonlySet<string> = new Set(['get_call_qa', 'get_user_infos']);
export type { ActivityEntry, ActivityTarget };
export { activityValues };
/** a page of the log as the engine gives it (the route adds `cmdid`) */
export type ActivityPage = Omit<WireActivityPage, 'cmdid'>;

/** The participants a command names, by their names in the meeting now. */
export function activityTargets(body: Record<string, unknown>, room: Room): { targets: ActivityTarget[]; more: number } {
  const ids: string[] = [];
  if (Array.isArray(body.usr_ids)) for (const id of body.usr_ids) if (typeof id === 'string' || typeof id === 'number') ids.push(String(id));
  if (typeof body.usr_id === 'string' && body.usr_id) ids.push(body.usr_id);
  const epIds = new Set<number>();
  if (typeof body.ep_id === 'number') epIds.add(body.ep_id);
  if (Array.isArray(body.ep_ids)) for (const id of body.ep_ids) if (typeof id === 'number') epIds.add(id);
  if (epIds.size) for (const ep of room.endpoints.values()) if (epIds.has(ep.epId)) ids.push(ep.usrId);
  const unique = [...new Set(ids)];
  const nameOf = (usrId: string) => room.endpoints.get(usrId)?.name ?? room.roster.get(usrId)?.name ?? '';
  return {
    targets: unique.slice(0, TARGETS_NAMED).map((usr_id) => ({ usr_id, name: nameOf(usr_id) })),
    more: Math.max(0, unique.length - TARGETS_NAMED),
  };
}

const keyOf = (mrId: string, id: number) => `${mrId}/${String(id).padStart(12, '0')}`;

export class ActivityLog {
  /** per meeting: the ids kept, oldest first (loaded from the store on first use) */
  private readonly ids = new Map<string, number[]>();

  constructor(private readonly store: Store) {}

  private idsOf(mrId: string): number[] {
    let ids = this.ids.get(mrId);
    if (!ids) {
      const prefix = `${mrId}/`;
      ids = this.store
        .keys(ACTIVITY_COLLECTION)
        .filter((k) => k.startsWith(prefix))
        .map((k) => Number(k.slice(prefix.length)))
        .sort((a, b) => a - b);
      this.ids.set(mrId, ids);
    }
    return ids;
  }

  /**
   * Records one command and returns its entry (undefined for a query). The write is not awaited:
   * the command's own answer must not wait for, nor fail with, its record.
   */
  record(args: {
    room: Room;
    role: ControllerRole;
    peerIp: string;
    cmdid: string;
    body: Record<string, unknown>;
    status: number;
    result: number;
    nowSecs: number;
  }): ActivityEntry | undefined {
    if (QUERIES.has(args.cmdid)) return undefined;
    const ids = this.idsOf(args.room.mrId);
    const id = (ids[ids.length - 1] ?? 0) + 1;
    const { targets, more } = activityTargets(args.body, args.room);
    const entry: ActivityEntry = {
      id,
      dtm: args.nowSecs,
      role: args.role,
      peer_ip: args.peerIp,
      cmdid: args.cmdid,
      action: actionOf(args.body),
      targets,
      more_targets: more,
      values: activityValues(args.body),
      result: args.result,
      status: args.status,
    };
    ids.push(id);
    const ops: StoreOp[] = [{ op: 'put', collection: ACTIVITY_COLLECTION, key: keyOf(args.room.mrId, id), value: entry }];
    while (ids.length > ACTIVITY_CAP) ops.push({ op: 'delete', collection: ACTIVITY_COLLECTION, key: keyOf(args.room.mrId, ids.shift()!) });
    void this.store.batch(ops).catch(() => undefined);
    return entry;
  }

  /** The entries older than `before` (all when absent), newest first, at most `limit`. */
  page(mrId: string, before: number | undefined, limit: number): ActivityPage {
    const ids = this.idsOf(mrId);
    let end = ids.length;
    if (before !== undefined) {
      // ids are sorted: the first index at or past `before`
      let lo = 0;
      let hi = ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ids[mid] < before) lo = mid + 1;
        else hi = mid;
      }
      end = lo;
    }
    const start = Math.max(0, end - limit);
    const entries: ActivityEntry[] = [];
    for (let i = end - 1; i >= start; i--) {
      const e = this.store.get<ActivityEntry>(ACTIVITY_COLLECTION, keyOf(mrId, ids[i]));
      if (e) entries.push(e);
    }
    return start > 0 ? { entries, next_before: ids[start] } : { entries };
  }
}
