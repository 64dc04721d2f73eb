/**
 * The store's kept indexes (issue 27): the sub-site records and the hand count are kept as records
 * change, so readers per feed batch no longer pass over every participant. On random sequences of
 * feed events they must equal what a pass over the whole list gives.
 */
import { describe, expect, it } from 'vitest';
import { epsInfo, epsStatus, roster } from '../testing/fixtures';
import { SUB_SITE_DEV_TYPE } from '../cascade/subSites';
import { ParticipantStore } from './participantStore';
import { seededRandom as random } from '../testing/seededRandom';

const IDS = Array.from({ length: 30 }, (_, i) => (i % 7 === 0 ? `guest${i}` : `u${i}`));
const DEV_TYPES = ['sip', 'h323', SUB_SITE_DEV_TYPE];

function randomStep(store: ParticipantStore, rnd: () => number): void {
  const pick = () => IDS[Math.floor(rnd() * IDS.length)];
  const some = () => Array.from({ length: 1 + Math.floor(rnd() * 5) }, pick);
  const devType = () => DEV_TYPES[Math.floor(rnd() * DEV_TYPES.length)];
  const op = Math.floor(rnd() * 6);
  if (op === 0) {
    const ids = some();
    store.applyRoster(roster(ids, { added_usr_devtypes: ids.map(devType) }));
  } else if (op === 1) {
    store.applyRoster(roster([], { deleted_usr_ids: some() }));
  } else if (op === 2) {
    const ids = some();
    store.applyInfo(epsInfo(ids, { dev_type: ids.map(devType), is_online: ids.map(() => (rnd() < 0.2 ? 0 : 1)) }));
  } else if (op === 3) {
    const ids = some();
    store.applyStatus(
      epsStatus(
        ids,
        ids.map(() => ({ hand: rnd() < 0.5 ? 1 : 0, waiting: rnd() < 0.1 ? 1 : 0 })),
      ),
    );
  } else if (op === 4) {
    store.applyLeft({ usr_ids: some() });
  } else if (rnd() < 0.1) {
    const ids = some();
    store.load(roster(ids, { added_usr_devtypes: ids.map(devType) }), epsInfo([]), epsStatus([]));
  }
}

describe('ParticipantStore indexes kept across feed events', () => {
  it('sub-sites and the hand count equal a pass over the whole list after every step (500 random sequences)', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const rnd = random(seed);
      const store = new ParticipantStore();
      for (let step = 0; step < 40; step++) {
        randomStep(store, rnd);
        // read only sometimes: a kept index must also hold across steps nobody read
        if (rnd() < 0.5) continue;
        const list = store.list();
        expect(store.subSites(), `seed ${seed} step ${step}`).toEqual(list.filter((p) => p.dev_type === SUB_SITE_DEV_TYPE));
        expect(store.counts().handUp, `seed ${seed} step ${step}`).toBe(list.filter((p) => store.hasHandUp(p)).length);
        expect(store.counts().waiting, `seed ${seed} step ${step}`).toBe(store.waiting().length);
      }
    }
  });

  it('the change journal names every record that changed, came or went since a reader last looked (300 random sequences)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = random(seed);
      const store = new ParticipantStore();
      let seen = new Map(store.list().map((p) => [p.usr_id, p]));
      let seenAt = store.version;
      for (let step = 0; step < 40; step++) {
        randomStep(store, rnd);
        if (rnd() < 0.5) continue;
        const changed = store.changedSince(seenAt);
        const now = new Map(store.list().map((p) => [p.usr_id, p]));
        if (changed !== null) {
          const named = new Set(changed);
          for (const id of new Set([...seen.keys(), ...now.keys()])) {
            if (seen.get(id) !== now.get(id)) expect(named.has(id), `seed ${seed} step ${step}: ${id}`).toBe(true);
          }
        }
        seen = now;
        seenAt = store.version;
        expect(store.changedSince(seenAt)).toEqual([]);
        const order = store.list().map((p) => p.usr_id);
        expect(
          order.map((id) => store.position(id)),
          `seed ${seed} step ${step}`,
        ).toEqual(order.map((_, i) => i));
      }
    }
  });

  it('the journal names only what a batch changed; a reload, or a reader too far behind, is told to re-read the list', () => {
    const store = new ParticipantStore();
    const ids = Array.from({ length: 50 }, (_, i) => `u${i}`);
    store.load(roster(ids), epsInfo(ids), epsStatus(ids));
    const loaded = store.version;
    expect(store.changedSince(loaded)).toEqual([]);
    expect(store.changedSince(loaded - 1)).toBeNull();
    store.applyStatus(epsStatus(['u3', 'u7'], [{ hand: 1 }, { hand: 1 }]));
    store.applyLeft({ usr_ids: ['u9'] });
    expect(store.changedSince(loaded)).toEqual(['u3', 'u7', 'u9']);
    const read = store.version;
    // far more changes than the journal keeps (at least 1,024): the oldest reader re-reads
    for (let i = 0; i < 3000; i++) store.applyStatus(epsStatus(['u1'], [{ hand: i % 2 }]));
    expect(store.changedSince(read)).toBeNull();
    expect(store.changedSince(store.version - 5)).toEqual(['u1', 'u1', 'u1', 'u1', 'u1']);
  });

  it('a changed sub-site is the new record in its place, not the old one', () => {
    const store = new ParticipantStore();
    store.load(roster(['a', 'c1', 'b'], { added_usr_devtypes: ['sip', SUB_SITE_DEV_TYPE, 'sip'] }), epsInfo([]), epsStatus([]));
    expect(store.subSites().map((p) => p.usr_id)).toEqual(['c1']);
    store.applyInfo(epsInfo(['c1'], { dev_type: [SUB_SITE_DEV_TYPE], usr_names: ['Branch office'] }));
    expect(store.subSites()).toEqual([store.get('c1')]);
    expect(store.subSites()[0].usr_name).toBe('Branch office');
  });
});
