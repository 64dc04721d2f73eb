// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RC } from '@protocol/codes';
import { ManagementLoginDialog, type ManagementLoginForm } from './ManagementLoginDialog';
import { PasswordsDialog } from './PasswordsDialog';
import { changedPasswords, type PasswordChange } from './passwordChange';
import { BookingConflictDialog, ServiceExpiryDialog } from './ReminderDialogs';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

// Stand-ins for the rules of protocol/validation.ts, enough to see the dialogs obey them.
const loginRule = (f: ManagementLoginForm) =>
  !f.loginId || !f.password || !f.code ? RC.loginNameRequired : /^\d+$/.test(f.code) ? undefined : RC.verifyCodeFormat;
const pwdRule = (p: PasswordChange) => {
  const typed = [p.removeJoin ? '' : p.join, p.host, p.supervisor].filter((x) => x !== '');
  if (!typed.every((x) => /^\d+$/.test(x))) return RC.passwordDigitsOnly;
  return new Set(typed).size < typed.length ? RC.passwordsMustDiffer : undefined;
};

describe('ManagementLoginDialog', () => {
  it('refuses a code that is not digits and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderUi(
      <ManagementLoginDialog
        opened
        codeImage={undefined}
        validate={loginRule}
        onRefreshCode={() => {}}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
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
      <ManagementLoginDialog
        opened
        codeImage={undefined}
        validate={loginRule}
        onRefreshCode={() => {}}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
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
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('opens empty, each field saying it keeps the current password, and sends only the one typed', async () => {
    const onSave = vi.fn();
    renderUi(<PasswordsDialog opened validate={pwdRule} onSave={onSave} onClose={() => {}} />);
    const host = (await screen.findByLabelText('Host password')) as HTMLInputElement;
    expect(host.value).toBe('');
    expect(host.placeholder).toBe('Unchanged');
    expect(screen.getByText('Type only the passwords you want to change; an empty field keeps the current one.')).toBeTruthy();
    type('Supervisor password', '777');
    fireEvent.click(screen.getByRole('button', { name: 'Save passwords' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(changedPasswords(onSave.mock.calls[0][0])).toEqual({ supervisor_pwd: '777' });
  });

  it('with nothing typed says what to do and sends nothing', async () => {
    const onSave = vi.fn();
    renderUi(<PasswordsDialog opened validate={pwdRule} onSave={onSave} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save passwords' }));
    expect(screen.getByRole('alert').textContent).toBe('Type the password you want to change');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('removes the join password only when asked, with its field disabled', async () => {
    const onSave = vi.fn();
    renderUi(<PasswordsDialog opened validate={pwdRule} onSave={onSave} onClose={() => {}} />);
    await screen.findByLabelText('Join password');
    type('Join password', '55');
    fireEvent.click(screen.getByLabelText('No join password'));
    expect((screen.getByLabelText('Join password') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save passwords' }));
    expect(changedPasswords(onSave.mock.calls[0][0])).toEqual({ join_pwd: '' });
  });

  it.each([
    [{ host: '2x' }, 'Passwords must consist of digits'],
    [{ host: '2', supervisor: '2' }, 'Join, host and supervisor passwords must be different'],
  ])('refuses %o', async (typed, message) => {
    const onSave = vi.fn();
    renderUi(<PasswordsDialog opened validate={pwdRule} onSave={onSave} onClose={() => {}} />);
    await screen.findByLabelText('Host password');
    if (typed.host) type('Host password', typed.host);
    if ('supervisor' in typed && typed.supervisor) type('Supervisor password', typed.supervisor);
    fireEvent.click(screen.getByRole('button', { name: 'Save passwords' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('not offered by this platform (mr-pwd refused 404): Save disabled, the reason said (issue 23)', async () => {
    renderUi(
      <PasswordsDialog
        opened
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
