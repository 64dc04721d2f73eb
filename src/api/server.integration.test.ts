// @vitest-environment node
/**
 * The client against the real reference server's HTTP layer (signature check, base path, AES,
 * login) with a stand-in engine: proves both sides agree on the wire, not just on our helpers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RC } from '@protocol/codes';
import { createServer, type RunningServer } from '../../server/app';
import { testConfig } from '../../server/config';
import { json } from '../../server/http/router';
import { FakeEngine } from '../../server/http/testing/client';
import { classifyFailure } from './classify';
import { createApiClient } from './index';
import { toLoginResult } from '@machines/login/loginMachine';

const CODE = 'AB23';

async function start(signing: 'strict' | 'compat', apiAesMode: 0 | 1): Promise<RunningServer> {
  const engine = new FakeEngine();
  engine.addRoom('0123');
  return createServer(testConfig({ signing, apiAesMode, basePath: '/console', captchaTestCode: CODE }), {
    engine,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    sleep: async () => {},
    routes: [
      (router) => {
        router.post('/rest/v1/meetings/:mrId/sessions/:sessId/echo', (req) => json(200, { body: req.body, role: req.session?.role }));
        router.get('/rest/v1/meetings/:mrId/sessions/:sessId/echo', (req) => json(200, { role: req.session?.role }));
        router.post('/rest/v1/cloud/statistics', (req) => json(200, { got: req.body }));
      },
    ],
  });
}

describe.each([
  ['strict', 1],
  ['compat', 0],
] as const)('against the reference server (%s signing, aes %i)', (signing, aes) => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await start(signing, aes);
  });
  afterAll(async () => {
    await srv.close();
  });

  it('logs in and makes signed session requests under the base path', async () => {
    const client = createApiClient({ baseUrl: srv.url });
    expect(srv.url.endsWith('/console')).toBe(true);
    const settings = await client.platform.settings();
    expect(settings.signing?.mode).toBe(signing);
    expect(settings.aesMode).toBe(aes === 1);

    const code = await client.login.getVerifyCode();
    const answer = await client.login.login({ mrId: '0123', password: ' 654321 ', code: CODE, codeId: code.code_id });
    expect(answer.use_pwd).toBe('supervisor');
    expect(answer.signing).toBe(signing);

    const session = client.session(toLoginResult(answer, '0123'));
    expect(await session.get('echo')).toEqual({ role: 'supervisor' });
    const echoed = await session.post<{ body: Record<string, unknown> }>('echo', { cmdid: 'x', name: '  A  ' });
    expect(echoed.body).toMatchObject({ cmdid: 'x', name: 'A' });
    expect(echoed.body.req_id).toEqual(expect.any(String));

    expect(await session.raw('POST', '/rest/v1/cloud/statistics', { from_dtm: 0 })).toEqual({ got: { from_dtm: 0 } });
  });

  it('resumes with the login token: a new signed session for the same role, a rotated token', async () => {
    const client = createApiClient({ baseUrl: srv.url });
    const code = await client.login.getVerifyCode();
    const answer = await client.login.login({ mrId: '0123', password: '654321', code: CODE, codeId: code.code_id });
    expect(answer.resume_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resumed = await client.resume({ mrId: '0123', resumeToken: answer.resume_token! });
    expect(resumed.answer.use_pwd).toBe('supervisor');
    expect(resumed.answer.sess_id).not.toBe(answer.sess_id);
    expect(resumed.answer.resume_token).not.toBe(answer.resume_token);
    expect(resumed.api.sessId).toBe(resumed.answer.sess_id);
    expect(await resumed.api.get('echo')).toEqual({ role: 'supervisor' });
    const again = await client.resume({ mrId: '0123', resumeToken: answer.resume_token! }).catch((e: unknown) => e);
    expect(again).toMatchObject({ kind: 'http', status: 403, result: RC.resumeRefused });
  });

  it('surfaces the server refusals as classified ApiErrors', async () => {
    const client = createApiClient({ baseUrl: srv.url });
    const code = await client.login.getVerifyCode();
    const wrongPwd = await client.login
      .login({ mrId: '0123', password: '999999', code: CODE, codeId: code.code_id })
      .catch((e: unknown) => e);
    expect(wrongPwd).toMatchObject({ kind: 'http', status: 403, result: RC.wrongMeetingPassword });
    expect(classifyFailure(wrongPwd)).toEqual({ kind: 'message', message: 'result', result: RC.wrongMeetingPassword });

    const wrongCode = await client.login.login({ mrId: '0123', password: '123456', code: 'ZZZZ', codeId: 'none' }).catch((e: unknown) => e);
    expect(wrongCode).toMatchObject({ status: 405, result: RC.verifyCodeIncorrect });

    const code2 = await client.login.getVerifyCode();
    const missing = await client.login
      .login({ mrId: '9999', password: '123456', code: CODE, codeId: code2.code_id })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, detail: 'meeting not found' });

    const refused = await client.resume({ mrId: '0123', resumeToken: 'A'.repeat(43) }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'http', status: 403, result: RC.resumeRefused });

    const gone = client.session({ mrId: '0123', sessId: 'nope', signKey: 'AAAAAAAAAAAAAAAAAAAAAA==', signing });
    const expired = await gone.get('echo').catch((e: unknown) => e);
    expect(expired).toMatchObject({ kind: 'http', status: 404, result: RC.sessionExpired });
  });
});
