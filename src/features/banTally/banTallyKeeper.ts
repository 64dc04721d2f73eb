/**
 * The ban tallies kept up to date per feed batch (issue 27 item 1): at 10,000 participants a batch
 * brings a few status changes several times a second, and a pass over every record per batch and
 * per ban was the tally's whole cost. Each participant's place against a ban is kept; a batch
 * moves only the places of the records the store's journal names, and a batch that moves none
 * gives back the same tallies. A new ban, a new activity log or roll call, or a journal that no
 * longer reaches back (a reload) re-reads the list once. Must equal {@link tallyBan} over the list.
 */
import type { ActivityEntry } from '@protocol/wire';
import {
  EXEMPT_REASONS,
  banSince,
  freedBy,
  placeIn,
  type ActiveBan,
  type BanKind,
  type BanTally,
  type Breach,
  type ExemptReason,
  type TallyParticipant,
  type TallyPlace,
} from './banTallyModel';

/** What a tally reads of the participant store (machines/participants ParticipantStore). */
export interface TallySource {
  readonly version: number;
  list(): readonly TallyParticipant[];
  get(usrId: string): TallyParticipant | undefined;
  /** usr_ids changed after `version`, or null when that is no longer known */
  changedSince(version: number): readonly string[] | null;
  /** a record's place in the list, to name people in the list's order */
  position(usrId: string): number;
}

interface Kept {
  place: Exclude<TallyPlace, 'out'>;
  name: string;
}

/** the places whose people are named (the free, and each exempt group), not only counted */
type Named = 'free' | ExemptReason;
const NAMED: readonly Named[] = ['free', ...EXEMPT_REASONS];
const isNamed = (place: TallyPlace): place is Named => place !== 'out' && place !== 'bound' && place !== 'boundJoined';

/** One ban's tally over one source, moved record by record. */
class BanKeeper {
  private readonly kept = new Map<string, Kept>();
  /** usr_ids of each named place in the list's order, as a pass over it meets them */
  private readonly named: Record<Named, string[]> = { free: [], host: [], mainVenue: [], honouredGuest: [], rollCall: [] };
  /** each named place as it was before this batch touched it: the tally keeps its old array when they are the same */
  private readonly before = new Map<Named, string[]>();
  /** a named person's name changed in this batch */
  private renamed = false;
  private bound = 0;
  private joined = 0;
  /** breaches kept while the log is the same: finding who freed someone reads the log */
  private readonly breachOf = new Map<string, Breach>();
  private readonly since: number | null;
  private tally: BanTally | null = null;
  private source: TallySource | null = null;
  private version = -1;

  constructor(
    private readonly ban: ActiveBan,
    private readonly entries: readonly ActivityEntry[],
    private readonly rollCallUsrId: string,
  ) {
    this.since = banSince(ban.kind, entries);
  }

  /** whether this keeper counts the same rule as these inputs */
  fits(ban: ActiveBan, entries: readonly ActivityEntry[], rollCallUsrId: string): boolean {
    // only a mute spares the participant a roll call has called
    return ban.scope === this.ban.scope && entries === this.entries && (ban.kind !== 'mute' || rollCallUsrId === this.rollCallUsrId);
  }

  update(source: TallySource): BanTally {
    const changed = source === this.source ? source.changedSince(this.version) : null;
    if (changed === null) this.reread(source);
    else if (changed.length) this.apply(source, new Set(changed));
    this.source = source;
    this.version = source.version;
    this.tally = this.build();
    return this.tally;
  }

  private reread(source: TallySource): void {
    this.kept.clear();
    for (const place of NAMED) this.named[place] = [];
    this.bound = 0;
    this.joined = 0;
    this.breachOf.clear();
    this.tally = null;
    // the list's order: each named one goes at the end of its place
    for (const p of source.list()) {
      const place = placeIn(this.ban, p, this.since, this.rollCallUsrId);
      if (place === 'out') continue;
      this.kept.set(p.usr_id, { place, name: p.usr_name });
      if (isNamed(place)) this.named[place].push(p.usr_id);
      else this.countBound(place, 1);
    }
  }

  /**
   * Every changed record leaves its place and then takes its new one: while a batch is half
   * applied, a place could hold someone who has left the list (no position) or came back (a new
   * one), and finding where another goes compares positions.
   */
  private apply(source: TallySource, ids: ReadonlySet<string>): void {
    const arriving: [string, Exclude<TallyPlace, 'out'>, string][] = [];
    for (const usrId of ids) {
      const was = this.kept.get(usrId);
      const p = source.get(usrId);
      const place: TallyPlace = p ? placeIn(this.ban, p, this.since, this.rollCallUsrId) : 'out';
      const name = p ? p.usr_name : '';
      if (was && was.place === place && !isNamed(place)) continue;
      if (was) {
        if (isNamed(was.place)) {
          const list = this.touch(was.place);
          list.splice(list.indexOf(usrId), 1);
          if (place === was.place && name !== was.name) this.renamed = true;
        } else this.countBound(was.place, -1);
        this.kept.delete(usrId);
      }
      if (place !== 'out') arriving.push([usrId, place, name]);
    }
    for (const [usrId, place, name] of arriving) {
      this.kept.set(usrId, { place, name });
      if (!isNamed(place)) {
        this.countBound(place, 1);
        continue;
      }
      const list = this.touch(place);
      list.splice(this.slotFor(source, list, source.position(usrId)), 0, usrId);
      if (place === 'free') this.breachOf.delete(usrId);
    }
  }

  private countBound(place: 'bound' | 'boundJoined', by: 1 | -1): void {
    this.bound += by;
    if (place === 'boundJoined') this.joined += by;
  }

  /** a named place about to change, its former content kept once per batch */
  private touch(place: Named): string[] {
    if (!this.before.has(place)) this.before.set(place, this.named[place].slice());
    return this.named[place];
  }

  /** where a record at list position `at` goes among `ids` (in list order) */
  private slotFor(source: TallySource, ids: readonly string[], at: number): number {
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (source.position(ids[mid]) < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** whether a named place ends the batch as it began (same people, same order, no new name) */
  private unchanged(place: Named): boolean {
    const was = this.before.get(place);
    if (!was) return true;
    const now = this.named[place];
    return !this.renamed && was.length === now.length && was.every((id, i) => id === now[i]);
  }

  private build(): BanTally {
    const prev = this.tally;
    const nameOf = (id: string) => this.kept.get(id)!.name;
    const same = NAMED.filter((place) => this.unchanged(place));
    this.before.clear();
    this.renamed = false;
    if (prev && same.length === NAMED.length && prev.bound === this.bound && (prev.joinedSince ?? 0) === this.joined) return prev;
    let breaches = prev?.breaches;
    if (!breaches || !same.includes('free')) {
      breaches = this.named.free.map((usrId) => {
        const name = nameOf(usrId);
        const known = this.breachOf.get(usrId);
        if (known && known.name === name) return known;
        const breach = { usrId, name, by: known ? known.by : freedBy(usrId, this.ban.kind, this.entries, this.since) };
        this.breachOf.set(usrId, breach);
        return breach;
      });
    }
    let exemptBy = prev?.exemptBy;
    if (!exemptBy || EXEMPT_REASONS.some((why) => !same.includes(why))) {
      const by = {} as Record<ExemptReason, string[]>;
      for (const why of EXEMPT_REASONS) by[why] = prev && same.includes(why) ? prev.exemptBy[why] : this.named[why].map(nameOf);
      exemptBy = by;
    }
    let exempt = 0;
    for (const why of EXEMPT_REASONS) exempt += this.named[why].length;
    return {
      ban: this.ban,
      inScope: this.bound + this.named.free.length,
      bound: this.bound,
      exempt,
      exemptBy,
      joinedSince: this.since === null ? null : this.joined,
      breaches,
    };
  }
}

/**
 * The tallies of the bans on now, kept across calls. `update` gives the same array back while no
 * tally changed, so what is derived from it (the rows' breach marks) is not rebuilt either.
 */
export class BanTallies {
  private keepers = new Map<BanKind, BanKeeper>();
  private last: readonly BanTally[] = [];

  update(source: TallySource, bans: readonly ActiveBan[], entries: readonly ActivityEntry[], rollCallUsrId: string): readonly BanTally[] {
    const next = new Map<BanKind, BanKeeper>();
    for (const ban of bans) {
      const keeper = this.keepers.get(ban.kind);
      next.set(ban.kind, keeper && keeper.fits(ban, entries, rollCallUsrId) ? keeper : new BanKeeper(ban, entries, rollCallUsrId));
    }
    this.keepers = next;
    const tallies = bans.map((ban) => next.get(ban.kind)!.update(source));
    const same = tallies.length === this.last.length && tallies.every((t, i) => t === this.last[i]);
    if (!same) this.last = tallies;
    return this.last;
  }
}
