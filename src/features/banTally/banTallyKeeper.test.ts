/**
 * The kept ban tallies (issue 27 item 1) against a pass over the whole list: equal after any order
 * of joins, leaves, flag changes, ban and roll call changes; and a batch costs the records it
 * changed, none re-read.
 */
import { describe, expect, it, vi } from 'vitest';
import { ParticipantStore } from '@machines/index';
import { epsInfo, epsStatus, roster } from '@machines/testing/fixtures';
import type { UsrStatsFlags } from '@protocol/usrStats';
import type { ActivityEntry } from '@protocol/wire';
import { tallyBan, type ActiveBan } from './banTallyModel';
import { BanTallies } from './banTallyKeeper';
import { seededRandom as random } from '@machines/testing/seededRandom';

const IDS = Array.from({ length: 24 }, (_, i) => (i % 6 === 0 ? `guest${i}` : `u${i}`));
const BAN_SETS: ActiveBan[][] = [
  [{ kind: 'mute', scope: 'all' }],
  [
    { kind: 'mute', scope: 'audience' },
    { kind: 'watch', scope: 'all' },
  ],
  [
    { kind: 'listen', scope: 'audience' },
    { kind: 'mute', scope: 'audience' },
  ],
  [],
];
const muteSet = (dtm: number): ActivityEntry => ({
  id: dtm,
  dtm,
  role: 'host',
  peer_ip: '',
  cmdid: 'ctrl_mr_eps',
  action: 'all_a_rx',
  targets: [],
  more_targets: 0,
  values: { value: 0 },
  result: 0,
  status: 200,
});
const freed = (dtm: number, usrId: string): ActivityEntry => ({
  ...muteSet(dtm),
  role: 'supervisor',
  action: 'a_rx',
  values: { value: 1 },
  targets: [{ usr_id: usrId, name: usrId }],
});

describe('ban tallies kept across feed batches', () => {
  it('equal a pass over the whole list after every step, whatever the order of events (250 random sequences)', () => {
    for (let seed = 1; seed <= 250; seed++) {
      const rnd = random(seed);
      const pick = () => IDS[Math.floor(rnd() * IDS.length)];
      const some = () => Array.from({ length: 1 + Math.floor(rnd() * 4) }, pick);
      const flag = (): Partial<UsrStatsFlags> => ({
        a_rx: rnd() < 0.5 ? 1 : 0,
        a_tx: rnd() < 0.5 ? 1 : 0,
        v_tx: rnd() < 0.5 ? 1 : 0,
        host: rnd() < 0.1 ? 1 : 0,
        speaker: rnd() < 0.1 ? 1 : 0,
        chair: rnd() < 0.1 ? 1 : 0,
        hand: rnd() < 0.3 ? 1 : 0,
        waiting: rnd() < 0.1 ? 1 : 0,
      });
      const store = new ParticipantStore();
      const kept = new BanTallies();
      let bans = BAN_SETS[0];
      let entries: ActivityEntry[] = [muteSet(500)];
      let rollCall = '';
      for (let step = 0; step < 40; step++) {
        const op = Math.floor(rnd() * 9);
        if (op === 0) store.applyRoster(roster(some()));
        else if (op === 1) store.applyRoster(roster([], { deleted_usr_ids: some() }));
        else if (op === 2) {
          const ids = some();
          store.applyInfo(
            epsInfo(ids, {
              enter_dtms: ids.map(() => (rnd() < 0.5 ? 400 : 600)),
              usr_names: ids.map(() => `n${Math.floor(rnd() * 3)}`),
              is_online: ids.map(() => (rnd() < 0.2 ? 0 : 1)),
            }),
          );
        } else if (op === 3 || op === 4) {
          const ids = some();
          store.applyStatus(epsStatus(ids, ids.map(flag)));
        } else if (op === 5) store.applyLeft({ usr_ids: some() });
        else if (op === 6) bans = BAN_SETS[Math.floor(rnd() * BAN_SETS.length)];
        else if (op === 7) rollCall = rnd() < 0.5 ? '' : pick();
        else if (rnd() < 0.3) store.load(roster(some()), epsInfo(some()), epsStatus([]));
        else entries = [freed(700, pick()), ...entries];
        if (rnd() < 0.4) continue;
        const got = kept.update(store, bans, entries, rollCall);
        const want = bans.map((ban) => tallyBan(ban, store.list(), entries, rollCall));
        expect(got, `seed ${seed} step ${step}`).toEqual(want);
      }
    }
  });

  it('a batch re-reads none of the list: it looks up the records it changed, and one that moves no count gives the same tallies', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `u${i}`);
    const store = new ParticipantStore();
    // everyone muted, two free against the rule
    store.load(
      roster(ids),
      epsInfo(ids),
      epsStatus(
        ids,
        ids.map((_, i) => ({ a_rx: i === 5 || i === 9 ? 1 : 0 })),
      ),
    );
    const bans: ActiveBan[] = [{ kind: 'mute', scope: 'all' }];
    const entries: ActivityEntry[] = [];
    const kept = new BanTallies();
    const first = kept.update(store, bans, entries, '');
    expect(first[0]).toMatchObject({ inScope: 2000, bound: 1998 });

    const list = vi.spyOn(store, 'list');
    const get = vi.spyOn(store, 'get');
    // hands go up and down: records change, nobody's place against the mute does
    store.applyStatus(
      epsStatus(
        ['u1', 'u2', 'u3'],
        [
          { a_rx: 0, hand: 1 },
          { a_rx: 0, hand: 1 },
          { a_rx: 0, hand: 1 },
        ],
      ),
    );
    expect(kept.update(store, bans, entries, '')).toBe(first);
    expect(list).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledTimes(3);

    get.mockClear();
    store.applyStatus(epsStatus(['u4', 'u5'], [{ a_rx: 1 }, { a_rx: 0 }]));
    const next = kept.update(store, bans, entries, '');
    expect(next).not.toBe(first);
    expect(next[0].breaches.map((b) => b.usrId)).toEqual(['u4', 'u9']);
    expect(list).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
