import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@protocol/wire';
import { activityCsv, activityJson, activityKind, controllersOf, csvCell, filterActivity, NO_FILTER, valuesText } from './activityModel';

const entry = (id: number, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  dtm: 1_700_000_000 + id,
  role: 'host',
  peer_ip: '10.0.0.1',
  cmdid: 'ctrl_mr_eps',
  action: 'a_rx',
  targets: [{ usr_id: 'u1', name: 'Alice' }],
  more_targets: 0,
  values: { action: 'a_rx', value: 0 },
  result: 0,
  status: 200,
  ...over,
});

const log = [
  entry(3, { role: 'supervisor', peer_ip: '10.0.0.2', cmdid: 'mod_mr_status', action: '', targets: [], values: { lock_mr: 1 } }),
  entry(2, { targets: [{ usr_id: 'u2', name: 'Bob' }] }),
  entry(1),
];

describe('activity filters', () => {
  it('no filter gives the same list', () => {
    expect(filterActivity(log, NO_FILTER)).toBe(log);
  });

  it('filters by controller, participant (name part or exact id) and kind, together', () => {
    expect(filterActivity(log, { ...NO_FILTER, controller: 'supervisor|10.0.0.2' }).map((e) => e.id)).toEqual([3]);
    expect(filterActivity(log, { ...NO_FILTER, participant: 'ali' }).map((e) => e.id)).toEqual([1]);
    expect(filterActivity(log, { ...NO_FILTER, participant: 'U2' }).map((e) => e.id)).toEqual([2]);
    expect(filterActivity(log, { ...NO_FILTER, kind: 'meeting' }).map((e) => e.id)).toEqual([3]);
    expect(filterActivity(log, { controller: 'host|10.0.0.1', participant: 'bob', kind: 'participants' }).map((e) => e.id)).toEqual([2]);
    expect(filterActivity(log, { ...NO_FILTER, kind: 'layout' })).toEqual([]);
  });

  it('kinds and controllers', () => {
    expect(activityKind('config_mosic')).toBe('layout');
    expect(activityKind('something_new')).toBe('other');
    expect(controllersOf(log).map((c) => c.key)).toEqual(['supervisor|10.0.0.2', 'host|10.0.0.1']);
  });
});

describe('activity exports', () => {
  it('CSV: a header row, oldest first, quoted where needed, formulas defused', () => {
    const csv = activityCsv([entry(2, { targets: [{ usr_id: 'u9', name: '=HYPERLINK("x")' }] }), entry(1, { targets: [{ usr_id: 'u1', name: 'Smith, Ann' }] })]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time,role,address,command,action,targets,more_targets,values,result,status');
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith('1,2023-11-14T22:13:21.000Z,host,10.0.0.1,ctrl_mr_eps,a_rx,"Smith, Ann (u1)",0,')).toBe(true);
    expect(lines[1]).toContain('"{""action"":""a_rx"",""value"":0}"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") (u9)"`);
  });

  it('values read as key=value, the sub-action left to its own column', () => {
    expect(valuesText({ action: 'a_rx', value: 0, name: 'x' })).toBe('value=0, name=x');
  });

  it('csvCell leaves plain text and numbers alone', () => {
    expect(csvCell('Alice')).toBe('Alice');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('-1')).toBe("'-1");
  });

  it('JSON: the meeting, where the entries come from, oldest first', () => {
    const doc = JSON.parse(activityJson(log, { mrId: '8008038', source: 'local' }));
    expect(doc).toMatchObject({ mr_id: '8008038', source: 'local' });
    expect(doc.entries.map((e: ActivityEntry) => e.id)).toEqual([1, 2, 3]);
  });
});
