/**
 * The participant half of the control screen works on one narrow row shape, whatever the
 * session machines hold. Everything here is a pure view derivation (which tab shows which row,
 * in which order): meeting state and its rules stay in `machines/`.
 */
import { usrStat, type UsrStatsName } from '@protocol/usrStats';

/** One participant as the table needs it. `stats` is the raw `usr_stats` flag string. */
export interface ParticipantRow {
  /** online-endpoint usr_id, the id every `ctrl_mr_eps` command takes */
  usrId: string;
  name: string;
  /** call leg id, null while offline (media statistics need it) */
  epId: number | null;
  /** proto_types of online_eps_info: 0 auto, 1 H.323, 2 SIP, 3 ZJCS, 4 WebRTC */
  protocol: number;
  /** remote address: the endpoint uri when online, else the invited call address */
  remoteAddr: string;
  online: boolean;
  /** usr_stats digits; empty while offline */
  stats: string;
  /** in the waiting room (status flag 16 or the server's waiting list) */
  waiting: boolean;
  /** server order (pin_sort / roster order) used by the "custom" sort */
  order: number;
  /**
   * the participant's own number, shown as Index, where the row was built knowing it; the panel
   * looks the roster number up for the rows on screen instead (toRows.ts: rosterNumbers), since
   * with it in the row one participant leaving renumbered every row after them
   */
  number?: number;
  /** when the hand went up (ms since the epoch), when the server says (`hand_up_dtms`); absent otherwise */
  handUpAt?: number;
  /** an invitee's department by name (the roster's `depid_names`); absent when not told */
  department?: string;
  /** an appointed participant: the second number of `added_usr_attr` below 10000 (spec §3) */
  appointed?: boolean;
}

export const BUILTIN_TABS = ['all', 'offline', 'online', 'active', 'hand', 'waiting', 'chair'] as const;
export type BuiltinTab = (typeof BUILTIN_TABS)[number];

/** A user-defined filter tab: the name, a text filter and/or an explicit member list. */
export interface CustomTab {
  id: string;
  name: string;
  /** case-insensitive text matched against name and address; empty = no text filter */
  query: string;
  /** usr_ids picked when the tab was made; empty = no member filter */
  usrIds: string[];
}

export type SortMode = 'custom' | 'nameAsc' | 'nameDesc';

export function flag(row: ParticipantRow, name: UsrStatsName): boolean {
  return row.stats.length > 0 && usrStat(row.stats, name) === 1;
}

export function isWaitingRow(row: ParticipantRow): boolean {
  return row.waiting;
}

/**
 * Which built-in tab a row belongs to. "Active people" are online endpoints whose audio the MCU
 * takes into the mix (not muted) and that are talking or sharing content; the waiting room is
 * kept out of the online tabs because those people are not in the meeting yet.
 */
export function inBuiltinTab(row: ParticipantRow, tab: BuiltinTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'offline':
      return !row.online;
    case 'online':
      return row.online && !row.waiting;
    case 'active':
      return row.online && !row.waiting && (flag(row, 'vad') || flag(row, 'cont_sender'));
    case 'hand':
      return row.online && !row.waiting && flag(row, 'hand');
    case 'waiting':
      return isWaitingRow(row);
    case 'chair':
      // honoured guests (usr_stats `chair`, facts §3.1 action `chair`) in the meeting now
      return row.online && !row.waiting && flag(row, 'chair');
  }
}

export function inCustomTab(row: ParticipantRow, tab: CustomTab, members?: ReadonlySet<string>): boolean {
  if (tab.usrIds.length > 0 && !(members ?? new Set(tab.usrIds)).has(row.usrId)) return false;
  return matchesQuery(row, tab.query);
}

/** The row's name or address contains `query` (case-insensitive); an empty query matches all. */
export function matchesQuery(row: ParticipantRow, query: string | undefined): boolean {
  const q = query?.trim().toLowerCase();
  if (!q) return true;
  return row.name.toLowerCase().includes(q) || row.remoteAddr.toLowerCase().includes(q);
}

export type TabCounts = Record<BuiltinTab, number> & { custom: Record<string, number> };

/** Counts every tab in one pass (10,000 rows: one loop, no intermediate arrays). */
export function countTabs(rows: readonly ParticipantRow[], custom: readonly CustomTab[]): TabCounts {
  const counts: TabCounts = { all: 0, offline: 0, online: 0, active: 0, hand: 0, waiting: 0, chair: 0, custom: {} };
  const members = custom.map((c) => new Set(c.usrIds));
  for (const c of custom) counts.custom[c.id] = 0;
  for (const row of rows) {
    // the rules of inBuiltinTab, with each flag read once (this runs on every feed batch)
    counts.all++;
    if (!row.online) counts.offline++;
    else if (row.waiting) counts.waiting++;
    else {
      counts.online++;
      if (row.stats) {
        if (usrStat(row.stats, 'hand') === 1) counts.hand++;
        if (usrStat(row.stats, 'chair') === 1) counts.chair++;
        if (usrStat(row.stats, 'vad') === 1 || usrStat(row.stats, 'cont_sender') === 1) counts.active++;
      }
    }
    for (let i = 0; i < custom.length; i++) if (inCustomTab(row, custom[i], members[i])) counts.custom[custom[i].id]++;
  }
  return counts;
}

export type TabKey = BuiltinTab | `custom:${string}`;

/** Rows of a tab in display order. */
export function visibleRows(
  rows: readonly ParticipantRow[],
  tab: TabKey,
  custom: readonly CustomTab[],
  sort: SortMode,
  collator: Intl.Collator,
): ParticipantRow[] {
  let out: ParticipantRow[];
  if (tab.startsWith('custom:')) {
    const def = custom.find((c) => `custom:${c.id}` === tab);
    const members = def ? new Set(def.usrIds) : undefined;
    out = def ? rows.filter((r) => inCustomTab(r, def, members)) : [];
  } else {
    out = rows.filter((r) => inBuiltinTab(r, tab as BuiltinTab));
  }
  if (sort === 'custom') {
    // rows usually arrive in order already: one pass instead of a sort per feed batch
    let ordered = true;
    for (let i = 1; i < out.length && ordered; i++) ordered = out[i - 1].order <= out[i].order;
    if (!ordered) out.sort((a, b) => a.order - b.order);
  } else {
    const dir = sort === 'nameAsc' ? 1 : -1;
    out.sort((a, b) => dir * collator.compare(a.name, b.name) || a.order - b.order);
  }
  return out;
}

/**
 * Protocol names of `proto_types` (protocol-facts §6.1); not translated, they are standards.
 * Null for 0 ("auto"), which the UI words in the active language.
 */
export function protocolName(protocol: number): string | null {
  switch (protocol) {
    case 1:
      return 'H.323';
    case 2:
      return 'SIP';
    case 3:
      return 'ZJCS';
    case 4:
      return 'WebRTC';
    default:
      return null;
  }
}
