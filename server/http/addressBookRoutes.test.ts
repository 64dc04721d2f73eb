import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { makeHarness } from '../engine/testing/harness';

const searchByName = (name: string) => ({ cmdid: 'search_department_ids', filter_type: ['department_name'], filter_value: [name] });

describe('department search by name (spec §5, assumption group department-search)', () => {
  it('answers the matching departments, and refuses more than 500 with 2002 and no ids', async () => {
    const h = makeHarness({ simActivity: 0 });
    const c = h.login();
    const east = await c.post('departments/department_ids/search/', searchByName('华东'));
    // the 华东 region and its 100 branch offices
    expect(east.body).toMatchObject({ total: 101, too_many: 0 });
    const names = (await c.post('departments/department_ids/', { cmdid: 'subscribe_department', department_ids: east.body.ids })).body
      .department_names;
    expect(names.every((n: string) => n.includes('华东'))).toBe(true);

    const all = await c.post('departments/department_ids/search/', searchByName('分公司'));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ too_many: 1, result: RC.departmentSearchTooMany, ids: [], department_ids: [] });
    expect(all.body.total).toBeGreaterThan(500);
    h.engine.stop();
  });

  it('is refused as an unknown filter by a strict platform server without the group', async () => {
    const h = makeHarness({ simActivity: 0, config: { wire: 'platform' } });
    const c = h.login();
    const r = await c.post('departments/department_ids/search/', searchByName('华东'));
    expect(r.status).toBe(400);
    expect(r.body.result).toBe(RC.valueOutOfRange);
    // browsing by senior_id is the evidence's call and stays
    const tops = await c.post('departments/department_ids/search/', {
      cmdid: 'search_department_ids',
      filter_type: ['senior_id'],
      filter_value: [-1],
    });
    expect(tops.body.ids).toHaveLength(6);
    h.engine.stop();

    const assumed = makeHarness({ simActivity: 0, config: { wire: 'platform', platformAssume: new Set(['department-search'] as const) } });
    const ac = assumed.login();
    expect((await ac.post('departments/department_ids/search/', searchByName('华东'))).body.total).toBe(101);
    assumed.engine.stop();
  });
});

describe("invitees' departments (spec §3 depid_names)", () => {
  it('names the department of every invited address-book user in mr_participants', async () => {
    const h = makeHarness({ simActivity: 0 });
    const c = h.login();
    const free = [...h.engine.addressBook.users.values()].find(
      (u) => !h.engine.rooms.get(h.engine.config.demoMrId)!.roster.has(String(u.id)),
    )!;
    expect((await c.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'add_participants', usr_ids: [String(free.id)] })).status).toBe(200);
    const r = (await c.get('participants')).body;
    const at = r.added_usr_ids.indexOf(String(free.id));
    expect(r.added_usr_deps[at]).toBe(free.deps[0]);
    expect(r.depid_names[String(free.deps[0])]).toBe(h.engine.addressBook.departmentName(free.deps[0]));
    // every department named is one of the roster's
    expect(Object.keys(r.depid_names).every((d) => r.added_usr_deps.includes(Number(d)))).toBe(true);
    h.engine.stop();
  });
});
