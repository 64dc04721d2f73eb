// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import type { I18n } from '@lingui/core';
import type { LoginApi } from '@machines/index';
import type { LoginResponse, PlatformResponse, VerifyCodeResponse } from '@protocol/wire';
import { createAppRouter } from '#/router';
import { ApiProvider, type ConsoleApis } from '#/session/ApiContext';
import { SessionProvider } from '#/session/SessionContext';
import { SessionHolder } from '#/session/sessionHolder';
import { createTestI18n, renderUi } from '#/testing/render';

const code = { cmdid: 'verify_code', base64: btoa('png'), datetime: 0, code_id: 'c1', expires_in: 120 } as VerifyCodeResponse;
const loginAnswer = (mrId: string) =>
  ({
    cmdid: 'ctrl_mr_rsp',
    result: '200',
    mr_id: mrId,
    sess_id: 's1',
    use_pwd: 'supervisor',
    extra: '',
    mr_start_dtm: 0,
    schedule_start_dtm: 0,
    schedule_name: '',
    stand_alone: 0,
    invalid_time: 0,
    after_sale_mgr_email: '',
    expired_notify: '',
    mr_scene: 'class',
    signing: 'compat',
  }) as unknown as LoginResponse;

const offline = () => Promise.reject(new Error('offline'));

function memoryStore() {
  let record: unknown = null;
  return {
    sessionRecord: () => record,
    setSessionRecord: (r: unknown) => {
      record = r;
    },
    setMrId: vi.fn(),
    setStandalone: vi.fn(),
  };
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(cleanup);

async function renderApp(path: string, login: LoginApi, platform: Partial<ConsoleApis['platform']> = {}) {
  const apis: ConsoleApis = {
    login,
    platform: {
      getPlatform: offline,
      info: offline,
      settings: offline,
      isStandalone: offline,
      oemIconTitle: offline,
      nginxConfig: offline,
      ...platform,
    },
  };
  const store = memoryStore();
  const holder = new SessionHolder(null, store);
  const router = createAppRouter({ session: holder, apis }, { basepath: '/', history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  renderUi(
    <StrictMode>
      <ApiProvider apis={apis}>
        <SessionProvider holder={holder}>
          <RouterProvider router={router} />
        </SessionProvider>
      </ApiProvider>
    </StrictMode>,
    i18n,
  );
  return { router, holder, store };
}

describe('LoginScreen (StrictMode, real router)', () => {
  it('prefills mr-id from the URL and, on success, starts the session and opens /control with it as a string', async () => {
    const login = vi.fn(async ({ mrId }: { mrId: string }) => loginAnswer(mrId));
    const { router, holder, store } = await renderApp('/login?mr-id=0123', { getVerifyCode: async () => code, login });
    const mrId = (await screen.findByRole('textbox', { name: 'Meeting No.' })) as HTMLInputElement;
    expect(mrId.value).toBe('0123');
    await screen.findByRole('img', { name: 'Verification code' });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '654321' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.href).toBe('/control?mr-id=0123'));
    expect(login).toHaveBeenCalledTimes(1);
    expect(login.mock.calls[0][0]).toMatchObject({ mrId: '0123', password: '654321', code: 'AB12', codeId: 'c1' });
    expect(holder.current()).toMatchObject({ mrId: '0123', role: 'supervisor', mrScene: 'class' });
    expect(store.setMrId).toHaveBeenCalledWith('0123');
    // the top bar speaks the class vocabulary of this login
    expect(await screen.findByText('Class No.')).toBeTruthy();
    expect(screen.getByTestId('meeting-number').textContent).toBe('0123');
  });

  it('a platform giving no signing credentials, with no signing proxy in front, is said plainly on the screen', async () => {
    const response: PlatformResponse = {
      code: 0,
      data: { func_enabled: { api_aes_mode: 0, live_builtin: 1, conf_statistics: 0 }, version: '5.0' },
    };
    await renderApp(
      '/login',
      { getVerifyCode: offline, login: offline },
      { info: async () => ({ response, settings: { aesMode: false } }) },
    );
    const alert = await screen.findByText(/This console has no signing credentials for this platform/);
    expect(alert.textContent).toMatch(/--upstream, DEV_ID and DEV_TOKEN/);
    expect(document.querySelector('[data-signing-problem="noCredentials"]')).not.toBeNull();
  });

  it('api_aes_mode behind a signing proxy is refused by name on the screen', async () => {
    const response: PlatformResponse = {
      code: 0,
      data: { func_enabled: { api_aes_mode: 1, live_builtin: 1, conf_statistics: 0 }, version: '5.0' },
    };
    await renderApp(
      '/login',
      { getVerifyCode: offline, login: offline },
      {
        info: async () => ({ response, settings: { aesMode: true, upstreamSigns: true } }),
      },
    );
    expect((await screen.findByText(/The platform encrypts its API \(api_aes_mode\)/)).textContent).toMatch(/developer token/);
  });

  it('/ shows the login screen too', async () => {
    await renderApp('/', { getVerifyCode: async () => code, login: offline });
    expect(await screen.findByRole('form', { name: 'Meeting control login' })).toBeTruthy();
    // getPlatform failed (offline): no signing problem is claimed
    expect(document.querySelector('[data-signing-problem]')).toBeNull();
  });
});
