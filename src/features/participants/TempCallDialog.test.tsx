// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TempCallDialog } from './TempCallDialog';
import { installDomShims, renderUi } from '#/testing/render';
import { ConnectionLostState } from '#/session/connectionLost';
import { callLimit } from '@protocol/callLimit';
import { roomPropertiesOf } from '@protocol/management';

beforeAll(installDomShims);
afterEach(cleanup);

function byNumber(digits: number | null) {
  const onAddByNumber = vi.fn();
  const onCall = vi.fn();
  renderUi(<TempCallDialog opened onClose={vi.fn()} onCall={onCall} onAddByNumber={onAddByNumber} userNumberDigits={digits} />);
  fireEvent.click(screen.getByRole('radio', { name: 'By user number' }));
  const type = (value: string) => {
    fireEvent.change(screen.getByLabelText('User number'), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
  };
  return { onAddByNumber, onCall, type };
}

describe('TempCallDialog by user number', () => {
  it('requires a number (cuid) and one of the configured digit count', async () => {
    const { onAddByNumber, onCall, type } = byNumber(4);
    expect(screen.getByText("The registered user's number: 4 digits")).toBeTruthy();
    type('');
    expect(await screen.findByText('Please enter the user number')).toBeTruthy();
    type('101');
    expect(await screen.findByText('The user number must be 4 digits')).toBeTruthy();
    type('10a1');
    expect(await screen.findByText('The user number must be 4 digits')).toBeTruthy();
    expect(onAddByNumber).not.toHaveBeenCalled();
    type(' 1001 ');
    expect(onAddByNumber).toHaveBeenCalledWith('1001');
    expect(onCall).not.toHaveBeenCalled();
  });

  it('without a configured count accepts digits only and leaves the length to the platform', async () => {
    const { onAddByNumber, type } = byNumber(null);
    type('12x');
    expect(await screen.findByText('The user number is digits only, at most 20')).toBeTruthy();
    type('7');
    expect(onAddByNumber).toHaveBeenCalledWith('7');
  });

  it('offers calls by address only when nobody can be added by number', () => {
    renderUi(<TempCallDialog opened onClose={vi.fn()} onCall={vi.fn()} />);
    expect(screen.queryByRole('radio', { name: 'By user number' })).toBeNull();
    expect(screen.getByLabelText('Call address')).toBeTruthy();
  });
});

describe('TempCallDialog and the room max_call', () => {
  const limitOf = (maxCall: number | undefined, inMeeting: number) =>
    callLimit(roomPropertiesOf(maxCall === undefined ? {} : { max_call: maxCall }), inMeeting, 1);

  it('a full room: says no more can be called, and the send is held back with that reason in both modes', () => {
    const onAddByNumber = vi.fn();
    const onCall = vi.fn();
    renderUi(
      <TempCallDialog opened onClose={vi.fn()} onCall={onCall} onAddByNumber={onAddByNumber} userNumberDigits={4} limit={limitOf(6, 6)} />,
    );
    const reason = 'No more calls can be placed: this meeting takes at most 6 calls and 6 are in it.';
    const call = screen.getByRole('button', { name: 'Call' });
    expect(screen.getByText(reason)).toBeTruthy();
    expect((call as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(call.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    fireEvent.click(screen.getByRole('radio', { name: 'By user number' }));
    fireEvent.change(screen.getByLabelText('User number'), { target: { value: '1001' } });
    const invite = screen.getByRole('button', { name: 'Invite' });
    expect((invite as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(invite.closest('form')!);
    expect(screen.getByText(reason)).toBeTruthy();
    expect(onAddByNumber).not.toHaveBeenCalled();
    expect(onCall).not.toHaveBeenCalled();
  });

  it('a free place: nothing said, the call goes out', () => {
    const onAddByNumber = vi.fn();
    renderUi(
      <TempCallDialog opened onClose={vi.fn()} onCall={vi.fn()} onAddByNumber={onAddByNumber} userNumberDigits={4} limit={limitOf(7, 6)} />,
    );
    expect(screen.queryByTestId('temp-call-limit')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'By user number' }));
    fireEvent.change(screen.getByLabelText('User number'), { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(onAddByNumber).toHaveBeenCalledWith('1001');
  });

  it('max_call not told by the platform: nothing said, nothing held back however many are in', () => {
    const onCall = vi.fn();
    renderUi(<TempCallDialog opened onClose={vi.fn()} onCall={onCall} limit={limitOf(undefined, 5000)} />);
    expect(screen.queryByTestId('temp-call-limit')).toBeNull();
    fireEvent.change(screen.getByLabelText('Call address'), { target: { value: '8008039' } });
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Branch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(onCall).toHaveBeenCalledWith({ callUrl: '8008039', dispName: 'Branch', usrType: 2 });
  });
});

describe('TempCallDialog while the connection is lost', () => {
  it('Call waits with the reason shown, and Enter in a field sends nothing', () => {
    const onCall = vi.fn();
    renderUi(
      <ConnectionLostState value>
        <TempCallDialog opened onClose={vi.fn()} onCall={onCall} />
      </ConnectionLostState>,
    );
    fireEvent.change(screen.getByLabelText('Call address'), { target: { value: '10.0.0.9' } });
    expect((screen.getByRole('button', { name: 'Call' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The connection is lost: this can be confirmed once it is back.')).toBeTruthy();
    fireEvent.submit(screen.getByLabelText('Call address').closest('form')!);
    expect(onCall).not.toHaveBeenCalled();
  });
});
