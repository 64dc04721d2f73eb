import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ASSUMED_CALLS, ASSUMPTION_GROUPS, assumedGroupOf, parseAssumeList } from './assumptions';

/** The rows of the table under "## Evidence and assumptions" in docs/protocol.md, cell by cell. */
function docsTable(): string[][] {
  const doc = readFileSync(fileURLToPath(new URL('../docs/protocol.md', import.meta.url)), 'utf8');
  const start = doc.indexOf('\n## Evidence and assumptions\n');
  expect(start, 'docs/protocol.md has the section "Evidence and assumptions"').toBeGreaterThan(0);
  const section = doc.slice(start + 1, doc.indexOf('\n## ', start + 1));
  const rows = section.split('\n').filter((l) => l.startsWith('|'));
  return rows.slice(2).map((l) =>
    l
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim()),
  );
}

describe('ASSUMED_CALLS', () => {
  it('is the table docs/protocol.md shows (group, wire, kind, grade, fallback), row for row', () => {
    const rows = docsTable();
    expect(rows).toEqual(ASSUMED_CALLS.map((c) => [`\`${c.group}\``, c.wire, c.kind, c.grade, c.fallback]));
  });

  it('names every group at least once', () => {
    expect(new Set(ASSUMED_CALLS.map((c) => c.group))).toEqual(new Set(ASSUMPTION_GROUPS));
  });
});

describe('assumedGroupOf', () => {
  it('finds the group of an assumed status key among offered ones, and none for the evidence’s calls', () => {
    expect(assumedGroupOf('mr-status', { cmdid: 'mod_mr_status', lock_mr: 1, waiting_room: 1 })).toBe('waiting-room');
    expect(assumedGroupOf('mr-status', { cmdid: 'mod_mr_status', all_guests_mute: 1 })).toBeUndefined();
    expect(assumedGroupOf('eps-status', { cmdid: 'ctrl_mr_eps', action: 'clear_all_hand' })).toBeUndefined();
    expect(assumedGroupOf('controllers?x=1')).toBe('controllers');
  });
});

describe('parseAssumeList', () => {
  it('reads a comma list, all and none, and refuses an unknown name', () => {
    expect([...parseAssumeList(' waiting-room ,activity')]).toEqual(['waiting-room', 'activity']);
    expect(parseAssumeList('all')).toEqual(new Set(ASSUMPTION_GROUPS));
    expect(parseAssumeList(undefined).size).toBe(0);
    expect(parseAssumeList('none').size).toBe(0);
    expect(() => parseAssumeList('waiting')).toThrow(/unknown group "waiting"/);
  });
});
