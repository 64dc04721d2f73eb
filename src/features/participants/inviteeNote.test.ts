import { describe, expect, it } from 'vitest';
import { ParticipantStore } from '@machines/participants/participantStore';
import { roster } from '@machines/testing/fixtures';
import { toRows } from './toRows';

const rowsOf = (store: ParticipantStore) => toRows(store.list(), store.waiting(), () => false);

describe("invitees' departments and the appointed mark (spec §3, issue 30)", () => {
  it('names the department from depid_names and marks an attr whose second number is below 10000', () => {
    const store = new ParticipantStore();
    store.applyRoster(
      roster(['1001', '1002', '1003'], {
        added_usr_attr: ['2-1-0', '2-10002-0', '1-3-0'],
        added_usr_appoint: undefined as unknown as number[],
        added_usr_deps: [7, 8, 0],
        depid_names: { '7': '华东分公司 017', '8': 'Sales' },
      }),
    );
    expect(rowsOf(store).map((r) => [r.usrId, r.department, r.appointed])).toEqual([
      ['1001', '华东分公司 017', true],
      ['1002', 'Sales', undefined],
      ['1003', undefined, true],
    ]);
  });

  it('keeps the name when a later roster event of the same department does not repeat it, and drops it when the department changes', () => {
    const store = new ParticipantStore();
    store.applyRoster(roster(['1001'], { added_usr_deps: [7], depid_names: { '7': 'North' } }));
    store.applyRoster(roster(['1001'], { added_usr_deps: [7], depid_names: {} }));
    expect(rowsOf(store)[0].department).toBe('North');
    store.applyRoster(roster(['1001'], { added_usr_deps: [9], depid_names: {} }));
    expect(rowsOf(store)[0].department).toBeUndefined();
  });
});
