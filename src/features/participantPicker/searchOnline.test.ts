import { describe, expect, it } from 'vitest';
import { searchOnline } from './onlineParticipants';

const users = Array.from({ length: 1200 }, (_, i) => ({ usrId: `u${i}`, name: `Sim ${i}` }));

describe('searchOnline', () => {
  it('takes the first ones for an empty search', () => {
    expect(searchOnline(users, '  ', 3).map((u) => u.usrId)).toEqual(['u0', 'u1', 'u2']);
  });

  it('puts the exact name first even when many names contain the search', () => {
    const found = searchOnline(users, 'sim 1', 50);
    expect(found).toHaveLength(50);
    expect(found[0].usrId).toBe('u1');
  });

  it('ranks names starting with the search before names containing it', () => {
    const list = [
      { usrId: 'a', name: 'Old Bob' },
      { usrId: 'b', name: 'Bobby' },
      { usrId: 'c', name: 'Alice' },
    ];
    expect(searchOnline(list, 'bob', 10).map((u) => u.usrId)).toEqual(['b', 'a']);
    expect(searchOnline(list, 'bob', 1).map((u) => u.usrId)).toEqual(['b']);
  });
});
