/**
 * Mute and bans you can trust (issue 16 item 2), without React: which meeting-wide bans are on,
 * and, per ban, how many in its reach it binds, who is exempt, who joined since and was bound on
 * entry, and who is free against the rule, with the controller who freed them where the activity
 * log tells.
 */
import { usrStat, type UsrStatsName } from '@protocol/usrStats';
import type { ActivityEntry, BanScope, MrStatus } from '@protocol/wire';
import type { BanBreachMark, BanKind } from '#/session/banBreaches';

export type { BanKind };
export const BAN_KINDS: readonly BanKind[] = ['mute', 'listen', 'watch'];

/** the usr_stats flag a ban turns off */
const BAN_FLAG: Record<BanKind, 'a_rx' | 'a_tx' | 'v_tx'> = { mute: 'a_rx', listen: 'a_tx', watch: 'v_tx' };
/** the podium scope field, and the platform's bit (which binds the audience) */
const SCOPE_FIELD = { mute: 'mute_scope', listen: 'listen_ban_scope', watch: 'watch_ban_scope' } as const;
const PLATFORM_BIT = { mute: 'all_guests_mute', listen: 'mr_atx_mode', watch: 'mr_vtx_mode' } as const;

export interface ActiveBan {
  kind: BanKind;
  scope: Exclude<BanScope, 'none'>;
}

/** The bans on now: the podium scope where the server gives it, else the platform's bit (audience). */
export function activeBans(status: Partial<MrStatus> | null | undefined): ActiveBan[] {
  if (!status) return [];
  const out: ActiveBan[] = [];
  for (const kind of BAN_KINDS) {
    const scope = status[SCOPE_FIELD[kind]];
    if (scope === 'all' || scope === 'audience') out.push({ kind, scope });
    else if (scope === undefined && Number(status[PLATFORM_BIT[kind]]) === 1) out.push({ kind, scope: 'audience' });
  }
  return out;
}

const applied = (e: ActivityEntry) => e.result === 0 && e.status < 400;
const valueOf = (e: ActivityEntry) => Number(e.values.value);

/** Whether an entry set (`on`) or lifted (`!on`) the ban of `kind`. */
function switchesBan(e: ActivityEntry, kind: BanKind, on: boolean): boolean {
  if (!applied(e)) return false;
  if (e.cmdid === 'ctrl_mr_eps' && e.action === `all_${BAN_FLAG[kind]}`) return valueOf(e) === (on ? 0 : 1);
  if (e.cmdid === 'mod_mr_status' && PLATFORM_BIT[kind] in e.values) return Number(e.values[PLATFORM_BIT[kind]]) === (on ? 1 : 0);
  if (kind === 'mute' && e.cmdid === 'mod_mr_status' && 'meeting_mode' in e.values) return (e.values.meeting_mode === 'speaker') === on;
  return false;
}

/** When the ban now on was set (Unix seconds), from the activity log (newest first); null when it does not tell. */
export function banSince(kind: BanKind, entries: readonly ActivityEntry[]): number | null {
  for (const e of entries) {
    if (switchesBan(e, kind, true)) return e.dtm;
    if (switchesBan(e, kind, false)) return null;
  }
  return null;
}

/** The participant fields a tally reads (the session's participant records). */
export interface TallyParticipant {
  usr_id: string;
  usr_name: string;
  online: 0 | 1;
  usr_stat: string;
  enter_dtm: number;
}

export interface Breach {
  usrId: string;
  name: string;
  /** the newest applied command that freed them, when the log has it */
  by: ActivityEntry | null;
}

export interface BanTally {
  ban: ActiveBan;
  /** in the meeting (online, not waiting) and within the ban's reach */
  inScope: number;
  /** of those, bound by it now */
  bound: number;
  /**
   * in the meeting but outside the reach: an audience ban exempts hosts, honoured guests and the
   * main venue; a mute, the participant a roll call has called
   */
  exempt: number;
  /** the names of the exempt, by why: host, main venue (speaker), honoured guest (chair), called in the roll call */
  exemptBy: Record<ExemptReason, string[]>;
  /** bound ones who joined after the ban was set; null when its start is unknown */
  joinedSince: number | null;
  /** within the reach but not bound */
  breaches: Breach[];
}

/** Why a participant is outside a ban's reach. */
export type ExemptReason = 'host' | 'mainVenue' | 'honouredGuest' | 'rollCall';

const stat = (p: TallyParticipant, name: UsrStatsName) => usrStat(p.usr_stat, name) === 1;
const isAudience = (p: TallyParticipant) => !stat(p, 'speaker') && !stat(p, 'chair') && !stat(p, 'host');

/** The newest applied command of the log that gave `usrId` the flag back. */
export function freedBy(usrId: string, kind: BanKind, entries: readonly ActivityEntry[], since: number | null): ActivityEntry | null {
  const flagName = BAN_FLAG[kind];
  for (const e of entries) {
    if (since !== null && e.dtm < since) return null;
    if (!applied(e) || e.cmdid !== 'ctrl_mr_eps' || e.action !== flagName || valueOf(e) !== 1) continue;
    if (e.targets.some((t) => t.usr_id === usrId)) return e;
  }
  return null;
}

/**
 * Where one participant stands against a ban: not in the meeting (offline or waiting), exempt and
 * why, free against it, or bound (and whether they joined after `since`, when the ban was set).
 */
export type TallyPlace = 'out' | 'free' | 'bound' | 'boundJoined' | ExemptReason;

/** The reasons a participant is exempt, in the order the tally lists them. */
export const EXEMPT_REASONS: readonly ExemptReason[] = ['host', 'mainVenue', 'honouredGuest', 'rollCall'];

/** `rollCallUsrId`: the participant a roll call has called speaks whatever the mute (the server leaves them unmuted). */
export function placeIn(ban: ActiveBan, p: TallyParticipant, since: number | null, rollCallUsrId: string): TallyPlace {
  if (!p.online || stat(p, 'waiting')) return 'out';
  if (ban.kind === 'mute' && p.usr_id === rollCallUsrId) return 'rollCall';
  if (ban.scope === 'audience' && !isAudience(p)) return stat(p, 'host') ? 'host' : stat(p, 'speaker') ? 'mainVenue' : 'honouredGuest';
  if (stat(p, BAN_FLAG[ban.kind])) return 'free';
  return since !== null && p.enter_dtm > since ? 'boundJoined' : 'bound';
}

/**
 * One ban's tally in one pass over the participants. Per feed batch the console keeps it up to date
 * with {@link BanTallies} instead (banTallyKeeper.ts), which must give the same.
 */
export function tallyBan(
  ban: ActiveBan,
  participants: readonly TallyParticipant[],
  entries: readonly ActivityEntry[],
  rollCallUsrId = '',
): BanTally {
  const since = banSince(ban.kind, entries);
  let inScope = 0;
  let bound = 0;
  let exempt = 0;
  const exemptBy: Record<ExemptReason, string[]> = { host: [], mainVenue: [], honouredGuest: [], rollCall: [] };
  let joinedSince = 0;
  const free: TallyParticipant[] = [];
  for (const p of participants) {
    const place = placeIn(ban, p, since, rollCallUsrId);
    if (place === 'out') continue;
    if (place === 'free' || place === 'bound' || place === 'boundJoined') inScope += 1;
    if (place === 'free') free.push(p);
    else if (place === 'bound' || place === 'boundJoined') {
      bound += 1;
      if (place === 'boundJoined') joinedSince += 1;
    } else {
      exempt += 1;
      exemptBy[place].push(p.usr_name);
    }
  }
  return {
    ban,
    inScope,
    bound,
    exempt,
    exemptBy,
    joinedSince: since === null ? null : joinedSince,
    breaches: free.map((p) => ({ usrId: p.usr_id, name: p.usr_name, by: freedBy(p.usr_id, ban.kind, entries, since) })),
  };
}

/**
 * How long after a ban is switched on its breaches are not told: the meeting status arrives at
 * once, the participant flags with the participants' 800 ms batch, so for a moment everyone looks
 * free against the new rule. The window covers the batch and one more feed round.
 */
export const BAN_SETTLE_MS = 2000;

/** When each active ban was first seen on (earlier times kept); bans now off are dropped. */
export function trackBanStarts(previous: ReadonlyMap<BanKind, number>, bans: readonly ActiveBan[], nowMs: number): Map<BanKind, number> {
  const next = new Map<BanKind, number>();
  for (const ban of bans) next.set(ban.kind, previous.get(ban.kind) ?? nowMs);
  return next;
}

/** The first moment at which every ban's breaches may be told, or null when none is settling. */
export function settlesAt(starts: ReadonlyMap<BanKind, number>, nowMs: number): number | null {
  let latest: number | null = null;
  for (const started of starts.values()) {
    const at = started + BAN_SETTLE_MS;
    if (at > nowMs && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/** Whether the breaches of `kind` can be told now. */
export const breachesSettled = (starts: ReadonlyMap<BanKind, number>, kind: BanKind, nowMs: number): boolean =>
  (starts.get(kind) ?? -Infinity) + BAN_SETTLE_MS <= nowMs;

/** The row marks of the settled tallies: per participant, the bans they are free against and who freed them. */
export function breachMarks(tallies: readonly BanTally[], starts: ReadonlyMap<BanKind, number>, nowMs: number): Map<string, BanBreachMark> {
  const marks = new Map<string, { kinds: BanKind[]; by: BanBreachMark['by'] }>();
  for (const tally of tallies) {
    if (!breachesSettled(starts, tally.ban.kind, nowMs)) continue;
    for (const breach of tally.breaches) {
      const mark = marks.get(breach.usrId) ?? { kinds: [], by: null };
      mark.kinds.push(tally.ban.kind);
      if (!mark.by && breach.by) mark.by = { role: breach.by.role, peerIp: breach.by.peer_ip };
      marks.set(breach.usrId, mark);
    }
  }
  return marks;
}
