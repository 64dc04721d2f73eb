/**
 * The merged participant records of one meeting (spec §3 "Merged participant record", §4
 * "Endpoints"), built for 10,000 participants receiving 1,000 status changes in one batch.
 *
 * Records live in a Map that is mutated in place; a changed record is replaced by a new object
 * (so a row component can compare by identity) and counts are kept incrementally. The list array
 * is kept too: a changed record takes its predecessor's slot in place, and only a change of
 * membership (a new usr_id, a removal, a reload) builds a new array, lazily on the next read.
 * A status storm at 10,000 participants therefore allocates the changed records and nothing of
 * size 10,000. Readers compare {@link ParticipantStore.version}, never the list's identity, to
 * see record changes. Nothing here knows XState: the participants machine owns an instance and
 * bumps its own context when the version moves.
 *
 * Length (over 400 lines on purpose): one mutable store whose incremental counts and kept indexes
 * (hands, sub-sites, list slots, the change journal) change together with the Map on every record;
 * split, one could be updated without the other.
 */
import type { MrParticipants, OnlineEpsInfo, OnlineEpsStatus, WaitingUsr } from '../../protocol/wire';
import type { OnlineEpsLeftEvent } from '../../protocol/events';
import { SUB_SITE_DEV_TYPE } from '../cascade/subSites';

/** One participant: the invited roster entry merged with its online endpoint and its status. */
export interface Participant {
  readonly usr_id: string;
  readonly usr_name: string;
  /** call leg id; 0 while offline */
  readonly ep_id: number;
  readonly usr_uri: string;
  readonly enter_dtm: number;
  readonly dev_type: string;
  readonly ep_version: number;
  readonly gbk_name: string;
  readonly proto_type: number;
  readonly online: 0 | 1;
  readonly usr_appoint: number;
  readonly usr_type: number;
  readonly usr_attr: string;
  readonly call_addr: string;
  /** usr_stats flag string; '' while offline */
  readonly usr_stat: string;
  readonly local_rtp_ip: string;
  /** Unix seconds when the hand went up, from the server (`hand_up_dtms`); 0 while down or unknown */
  readonly hand_up_dtm: number;
  readonly usr_dep: number;
  /** the invitee's department by name, from the roster's `depid_names`; '' when not told */
  readonly dep_name: string;
  readonly pin_sort: number;
  readonly sort_para: number;
  readonly ep_uuid: string;
  /** on the invited roster (as opposed to an ad-hoc caller) */
  readonly invited: boolean;
}

/** A user in the waiting room (spec §3 "Waiting-room user"). */
export interface WaitingEntry {
  readonly usr_id: string;
  readonly ep_id: number;
  readonly usr_name: string;
  readonly gbk_name: string;
  readonly dev_type: string;
  readonly usr_type: number;
  readonly usr_uri: string;
}

export interface ParticipantCounts {
  readonly total: number;
  readonly online: number;
  readonly handUp: number;
  readonly waiting: number;
}

const BLANK: Participant = {
  usr_id: '',
  usr_name: '',
  ep_id: 0,
  usr_uri: '',
  enter_dtm: 0,
  dev_type: '',
  ep_version: 0,
  gbk_name: '',
  proto_type: 0,
  online: 0,
  usr_appoint: 0,
  usr_type: 0,
  usr_attr: '',
  call_addr: '',
  usr_stat: '',
  local_rtp_ip: '',
  hand_up_dtm: 0,
  usr_dep: 0,
  dep_name: '',
  pin_sort: 0,
  sort_para: 0,
  ep_uuid: '',
  invited: false,
};

const DEFAULT_HAND_POS = 13;
const DEFAULT_WAITING_POS = 16;
/** the change journal keeps at least this many entries, else the store's size */
const JOURNAL_MIN = 1024;

function digitAt(stats: string, pos: number): number {
  const c = stats.charCodeAt(pos);
  return c >= 48 && c <= 57 ? c - 48 : 0;
}

/**
 * A second dash-separated number below 10000 marks an appointed participant (spec §3).
 * @example appointedFromAttr('3-25-0') // 1
 */
export function appointedFromAttr(attr: string): number {
  const parts = attr.split('-');
  if (parts.length < 2 || parts[1] === '') return 0;
  const n = Number(parts[1]);
  return Number.isFinite(n) && n < 10000 ? 1 : 0;
}

export class ParticipantStore {
  private readonly records = new Map<string, Participant>();
  private readonly waitingByUsr = new Map<string, WaitingEntry>();
  private onlineCount = 0;
  private handCount = 0;
  private handPos = DEFAULT_HAND_POS;
  private waitingPos = DEFAULT_WAITING_POS;
  private statsDesc: readonly string[] = [];
  /** every record in arrival order; valid while `listStale` is false */
  private ordered: Participant[] = [];
  /** slot of each usr_id in `ordered`, kept across rebuilds (no new Map per rebuild) */
  private readonly slotOf = new Map<string, number>();
  /** membership changed since `ordered` was built */
  private listStale = false;
  private waitingList: WaitingEntry[] = [];
  private waitingStale = false;
  /** the sub-site records in arrival order; valid while `subSitesStale` is false */
  private subSiteList: Participant[] = [];
  /** a sub-site joined, left or became one since `subSiteList` was built */
  private subSitesStale = false;
  /**
   * usr_ids whose record changed or went, oldest first, with the version each change made: a
   * reader that keeps something per record (a tally) catches up on these instead of re-reading
   * 10,000 records per batch. Trimmed from the front; `journalFloor` is the oldest version it covers.
   */
  private journalIds: string[] = [];
  private journalVersions: number[] = [];
  private journalFloor = 0;
  /** moves on every change that a reader could see */
  version = 0;

  get(usrId: string): Participant | undefined {
    return this.records.get(usrId);
  }

  has(usrId: string): boolean {
    return this.records.has(usrId);
  }

  get size(): number {
    return this.records.size;
  }

  counts(): ParticipantCounts {
    return {
      total: this.records.size,
      online: this.onlineCount,
      handUp: this.handCount,
      waiting: this.waitingByUsr.size,
    };
  }

  /**
   * Every record in arrival order. The same array until membership changes: a changed record
   * replaces its predecessor in place (watch {@link version}); a join of a new usr_id, a removal
   * or a reload gives a new array.
   */
  list(): readonly Participant[] {
    return this.freshList();
  }

  private freshList(): readonly Participant[] {
    if (this.listStale) {
      const list: Participant[] = new Array(this.records.size);
      let i = 0;
      for (const p of this.records.values()) {
        this.slotOf.set(p.usr_id, i);
        list[i++] = p;
      }
      this.ordered = list;
      this.listStale = false;
    }
    return this.ordered;
  }

  /** The waiting map in arrival order; a new array only when the waiting map changed. */
  waiting(): readonly WaitingEntry[] {
    if (this.waitingStale) {
      this.waitingList = [...this.waitingByUsr.values()];
      this.waitingStale = false;
    }
    return this.waitingList;
  }

  /**
   * The cascade's sub-site legs (`dev_type` mr_cascade_sub) in arrival order, the same as filtering
   * {@link list}: a reader per feed batch looks at these few, not at 10,000 records. A changed
   * sub-site takes its slot in place; one joining, leaving or changing kind rebuilds the array.
   */
  subSites(): readonly Participant[] {
    if (this.subSitesStale) {
      const out: Participant[] = [];
      for (const p of this.records.values()) if (p.dev_type === SUB_SITE_DEV_TYPE) out.push(p);
      this.subSiteList = out;
      this.subSitesStale = false;
    }
    return this.subSiteList;
  }

  /**
   * The usr_ids whose record changed, came or went after `version` (repeats possible), or null
   * when the journal no longer reaches back that far (a reload, or a reader far behind): re-read
   * {@link list} then.
   */
  changedSince(version: number): readonly string[] | null {
    if (version < this.journalFloor || version > this.version) return null;
    const versions = this.journalVersions;
    let lo = 0;
    let hi = versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (versions[mid] <= version) lo = mid + 1;
      else hi = mid;
    }
    return lo === versions.length ? [] : this.journalIds.slice(lo);
  }

  /** A record's place in {@link list} (arrival order), -1 when unknown. */
  position(usrId: string): number {
    this.freshList();
    return this.slotOf.get(usrId) ?? -1;
  }

  isWaiting(usrId: string): boolean {
    return this.waitingByUsr.has(usrId);
  }

  /** flag value at a position name of stats_desc (or the default table) for one record */
  hasHandUp(p: Participant): boolean {
    return p.online === 1 && digitAt(p.usr_stat, this.handPos) === 1;
  }

  /** Drops everything (before a full reload). */
  clear(): void {
    this.records.clear();
    this.slotOf.clear();
    this.waitingByUsr.clear();
    this.onlineCount = 0;
    this.handCount = 0;
    this.listStale = true;
    this.waitingStale = true;
    this.subSitesStale = true;
    this.version++;
    this.restartJournal();
  }

  /** Replaces the whole state with the three GET answers (start and resync). */
  load(roster: MrParticipants, info: OnlineEpsInfo, status: OnlineEpsStatus): void {
    this.clear();
    this.applyRoster(roster);
    this.applyInfo(info);
    this.applyStatus(status);
    // a reader before the reload re-reads everything: journaling 10,000 loaded records helps nobody
    this.restartJournal();
  }

  /** `mr_participants`: invited roster added/deleted. */
  applyRoster(ev: MrParticipants): void {
    const ids = ev.added_usr_ids ?? [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const old = this.records.get(id) ?? { ...BLANK, usr_id: id };
      const attr = ev.added_usr_attr?.[i] ?? old.usr_attr;
      const dep = ev.added_usr_deps?.[i] ?? old.usr_dep;
      this.put(old, {
        ...old,
        usr_name: old.online ? old.usr_name || ev.added_usr_names?.[i] || '' : (ev.added_usr_names?.[i] ?? old.usr_name),
        usr_type: ev.added_usr_types?.[i] ?? old.usr_type,
        usr_attr: attr,
        usr_appoint: ev.added_usr_appoint?.[i] ?? appointedFromAttr(attr),
        call_addr: ev.added_call_addrs?.[i] ?? old.call_addr,
        usr_dep: dep,
        dep_name: ev.depid_names?.[String(dep)] ?? (dep === old.usr_dep ? old.dep_name : ''),
        dev_type: old.online ? old.dev_type : (ev.added_usr_devtypes?.[i] ?? old.dev_type),
        gbk_name: old.online ? old.gbk_name : (ev.added_gbk_names?.[i] ?? old.gbk_name),
        invited: true,
      });
    }
    for (const id of ev.deleted_usr_ids ?? []) {
      const old = this.records.get(id);
      if (!old) continue;
      // an uninvited endpoint still in the call stays listed until it leaves
      if (old.online) this.put(old, { ...old, invited: false });
      else this.remove(old);
    }
  }

  /** `online_eps_info`: the listed endpoints joined (or changed); they are online. */
  applyInfo(ev: OnlineEpsInfo): void {
    const ids = ev.usr_ids ?? [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const old = this.records.get(id) ?? { ...BLANK, usr_id: id };
      const online = ev.is_online?.[i] === 0 ? 0 : 1;
      this.put(old, {
        ...old,
        usr_name: ev.usr_names?.[i] ?? old.usr_name,
        ep_id: ev.ep_ids?.[i] ?? old.ep_id,
        usr_uri: ev.usr_uris?.[i] ?? old.usr_uri,
        enter_dtm: ev.enter_dtms?.[i] ?? old.enter_dtm,
        dev_type: ev.dev_type?.[i] ?? old.dev_type,
        ep_version: ev.ep_version?.[i] ?? old.ep_version,
        gbk_name: ev.gbk_names?.[i] ?? old.gbk_name,
        proto_type: ev.proto_types?.[i] ?? old.proto_type,
        pin_sort: ev.pin_sort?.[i] ?? old.pin_sort,
        sort_para: ev.sort_para?.[i] ?? old.sort_para,
        ep_uuid: ev.ep_uuid?.[i] ?? old.ep_uuid,
        online,
        usr_stat: online ? old.usr_stat : '',
      });
    }
  }

  /** `online_eps_status`: flag strings; position 16 moves the endpoint in or out of the waiting map. */
  applyStatus(ev: OnlineEpsStatus): void {
    if (ev.stats_desc && ev.stats_desc.length && ev.stats_desc !== this.statsDesc) this.useStatsDesc(ev.stats_desc);
    const ids = ev.usr_ids ?? [];
    const stats = ev.usr_stats ?? [];
    const ips = ev.local_rtp_ip;
    const handTimes = ev.hand_up_dtms;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const stat = stats[i] ?? '';
      const old = this.records.get(id) ?? { ...BLANK, usr_id: id, online: 1 as const };
      const ip = ips?.[i] ?? old.local_rtp_ip;
      const handUp = handTimes?.[i] ?? 0;
      if (old.usr_stat !== stat || old.local_rtp_ip !== ip || old.hand_up_dtm !== handUp || !this.records.has(id)) {
        this.put(old, { ...old, usr_stat: stat, local_rtp_ip: ip, hand_up_dtm: handUp });
      }
      if (digitAt(stat, this.waitingPos) === 1) {
        const rec = this.records.get(id)!;
        if (!this.waitingByUsr.has(id)) {
          this.waitingByUsr.set(id, {
            usr_id: id,
            ep_id: rec.ep_id,
            usr_name: rec.usr_name,
            gbk_name: rec.gbk_name,
            dev_type: rec.dev_type,
            usr_type: rec.usr_type,
            usr_uri: rec.usr_uri,
          });
          this.waitingChanged();
        }
      } else if (this.waitingByUsr.delete(id)) this.waitingChanged();
    }
  }

  /** `online_eps_left`: offline with status cleared; `guest…` ids are removed entirely. */
  applyLeft(ev: Pick<OnlineEpsLeftEvent, 'usr_ids'>): void {
    for (const id of ev.usr_ids ?? []) {
      if (this.waitingByUsr.delete(id)) this.waitingChanged();
      const old = this.records.get(id);
      if (!old) continue;
      if (id.startsWith('guest') || !old.invited) this.remove(old);
      else this.put(old, { ...old, online: 0, usr_stat: '', ep_id: 0, local_rtp_ip: '', hand_up_dtm: 0 });
    }
  }

  /** `waiting_usr`: explicit waiting-room additions and removals (by ep_id). */
  applyWaiting(ev: WaitingUsr): void {
    const ids = ev.usr_ids ?? [];
    for (let i = 0; i < ids.length; i++) {
      this.waitingByUsr.set(ids[i], {
        usr_id: ids[i],
        ep_id: ev.ep_ids?.[i] ?? 0,
        usr_name: ev.usr_names?.[i] ?? '',
        gbk_name: ev.gbk_names?.[i] ?? '',
        dev_type: ev.dev_types?.[i] ?? '',
        usr_type: ev.usr_types?.[i] ?? 0,
        usr_uri: ev.usr_uris?.[i] ?? '',
      });
      this.waitingChanged();
    }
    const gone = ev.deleted_ep_ids ?? [];
    if (gone.length) {
      const set = new Set(gone);
      for (const [id, w] of this.waitingByUsr) {
        if (set.has(w.ep_id)) {
          this.waitingByUsr.delete(id);
          this.waitingChanged();
        }
      }
    }
  }

  /** Keeps the inspector and logs small: a summary, never 10,000 records. */
  toJSON(): { size: number; counts: ParticipantCounts; version: number } {
    return { size: this.records.size, counts: this.counts(), version: this.version };
  }

  private useStatsDesc(desc: readonly string[]): void {
    this.statsDesc = desc;
    const hand = desc.indexOf('hand');
    const waiting = desc.indexOf('waiting');
    const handPos = hand >= 0 ? hand : DEFAULT_HAND_POS;
    const waitingPos = waiting >= 0 ? waiting : DEFAULT_WAITING_POS;
    if (handPos !== this.handPos) {
      this.handPos = handPos;
      this.handCount = 0;
      for (const p of this.records.values()) if (this.hasHandUp(p)) this.handCount++;
    }
    this.waitingPos = waitingPos;
  }

  private restartJournal(): void {
    this.journalIds = [];
    this.journalVersions = [];
    this.journalFloor = this.version;
  }

  private journal(usrId: string): void {
    this.journalIds.push(usrId);
    this.journalVersions.push(this.version);
    // a reader lagging more than a store's worth of changes re-reads the list, which costs the same
    const cap = Math.max(JOURNAL_MIN, this.records.size);
    if (this.journalIds.length > 2 * cap) {
      const drop = this.journalIds.length - cap;
      this.journalFloor = this.journalVersions[drop - 1];
      this.journalIds.splice(0, drop);
      this.journalVersions.splice(0, drop);
    }
  }

  private waitingChanged(): void {
    this.waitingStale = true;
    this.version++;
  }

  private put(old: Participant, next: Participant): void {
    const existed = this.records.has(old.usr_id);
    if (existed) {
      this.onlineCount -= old.online;
      if (this.hasHandUp(old)) this.handCount--;
      // same member: its slot in the kept list takes the new record (Map order is unchanged)
      if (!this.listStale) this.ordered[this.slotOf.get(next.usr_id)!] = next;
    } else {
      this.listStale = true;
    }
    const wasSub = existed && old.dev_type === SUB_SITE_DEV_TYPE;
    const isSub = next.dev_type === SUB_SITE_DEV_TYPE;
    const subSlot = wasSub && isSub && !this.subSitesStale ? this.subSiteList.indexOf(old) : -1;
    if (subSlot >= 0) this.subSiteList[subSlot] = next;
    else if (wasSub || isSub) this.subSitesStale = true;
    this.records.set(next.usr_id, next);
    this.onlineCount += next.online;
    if (this.hasHandUp(next)) this.handCount++;
    this.version++;
    this.journal(next.usr_id);
  }

  private remove(old: Participant): void {
    if (!this.records.delete(old.usr_id)) return;
    this.slotOf.delete(old.usr_id);
    this.listStale = true;
    if (old.dev_type === SUB_SITE_DEV_TYPE) this.subSitesStale = true;
    this.onlineCount -= old.online;
    if (this.hasHandUp(old)) this.handCount--;
    if (this.waitingByUsr.delete(old.usr_id)) this.waitingStale = true;
    this.version++;
    this.journal(old.usr_id);
  }
}
