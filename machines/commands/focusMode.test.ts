import { describe, expect, it } from 'vitest';
import { focusModeSteps, focusStateOf, NO_FOCUS } from './focusMode';

describe('focus modes (spec §6)', () => {
  it('reads the mode from the status: auto by focus_speaker, specified by the list, else none', () => {
    expect(focusStateOf({ focus_speaker: 1, auto_focus_usr_id: '7', spec_focus_usr_ids: [] })).toEqual({
      mode: 'auto',
      specIds: [],
      autoUsrId: '7',
    });
    expect(focusStateOf({ focus_speaker: 1, auto_focus_usr_id: '', spec_focus_usr_ids: [] })).toEqual({
      mode: 'auto',
      specIds: [],
      autoUsrId: '',
    });
    expect(focusStateOf({ focus_speaker: 0, auto_focus_usr_id: '', spec_focus_usr_ids: ['a', 'b'] })).toEqual({
      mode: 'specified',
      specIds: ['a', 'b'],
      autoUsrId: '',
    });
    expect(focusStateOf({ focus_speaker: 0, auto_focus_usr_id: '', spec_focus_usr_ids: [] })).toEqual(NO_FOCUS);
    expect(focusStateOf(null)).toEqual(NO_FOCUS);
  });

  it('a platform without focus_speaker that reports auto_focus_usr_id is in auto focus', () => {
    expect(focusStateOf({ auto_focus_usr_id: '9', spec_focus_usr_ids: [] }).mode).toBe('auto');
    expect(focusStateOf({ auto_focus_usr_id: '', spec_focus_usr_ids: ['9'] }).mode).toBe('specified');
  });

  it('chooses a mode with the fewest requests', () => {
    const spec = { mode: 'specified' as const, specIds: ['a', 'b'], autoUsrId: '' };
    const auto = { mode: 'auto' as const, specIds: [], autoUsrId: 'c' };
    expect(focusModeSteps('auto', spec)).toEqual([{ suffix: 'mr-status', body: { cmdid: 'mod_mr_status', focus_speaker: 1 } }]);
    expect(focusModeSteps('auto', auto)).toEqual([]);
    expect(focusModeSteps('none', auto)).toEqual([{ suffix: 'mr-status', body: { cmdid: 'mod_mr_status', focus_speaker: 0 } }]);
    expect(focusModeSteps('none', spec)).toEqual([
      { suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'focus', usr_ids: ['a', 'b'], value: 0 } },
    ]);
    expect(focusModeSteps('none', NO_FOCUS)).toEqual([]);
    expect(focusModeSteps('specified', auto, ['d'])).toEqual([
      { suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'focus', usr_ids: ['d'], value: 1 } },
    ]);
    expect(focusModeSteps('specified', NO_FOCUS)).toEqual([]);
  });
});
