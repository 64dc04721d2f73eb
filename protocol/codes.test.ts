import { describe, expect, it } from 'vitest';
import {
  CALL_FAILURE_REASONS,
  FORCE_LOGOUT_REASONS,
  LEAVE_REASONS,
  LOGIN_404_REASONS,
  RC,
  RESULT_CODES,
  codeInfo,
  codeMessage,
  familyOf,
  forceLogoutMessage,
  warningMessage,
  isResultCode,
  leaveReasonOf,
  localize,
  loginFailureMessage,
} from './codes';

describe('result code table', () => {
  it('has a non-empty English and Chinese message for every code', () => {
    for (const c of RESULT_CODES) {
      expect(c.en.trim(), `en of ${c.code}`).not.toBe('');
      expect(c.zh.trim(), `zh of ${c.code}`).not.toBe('');
      expect(/[\u4e00-\u9fff]/.test(c.zh), `zh of ${c.code} is Chinese`).toBe(true);
    }
  });

  it('has unique codes and keys', () => {
    const codes = RESULT_CODES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(RESULT_CODES.map((c) => c.key)).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(50);
  });

  it('puts every code in the family of its thousands digit', () => {
    for (const c of RESULT_CODES) expect(c.family, String(c.code)).toBe(familyOf(c.code));
    expect(codeInfo(RC.wrongUserPassword)?.family).toBe('users');
    expect(codeInfo(RC.departmentNotFound)?.family).toBe('departments');
    expect(codeInfo(RC.meetingNotFound)?.family).toBe('rooms');
    expect(codeInfo(RC.statisticsDisabled)?.family).toBe('tenant');
    expect(codeInfo(RC.databaseError)?.family).toBe('database');
    expect(codeInfo(RC.pushAddressNotRtmp)?.family).toBe('booking');
    expect(codeInfo(RC.historyNotFound)?.family).toBe('history');
    expect(codeInfo(9994)?.family).toBe('system');
    expect(familyOf(3001)).toBeUndefined();
    expect(familyOf(556)).toBeUndefined();
  });

  it('keeps the fixed system codes of the spec', () => {
    expect(RC.standbyMachine).toBe(9994);
    expect(RC.tooFrequent).toBe(9996);
    expect(RC.connectionTimeout).toBe(9998);
    expect(RC.notImplemented).toBe(9999);
    expect(RC.loginAsAdministrator).toBe(1088);
  });

  it('uses the spec wordings verbatim where the spec quotes them', () => {
    expect(codeInfo(RC.meetingNumberFormat)?.en).toBe('Meeting No. is not in the correct format');
    expect(codeInfo(RC.verifyCodeIncorrect)?.en).toBe('The verification code is incorrect or obsolete, please re-enter');
    expect(codeInfo(RC.tabNameRequired)?.en).toBe('Tag name cannot be empty');
    expect(codeInfo(RC.tabLimit)?.en).toBe('Up to 20 tabs supported');
    expect(codeInfo(RC.callAddressRequired)?.en).toBe('The call address cannot be empty');
  });

  it('looks codes up and localizes by Lingui locale', () => {
    expect(isResultCode(RC.badSignature)).toBe(true);
    expect(isResultCode(1234)).toBe(false);
    expect(isResultCode('1008')).toBe(false);
    expect(codeMessage(RC.meetingNotFound, 'en')).toBe('The meeting does not exist');
    expect(codeMessage(RC.meetingNotFound, 'zh')).toBe('会议不存在');
    expect(codeMessage(RC.meetingNotFound, 'en-US')).toBe('The meeting does not exist');
    expect(codeMessage(1234, 'en')).toContain('1234');
    expect(localize({ en: 'a', zh: 'b' }, 'zh-CN')).toBe('b');
  });
});

describe('reason tables', () => {
  it('has the 12 call-failure and 12 leave reasons, all translated', () => {
    expect(Object.keys(CALL_FAILURE_REASONS)).toHaveLength(12);
    expect(Object.keys(LEAVE_REASONS)).toHaveLength(13);
    for (const table of [CALL_FAILURE_REASONS, LEAVE_REASONS, LOGIN_404_REASONS, FORCE_LOGOUT_REASONS]) {
      for (const m of Object.values(table)) {
        expect(m.en).not.toBe('');
        expect(m.zh).not.toBe('');
      }
    }
  });

  it('maps platform hang-up texts to leave reasons', () => {
    expect(leaveReasonOf('host_hangup')).toBe('host_hangup');
    expect(leaveReasonOf('3/user hungup')).toBe('user_hangup');
    expect(leaveReasonOf('Remote disconnect')).toBe('signalling_disconnected');
    expect(leaveReasonOf('idle too long')).toBe('idle_too_long');
    expect(leaveReasonOf('something else')).toBeUndefined();
    expect(leaveReasonOf('toString')).toBeUndefined();
  });

  it('resolves login 404 extras from all three sources', () => {
    expect(loginFailureMessage('adhoc disabled')?.en).toContain('Instant meetings');
    expect(loginFailureMessage('room_locked')?.zh).toBe('会议室已锁定');
    expect(loginFailureMessage(String(RC.meetingEnded))?.en).toBe('The meeting has ended');
    expect(loginFailureMessage('nonsense')).toBeUndefined();
    expect(loginFailureMessage(undefined)).toBeUndefined();
  });

  it('falls back to a generic force-logout text', () => {
    expect(forceLogoutMessage('meeting_ended').en).toContain('meeting has ended');
    expect(forceLogoutMessage('whatever').en).toBe('You have been logged out');
  });
});

describe('issue 12: forced-logout reasons and platform warnings', () => {
  it('words a numeric forced-logout reason with the catalogue text of its code', () => {
    expect(forceLogoutMessage('4001')).toEqual({
      en: 'You have been logged out: The meeting does not exist',
      zh: '您已退出登录：会议不存在',
    });
    expect(forceLogoutMessage('5002').en).toBe('You have been logged out: The service has expired');
    expect(forceLogoutMessage('kicked').en).toBe('You were logged out by an administrator');
    expect(forceLogoutMessage('license_expired').en).toBe('You have been logged out: License expired');
    expect(forceLogoutMessage('123456').en).toBe('You have been logged out (code 123456)');
    expect(forceLogoutMessage('').en).toBe('You have been logged out');
  });

  it('maps every result code of the catalogue as a forced-logout reason', () => {
    for (const info of RESULT_CODES) expect(forceLogoutMessage(String(info.code)).en).toContain(info.en);
  });

  it('finds the catalogue text of a warning code, by key or result code; unknown codes are undefined', () => {
    expect(warningMessage('statistics_disabled')?.en).toBe('The conference statistics function is not enabled');
    expect(warningMessage('5002')?.zh).toBe('服务已过期');
    expect(warningMessage('no_such_warning')).toBeUndefined();
    expect(warningMessage('123456')).toBeUndefined();
  });
});
