import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n, type I18n } from '@lingui/core';
import { ApiError } from '@protocol/errors';
import { codeInfo, RC } from '@protocol/codes';
import { SPEC_MESSAGES } from '@protocol/validation';
import { classifyFailure } from '#/api/classify';
import {
  failureText,
  LOGIN_VALIDATION_MESSAGES,
  loginFailureText,
  resultCodeText,
  sessionEndText,
  type LoginValidationError,
} from './messages';
import { loadCatalog } from './i18n';

let en: I18n;
let zh: I18n;
beforeAll(async () => {
  en = setupI18n();
  zh = setupI18n();
  await loadCatalog('en', en);
  await loadCatalog('zh', zh);
});

describe('login form messages', () => {
  it.each([
    ['meetingNumber.format', SPEC_MESSAGES.meetingNumberFormat],
    ['verifyCode.format', SPEC_MESSAGES.verifyCodeFormat],
  ] as [LoginValidationError, string][])('%s uses the spec wording verbatim in English', (code, text) => {
    expect(en._(LOGIN_VALIDATION_MESSAGES[code])).toBe(text);
  });

  it('every login form message has a Chinese text of its own', () => {
    for (const code of Object.keys(LOGIN_VALIDATION_MESSAGES) as LoginValidationError[]) {
      const text = zh._(LOGIN_VALIDATION_MESSAGES[code]);
      expect(text, code).not.toBe(en._(LOGIN_VALIDATION_MESSAGES[code]));
      expect(text, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('login failures', () => {
  it('404 with a known reason shows the reason in the active language', () => {
    const failure = { code: 'meetingNotFound', status: 404, detail: 'the scheduled meeting did not start' } as const;
    expect(loginFailureText(en, failure, 0)).toBe('The scheduled meeting has not started');
    expect(loginFailureText(zh, failure, 0)).toBe('预约会议尚未开始');
  });

  it('too many attempts shows the wait', () => {
    expect(loginFailureText(en, { code: 'locked', status: 429 }, 7)).toBe('Too many attempts. Try again in 7 seconds.');
    expect(loginFailureText(zh, { code: 'locked', status: 429 }, 7)).toBe('尝试次数过多，请 7 秒后重试。');
  });
});

describe('request failures (spec §8)', () => {
  const text = (i18n: I18n, err: ApiError) => failureText(i18n, classifyFailure(err));

  it('a 403 result code shows the protocol table text of the active language', () => {
    const err = new ApiError('http', 403, '/rest/v1/x', RC.meetingNotFound);
    expect(text(en, err)).toBe(codeInfo(RC.meetingNotFound)!.en);
    expect(text(zh, err)).toBe(codeInfo(RC.meetingNotFound)!.zh);
  });

  it('1088 is silent', () => {
    expect(text(en, new ApiError('http', 403, '/rest/v1/x', RC.loginAsAdministrator))).toBeNull();
    expect(resultCodeText(en, RC.loginAsAdministrator)).toBeNull();
  });

  it('404 names the url; 500 says server error with the url; 556 no access rights', () => {
    expect(text(en, new ApiError('http', 404, '/rest/v1/nowhere'))).toBe('Request link does not exist: /rest/v1/nowhere');
    expect(text(en, new ApiError('http', 500, '/rest/v1/boom'))).toBe('Server error: /rest/v1/boom');
    expect(text(en, new ApiError('http', 556, '/rest/v1/x'))).toBe('No access rights, please contact the administrator');
  });

  it('the reload alerts have their own wording', () => {
    expect(text(en, new ApiError('http', 502, '/x'))).toBe('Services are temporarily inaccessible');
    expect(text(en, new ApiError('timeout', 0, '/x'))).toBe('The request timed out, please log in again');
    expect(text(en, new ApiError('http', 499, '/x'))).toBe('Login timed out, please log in again');
    expect(text(en, new ApiError('network', 0, '/x'))).toBe('Request to the server failed, please log in again');
  });

  it('silent outcomes have no text', () => {
    expect(text(en, new ApiError('http', 401, '/x'))).toBeNull();
    expect(text(en, new ApiError('aborted', 0, '/x'))).toBeNull();
  });
});

describe('session end warnings (spec §4)', () => {
  it('the user’s own logout shows nothing', () => {
    expect(sessionEndText(en, { code: 'logout' }, 'conference')).toBeNull();
  });

  it('meeting ended follows the scene wording', () => {
    expect(sessionEndText(en, { code: 'meetingEnded', detail: 'meeting_ended' }, 'conference')).toBe('The meeting has ended, exit control');
    expect(sessionEndText(en, { code: 'meetingEnded', detail: 'class_ended' }, 'conference')).toBe('The class has ended, exit control');
    expect(sessionEndText(zh, { code: 'meetingEnded' }, 'class')).toBe('课堂已结束，退出控制');
  });

  it('a forced logout shows the mapped reason in the active language', () => {
    expect(sessionEndText(en, { code: 'forcedLogout', detail: 'kicked' }, 'conference')).toBe('You were logged out by an administrator');
    expect(sessionEndText(zh, { code: 'forcedLogout', detail: 'kicked' }, 'conference')).toBe('您已被管理员强制退出');
    expect(sessionEndText(en, { code: 'forcedLogout', detail: 'something new' }, 'conference')).toBe('You have been logged out');
  });

  it('deleted meeting, lost session and non-RPC-server errors have their own texts', () => {
    expect(sessionEndText(en, { code: 'meetingDeleted' }, 'conference')).toBe('The meeting room was deleted');
    expect(sessionEndText(en, { code: 'sessionLost' }, 'conference')).toBe('Login timed out, please log in again');
    expect(sessionEndText(en, { code: 'notRpcServer' }, 'conference')).toBe('The meeting control service is unavailable');
    expect(sessionEndText(en, { code: 'notRpcServer', result: RC.meetingNotFound }, 'conference')).toBe(
      `The meeting control service failed: ${codeInfo(RC.meetingNotFound)!.en}`,
    );
  });
});
