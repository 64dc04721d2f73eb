// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TempCallStatus } from './TempCallStatus';
import { tempCallOutcome, type PlacedTempCall } from './tempCallOutcome';
import { renderUi } from '#/testing/render';
import type { ParticipantRow } from './participantModel';

afterEach(cleanup);

const call: PlacedTempCall = { address: 'sip:lab@10.0.0.2', name: 'Lab', sentAt: 1000, onlineBefore: new Set(['old']) };
const row = (usrId: string, name: string, online: boolean, remoteAddr = '') => ({ usrId, name, online, remoteAddr });

describe('tempCallOutcome', () => {
  it('is calling until a new participant matching the name or address is online', () => {
    expect(tempCallOutcome(call, [], undefined, 1010)).toEqual({ state: 'calling' });
    // online before the call: not the answer
    expect(tempCallOutcome(call, [row('old', 'Lab', true)], undefined, 1010).state).toBe('calling');
    expect(tempCallOutcome(call, [row('u9', 'Lab', true)], undefined, 1010)).toEqual({ state: 'joined', usrId: 'u9', name: 'Lab' });
    expect(tempCallOutcome(call, [row('u8', 'Renamed', true, 'LAB@10.0.0.2')], undefined, 1010).state).toBe('joined');
  });

  it('failed when the failed-call list names its address after it was sent, else no answer after the wait', () => {
    const failed = new Map([['lab@10.0.0.2', { reason: 'busy', time: 1003 }]]);
    expect(tempCallOutcome(call, [], failed, 1010)).toEqual({ state: 'failed', reason: 'busy' });
    const earlier = new Map([['lab@10.0.0.2', { reason: 'busy', time: 900 }]]);
    expect(tempCallOutcome(call, [], earlier, 1010).state).toBe('calling');
    expect(tempCallOutcome(call, [], earlier, 1060)).toEqual({ state: 'noAnswer' });
  });

  it('a user invited by number: matched by usr_id, failed with the reason the server gave for its roster address (max_calls)', () => {
    const byNumber: PlacedTempCall = { address: '', name: '1001', usrId: '1001', sentAt: 1000, onlineBefore: new Set() };
    const failed = new Map([['zhang@10.0.0.7', { reason: 'max_calls', time: 1002 }]]);
    expect(tempCallOutcome(byNumber, [], failed, 1005)).toEqual({ state: 'calling' });
    // another participant of the same name is not the invitee
    expect(tempCallOutcome(byNumber, [row('u1', '1001', true)], undefined, 1005).state).toBe('calling');
    expect(tempCallOutcome(byNumber, [row('1001', 'Zhang Wei', false, 'zhang@10.0.0.7')], failed, 1005)).toEqual({
      state: 'failed',
      reason: 'max_calls',
    });
    expect(tempCallOutcome(byNumber, [row('1001', 'Zhang Wei', true, 'zhang@10.0.0.7')], undefined, 1005)).toEqual({
      state: 'joined',
      usrId: '1001',
      name: 'Zhang Wei',
    });
  });
});

describe('TempCallStatus', () => {
  it('a user invited by number: calling by number, then the server refusal (max_calls) under the user name', () => {
    const byNumber: PlacedTempCall = { address: '', name: '1001', usrId: '1001', sentAt: 1000, onlineBefore: new Set() };
    const { rerender } = renderUi(<TempCallStatus call={byNumber} rows={[]} onClose={() => {}} now={() => 1005} />);
    expect(screen.getByRole('status').textContent).toBe('Calling 1001…');
    const rows = [row('1001', 'Zhang Wei', false, 'zhang@10.0.0.7')] as unknown as ParticipantRow[];
    rerender(
      <TempCallStatus
        call={byNumber}
        rows={rows}
        failedCalls={new Map([['zhang@10.0.0.7', { reason: 'max_calls', time: 1002 }]])}
        onClose={() => {}}
        now={() => 1005}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('The call to Zhang Wei failed: Maximum number of calls reached');
  });

  it('says calling, then the failure with its reason in words, and closes', () => {
    const onClose = vi.fn();
    const { rerender } = renderUi(<TempCallStatus call={call} rows={[]} onClose={onClose} now={() => 1005} />);
    expect(screen.getByRole('status').textContent).toBe('Calling Lab (sip:lab@10.0.0.2)…');
    rerender(
      <TempCallStatus
        call={call}
        rows={[]}
        failedCalls={new Map([['lab@10.0.0.2', { reason: 'busy', time: 1003 }]])}
        onClose={onClose}
        now={() => 1005}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('The call to Lab failed: The peer is busy');
    expect(screen.getByTestId('temp-call-status').dataset.state).toBe('failed');
    fireEvent.click(screen.getByRole('button', { name: 'Close the call result' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says joined, and no answer after the bounded wait', () => {
    const joined = [row('u9', 'Lab', true)] as unknown as ParticipantRow[];
    const { rerender } = renderUi(<TempCallStatus call={call} rows={joined} onClose={() => {}} now={() => 1005} />);
    expect(screen.getByRole('status').textContent).toBe('Lab joined the meeting.');
    rerender(<TempCallStatus call={{ ...call, sentAt: 900 }} rows={[]} onClose={() => {}} now={() => 1005} />);
    expect(screen.getByRole('status').textContent).toBe('Lab did not answer within 60 seconds.');
  });
});
