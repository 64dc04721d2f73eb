import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@protocol/wire';
import {
  activityCsv,
  activityJson,
  activityKind,
  controllersOf,
  entryKind,
  csvCell,
  filterActivity,
  localTimeText,
  NO_FILTER,
  valuesText,
  type ActivityRow,
} from './activityModel';
import { activityEntry } from './testEntries';

const entry = (id: number, over: Partial<ActivityEntry> = {}): ActivityEntry =>
  activityEntry({ id, dtm: 1_700_000_000 + id, peer_ip: '10.0.0.1', targets: [{ usr_id: 'u1', name: 'Alice' }], ...over });

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
    // Live turned on is live, not a meeting setting: the Live kind finds it
    expect(entryKind({ cmdid: 'mod_mr_status', values: { enable_live: 1 } })).toBe('live');
    expect(entryKind({ cmdid: 'mod_mr_status', values: { title_enabled: 0 } })).toBe('subtitles');
    expect(entryKind({ cmdid: 'mod_mr_status', values: { lock_mr: 1 } })).toBe('meeting');
    const live = entry(9, { cmdid: 'mod_mr_status', action: '', targets: [], values: { enable_live: 1 } });
    expect(filterActivity([live, ...log], { ...NO_FILTER, kind: 'live' }).map((e) => e.id)).toEqual([9]);
    expect(controllersOf(log).map((c) => c.key)).toEqual(['supervisor|10.0.0.2', 'host|10.0.0.1']);
  });
});

describe('activity exports', () => {
  const outcome = (e: ActivityEntry) => (e.result === 0 ? 'Applied' : `Refused ${e.result}`);
  const rowsOf = (entries: ActivityEntry[], sentence = (e: ActivityEntry) => `did ${e.id}`): ActivityRow[] =>
    entries.map((e) => ({ entries: [e], command: `cmd ${e.id}`, sentence: sentence(e) }));

  it('CSV for Excel: a byte-order mark, CRLF, local and ISO times, the sentence, then the wire columns; oldest first, quoted, formulas defused', () => {
    const csv = activityCsv(
      rowsOf([
        entry(2, { targets: [{ usr_id: 'u9', name: '=HYPERLINK("x")' }] }),
        entry(1, { targets: [{ usr_id: 'u1', name: 'Smith, Ann' }] }),
      ]),
      outcome,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'local_time,time_iso,activity,command,outcome,id,role,address,cmdid,action,targets,more_targets,values,result,status',
    );
    expect(lines).toHaveLength(3);
    expect(
      lines[1].startsWith(
        `${localTimeText(1_700_000_001)},2023-11-14T22:13:21.000Z,did 1,cmd 1,Applied,1,host,10.0.0.1,ctrl_mr_eps,a_rx,"Smith, Ann (u1)",0,`,
      ),
    ).toBe(true);
    expect(lines[1]).toContain('"{""action"":""a_rx"",""value"":0}"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") (u9)"`);
  });

  it('the local time is the browser zone’s wall clock, as a spreadsheet reads dates', () => {
    const d = new Date(1_700_000_001 * 1000);
    expect(localTimeText(1_700_000_001)).toBe(
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`,
    );
  });

  it('a Chinese name round-trips through the UTF-8 bytes a download writes', async () => {
    const csv = activityCsv(
      rowsOf([entry(1, { targets: [{ usr_id: 'u1', name: '张三·会议室' }] })], () => '主持人（本控制台）将张三·会议室静音'),
      outcome,
    );
    const bytes = new Uint8Array(await new Blob([csv], { type: 'text/csv;charset=utf-8' }).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const back = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(back).toBe(csv);
    expect(back).toContain('张三·会议室 (u1)');
    expect(back).toContain('主持人（本控制台）将张三·会议室静音');
  });

  it('a recipe of several entries writes one line per entry, each with the recipe’s sentence', () => {
    const csv = activityCsv([{ entries: [entry(2), entry(1)], command: 'Permit', sentence: 'accepted' }], outcome);
    const lines = csv.slice(1).trimEnd().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(',').slice(2, 6))).toEqual([
      ['accepted', 'Permit', 'Applied', '1'],
      ['accepted', 'Permit', 'Applied', '2'],
    ]);
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
