/**
 * (podium) Who did what (issue 16 item 1): every command a controller sends, with its time, the
 * controller's role and address (never a session id: that is the session's secret, issue 17),
 * the command, its targets by the names they had then, its values and its outcome. Kept in the
 * store, so the log survives a restart. Platform mode keeps none: the platform has no such record,
 * and a console in front of it records what it sees itself.
 *
 * Bounded (issue 24 point 1): whatever a controller sends, one entry is at most
 * {@link ENTRY_MAX_BYTES} of JSON (every key, value, target and the sub-action cut to a size), a
 * refused command keeps only a digest of its keys (never its values), and a meeting keeps at most
 * {@link ACTIVITY_CAP} entries and {@link ACTIVITY_BYTES_CAP} bytes, the oldest dropped first. A
 * page answers at most {@link ACTIVITY_PAGE_BYTES}.
 */
import type { ActivityEntry, ActivityPage as WireActivityPage, ActivityTarget, ControllerRole } from '../../protocol/wire';
import { activityAction as actionOf, activityValues } from '../../protocol/activity';
import type { Store, StoreOp } from '../store/types';
import type { Room } from './room';

export const ACTIVITY_COLLECTION = 'activity';
/** entries kept per meeting */
export const ACTIVITY_CAP = 5000;
/** bytes of entries (their JSON) kept per meeting */
export const ACTIVITY_BYTES_CAP = 4 * 1024 * 1024;
/** entries one page answers at most */
export const ACTIVITY_PAGE_MAX = 500;
/** bytes of entries one page answers at most (at least one entry) */
export const ACTIVITY_PAGE_BYTES = 512 * 1024;
/** the JSON of one entry at most */
export const ENTRY_MAX_BYTES = 4096;
/** targets named per entry; a bulk command on more says how many more */
const TARGETS_NAMED = 50;
/** characters kept of a key, a sub-action, a target's id and a target's name */
const KEY_MAX_CHARS = 64;
const NAME_MAX_CHARS = 128;
/** values kept of an applied command */
const VALUES_KEPT = 32;
/** keys named of a refused command */
const REFUSED_KEYS_NAMED = 8;
/** a refused command's keys are named this short */
const REFUSED_KEY_CHARS = 32;
/** what a value not kept reads as; the key `…` says how many keys are not named */
export const NOT_KEPT = '…';

/** a command's frame and targets: not among its values (as `activityValues` leaves them out) */
const FRAME_KEYS: ReadonlySet<string> = new Set(['cmdid', 'req_id', 'mr_id', 'usr_ids', 'usr_id', 'ep_id', 'ep_ids']);

/** Commands that ask and change nothing: not activity. */
const QUERIES: ReadonlySet<string> = new Set(['get_call_qa', 'get_user_infos']);
export type { ActivityEntry, ActivityTarget };
export { activityValues };
/** a page of the log as the engine gives it (the route adds `cmdid`) */
export type ActivityPage = Omit<WireActivityPage, 'cmdid'>;

/** `text` cut to `max` characters, the cut marked (never splits a surrogate pair) */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** The participants a command names, by their names in the meeting now (ids and names cut short). */
export function activityTargets(body: Record<string, unknown>, room: Room): { targets: ActivityTarget[]; more: number } {
  const ids: string[] = [];
  if (Array.isArray(body.usr_ids))
    for (const id of body.usr_ids) if (typeof id === 'string' || typeof id === 'number') ids.push(String(id));
  if (typeof body.usr_id === 'string' && body.usr_id) ids.push(body.usr_id);
  const epIds = new Set<number>();
  if (typeof body.ep_id === 'number') epIds.add(body.ep_id);
  if (Array.isArray(body.ep_ids)) for (const id of body.ep_ids) if (typeof id === 'number') epIds.add(id);
  if (epIds.size) for (const ep of room.endpoints.values()) if (epIds.has(ep.epId)) ids.push(ep.usrId);
  const unique = [...new Set(ids)];
  const nameOf = (usrId: string) => room.endpoints.get(usrId)?.name ?? room.roster.get(usrId)?.name ?? '';
  return {
    targets: unique
      .slice(0, TARGETS_NAMED)
      .map((usr_id) => ({ usr_id: cut(usr_id, KEY_MAX_CHARS), name: cut(nameOf(usr_id), NAME_MAX_CHARS) })),
    more: Math.max(0, unique.length - TARGETS_NAMED),
  };
}

/** The values of an applied command: at most {@link VALUES_KEPT}, keys cut short, values as {@link activityValues} shortens them. */
function appliedValues(body: Record<string, unknown>): Record<string, unknown> {
  const shown = activityValues(body);
  const out: Record<string, unknown> = {};
  const keys = Object.keys(shown);
  for (const k of keys.slice(0, VALUES_KEPT)) out[cut(k, KEY_MAX_CHARS)] = shown[k];
  if (keys.length > VALUES_KEPT) out[NOT_KEPT] = `+${keys.length - VALUES_KEPT}`;
  return out;
}

/** A refused command's digest: the first few keys it sent (cut short, values not kept) and how many more. */
export function refusedDigest(body: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(body).filter((k) => !FRAME_KEYS.has(k) && body[k] !== undefined);
  const out: Record<string, unknown> = {};
  for (const k of keys.slice(0, REFUSED_KEYS_NAMED)) out[cut(k, REFUSED_KEY_CHARS)] = NOT_KEPT;
  if (keys.length > REFUSED_KEYS_NAMED) out[NOT_KEPT] = `+${keys.length - REFUSED_KEYS_NAMED}`;
  return out;
}

/** Bytes of an entry's JSON as kept and sent (UTF-8). */
export const entryBytes = (entry: ActivityEntry): number => Buffer.byteLength(JSON.stringify(entry), 'utf8');

/** UTF-8 bytes of a value's JSON */
const jsonBytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');

/** room kept for the `…` marker of values not kept */
const MARKER_BYTES = 24;

/** `entry` within {@link ENTRY_MAX_BYTES}: the values that fit in order (the rest counted under `…`), then fewer targets. */
function fitted(entry: ActivityEntry): { entry: ActivityEntry; bytes: number } {
  let bytes = entryBytes(entry);
  if (bytes <= ENTRY_MAX_BYTES) return { entry, bytes };
  const e: ActivityEntry = { ...entry, targets: [...entry.targets], values: {} };
  let size = entryBytes(e) + MARKER_BYTES;
  let notKept = Number(String(entry.values[NOT_KEPT] ?? '+0').slice(1)) || 0;
  for (const [k, v] of Object.entries(entry.values)) {
    if (k === NOT_KEPT) continue;
    const add = jsonBytes(k) + jsonBytes(v) + 2;
    if (size + add > ENTRY_MAX_BYTES) notKept++;
    else {
      e.values[k] = v;
      size += add;
    }
  }
  if (notKept) e.values[NOT_KEPT] = `+${notKept}`;
  bytes = entryBytes(e);
  while (bytes > ENTRY_MAX_BYTES && e.targets.length) {
    const gone = e.targets.pop()!;
    e.more_targets++;
    bytes -= jsonBytes(gone) + 1;
  }
  return { entry: e, bytes: entryBytes(e) };
}

const keyOf = (mrId: string, id: number) => `${mrId}/${String(id).padStart(12, '0')}`;

export class ActivityLog {
  /** per meeting: the ids kept, oldest first, and their bytes (loaded from the store on first use) */
  private readonly ids = new Map<string, { ids: number[]; bytes: number[]; total: number }>();

  constructor(private readonly store: Store) {}

  private idsOf(mrId: string): { ids: number[]; bytes: number[]; total: number } {
    let kept = this.ids.get(mrId);
    if (!kept) {
      const prefix = `${mrId}/`;
      const ids = this.store
        .keys(ACTIVITY_COLLECTION)
        .filter((k) => k.startsWith(prefix))
        .map((k) => Number(k.slice(prefix.length)))
        .sort((a, b) => a - b);
      const bytes = ids.map((id) => {
        const e = this.store.get<ActivityEntry>(ACTIVITY_COLLECTION, keyOf(mrId, id));
        return e ? entryBytes(e) : 0;
      });
      kept = { ids, bytes, total: bytes.reduce((a, b) => a + b, 0) };
      this.ids.set(mrId, kept);
    }
    return kept;
  }

  /**
   * The entry of one command (undefined for a query) and the store ops that keep it and drop
   * what falls out of the caps. Nothing is written: the caller writes the ops with the command's
   * own effect (an acknowledged command's entry is as durable as the command), or on its own.
   */
  prepare(args: {
    room: Room;
    role: ControllerRole;
    peerIp: string;
    cmdid: string;
    body: Record<string, unknown>;
    status: number;
    result: number;
    nowSecs: number;
  }): { entry: ActivityEntry; ops: StoreOp[] } | undefined {
    if (QUERIES.has(args.cmdid)) return undefined;
    const kept = this.idsOf(args.room.mrId);
    const id = (kept.ids[kept.ids.length - 1] ?? 0) + 1;
    const { targets, more } = activityTargets(args.body, args.room);
    const applied = args.result === 0;
    const { entry, bytes } = fitted({
      id,
      dtm: args.nowSecs,
      role: args.role,
      peer_ip: cut(args.peerIp, KEY_MAX_CHARS),
      cmdid: cut(args.cmdid, KEY_MAX_CHARS),
      action: cut(actionOf(args.body), KEY_MAX_CHARS),
      targets,
      more_targets: more,
      values: applied ? appliedValues(args.body) : refusedDigest(args.body),
      result: args.result,
      status: args.status,
    });
    kept.ids.push(id);
    kept.bytes.push(bytes);
    kept.total += bytes;
    const ops: StoreOp[] = [{ op: 'put', collection: ACTIVITY_COLLECTION, key: keyOf(args.room.mrId, id), value: entry }];
    while (kept.ids.length > ACTIVITY_CAP || kept.total > ACTIVITY_BYTES_CAP) {
      kept.total -= kept.bytes.shift()!;
      ops.push({ op: 'delete', collection: ACTIVITY_COLLECTION, key: keyOf(args.room.mrId, kept.ids.shift()!) });
    }
    return { entry, ops };
  }

  /**
   * Records one command and returns its entry (undefined for a query), writing it on its own
   * without waiting (refused commands: they changed nothing a crash could lose).
   */
  record(args: Parameters<ActivityLog['prepare']>[0]): ActivityEntry | undefined {
    const prepared = this.prepare(args);
    if (!prepared) return undefined;
    void this.store.batch(prepared.ops).catch(() => undefined);
    return prepared.entry;
  }

  /** bytes of the entries a meeting keeps (their JSON) */
  bytesOf(mrId: string): number {
    return this.idsOf(mrId).total;
  }

  /** The entries older than `before` (all when absent), newest first, at most `limit` and {@link ACTIVITY_PAGE_BYTES}. */
  page(mrId: string, before: number | undefined, limit: number): ActivityPage {
    const { ids, bytes } = this.idsOf(mrId);
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
    const entries: ActivityEntry[] = [];
    let size = 0;
    let i = end - 1;
    for (; i >= 0 && entries.length < limit; i--) {
      if (entries.length > 0 && size + bytes[i] > ACTIVITY_PAGE_BYTES) break;
      const e = this.store.get<ActivityEntry>(ACTIVITY_COLLECTION, keyOf(mrId, ids[i]));
      if (e) entries.push(e);
      size += bytes[i];
    }
    return i >= 0 ? { entries, next_before: ids[i + 1] } : { entries };
  }
}
