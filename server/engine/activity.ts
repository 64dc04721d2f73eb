/**
 * (podium) Who did what (issue 16 item 1): every command a controller sends, with its time, the
 * controller's role and address (never a session id: that is the session's secret, issue 17),
 * the command, its targets by the names they had then, its values and its outcome. Kept in the
 * store, so the log survives a restart; at most {@link ACTIVITY_CAP} entries per meeting, the
 * oldest dropped first. Platform mode keeps none: the platform has no such record, and a console
 * in front of it records what it sees itself.
 */
import type { ControllerRole } from '../../protocol/wire';
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
/** Body fields that are the command's frame, its targets or secrets: not shown as values. */
const NOT_VALUES: ReadonlySet<string> = new Set(['cmdid', 'req_id', 'mr_id', 'usr_ids', 'usr_id', 'ep_id', 'ep_ids']);
const SECRET = /pwd|password|passwd|token|secret|key/i;
const VALUE_MAX_CHARS = 200;

export interface ActivityTarget {
  usr_id: string;
  /** the participant's name when the command was sent ('' when unknown then) */
  name: string;
}

export interface ActivityEntry {
  /** increasing per meeting: the paging cursor */
  id: number;
  /** Unix seconds */
  dtm: number;
  role: ControllerRole;
  peer_ip: string;
  cmdid: string;
  /** the command's sub-action where it has one (`ctrl_mr_eps` action, `mod_mr_status` key) */
  action: string;
  targets: ActivityTarget[];
  /** targets beyond the named ones */
  more_targets: number;
  values: Record<string, unknown>;
  /** 0 applied; otherwise the refusal's result code */
  result: number;
  status: number;
}

export interface ActivityPage {
  /** newest first */
  entries: ActivityEntry[];
  /** pass as `before` for the next (older) page; absent on the last page */
  next_before?: number;
}

/** The values a command set, without its frame, targets or secrets; long text shortened. */
export function activityValues(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (NOT_VALUES.has(k)) continue;
    if (SECRET.test(k)) {
      out[k] = '••••';
      continue;
    }
    const text = JSON.stringify(v);
    if (text === undefined) continue;
    out[k] = text.length > VALUE_MAX_CHARS ? `${text.slice(0, VALUE_MAX_CHARS)}…` : v;
  }
  return out;
}

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

function actionOf(body: Record<string, unknown>): string {
  for (const k of ['action', 'key']) if (typeof body[k] === 'string') return body[k] as string;
  return '';
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
