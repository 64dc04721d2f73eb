import { describe, expect, it } from 'vitest';
import { toWireRequests } from './commands';

const ctx = { onlineIds: ['7', '8', '9'] };
const bodies = (cmd: Parameters<typeof toWireRequests>[0]) => toWireRequests(cmd, ctx).map((r) => [r.suffix, r.body]);

describe("meeting-wide actions are the evidence's recipes (facts §3.1, §3.2)", () => {
  it('mute all / cancel: mod_mr_status all_guests_mute, not all_a_rx', () => {
    expect(bodies({ type: 'muteAll', on: true })).toEqual([['mr-status', { cmdid: 'mod_mr_status', all_guests_mute: 1 }]]);
    expect(bodies({ type: 'muteAll', on: false })).toEqual([['mr-status', { cmdid: 'mod_mr_status', all_guests_mute: 0 }]]);
  });
  it('podium\'s "everyone" is its own all_a_rx with scope all', () => {
    expect(bodies({ type: 'muteAll', on: true, everyone: true })).toEqual([
      ['eps-status', { cmdid: 'ctrl_mr_eps', action: 'all_a_rx', usr_ids: [], value: 0, scope: 'all' }],
    ]);
  });
  it('forbid / allow all listening and watching: mr_atx_mode and mr_vtx_mode', () => {
    expect(bodies({ type: 'listenAll', allow: false })).toEqual([['mr-status', { cmdid: 'mod_mr_status', mr_atx_mode: 1 }]]);
    expect(bodies({ type: 'watchAll', allow: true })).toEqual([['mr-status', { cmdid: 'mod_mr_status', mr_vtx_mode: 0 }]]);
  });
  it('hang up all: drop with the usr_ids online now, not all_leave', () => {
    expect(bodies({ type: 'hangUpAll' })).toEqual([['eps-status', { cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['7', '8', '9'] }]]);
    expect(toWireRequests({ type: 'hangUpAll' }, { onlineIds: [] })).toEqual([]);
  });
});

describe('raised hands: the talk recipe, not hand_permit', () => {
  it('accepting one hand: a_rx 1, clear_hand, and with showTalker the talk layout', () => {
    expect(bodies({ type: 'acceptHands', usrIds: ['8'], showTalker: true })).toEqual([
      ['eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: ['8'], value: 1 }],
      ['eps-status', { cmdid: 'ctrl_mr_eps', action: 'clear_hand', usr_ids: ['8'] }],
      [
        'mosic-config',
        {
          cmdid: 'config_mosic',
          config_info: [
            { role: 'speaker', mosic_id: '1', layout_mode: 2, roles_lst: [['8']], poll_secs: 10, view_has_self: 0 },
            { role: 'guest', mosic_id: '1*1', layout_mode: 2, roles_lst: [['1010'], ['8']], poll_secs: 10, view_has_self: 0 },
          ],
        },
      ],
    ]);
    expect(bodies({ type: 'acceptHands', usrIds: ['8'], showTalker: false }).map(([, b]) => (b as { action?: string }).action)).toEqual([
      'a_rx',
      'clear_hand',
    ]);
  });
  it('accepting several never changes the layout', () => {
    expect(bodies({ type: 'acceptHands', usrIds: ['7', '8'], showTalker: true }).map(([s]) => s)).toEqual(['eps-status', 'eps-status']);
  });
  it('refusing lowers the hand: clear_hand', () => {
    expect(bodies({ type: 'refuseHands', usrIds: ['9'] })).toEqual([
      ['eps-status', { cmdid: 'ctrl_mr_eps', action: 'clear_hand', usr_ids: ['9'] }],
    ]);
  });
});

describe('focus modes (spec §6, issue 30)', () => {
  const spec = { mode: 'specified' as const, specIds: ['7'], autoUsrId: '' };
  const auto = { mode: 'auto' as const, specIds: [], autoUsrId: '8' };
  it('specified focus on the selection is ctrl_mr_eps focus 1; auto focus is focus_speaker 1', () => {
    expect(bodies({ type: 'focusMode', mode: 'specified', focus: auto, usrIds: ['9'] })).toEqual([
      ['eps-status', { cmdid: 'ctrl_mr_eps', action: 'focus', usr_ids: ['9'], value: 1 }],
    ]);
    expect(bodies({ type: 'focusMode', mode: 'auto', focus: spec })).toEqual([['mr-status', { cmdid: 'mod_mr_status', focus_speaker: 1 }]]);
  });
  it('no focus ends the mode that runs', () => {
    expect(bodies({ type: 'focusMode', mode: 'none', focus: spec })).toEqual([
      ['eps-status', { cmdid: 'ctrl_mr_eps', action: 'focus', usr_ids: ['7'], value: 0 }],
    ]);
    expect(bodies({ type: 'focusMode', mode: 'none', focus: auto })).toEqual([['mr-status', { cmdid: 'mod_mr_status', focus_speaker: 0 }]]);
  });
});
