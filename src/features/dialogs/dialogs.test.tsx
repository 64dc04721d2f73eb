// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RC } from '@protocol/codes';
import { ManagementLoginDialog, type ManagementLoginForm } from './ManagementLoginDialog';
import { PasswordsDialog, type MeetingPasswords } from './PasswordsDialog';
import { BookingConflictDialog, ServiceExpiryDialog } from './ReminderDialogs';
import { renderUi } from '../meetingControls/testUtils';

afterEach(cleanup);

// Stand-ins for the rules of protocol/validation.ts, enough to see the dialogs obey them.
const loginRule = (f: ManagementLoginForm) =>
  !f.loginId || !f.password || !f.code ? RC.loginNameRequired : /^\d+$/.test(f.code) ? undefined : RC.verifyCodeFormat;
const pwdRule = (p: MeetingPasswords) =>
  !p.host || !p.supervisor
    ? RC.hostPasswordEmpty
    : ![p.join, p.host, p.supervisor].every((x) => x === '' || /^\d+$/.test(x))
      ? RC.passwordDigitsOnly
      : new Set([p.join, p.host, p.supervisor]).size < 3
        ? RC.passwordsMustDiffer
        : undefined;

describe('ManagementLoginDialog', () => {
  it('refuses a code that is not digits and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderUi(<ManagementLoginDialog opened codeImage={undefined} validate={loginRule} onRefreshCode={() => {}} onSubmit={onSubmit} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Login ID'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12a4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('The verification code is not in the correct format');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid form and shows a wrong-code refusal', async () => {
    const onSubmit = vi.fn();
    const { rerender } = renderUi(
      <ManagementLoginDialog opened codeImage={undefined} validate={loginRule} onRefreshCode={() => {}} onSubmit={onSubmit} onClose={() => {}} />,
    );
    fireEvent.change(await screen.findByLabelText('Login ID'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledWith({ loginId: 'admin', password: 'pw', code: '1234' });
    rerender(
      <ManagementLoginDialog
        opened
        codeImage={undefined}
        refusal={RC.verifyCodeIncorrect}
        validate={loginRule}
        onRefreshCode={() => {}}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The verification code is incorrect or obsolete, please re-enter');
    expect((screen.getByLabelText('Login ID') as HTMLInputElement).value).toBe(' admin ');
  });
});

describe('PasswordsDialog', () => {
  it.each([
    [{ join: '1', host: '', supervisor: '3' }, 'Host password and supervisor password cannot be empty'],
    [{ join: '1', host: '2x', supervisor: '3' }, 'Passwords must consist of digits'],
    [{ join: '1', host: '2', supervisor: '2' }, 'Join, host and supervisor passwords must be different'],
  ])('refuses %o', async (initial, message) => {
    const onSave = vi.fn();
    renderUi(<PasswordsDialog opened initial={initial} validate={pwdRule} onSave={onSave} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save passwords' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('not offered by this platform (mr-pwd refused 404): Save disabled, the reason said (issue 23)', async () => {
    renderUi(
      <PasswordsDialog
        opened
        initial={{ join: '1', host: '2', supervisor: '3' }}
        validate={pwdRule}
        notOffered={{ group: 'meeting-passwords', call: 'mr-pwd', status: 404 }}
        onSave={() => {}}
        onClose={() => {}}
      />,
    );
    expect(((await screen.findByRole('button', { name: 'Save passwords' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Not offered by this platform: the server refused mr-pwd (404)')).toBeTruthy();
  });
});

describe('reminders', () => {
  it('shows days left and the final date', async () => {
    renderUi(<ServiceExpiryDialog opened daysLeft={5} expiresAt={Date.UTC(2026, 11, 1) / 1000} onClose={() => {}} />);
    const text = (await screen.findByTestId('service-expiry-text')).textContent ?? '';
    expect(text).toContain('5 days');
    expect(text).toContain('2026');
  });

  it('asks to leave within N minutes', async () => {
    renderUi(<BookingConflictDialog opened minutes={15} onClose={() => {}} />);
    expect((await screen.findByTestId('booking-conflict-text')).textContent).toContain('within 15 minutes');
  });
});
