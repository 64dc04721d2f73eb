/**
 * The kept tab index (tabIndex.ts) must give, after every batch, exactly what the full functions
 * give over all rows: the counts of countTabs, the hand times of trackHands (carried from batch to
 * batch), and the open tab's rows of visibleRows (byTimeRaised in the hand queue). Random batches
 * change a few rows, many rows, add and drop rows, switch tab, sort and filter tabs.
 */
import { describe, expect, it } from 'vitest';
import { encodeUsrStats } from '@protocol/usrStats';
import { BUILTIN_TABS, countTabs, visibleRows, type CustomTab, type ParticipantRow, type SortMode, type TabKey } from './participantModel';
import { byTimeRaised, trackHands, type HandTimes } from './handQueue';
import { changedRows, TabIndex } from './tabIndex';
import { seededRandom as random } from '@machines/testing/seededRandom';

const NAMES = ['Ann', 'bob', 'Carl', 'Dee', 'éva', 'Finn', '张三', '李四', 'ann'];
const SORTS: SortMode[] = ['custom', 'nameAsc', 'nameDesc'];
const collators = [new Intl.Collator('en'), new Intl.Collator('zh-CN')];

let seq = 0;
function randomRow(rnd: () => number, usrId: string, order: number, now: number): ParticipantRow {
  const online = rnd() < 0.8;
  const waiting = online && rnd() < 0.15;
  const hand = online && rnd() < 0.4 ? 1 : 0;
  const stats = online
    ? encodeUsrStats({ a_rx: 1, hand, chair: rnd() < 0.1 ? 1 : 0, vad: rnd() < 0.2 ? 1 : 0, waiting: waiting ? 1 : 0 })
    : '';
  seq++;
  return {
    usrId,
    name: NAMES[Math.floor(rnd() * NAMES.length)],
    epId: online ? seq : null,
    protocol: 2,
    remoteAddr: `${usrId}@10.0.${Math.floor(rnd() * 3)}.1`,
    online,
    stats,
    waiting,
    order,
    number: order + 1,
    // some hands carry the server's raise time (never ahead of this console's clock), some none
    ...(hand && rnd() < 0.5 ? { handUpAt: now - Math.floor(rnd() * 600_000) } : {}),
  };
}

function randomTab(rnd: () => number, custom: readonly CustomTab[]): TabKey {
  if (custom.length && rnd() < 0.25) return `custom:${custom[Math.floor(rnd() * custom.length)].id}`;
  return BUILTIN_TABS[Math.floor(rnd() * BUILTIN_TABS.length)];
}

function randomCustom(rnd: () => number, rows: readonly ParticipantRow[]): CustomTab[] {
  const n = Math.floor(rnd() * 3);
  return Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    name: `Tab ${i}`,
    query: rnd() < 0.5 ? NAMES[Math.floor(rnd() * NAMES.length)].slice(0, 2) : '',
    usrIds: rnd() < 0.5 ? rows.filter(() => rnd() < 0.3).map((r) => r.usrId) : [],
  }));
}

/** the next batch: most rows kept as they were, some replaced, sometimes rows join or leave */
function nextRows(rnd: () => number, rows: readonly ParticipantRow[], now: number, nextId: () => string): ParticipantRow[] {
  const out = rows.slice();
  // now and then most rows (computed afresh) or a fifth of them (merged in one pass, not moved one by one)
  const share = rnd() < 0.1 ? 0.6 : rnd() < 0.2 ? 0.2 : rnd() * 0.05;
  for (let i = 0; i < out.length; i++) if (rnd() < share) out[i] = randomRow(rnd, out[i].usrId, out[i].order, now);
  if (rnd() < 0.2) {
    const order = out.length ? Math.max(...out.map((r) => r.order)) + 1 : 0;
    out.push(randomRow(rnd, nextId(), order, now));
  }
  if (rnd() < 0.1 && out.length) out.splice(Math.floor(rnd() * out.length), 1);
  // a whole reload (a new order from the server)
  if (rnd() < 0.03) return out.map((r, i) => randomRow(rnd, r.usrId, out.length - i, now));
  return out;
}

describe('TabIndex equals the full recomputation', () => {
  it('counts, hand times and the open tab after every random batch (200 sequences of 30 batches)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rnd = random(seed);
      let id = 0;
      const nextId = () => `u${id++}`;
      let now = 1_800_000_000_000;
      let rows: ParticipantRow[] = Array.from({ length: seed % 5 === 0 ? 400 : 20 + Math.floor(rnd() * 60) }, (_, i) =>
        randomRow(rnd, nextId(), i, now),
      );
      let custom = randomCustom(rnd, rows);
      let tab = randomTab(rnd, custom);
      let sort = SORTS[Math.floor(rnd() * SORTS.length)];
      let collator = collators[0];
      const index = new TabIndex();
      let refTimes: HandTimes = new Map();
      for (let batch = 0; batch < 30; batch++) {
        const where = `seed ${seed} batch ${batch} tab ${tab} sort ${sort}`;
        const out = index.update({ rows, tab, custom, sort, collator, now });
        refTimes = trackHands(refTimes, rows, now);
        const refTab = visibleRows(rows, tab, custom, sort, collator);
        const refShown = tab === 'hand' && sort === 'custom' ? byTimeRaised(refTab, refTimes) : refTab;
        expect(out.counts, where).toEqual(countTabs(rows, custom));
        expect([...out.times.entries()], where).toEqual([...refTimes.entries()]);
        expect(
          out.inTab.map((r) => r.usrId),
          where,
        ).toEqual(refShown.map((r) => r.usrId));
        expect(
          out.inTab.every((r, i) => r === refShown[i]),
          where,
        ).toBe(true);

        now += Math.floor(rnd() * 5000);
        rows = nextRows(rnd, rows, now, nextId);
        const r = rnd();
        if (r < 0.1) tab = randomTab(rnd, custom);
        else if (r < 0.15) sort = SORTS[Math.floor(rnd() * SORTS.length)];
        else if (r < 0.18) custom = randomCustom(rnd, rows);
        else if (r < 0.2) collator = collators[Math.floor(rnd() * collators.length)];
      }
    }
  });

  it('a batch that changed nothing gives the same objects back (nothing re-renders)', () => {
    const now = 1_800_000_000_000;
    const rnd = random(7);
    const rows = Array.from({ length: 50 }, (_, i) => randomRow(rnd, `u${i}`, i, now));
    const index = new TabIndex();
    const custom: CustomTab[] = [];
    const first = index.update({ rows, tab: 'hand', custom, sort: 'custom', collator: collators[0], now });
    const again = index.update({ rows: rows.slice(), tab: 'hand', custom, sort: 'custom', collator: collators[0], now: now + 1000 });
    expect(again.counts).toBe(first.counts);
    expect(again.times).toBe(first.times);
    expect(again.inTab).toBe(first.inTab);
  });

  it('finds the changed positions, and gives up on a batch that changed most rows', () => {
    const rnd = random(3);
    const rows = Array.from({ length: 8 }, (_, i) => randomRow(rnd, `u${i}`, i, 0));
    const next = rows.slice();
    next[2] = randomRow(rnd, 'u2', 2, 0);
    expect(changedRows(rows, next)).toEqual({ removed: [rows[2]], added: [next[2]] });
    expect(changedRows(rows, [...rows, next[2]])).toEqual({ removed: [], added: [next[2]] });
    expect(
      changedRows(
        rows,
        rows.map((r) => ({ ...r })),
      ),
    ).toBeNull();
  });

  it('a participant leaving or joining in the middle changes that row only, not every row after it (issue 27)', () => {
    const rnd = random(5);
    const rows = Array.from({ length: 12 }, (_, i) => randomRow(rnd, `u${i}`, i, 0));
    const left = rows.filter((_, i) => i !== 1);
    expect(changedRows(rows, left)).toEqual({ removed: [rows[1]], added: [] });
    expect(changedRows(left, rows)).toEqual({ removed: [], added: [rows[1]] });
    // a leave and a change in one batch
    const both = left.slice();
    both[5] = randomRow(rnd, both[5].usrId, both[5].order, 0);
    expect(changedRows(rows, both)).toEqual({ removed: [rows[1], left[5]], added: [both[5]] });
  });
});
