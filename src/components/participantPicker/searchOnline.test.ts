import { describe, expect, it } from 'vitest';
import { searchOnline } from './searchOnline';

const users = Array.from({ length: 1200 }, (_, i) => ({ usrId: `u${i}`, name: `Sim ${i}` }));
const ids = (list: readonly { usrId: string }[]) => list.map((u) => u.usrId);

describe('searchOnline', () => {
  it('takes the first ones for an empty search and counts everyone', () => {
    const found = searchOnline(users, '  ', 3);
    expect(ids(found.matches)).toEqual(['u0', 'u1', 'u2']);
    expect(found.total).toBe(1200);
  });

  it('puts the exact name first even when many names contain the search', () => {
    const found = searchOnline(users, 'sim 1', 50);
    expect(found.matches).toHaveLength(50);
    expect(found.matches[0].usrId).toBe('u1');
    // Sim 1, Sim 10–19, Sim 100–199, Sim 1000–1199
    expect(found.total).toBe(1 + 10 + 100 + 200);
  });

  it('ranks names starting with the search before names containing it', () => {
    const list = [
      { usrId: 'a', name: 'Old Bob' },
      { usrId: 'b', name: 'Bobby' },
      { usrId: 'c', name: 'Alice' },
    ];
    expect(ids(searchOnline(list, 'bob', 10).matches)).toEqual(['b', 'a']);
    expect(searchOnline(list, 'bob', 10).total).toBe(2);
    expect(ids(searchOnline(list, 'bob', 1).matches)).toEqual(['b']);
    expect(searchOnline(list, 'bob', 1).total).toBe(2);
    expect(searchOnline(list, 'zed', 10)).toEqual({ matches: [], total: 0 });
  });

  it('leaves out skipped entries from the matches and the total', () => {
    const skipEven = (u: { usrId: string }) => Number(u.usrId.slice(1)) % 2 === 0;
    const all = searchOnline(users, '', 3, skipEven);
    expect(ids(all.matches)).toEqual(['u1', 'u3', 'u5']);
    expect(all.total).toBe(600);
    const some = searchOnline(users, 'sim 11', 50, skipEven);
    // Sim 11, 111, 113…119, 1101…1199 odd: the even ones (110, 112…) are skipped
    expect(some.matches[0].usrId).toBe('u11');
    expect(some.matches.every((u) => !skipEven(u))).toBe(true);
    expect(some.total).toBe(1 + 5 + 50);
  });
});
