// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import type { I18n } from '@lingui/core';
import type { LoginApi } from '@machines/api';
import { loginMachine } from '@machines/index';
import { ApiError } from '@protocol/errors';
import type { LoginResponse, VerifyCodeResponse } from '@protocol/wire';
import { createTestI18n, renderUi } from '#/testing/render';
import { loadCatalog } from '#/i18n/i18n';
import { LoginPanel } from './LoginPanel';

let picture = 0;
const codeResponse = (): VerifyCodeResponse =>
  ({
    cmdid: 'verify_code',
    base64: btoa(`picture-${++picture}`),
    datetime: 0,
    code_id: `c${picture}`,
    expires_in: 120,
  }) as VerifyCodeResponse;

function fakeApi(login: LoginApi['login']): LoginApi & { getVerifyCode: ReturnType<typeof vi.fn> } {
  return { getVerifyCode: vi.fn(async () => codeResponse()), login };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(async () => {
  cleanup();
  await act(() => loadCatalog('en', i18n));
});

function renderPanel(api: LoginApi, mrId = '') {
  const actor = createActor(loginMachine, { input: { api, mrId } }).start();
  renderUi(<LoginPanel actor={actor} />, i18n);
  return actor;
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

async function fillValid() {
  type(input('Meeting No.'), '8008038');
  type(screen.getByLabelText('Password'), '123456');
  type(input('Verification code'), 'AB12');
}

describe('LoginPanel', () => {
  it('a platform refusing the picture code (404): the text code of temp-verify-code is shown with why (issue 23)', async () => {
    const api: LoginApi = {
      getVerifyCode: vi.fn(async () => {
        throw new ApiError('http', 404, '/rest/v1/meetings/verify-code');
      }),
      getTextVerifyCode: vi.fn(
        async () => ({ cmdid: 'verify_code', base64: btoa('K7Q2'), datetime: 0, code_id: '', expires_in: 120 }) as VerifyCodeResponse,
      ),
      login: vi.fn(),
    };
    renderPanel(api);
    expect((await screen.findByTestId('verify-code-text')).textContent).toBe('K7Q2');
    expect(
      screen.getByText('This platform offers no picture code (it refused verify-code, HTTP 404): type the code shown beside the field.'),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Verification code' })).toBeNull();
  });

  it('shows the code picture and refreshes it on click', async () => {
    const api = fakeApi(vi.fn());
    renderPanel(api);
    const img = await screen.findByRole('img', { name: 'Verification code' });
    const first = img.getAttribute('src');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh the verification code' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Verification code' }).getAttribute('src')).not.toBe(first));
    expect(api.getVerifyCode).toHaveBeenCalledTimes(2);
  });

  it('shows the spec §5 messages and sends nothing while the form is invalid', async () => {
    const login = vi.fn();
    renderPanel(fakeApi(login));
    await screen.findByRole('img', { name: 'Verification code' });
    type(input('Meeting No.'), '12ab');
    type(input('Verification code'), 'a1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Meeting No. is not in the correct format')).toBeTruthy();
    expect(screen.getByText('Please enter the password')).toBeTruthy();
    expect(screen.getByText('The verification code is not in the correct format')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('prefills the meeting number as a string with its leading zero', async () => {
    renderPanel(fakeApi(vi.fn()), '0123');
    expect(input('Meeting No.').value).toBe('0123');
  });

  it.each([
    [new ApiError('http', 403, '/rest/v1/meetings/8008038/sessions/'), 'Wrong host or supervisor password'],
    [
      new ApiError('http', 404, '/rest/v1/meetings/8008038/sessions/', 4001, 'adhoc disabled'),
      'Instant meetings are disabled for this room',
    ],
    [new ApiError('http', 404, '/rest/v1/meetings/8008038/sessions/', 4001), 'The meeting does not exist'],
    [new ApiError('http', 405, '/rest/v1/meetings/8008038/sessions/'), 'The verification code is incorrect or obsolete, please re-enter'],
    [
      new ApiError('http', 400, '/rest/v1/meetings/8008038/sessions/', 1003),
      'The verification code is incorrect or obsolete, please re-enter',
    ],
  ])('a failed login (%s) shows its outcome and brings a new picture', async (error, text) => {
    const api = fakeApi(vi.fn(async () => Promise.reject(error)));
    renderPanel(api);
    await screen.findByRole('img', { name: 'Verification code' });
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    await waitFor(() => expect(api.getVerifyCode).toHaveBeenCalledTimes(2));
    expect(input('Verification code').value).toBe('');
    expect(input('Meeting No.').value).toBe('8008038');
  });

  it.each(['en', 'zh'] as const)(
    'a wrong password (%s) is flagged on its field, focused and selected for retyping, until it is changed (issue 26)',
    async (lang) => {
      await act(() => loadCatalog(lang, i18n));
      const api = fakeApi(vi.fn(async () => Promise.reject(new ApiError('http', 403, '/rest/v1/meetings/8008038/sessions/'))));
      renderPanel(api);
      await screen.findByRole('img', { name: lang === 'en' ? 'Verification code' : '验证码' });
      type(screen.getAllByRole('textbox')[0], '8008038');
      const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
      type(password, '123457');
      type(document.querySelector<HTMLInputElement>('input[name="code"]')!, 'AB12');
      fireEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Log in' : '登录' }));
      const error = await screen.findByRole('alert');
      expect(error.textContent).toBe(lang === 'en' ? 'Wrong host or supervisor password' : '主持人或监管员密码错误');
      // on the field: invalid, described by the error beneath it, focused with its text selected
      expect(password.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (password.getAttribute('aria-describedby') ?? '').split(' ');
      expect(describedBy.some((id) => document.getElementById(id)?.contains(error))).toBe(true);
      expect(document.activeElement).toBe(password);
      expect([password.selectionStart, password.selectionEnd]).toEqual([0, 6]);
      expect(password.value).toBe('123457');
      // retyped: the flag goes
      type(password, '123456');
      expect(password.getAttribute('aria-invalid')).not.toBe('true');
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('too many attempts: the wait is shown and the button is disabled', async () => {
    const api = fakeApi(
      vi.fn(async () => Promise.reject(new ApiError('http', 429, '/rest/v1/meetings/8008038/sessions/', 1005, undefined, 42))),
    );
    renderPanel(api);
    await screen.findByRole('img', { name: 'Verification code' });
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 42 seconds.');
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a successful login finishes the actor with the meeting id as typed', async () => {
    const rsp = {
      cmdid: 'ctrl_mr_rsp',
      result: '200',
      mr_id: '0123',
      sess_id: 's1',
      use_pwd: 'host',
      extra: '',
      mr_start_dtm: 0,
      schedule_start_dtm: 0,
      schedule_name: '',
      stand_alone: 0,
      invalid_time: 0,
      after_sale_mgr_email: '',
      expired_notify: '',
      mr_scene: 'conference',
      signing: 'strict',
      sign_key: 'k',
    } as unknown as LoginResponse;
    const actor = renderPanel(fakeApi(vi.fn(async () => rsp)));
    await screen.findByRole('img', { name: 'Verification code' });
    type(input('Meeting No.'), '0123');
    type(screen.getByLabelText('Password'), '123456');
    type(input('Verification code'), 'AB12');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output?.mrId).toBe('0123');
  });
});
