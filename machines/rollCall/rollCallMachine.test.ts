import { describe, expect, it } from 'vitest';
import { mrStatus } from '../testing/fixtures';
import { miniSession } from '../testing/miniSession';
import { rollCallMachine } from './rollCallMachine';
import { selectCalledUsrId, selectRollCallActive, selectRollCallView } from './selectors';

const status = (fields: object) => ({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', seq: 1, ...fields } }) as never;

describe('when idle', () => {
  it('rollCall.start sends roll_call_start with the view; the report → calling with the called participant', () => {
    const h = miniSession(rollCallMachine, 'rollCall');
    h.actor.send({ type: 'rollCall.start', usrId: '7', view: 'with_speaker' });
    expect(h.calls[0].body).toMatchObject({ cmdid: 'ctrl_mr_eps', action: 'roll_call_start', usr_ids: ['7'], value: 'with_speaker' });
    expect(selectRollCallActive(h.snap())).toBe(false);
    h.actor.send(status({ roll_call: 1, rollcall_usr_id: '7', rollcall_view: 'with_speaker' }));
    expect(selectRollCallActive(h.snap())).toBe(true);
    expect(selectCalledUsrId(h.snap())).toBe('7');
    expect(selectRollCallView(h.snap())).toBe('with_speaker');
  });

  it('next and end are not offered', () => {
    const h = miniSession(rollCallMachine, 'rollCall');
    h.actor.send({ type: 'rollCall.next', usrId: '8' });
    h.actor.send({ type: 'rollCall.end' });
    expect(h.calls).toHaveLength(0);
  });
});

describe('when calling', () => {
  it('next → roll_call_next; the report moves the called participant; end → idle on the report', () => {
    const h = miniSession(rollCallMachine, 'rollCall');
    h.actor.send({ type: 'server.meeting_snapshot', snapshot: { status: mrStatus({ roll_call: 1, rollcall_usr_id: '7' }), info: {} as never } });
    h.actor.send({ type: 'rollCall.next', usrId: '8' });
    expect(h.calls[0].body).toMatchObject({ action: 'roll_call_next', usr_ids: ['8'] });
    h.actor.send(status({ rollcall_usr_id: '8' }));
    expect(selectCalledUsrId(h.snap())).toBe('8');
    h.actor.send({ type: 'rollCall.end' });
    expect(h.calls[1].body).toMatchObject({ action: 'roll_call_end' });
    h.actor.send(status({ roll_call: 0 }));
    expect(selectRollCallActive(h.snap())).toBe(false);
    expect(selectCalledUsrId(h.snap())).toBe('');
  });
});
