/**
 * Signs a browser page in without the login form: the session is opened through the API, as the
 * login machine would, and its record is put where the console reads it (sessionStorage, with
 * the language in localStorage) before the page's first script runs. Only the login specs use
 * the form; every other spec starts here, on /control.
 */
import { expect, type Page } from '@playwright/test';
import { createApiClient, type ApiClient } from '../../src/api';
import { toLoginResult, type LoginResult } from '../../machines/login/loginMachine';
import type { LoginResponse } from '../../protocol/wire';
import { isApiError } from '../../protocol/errors';
import { TEST_CODE, type TestServer } from '../server';

export type Lang = 'en' | 'zh';
export type Role = 'host' | 'supervisor';

type ServerLogin = Pick<TestServer, 'baseURL' | 'mrId' | 'hostPwd' | 'supervisorPwd'>;

/** Logs in as `role` through the console's own client, with the test verify code. */
export async function controllerLogin(server: ServerLogin, role: Role): Promise<{ client: ApiClient; answer: LoginResponse }> {
  const client = createApiClient({ baseUrl: server.baseURL });
  // a strict platform offers no picture code (PLATFORM_ASSUME without picture-code): the text
  // code of temp-verify-code is the one the platform's own clients log in with
  const code = await client.login.getVerifyCode().catch(async (error: unknown) => {
    if (!isApiError(error) || error.status !== 404 || !client.login.getTextVerifyCode) throw error;
    return client.login.getTextVerifyCode();
  });
  const answer = await client.login.login({
    mrId: server.mrId,
    password: role === 'host' ? server.hostPwd : server.supervisorPwd,
    code: TEST_CODE,
    codeId: code.code_id,
  });
  return { client, answer };
}

/** Opens a controller session on the server and returns the record the console keeps of a login. */
export async function loginRecord(server: ServerLogin, role: Role): Promise<LoginResult> {
  return toLoginResult((await controllerLogin(server, role)).answer, server.mrId);
}

/**
 * Signs `page` in as `role` with the screen in `lang` and waits for /control. The record is
 * seeded once per tab (a flag in sessionStorage), so a later reload or logout in the spec behaves
 * as it does for a user: the console's own storage decides.
 */
export async function signIn(page: Page, server: TestServer, lang: Lang, role: Role = 'host'): Promise<LoginResult> {
  const record = await loginRecord(server, role);
  await page.addInitScript(
    ({ record, lang }) => {
      try {
        if (window !== window.top || sessionStorage.getItem('podium.e2e.seeded')) return;
        sessionStorage.setItem('podium.e2e.seeded', '1');
        sessionStorage.setItem('podium.session', JSON.stringify(record));
        localStorage.setItem('podium.language', lang);
        localStorage.setItem('podium.mr_id', record.mrId);
        localStorage.setItem('podium.standalone', JSON.stringify(record.standAlone === 1));
      } catch {
        // about:blank and opaque origins have no storage: nothing to seed there
      }
    },
    { record, lang },
  );
  await page.goto(`${server.baseURL}/control?mr-id=${encodeURIComponent(record.mrId)}`);
  await expect(page).toHaveURL(new RegExp(`/control\\?mr-id=${record.mrId}`));
  return record;
}
