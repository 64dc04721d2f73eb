import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { makeHarness } from '../engine/testHarness';

const searchByName = (name: string) => ({ cmdid: 'search_department_ids', filter_type: ['department_name'], filter_value: [name] });

describe('department search by name (spec §5, assumption group department-search)', () => {
  it('answers the matching departments, and refuses more than 500 with 2002 and no ids', async () => {
    const h = makeHarness({ simActivity: 0 });
    const c = h.login();
    const east = await c.post('departments/department_ids/search/', searchByName('华东'));
    // the 华东 region and its 100 branch offices
    expect(east.body).toMatchObject({ total: 101, too_many: 0 });
    const names = (await c.post('departments/department_ids/', { cmdid: 'subscribe_department', department_ids: east.body.ids })).body.department_names;
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
    const tops = await c.post('departments/department_ids/search/', { cmdid: 'search_department_ids', filter_type: ['senior_id'], filter_value: [-1] });
    expect(tops.body.ids).toHaveLength(6);
    h.engine.stop();

    const assumed = makeHarness({ simActivity: 0, config: { wire: 'platform', platformAssume: new Set(['department-search'] as const) } });
    const ac = assumed.login();
    expect((await ac.post('departments/department_ids/search/', searchByName('华东'))).body.total).toBe(101);
    assumed.engine.stop();
  });
});
