import { describe, expect, it } from 'vitest';
import { AddressBook, SEARCH_LIMIT } from './addressBook';
import { generateAddressBook } from './addressBookSeed';

describe('AddressBook.searchUsers', () => {
  const data = generateAddressBook(11, 2000, 1_700_000_000);
  const book = new AddressBook(data.users, data.departments);
  const byId = [...data.users].sort((a, b) => a.id - b.id);

  it('answers the first 500 matches in id order with the exact total of all of them', () => {
    const all = book.searchUsers([]);
    expect(all.total).toBe(2000);
    expect(all.tooMany).toBe(true);
    expect(all.ids).toEqual(byId.slice(0, SEARCH_LIMIT).map((u) => u.id));

    const expected = byId.filter((u) => u.email.toLowerCase().includes('user1'));
    const r = book.searchUsers([{ type: 'email', value: 'USER1' }]);
    expect(r.total).toBe(expected.length);
    expect(r.ids).toEqual(expected.slice(0, SEARCH_LIMIT).map((u) => u.id));
    expect(r.tooMany).toBe(expected.length > SEARCH_LIMIT);
  });

  it('sorts by nick name across every match before cutting', () => {
    const r = book.searchUsers([], 'nick_name');
    const nicks = byId.map((u) => u.nick.toLowerCase()).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(r.total).toBe(2000);
    expect(r.ids.map((id) => book.users.get(id)!.nick.toLowerCase())).toEqual(nicks.slice(0, SEARCH_LIMIT));
  });

  it('combines a department with text filters', () => {
    const dep = byId[0].deps[0];
    const expected = byId.filter((u) => u.deps.includes(dep) && u.callAddr.toLowerCase().includes('sip'));
    const r = book.searchUsers([
      { type: 'department_id', value: dep },
      { type: 'call_addr', value: 'SIP' },
    ]);
    expect(r.total).toBe(expected.length);
    expect(r.ids).toEqual(expected.slice(0, SEARCH_LIMIT).map((u) => u.id));
  });
});
