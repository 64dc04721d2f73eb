import { describe, expect, it } from 'vitest';
import type { ParticipantRow } from './participantModel';
import { enterTarget, isSearchShortcut, matchesSearch, normalizeQuery, searchRows, type ShortcutKey } from './searchModel';

const row = (usrId: string, name: string, remoteAddr: string): ParticipantRow => ({
  usrId,
  name,
  remoteAddr,
  epId: null,
  protocol: 2,
  online: true,
  stats: '',
  waiting: false,
  order: Number(usrId.replace(/\D/g, '')) || 0,
});

const ann = row('u-17', 'Ann Lee', '8001@10.0.0.5');
const ben = row('u-42', 'Ben 王', 'tel:13800000000');
const cy = row('steady.03', 'Cy', '8003@10.0.0.7');

describe('search (issue 13 §1)', () => {
  it('matches the name, the number in the address, the address or the id, ignoring case and spaces', () => {
    expect(matchesSearch(ann, normalizeQuery('  ann lee '))).toBe(true);
    expect(matchesSearch(ann, normalizeQuery('8001'))).toBe(true);
    expect(matchesSearch(ann, normalizeQuery('10.0.0.5'))).toBe(true);
    expect(matchesSearch(ann, normalizeQuery('U-17'))).toBe(true);
    expect(matchesSearch(ben, normalizeQuery('王'))).toBe(true);
    expect(matchesSearch(ben, normalizeQuery('138000'))).toBe(true);
    expect(matchesSearch(ann, normalizeQuery('kate'))).toBe(false);
  });

  it('does not match across two fields', () => {
    expect(matchesSearch(ann, normalizeQuery('lee8001'))).toBe(false);
  });

  it('keeps the order of the tab and returns the tab itself for an empty query', () => {
    const tab = [cy, ann, ben];
    expect(searchRows(tab, '')).toBe(tab);
    expect(searchRows(tab, '   ')).toBe(tab);
    expect(searchRows(tab, '10.0.0').map((r) => r.name)).toEqual(['Cy', 'Ann Lee']);
  });

  it('finds the one of 10,000 rows typed, and follows a renamed row (its text is cached per row object)', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => row(`u-${i}`, `Person ${i}`, `${8000 + i}@10.1.${i % 250}.${i % 200}`));
    expect(searchRows(many, 'person 9999').map((r) => r.usrId)).toEqual(['u-9999']);
    many[5] = { ...many[5], name: 'Zed' };
    expect(searchRows(many, 'zed').map((r) => r.usrId)).toEqual(['u-5']);
  });
});

describe('shortcut', () => {
  const key = (k: string, target: ShortcutKey['target'], mods: Partial<ShortcutKey> = {}): ShortcutKey => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target,
    ...mods,
  });
  const body = { tagName: 'BODY', getAttribute: () => null };
  const button = { tagName: 'BUTTON', getAttribute: () => null };

  it('/ and Ctrl+K (⌘K) focus the search from the page or a button', () => {
    expect(isSearchShortcut(key('/', body))).toBe(true);
    expect(isSearchShortcut(key('k', button, { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', body, { metaKey: true }))).toBe(true);
  });

  it('not while typing in another field, and not for plain k or Ctrl+/', () => {
    expect(isSearchShortcut(key('/', { tagName: 'INPUT', getAttribute: () => null }))).toBe(false);
    expect(isSearchShortcut(key('k', { tagName: 'TEXTAREA', getAttribute: () => null }, { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key('/', { tagName: 'DIV', isContentEditable: true, getAttribute: () => null }))).toBe(false);
    expect(isSearchShortcut(key('/', { tagName: 'DIV', getAttribute: (n) => (n === 'role' ? 'combobox' : null) }))).toBe(false);
    expect(isSearchShortcut(key('k', body))).toBe(false);
    expect(isSearchShortcut(key('/', body, { ctrlKey: true }))).toBe(false);
  });
});

describe('Enter', () => {
  it('opens the one match, nothing when there are several, none or no query', () => {
    expect(enterTarget([ann], 'ann')).toBe(ann);
    expect(enterTarget([ann, ben], 'e')).toBeNull();
    expect(enterTarget([], 'zzz')).toBeNull();
    expect(enterTarget([ann], ' ')).toBeNull();
  });
});
