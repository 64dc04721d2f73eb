/**
 * Tests only: a whole reference server (real engine, memory store) behind a trusted proxy, so a
 * test can speak from several client addresses through `X-Forwarded-For`.
 */
import { afterEach } from 'vitest';
import { testConfig, type Config } from '../../config';
import { startServer, type StartedServer } from '../../main';
import { createMemoryStore } from '../../store/memoryStore';
import type { Store } from '../../store/types';
import { TestClient, type TestResponse } from '../../http/testing/client';

export const MR = '8008038';
export const CODE = '2345';
export const HOST_PWD = '123456';
export const SUPERVISOR_PWD = '654321';
export const silent = { info: () => {}, warn: () => {}, error: () => {} };

const running: StartedServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

export function hardenedConfig(over: Partial<Config> = {}): Config {
  return testConfig({
    captchaTestCode: CODE,
    signing: 'compat',
    simEndpoints: 4,
    trustProxy: true,
    demo: { seed: true, mrId: MR, hostPwd: HOST_PWD, supervisorPwd: SUPERVISOR_PWD },
    ...over,
  });
}

/** One client address speaking to the server. */
export class Peer {
  constructor(
    readonly client: TestClient,
    readonly ip: string,
  ) {}

  private h(extra?: Record<string, string>) {
    return { 'x-forwarded-for': this.ip, ...extra };
  }

  get(path: string, init: Parameters<TestClient['get']>[1] = {}): Promise<TestResponse> {
    return this.client.get(path, { ...init, headers: this.h(init.headers) });
  }

  post(path: string, body: unknown, init: Parameters<TestClient['post']>[2] = {}): Promise<TestResponse> {
    return this.client.post(path, body, { ...init, headers: this.h(init.headers) });
  }

  /** A password login with a fresh picture code; returns the raw answer. */
  /** A management login with a fresh management code; `pwdMd5` is the password's MD5. */
  async managementLogin(loginId: string, pwdMd5: string, extraHeaders?: Record<string, string>): Promise<TestResponse> {
    const code = await this.get('/rest/v1/app1/manager/sessions/web-verify-code/');
    return this.post(
      '/rest/v1/app1/manager/sessions/login_req/',
      { cmdid: 'login_req', login_id: loginId, login_pwd: pwdMd5, cert_code: CODE, code_id: code.json.code_id, login_type: 1 },
      { headers: extraHeaders },
    );
  }

  async login(pwd: string, mrId = MR, extraHeaders?: Record<string, string>): Promise<TestResponse> {
    const code = await this.get('/rest/v1/meetings/verify-code');
    return this.post(
      `/rest/v1/meetings/${mrId}/sessions/`,
      { cmdid: 'ctrl_mr_req', mr_id: mrId, ctrl_pwd: pwd, cert_code: CODE, code_id: code.json.code_id },
      { headers: extraHeaders },
    );
  }
}

/** Starts a server; `store: 'dataDir'` opens the journal store in `over.dataDir` (restarts). */
export async function startHardened(over: Partial<Config> = {}, store: Store | 'dataDir' = createMemoryStore()) {
  const cfg = hardenedConfig(over);
  // failed attempts are answered at once: the tests count refusals, not wait for them
  const server = await startServer(cfg, { store: store === 'dataDir' ? undefined : store, log: silent, sleep: async () => {} });
  running.push(server);
  const client = new TestClient({ origin: server.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
  const peer = (ip: string) => new Peer(client, ip);
  return { server, client, cfg, peer };
}
