import { describe, expect, it } from 'vitest';
import { ApiError } from '@protocol/errors';
import { RC } from '@protocol/codes';
import { centralFailure, notOfferedRequest, onRequestFailure, reportRequestFailure, shownInPlace } from './failureReports';

const POST = (path: string) => ({ method: 'POST' as const, path, longPoll: false });
const CMD = '/rest/v1/meetings/8008038/sessions/s1/mr-status';

describe('centralFailure (spec §8 on screen, whoever sent the request)', () => {
  it('shows 404, 500/550 and 556 as messages, 502/504/555/499/others and network failures as reload alerts', () => {
    expect(centralFailure(new ApiError('http', 404, CMD), POST(CMD))).toMatchObject({ kind: 'message', message: 'http.404', url: CMD });
    expect(centralFailure(new ApiError('http', 500, CMD, RC.databaseWriteFailed), POST(CMD))).toMatchObject({
      kind: 'message',
      message: 'http.500',
    });
    expect(centralFailure(new ApiError('http', 550, CMD), POST(CMD))).toMatchObject({ kind: 'message', message: 'http.500' });
    expect(centralFailure(new ApiError('http', 556, CMD), POST(CMD))).toMatchObject({ kind: 'message', message: 'http.556' });
    expect(centralFailure(new ApiError('http', 502, CMD), POST(CMD))).toMatchObject({ kind: 'alertReload', message: 'http.502' });
    expect(centralFailure(new ApiError('http', 504, CMD), POST(CMD))).toMatchObject({ kind: 'alertReload', message: 'http.504' });
    expect(centralFailure(new ApiError('http', 418, CMD), POST(CMD))).toMatchObject({ kind: 'alertReload', message: 'http.other' });
    expect(centralFailure(new ApiError('network', 0, CMD), POST(CMD))).toMatchObject({ kind: 'alertReload', message: 'network' });
  });

  it('leaves silent ones, result-coded refusals, the long poll, the login and a lost session to others', () => {
    expect(centralFailure(new ApiError('http', 401, CMD), POST(CMD))).toBeNull();
    expect(centralFailure(new ApiError('http', 403, CMD, RC.meetingLocked), POST(CMD))).toBeNull();
    expect(centralFailure(new ApiError('http', 400, CMD, RC.callAddressFormat), POST(CMD))).toBeNull();
    expect(centralFailure(new ApiError('aborted', 0, CMD), POST(CMD))).toBeNull();
    expect(centralFailure(new ApiError('http', 502, CMD), { ...POST(CMD), longPoll: true })).toBeNull();
    expect(
      centralFailure(new ApiError('http', 502, '/rest/v1/meetings/8008038/sessions/'), POST('/rest/v1/meetings/8008038/sessions/')),
    ).toBeNull();
    expect(centralFailure(new ApiError('http', 404, CMD, RC.sessionExpired), POST(CMD))).toBeNull();
  });
});

describe('shownInPlace', () => {
  it('keeps result-coded refusals for the panel and hands every other failure to the central report', () => {
    expect(shownInPlace({ status: 403, result: RC.meetingLocked })).toBe(true);
    expect(shownInPlace({ status: 400, result: RC.passwordTooLong })).toBe(true);
    expect(shownInPlace({ result: RC.passwordTooLong })).toBe(true);
    expect(shownInPlace({ status: 500, result: RC.databaseWriteFailed })).toBe(false);
    expect(shownInPlace({ status: 502 })).toBe(false);
    expect(shownInPlace({ status: 0 })).toBe(false);
    expect(shownInPlace({ status: 403, result: RC.loginAsAdministrator })).toBe(false);
  });
});

describe('the failure bus', () => {
  it('hands each reported failure to every listener until it unsubscribes', () => {
    const seen: number[] = [];
    const off = onRequestFailure((e) => seen.push(e.status));
    reportRequestFailure(new ApiError('http', 502, CMD), POST(CMD));
    off();
    reportRequestFailure(new ApiError('http', 504, CMD), POST(CMD));
    expect(seen).toEqual([502]);
  });
});

describe('an assumed call this platform does not know (issue 23 item 3)', () => {
  const S = '/rest/v1/meetings/8008038/sessions/s1/';
  it('is no error toast: a 404 of mod-subtitle-position, a 400 unknown action of waiting_move, a 404 GET of controllers', () => {
    expect(centralFailure(new ApiError('http', 404, S + 'mod-subtitle-position'), POST(S + 'mod-subtitle-position'))).toBeNull();
    const eps = { ...POST(S + 'eps-status'), body: { cmdid: 'ctrl_mr_eps', action: 'waiting_move', usr_ids: ['7'] } };
    expect(centralFailure(new ApiError('http', 400, S + 'eps-status', RC.unknownAction), eps)).toBeNull();
    expect(notOfferedRequest(new ApiError('http', 400, S + 'eps-status', RC.unknownAction), eps)).toMatchObject({
      group: 'waiting-room',
      call: 'waiting_move',
    });
    expect(
      notOfferedRequest(new ApiError('http', 404, S + 'controllers'), { method: 'GET', path: S + 'controllers', longPoll: false }),
    ).toEqual({ group: 'controllers', call: 'controllers', status: 404 });
    expect(
      notOfferedRequest(new ApiError('http', 404, '/rest/v1/meetings/verify-code'), {
        method: 'GET',
        path: '/rest/v1/meetings/verify-code',
        longPoll: false,
      }),
    ).toMatchObject({ group: 'picture-code' });
  });

  it('an evidenced call refused with 404 is still the §8 message', () => {
    const eps = { ...POST(S + 'eps-status'), body: { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: ['7'] } };
    expect(centralFailure(new ApiError('http', 404, S + 'eps-status'), eps)).toMatchObject({ kind: 'message', message: 'http.404' });
  });
});
