import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import type { PlatformPort } from '../api';
import type { PlatformResponse } from '../../protocol/wire';
import { deferred, type Deferred } from '../testing/fakeLoginApi';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { platformMachine } from './platformMachine';
import * as sel from './selectors';

interface PortCall {
  method: string;
  path: string;
  body?: unknown;
  sessionId?: string;
  d: Deferred<unknown>;
}

/** A platform port whose answers the test hands out, in the order asked. */
function scriptedPlatform() {
  const calls: PortCall[] = [];
  const facts = deferred<PlatformResponse>();
  const port: PlatformPort = {
    getPlatform: () => facts.promise,
    request: <T>(method: 'GET' | 'POST', path: string, body?: unknown, options?: { sessionId?: string }) => {
      const d = deferred<unknown>();
      calls.push({ method, path, body, sessionId: options?.sessionId, d });
      return d.promise as Promise<T>;
    },
  };
  return { port, calls, facts };
}

function started(withPort = true) {
  const session = scriptedSessionApi();
  const platform = scriptedPlatform();
  const actor = createActor(platformMachine, { input: { api: session.api, platform: withPort ? platform.port : undefined } }).start();
  return { session, platform, actor, snap: () => actor.getSnapshot() };
}

const platformAnswer = (liveBuiltin: 0 | 1, digits?: number) =>
  ({ code: 0, data: { func_enabled: { live_builtin: liveBuiltin }, usr_id_digits: digits } }) as unknown as PlatformResponse;

describe('platform facts', () => {
  it('live_builtin and usr_id_digits come from one getPlatform; until told, the live service is the platform’s own', async () => {
    const h = started();
    expect(sel.selectLiveBuiltin(h.snap())).toBe(true);
    expect(sel.selectUserNumberDigits(h.snap())).toBeUndefined();
    h.platform.facts.resolve(platformAnswer(0, 8));
    await flush();
    expect(sel.selectLiveBuiltin(h.snap())).toBe(false);
    expect(sel.selectUserNumberDigits(h.snap())).toBe(8);
  });

  it('without a platform port nothing is asked and the defaults stand', async () => {
    const h = started(false);
    await flush();
    expect(sel.selectLiveBuiltin(h.snap())).toBe(true);
    expect(sel.selectUserNumberDigits(h.snap())).toBeUndefined();
  });
});

describe('meeting share', () => {
  it('share.load reads share-info on the session; a failure is kept as failed, a reload clears it', async () => {
    const h = started();
    h.actor.send({ type: 'share.load' });
    expect(sel.selectShare(h.snap())).toBeNull();
    h.session.fail('share-info', new ApiError('http', 500, 'share-info'));
    await flush();
    expect(sel.selectShare(h.snap())).toEqual({ failed: true });
    h.actor.send({ type: 'share.load' });
    expect(sel.selectShare(h.snap())).toBeNull();
    h.session.answer('share-info', { mr_id: '8008038' });
    await flush();
    expect(sel.selectShare(h.snap())).toEqual({ info: { mr_id: '8008038' }, failed: false });
  });
});

describe('management login and booking', () => {
  it('opens with a fresh code; a refused login keeps its error and asks a new code; a login hands the session over', async () => {
    const h = started();
    h.actor.send({ type: 'management.login', form: { loginId: 'admin', password: 'x', code: '1' } });
    expect(h.platform.calls).toHaveLength(0); // no code yet: nothing to send
    h.actor.send({ type: 'management.open' });
    expect(h.platform.calls[0]).toMatchObject({ method: 'GET', path: '/rest/v1/app1/manager/sessions/web-verify-code/' });
    h.platform.calls[0].d.resolve({ base64: 'AAA', code_id: 'c1' });
    await flush();
    expect(sel.selectManagementCode(h.snap())).toEqual({ image: 'data:image/png;base64,AAA', codeId: 'c1' });

    h.actor.send({ type: 'management.login', form: { loginId: 'admin', password: 'secret', code: '1234' } });
    expect(sel.selectManagementPending(h.snap())).toBe(true);
    expect(h.platform.calls[1]).toMatchObject({
      method: 'POST',
      path: '/rest/v1/app1/manager/sessions/login_req/',
      // the password goes as its MD5 only
      body: {
        cmdid: 'login_req',
        login_id: 'admin',
        login_pwd: '5ebe2294ecd0e0f08eab7690d2a6ee69',
        login_type: 1,
        cert_code: '1234',
        code_id: 'c1',
      },
    });
    const refusal = new ApiError('http', 403, 'login_req', 1003);
    h.platform.calls[1].d.reject(refusal);
    await flush();
    expect(sel.selectManagementPending(h.snap())).toBe(false);
    expect(sel.selectManagementRefusal(h.snap())).toBe(refusal);
    // a code is single use
    expect(h.platform.calls[2]).toMatchObject({ path: '/rest/v1/app1/manager/sessions/web-verify-code/' });
    h.platform.calls[2].d.resolve({ base64: 'BBB', code_id: 'c2' });
    await flush();

    h.actor.send({ type: 'management.login', form: { loginId: 'admin', password: 'secret', code: '5678' } });
    expect(sel.selectManagementRefusal(h.snap())).toBeUndefined();
    expect(h.platform.calls[3].body).toMatchObject({ code_id: 'c2', cert_code: '5678' });
    h.platform.calls[3].d.resolve({ session_id: 'ss9' });
    await flush();
    expect(h.session.calls[0]).toMatchObject({ suffix: 'set-confmgr-ssid', body: { cmdid: 'set_confmgr_ssid', ssid: 'ss9' } });
    h.session.answer('set-confmgr-ssid', {});
    await flush();
    expect(sel.selectManagementSession(h.snap())).toMatchObject({ ssid: 'ss9' });

    // logged in: opening again asks no code
    h.actor.send({ type: 'management.open' });
    expect(h.platform.calls).toHaveLength(4);

    const booked: number[] = [];
    h.actor.on('booking.booked', (e) => booked.push(e.scheduleId));
    const draft = { roomId: '8008038', name: 'Next', startSec: 1_900_000_000, durationSec: 3600 };
    h.actor.send({ type: 'booking.submit', draft });
    expect(sel.selectBookingPending(h.snap())).toBe(true);
    expect(h.platform.calls[4]).toMatchObject({ method: 'POST', path: '/rest/v1/app1/manager/sessions/ss9/schedules/', sessionId: 'ss9' });
    const bookingRefusal = new ApiError('http', 400, 'schedules', 7003);
    h.platform.calls[4].d.reject(bookingRefusal);
    await flush();
    expect(sel.selectBookingRefusal(h.snap())).toBe(bookingRefusal);
    h.actor.send({ type: 'booking.submit', draft });
    expect(sel.selectBookingRefusal(h.snap())).toBeUndefined();
    h.platform.calls[5].d.resolve({ schedule_id: 42 });
    await flush();
    expect(sel.selectBookingPending(h.snap())).toBe(false);
    expect(booked).toEqual([42]);
  });
});
