import { beforeAll, describe, expect, it } from 'vitest';
import type { I18n } from '@lingui/core';
import type { ActivityEntry } from '@protocol/wire';
import { createTestI18n } from '#/testing/render';
import { controllerText, describeEntry, readActivity, targetsText, wireText } from './activitySentence';
import { activityEntry } from './testEntries';

let en: I18n;
let zh: I18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  zh = await createTestI18n('zh');
});

let nextId = 100;
const entry = (over: Partial<ActivityEntry> = {}): ActivityEntry => activityEntry({ id: nextId++, ...over });
const eps = (action: string, value?: number, over: Partial<ActivityEntry> = {}) =>
  entry({ action, values: value === undefined ? { action } : { action, value }, ...over });
const status = (key: string, value: number | string, over: Partial<ActivityEntry> = {}) =>
  entry({ cmdid: 'mod_mr_status', action: '', targets: [], values: { [key]: value }, ...over });
const four = [1, 2, 3, 4].map((n) => ({ usr_id: `u${n}`, name: `Steady 0${n}` }));

describe('who and whom', () => {
  it('the controller by role and address, or this console', () => {
    expect(controllerText(en, 'host', '127.0.0.1')).toBe('Host (127.0.0.1)');
    expect(controllerText(en, 'supervisor', '')).toBe('Supervisor (this console)');
    expect(controllerText(zh, 'host', '10.0.0.7')).toBe('主持人（10.0.0.7）');
    expect(controllerText(zh, 'host', '')).toBe('主持人（本控制台）');
  });

  it('targets: one name, two names, the first and how many others (plural), unnamed by id', () => {
    expect(targetsText(en, four.slice(0, 1), 0)).toBe('Steady 01');
    expect(targetsText(en, four.slice(0, 2), 0)).toBe('Steady 01 and Steady 02');
    expect(targetsText(en, four.slice(0, 2), 0 + 1)).toBe('Steady 01 and 2 others');
    expect(targetsText(en, four, 0)).toBe('Steady 01 and 3 others');
    expect(targetsText(en, [four[0], { usr_id: 'u9', name: '' }, four[2]], 0)).toBe('Steady 01 and 2 others');
    expect(targetsText(en, [{ usr_id: 'u9', name: '' }], 0)).toBe('u9');
    expect(targetsText(zh, four, 0)).toBe('Steady 01 及另外 3 人');
    expect(targetsText(en, [], 0)).toBe('');
  });
});

describe('each command as a sentence, named as the console names it', () => {
  const cases: [string, ActivityEntry, string, string, string][] = [
    [
      'refused hand',
      eps('hand_permit', 0),
      'Refuse',
      "Host (127.0.0.1) refused Steady 01's raised hand",
      '主持人（127.0.0.1）拒绝了Steady 01的举手发言',
    ],
    [
      'accepted hand (podium)',
      eps('hand_permit', 1),
      'Permit',
      "Host (127.0.0.1) accepted Steady 01's raised hand",
      '主持人（127.0.0.1）同意了Steady 01的举手发言',
    ],
    [
      'mute, many',
      eps('a_rx', 0, { peer_ip: '', targets: four.slice(1), more_targets: 1 }),
      'Mute',
      'Host (this console) muted Steady 02 and 3 others',
      '主持人（本控制台）将Steady 02 及另外 3 人静音',
    ],
    ['unmute', eps('a_rx', 1), 'Unmute', 'Host (127.0.0.1) unmuted Steady 01', '主持人（127.0.0.1）取消了Steady 01的静音'],
    ['hang up', eps('drop'), 'Hang up', 'Host (127.0.0.1) hung up Steady 01', '主持人（127.0.0.1）挂断了Steady 01'],
    [
      'lock',
      status('lock_mr', 1, { role: 'supervisor', peer_ip: '10.0.0.7' }),
      'Lock meeting',
      'Supervisor (10.0.0.7) locked the meeting',
      '监管员（10.0.0.7）锁定了会议',
    ],
    ['live on', status('enable_live', 1), 'Live', 'Host (127.0.0.1) turned Live on', '主持人（127.0.0.1）开启了直播'],
    ['record', status('enable_rec', 1), 'Start recording', 'Host (127.0.0.1) started recording', '主持人（127.0.0.1）开始了录制'],
    [
      'mute all recipe',
      status('all_guests_mute', 1),
      'Mute all',
      'Host (127.0.0.1) muted the audience (mute all)',
      '主持人（127.0.0.1）开启了全体静音',
    ],
    [
      'a switch',
      status('enable_guest', 0),
      'Allow guests',
      'Host (127.0.0.1) turned “Allow guests” off',
      '主持人（127.0.0.1）关闭了“允许访客入会”',
    ],
    [
      'end',
      entry({ cmdid: 'stop_mr_req', action: '', targets: [], values: { reason: 'x' } }),
      'End meeting',
      'Host (127.0.0.1) ended the meeting',
      '主持人（127.0.0.1）结束了会议',
    ],
    [
      'overtime',
      entry({ cmdid: 'mod_mr_info', action: '', targets: [], values: { increase_secs: 60 } }),
      'Delay',
      'Host (127.0.0.1) extended the meeting by 1 minute',
      '主持人（127.0.0.1）将会议延长了 1 分钟',
    ],
    [
      'honoured guest',
      eps('chair', 1),
      'Honoured guest',
      'Host (127.0.0.1) made Steady 01 honoured guest',
      '主持人（127.0.0.1）将Steady 01设为嘉宾',
    ],
    [
      'honoured guest cancelled',
      eps('chair', 0),
      'Honoured guest',
      'Host (127.0.0.1) cancelled honoured guest for Steady 01',
      '主持人（127.0.0.1）取消了Steady 01的嘉宾身份',
    ],
    ['auto focus', status('focus_speaker', 1), 'Auto focus', 'Host (127.0.0.1) turned auto focus on', '主持人（127.0.0.1）开启了自动焦点'],
    [
      'an unknown action',
      eps('mic_gain', 3),
      'Participant control',
      'Host (127.0.0.1) sent “mic_gain” to Steady 01',
      '主持人（127.0.0.1）向Steady 01发送了“mic_gain”',
    ],
    [
      'an unknown command',
      entry({ cmdid: 'brand_new', action: '', targets: [], values: {} }),
      'brand_new',
      'Host (127.0.0.1) sent “brand_new”',
      '主持人（127.0.0.1）发送了“brand_new”',
    ],
  ];
  for (const [name, e, command, sentenceEn, sentenceZh] of cases) {
    it(name, () => {
      expect(describeEntry(en, e)).toEqual({ command, sentence: sentenceEn });
      expect(describeEntry(zh, e).sentence).toBe(sentenceZh);
    });
  }

  it('a run-of-show Take names its segment, in both languages (issue 28)', () => {
    const take = entry({ cmdid: 'take_segment', action: '', targets: [], values: { segment: 'Opening', index: 0 } });
    expect(describeEntry(en, take).sentence).toBe('Host (127.0.0.1) took the segment “Opening”');
    expect(describeEntry(zh, take).sentence).toBe('主持人（127.0.0.1）切换到环节“Opening”');
  });

  it('minutes are counted with a plural', () => {
    expect(describeEntry(en, entry({ cmdid: 'mod_mr_info', action: '', targets: [], values: { increase_secs: 1800 } })).sentence).toBe(
      'Host (127.0.0.1) extended the meeting by 30 minutes',
    );
  });

  it('a snooze of quality alerts (the console records it) says who snoozed whom and for how long', () => {
    const snooze = entry({ cmdid: 'alert_snooze', action: '', peer_ip: '', values: { minutes: 30, by: 'host' } });
    expect(describeEntry(en, snooze)).toEqual({
      command: 'Snooze alerts',
      sentence: 'Host (this console) snoozed the quality alerts of Steady 01 for 30 minutes',
    });
    expect(describeEntry(zh, snooze).sentence).toContain('Steady 01');
    expect(describeEntry(zh, snooze).sentence).not.toContain('alert_snooze');
  });

  it('the wire detail stays available for support', () => {
    expect(wireText(eps('hand_permit', 0))).toBe('ctrl_mr_eps · hand_permit · value=0');
    expect(wireText(status('lock_mr', 1))).toBe('mod_mr_status · lock_mr=1');
  });
});

describe("the console's recipes read as what the host did", () => {
  it('accept a raised hand: a_rx 1 + clear_hand (+ the talk layout) is one row', () => {
    const a = eps('a_rx', 1, { id: 1, dtm: 100 });
    const c = eps('clear_hand', undefined, { id: 2, dtm: 100 });
    const l = entry({ id: 3, dtm: 101, cmdid: 'config_mosic', action: '', targets: [], values: { config_info: [] } });
    const rows = readActivity(en, [l, c, a]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ command: 'Permit', sentence: "Host (127.0.0.1) accepted Steady 01's raised hand" });
    expect(rows[0].entries.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(readActivity(zh, [c, a])[0].sentence).toBe('主持人（127.0.0.1）同意了Steady 01的举手发言');
  });

  it('start a roll call: the flag, a_rx 1 for the called, the layout is one row', () => {
    const f = status('roll_call', 1, { id: 1 });
    const a = eps('a_rx', 1, { id: 2 });
    const l = entry({ id: 3, cmdid: 'config_mosic', action: '', targets: [], values: {} });
    const rows = readActivity(en, [l, a, f]);
    expect(rows.map((r) => r.sentence)).toEqual(['Host (127.0.0.1) started a roll call, calling Steady 01']);
  });

  it('a roll call read as what the host did: started, the next called, ended', () => {
    const lay = (id: number) => entry({ id, cmdid: 'config_mosic', action: '', targets: [], values: {} });
    const two = [four[1]];
    const log = [
      status('roll_call', 0, { id: 9 }),
      lay(8),
      eps('a_rx', 0, { id: 7, targets: two }),
      lay(6),
      eps('a_rx', 0, { id: 5 }),
      eps('a_rx', 1, { id: 4, targets: two }),
      lay(3),
      eps('a_rx', 1, { id: 2 }),
      status('roll_call', 1, { id: 1 }),
    ];
    const rows = readActivity(en, log);
    expect(rows.map((r) => r.sentence)).toEqual([
      'Host (127.0.0.1) ended the roll call',
      'Host (127.0.0.1) called Steady 02 in the roll call',
      'Host (127.0.0.1) started a roll call, calling Steady 01',
    ]);
    expect(rows.map((r) => r.entries.map((e) => e.id))).toEqual([
      [9, 8, 7],
      [6, 5, 4],
      [3, 2, 1],
    ]);
    expect(readActivity(zh, log).map((r) => r.sentence)[1]).toBe('主持人（127.0.0.1）点名Steady 02');
    // outside a roll call an unmute and a layout are what they are
    expect(readActivity(en, [lay(11), eps('a_rx', 1, { id: 10 })]).map((r) => r.sentence)).toEqual([
      'Host (127.0.0.1) changed the screen layout',
      'Host (127.0.0.1) unmuted Steady 01',
    ]);
  });

  it('steps of other controllers, far apart, refused, or for other people stay rows of their own', () => {
    const a = eps('a_rx', 1, { id: 1, dtm: 100 });
    expect(readActivity(en, [eps('clear_hand', undefined, { id: 2, dtm: 100, peer_ip: '10.0.0.9' }), a])).toHaveLength(2);
    expect(readActivity(en, [eps('clear_hand', undefined, { id: 2, dtm: 160 }), a])).toHaveLength(2);
    expect(readActivity(en, [eps('clear_hand', undefined, { id: 2, dtm: 100, result: 1002, status: 200 }), a])).toHaveLength(2);
    expect(readActivity(en, [eps('clear_hand', undefined, { id: 2, dtm: 100, targets: [four[1]] }), a])).toHaveLength(2);
    expect(readActivity(en, [eps('a_rx', 0, { id: 2 }), a]).map((r) => r.sentence)).toEqual([
      'Host (127.0.0.1) muted Steady 01',
      'Host (127.0.0.1) unmuted Steady 01',
    ]);
  });
});
