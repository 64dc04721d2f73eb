import { describe, expect, it } from 'vitest';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import { countTabs, matchesQuery, visibleRows, type CustomTab, type ParticipantRow } from './participantModel';

function row(usrId: string, name: string, order: number, flags?: Partial<UsrStatsFlags>): ParticipantRow {
  return {
    usrId,
    name,
    epId: flags ? order : null,
    protocol: 2,
    remoteAddr: `${usrId}@10.0.0.1`,
    online: flags !== undefined,
    stats: flags ? encodeUsrStats({ a_rx: 1, ...flags }) : '',
    order,
    waiting: flags?.waiting === 1,
  };
}

const rows = [
  row('1', 'Carol', 3, {}),
  row('2', 'alice', 1, { vad: 1 }),
  row('3', 'Bob', 2),
  row('4', 'Dave', 4, { hand: 1 }),
  row('5', 'Eve', 0, { waiting: 1 }),
];
const collator = new Intl.Collator('en');

describe('countTabs', () => {
  it('counts every built-in tab in one pass; the waiting room is not online', () => {
    const counts = countTabs(rows, []);
    expect(counts).toMatchObject({ all: 5, offline: 1, online: 3, active: 1, hand: 1, waiting: 1 });
  });

  it('honoured guests (usr_stats chair) have a tab of their own: in the meeting, not waiting', () => {
    const withGuests = [...rows, row('6', 'Fay', 5, { chair: 1 }), row('7', 'Gus', 6, { chair: 1, waiting: 1 })];
    expect(countTabs(withGuests, []).chair).toBe(1);
    expect(visibleRows(withGuests, 'chair', [], 'custom', collator).map((r) => r.name)).toEqual(['Fay']);
    expect(countTabs(rows, []).chair).toBe(0);
  });

  it('counts custom tabs by members and by text', () => {
    const tabs: CustomTab[] = [
      { id: 'a', name: 'picked', query: '', usrIds: ['1', '3'] },
      { id: 'b', name: 'text', query: 'A', usrIds: [] },
    ];
    const counts = countTabs(rows, tabs);
    expect(counts.custom).toEqual({ a: 2, b: 3 /* Carol, alice, Dave */ });
  });
});

describe('visibleRows', () => {
  it('custom sort keeps the server order', () => {
    expect(visibleRows(rows, 'all', [], 'custom', collator).map((r) => r.usrId)).toEqual(['5', '2', '3', '1', '4']);
  });

  it('sorts by name both ways, ignoring case', () => {
    expect(visibleRows(rows, 'online', [], 'nameAsc', collator).map((r) => r.name)).toEqual(['alice', 'Carol', 'Dave']);
    expect(visibleRows(rows, 'online', [], 'nameDesc', collator).map((r) => r.name)).toEqual(['Dave', 'Carol', 'alice']);
  });

  it('an unknown custom tab shows nothing', () => {
    expect(visibleRows(rows, 'custom:gone', [], 'custom', collator)).toEqual([]);
  });
});

describe('countTabs agrees with the tab rules', () => {
  it('for a mixed population, every count equals the rows the tab shows', () => {
    const population: ParticipantRow[] = [];
    for (let i = 0; i < 400; i++) {
      const online = i % 3 !== 0;
      population.push(
        row(
          String(i),
          `P${i}`,
          i,
          online
            ? { hand: i % 5 === 0 ? 1 : 0, vad: i % 7 === 0 ? 1 : 0, cont_sender: i % 11 === 0 ? 1 : 0, waiting: i % 13 === 0 ? 1 : 0 }
            : undefined,
        ),
      );
    }
    const counts = countTabs(population, []);
    for (const tab of ['all', 'offline', 'online', 'active', 'hand', 'waiting'] as const)
      expect(counts[tab], tab).toBe(visibleRows(population, tab, [], 'custom', collator).length);
  });
});

describe('matchesQuery (Find participant)', () => {
  const steady = { name: 'Steady 01', remoteAddr: '10.0.0.7' } as ParticipantRow;
  it('matches the name or the address, ignoring case and surrounding spaces; empty matches all', () => {
    expect(matchesQuery(steady, ' steady ')).toBe(true);
    expect(matchesQuery(steady, '10.0.0')).toBe(true);
    expect(matchesQuery(steady, 'kate')).toBe(false);
    expect(matchesQuery(steady, '')).toBe(true);
  });
});
