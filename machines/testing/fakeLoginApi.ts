/** Test doubles for the login port: a LoginApi whose answers the test hands out one by one. */
import type { LoginResponse, VerifyCodeResponse } from '../../protocol/wire';
import type { LoginApi } from '../api';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A LoginApi whose answers the test hands out one by one. */
export function scriptedLoginApi() {
  const codeCalls: Deferred<VerifyCodeResponse>[] = [];
  const loginCalls: { args: Parameters<LoginApi['login']>[0]; d: Deferred<LoginResponse> }[] = [];
  const api: LoginApi = {
    getVerifyCode: () => {
      const d = deferred<VerifyCodeResponse>();
      codeCalls.push(d);
      return d.promise;
    },
    login: (args) => {
      const d = deferred<LoginResponse>();
      loginCalls.push({ args, d });
      return d.promise;
    },
  };
  return { api, codeCalls, loginCalls };
}

export function codeResponse(n: number, expiresIn = 120): VerifyCodeResponse {
  return { cmdid: 'verify_code', base64: `png${n}`, datetime: 0, code_id: `c${n}`, expires_in: expiresIn };
}

export const okResponse: LoginResponse = {
  cmdid: 'ctrl_mr_rsp',
  result: '200',
  mr_id: '0123',
  sess_id: 's-1',
  use_pwd: 'host',
  extra: '',
  mr_start_dtm: 1,
  schedule_start_dtm: 2,
  schedule_name: 'weekly',
  stand_alone: 0,
  invalid_time: 0,
  after_sale_mgr_email: '',
  expired_notify: '',
  mr_scene: 'class',
  sign_key: 'a2V5',
  signing: 'strict',
};

/**
 * A compat-signed login answer as a server without Podium's extensions gives it: no `sign_key`,
 * no `resume_token` (tests add one where the server offers resume).
 */
export function compatLoginAnswer(sessId: string, extra: Partial<LoginResponse> = {}): LoginResponse {
  const { sign_key: _omitted, ...rest } = okResponse;
  return {
    ...rest,
    sess_id: sessId,
    mr_start_dtm: 0,
    schedule_start_dtm: 0,
    schedule_name: '',
    mr_scene: 'conference',
    signing: 'compat',
    ...extra,
  };
}
