import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { codeResponse, okResponse, scriptedLoginApi } from '../testing/fakeLoginApi';
import { loginMachine, toLoginFailure } from './loginMachine';
import { selectCanSubmit, selectCaptchaStatus, selectFailure, selectFieldError, selectIsLocked, selectLockRemaining } from './selectors';
import { validateLoginForm } from './validateLoginForm';

const flush = () => new Promise((r) => setTimeout(r, 0));

async function startedLogin(expiresIn = 120) {
  const script = scriptedLoginApi();
  const clock = new SimulatedClock();
  const actor = createActor(loginMachine, { input: { api: script.api, mrId: '0123' }, clock });
  actor.start();
  script.codeCalls[0].resolve(codeResponse(1, expiresIn));
  await flush();
  return { ...script, clock, actor };
}

function fill(actor: ReturnType<typeof createActor<typeof loginMachine>>, password = 'secret', code = 'AB12') {
  actor.send({ type: 'login.edit', field: 'password', value: password });
  actor.send({ type: 'login.edit', field: 'code', value: code });
}

describe('validateLoginForm', () => {
  it('flags a malformed meeting number, a missing password and a malformed code', () => {
    expect(validateLoginForm({ mrId: '12a', password: '', code: '1' })).toEqual({
      mrId: 'format',
      password: 'required',
      code: 'format',
    });
  });
  it('requires the meeting number and the code', () => {
    expect(validateLoginForm({ mrId: ' ', password: 'x', code: '' })).toEqual({ mrId: 'required', code: 'required' });
  });
  it('accepts a leading-zero meeting number and a letters-and-digits code', () => {
    expect(validateLoginForm({ mrId: '0123', password: 'x', code: 'aB34' })).toEqual({});
    expect(validateLoginForm({ mrId: '123', password: 'x', code: 'aB345' })).toEqual({ mrId: 'format', code: 'format' });
  });
});

describe('toLoginFailure', () => {
  it('maps 403, 404 with reason, 429, network and any other status', () => {
    expect(toLoginFailure(new ApiError('http', 403, '/x')).code).toBe('wrongPassword');
    expect(toLoginFailure(new ApiError('http', 404, '/x', undefined, 'adhoc disabled'))).toEqual({
      code: 'meetingNotFound',
      status: 404,
      detail: 'adhoc disabled',
    });
    expect(toLoginFailure(new ApiError('http', 429, '/x', undefined, undefined, 30)).code).toBe('locked');
    expect(toLoginFailure(new ApiError('network', 0, '/x')).code).toBe('network');
    expect(toLoginFailure(new ApiError('http', 405, '/x')).code).toBe('wrongCode');
    expect(toLoginFailure(new Error('boom')).code).toBe('wrongCode');
  });
});

describe('when the screen opens', () => {
  it('fetches a code and keeps the prefilled meeting number', async () => {
    const { actor, codeCalls } = await startedLogin();
    expect(codeCalls).toHaveLength(1);
    const s = actor.getSnapshot();
    expect(selectCaptchaStatus(s)).toBe('ready');
    expect(s.context.codeImage).toBe('png1');
    expect(s.context.mrId).toBe('0123');
    expect(selectCanSubmit(s)).toBe(true);
  });

  it('code fetch failure → failed; a click retries', async () => {
    const script = scriptedLoginApi();
    const actor = createActor(loginMachine, { input: { api: script.api }, clock: new SimulatedClock() }).start();
    script.codeCalls[0].reject(new ApiError('network', 0, '/verify-code'));
    await flush();
    expect(selectCaptchaStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'captcha.refresh' });
    expect(selectCaptchaStatus(actor.getSnapshot())).toBe('loading');
    script.codeCalls[1].resolve(codeResponse(2));
    await flush();
    expect(actor.getSnapshot().context.codeId).toBe('c2');
  });
});

describe('when the code is ready', () => {
  it('captcha.refresh → a new picture', async () => {
    const { actor, codeCalls } = await startedLogin();
    actor.send({ type: 'captcha.refresh' });
    expect(codeCalls).toHaveLength(2);
    codeCalls[1].resolve(codeResponse(2));
    await flush();
    expect(actor.getSnapshot().context.codeImage).toBe('png2');
  });

  it('the picture expires → fetched again after expires_in seconds', async () => {
    const { actor, codeCalls, clock } = await startedLogin(60);
    clock.increment(59_000);
    expect(codeCalls).toHaveLength(1);
    clock.increment(1_000);
    expect(codeCalls).toHaveLength(2);
    expect(selectCaptchaStatus(actor.getSnapshot())).toBe('loading');
  });
});

describe('when editing', () => {
  it('login.submit with invalid fields → stays, shows field errors, sends nothing', async () => {
    const { actor, loginCalls } = await startedLogin();
    actor.send({ type: 'login.edit', field: 'mrId', value: '12x' });
    actor.send({ type: 'login.submit' });
    const s = actor.getSnapshot();
    expect(s.matches({ active: { form: 'editing' } })).toBe(true);
    expect(selectFieldError('mrId')(s)).toBe('format');
    expect(selectFieldError('password')(s)).toBe('required');
    expect(selectFieldError('code')(s)).toBe('required');
    expect(loginCalls).toHaveLength(0);
    actor.send({ type: 'login.edit', field: 'mrId', value: '123' });
    expect(selectFieldError('mrId')(actor.getSnapshot())).toBeUndefined();
  });

  it('login.submit with valid fields → submitting with the typed values and the code id', async () => {
    const { actor, loginCalls } = await startedLogin();
    fill(actor);
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().matches({ active: { form: 'submitting' } })).toBe(true);
    expect(loginCalls[0].args).toEqual({ mrId: '0123', password: 'secret', code: 'AB12', codeId: 'c1' });
  });

  it('login.submit while the picture is loading → refused', async () => {
    const { actor, loginCalls } = await startedLogin();
    actor.send({ type: 'captcha.refresh' });
    fill(actor);
    actor.send({ type: 'login.submit' });
    expect(loginCalls).toHaveLength(0);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
  });
});

describe('when submitting', () => {
  it('success → loggedIn with the session data as output', async () => {
    const { actor, loginCalls } = await startedLogin();
    const succeeded: unknown[] = [];
    actor.on('login.succeeded', (e) => succeeded.push(e.result));
    fill(actor);
    actor.send({ type: 'login.submit' });
    loginCalls[0].d.resolve(okResponse);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toMatchObject({
      mrId: '0123',
      sessId: 's-1',
      role: 'host',
      signKey: 'a2V5',
      signing: 'strict',
      mrScene: 'class',
      scheduleName: 'weekly',
    });
    expect(succeeded).toHaveLength(1);
  });

  it.each([
    [new ApiError('http', 403, '/s'), 'wrongPassword', undefined],
    [
      new ApiError('http', 404, '/s', undefined, 'the scheduled meeting did not start'),
      'meetingNotFound',
      'the scheduled meeting did not start',
    ],
    [new ApiError('http', 400, '/s', 4001), 'wrongCode', undefined],
  ])('failure %s → editing with %s, code cleared and refetched, the rest kept', async (error, code, detail) => {
    const { actor, loginCalls, codeCalls } = await startedLogin();
    const failed: unknown[] = [];
    actor.on('login.failed', (e) => failed.push(e.failure));
    fill(actor);
    actor.send({ type: 'login.submit' });
    loginCalls[0].d.reject(error);
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches({ active: { form: 'editing' } })).toBe(true);
    expect(selectFailure(s)?.code).toBe(code);
    expect(selectFailure(s)?.detail).toBe(detail);
    expect(failed).toHaveLength(1);
    expect(s.context.code).toBe('');
    expect(s.context.password).toBe('secret');
    expect(s.context.mrId).toBe('0123');
    expect(codeCalls).toHaveLength(2);
    expect(selectCaptchaStatus(s)).toBe('loading');
  });

  it('429 → locked counting down retry_after seconds, submit refused, then editing', async () => {
    const { actor, loginCalls, codeCalls, clock } = await startedLogin();
    fill(actor);
    actor.send({ type: 'login.submit' });
    loginCalls[0].d.reject(new ApiError('http', 429, '/s', 9996, undefined, 3));
    await flush();
    expect(selectIsLocked(actor.getSnapshot())).toBe(true);
    expect(selectLockRemaining(actor.getSnapshot())).toBe(3);
    codeCalls[1].resolve(codeResponse(2));
    await flush();
    actor.send({ type: 'login.edit', field: 'code', value: 'ZZ99' });
    actor.send({ type: 'login.submit' });
    expect(loginCalls).toHaveLength(1);
    clock.increment(1000);
    expect(selectLockRemaining(actor.getSnapshot())).toBe(2);
    clock.increment(1000);
    expect(selectLockRemaining(actor.getSnapshot())).toBe(1);
    clock.increment(1000);
    expect(selectIsLocked(actor.getSnapshot())).toBe(false);
    expect(selectFailure(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.code).toBe('ZZ99');
    actor.send({ type: 'login.submit' });
    expect(loginCalls).toHaveLength(2);
  });
});

describe('against a server whose verify code names no challenge (the platform)', () => {
  it('submits the code alone (no code_id) and hands the typed password to the session holder', async () => {
    const script = scriptedLoginApi();
    const actor = createActor(loginMachine, { input: { api: script.api, mrId: '0123' }, clock: new SimulatedClock() }).start();
    const succeeded: Array<{ password: string; sessId: string }> = [];
    actor.on('login.succeeded', (e) => succeeded.push({ password: e.password, sessId: e.result.sessId }));
    script.codeCalls[0].resolve({ cmdid: 'verify_code', base64: 'png', datetime: 0, code_id: '', expires_in: 0 });
    await flush();
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    fill(actor, 'pw-1', 'ab12');
    actor.send({ type: 'login.submit' });
    expect(script.loginCalls).toHaveLength(1);
    expect(script.loginCalls[0].args).toEqual({ mrId: '0123', password: 'pw-1', code: 'ab12', codeId: undefined });
    const { sign_key: _k, ...platformAnswer } = okResponse;
    script.loginCalls[0].d.resolve({ ...platformAnswer, signing: 'compat' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(succeeded).toEqual([{ password: 'pw-1', sessId: 's-1' }]);
    expect(actor.getSnapshot().output).not.toHaveProperty('password');
  });
});

describe('a platform without the picture code (issue 23 item 3)', () => {
  it('verify-code refused 404 → the text code of temp-verify-code, decoded, with the reason; the typed text logs in', async () => {
    const script = scriptedLoginApi();
    const textCalls: number[] = [];
    script.api.getTextVerifyCode = async () => {
      textCalls.push(1);
      return { cmdid: 'verify_code', base64: btoa('K7Q2'), datetime: 0, code_id: '', expires_in: 120 };
    };
    const actor = createActor(loginMachine, { input: { api: script.api, mrId: '0123' }, clock: new SimulatedClock() }).start();
    script.codeCalls[0].reject(new ApiError('http', 404, '/rest/v1/meetings/verify-code'));
    await flush();
    await flush();
    const s = actor.getSnapshot();
    expect(textCalls).toHaveLength(1);
    expect(selectCaptchaStatus(s)).toBe('ready');
    expect(s.context.codeText).toBe('K7Q2');
    expect(s.context.pictureRefused).toEqual({ status: 404 });
    fill(actor, 'secret', 'K7Q2');
    actor.send({ type: 'login.submit' });
    expect(script.loginCalls[0].args).toMatchObject({ code: 'K7Q2' });
  });

  it('a network failure of the picture is no refusal: no text code, the area says unavailable', async () => {
    const script = scriptedLoginApi();
    let asked = false;
    script.api.getTextVerifyCode = async () => {
      asked = true;
      return codeResponse(9);
    };
    const actor = createActor(loginMachine, { input: { api: script.api }, clock: new SimulatedClock() }).start();
    script.codeCalls[0].reject(new ApiError('network', 0, '/rest/v1/meetings/verify-code'));
    await flush();
    expect(asked).toBe(false);
    expect(selectCaptchaStatus(actor.getSnapshot())).toBe('failed');
  });
});
