// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TempCallDialog } from './TempCallDialog';
import { installDomShims, renderUi } from './testing/renderUi';

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
