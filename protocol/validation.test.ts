import { describe, expect, it } from 'vitest';
import { RC, codeInfo } from './codes';
import { SPEC_MESSAGES, validateManagementLogin, validateMeetingNumber, validatePassword, validateVerifyCode } from './validation';
import {
  callAddressKind,
  checkCascadeSwitch,
  checkOvertimeAgainstBooking,
  checkSearchResultCount,
  validateBooking,
  validateUserNumber,
  validateLiveAddresses,
  validateMicGain,
  validateOvertimeMinutes,
  validateRename,
  validateRoomPasswords,
  validateRtmpPushAddress,
  validateBypassUrl,
  validateTabName,
  validateTempCall,
} from './fieldValidation';
import { VALIDATION_RESULT_CODES } from './validationCodes';

describe('login rules', () => {
  it('meeting number: 4–20 digits, leading zeros allowed', () => {
    for (const ok of ['0123', '8008038', '00000000000000000000', ' 1234 ']) expect(validateMeetingNumber(ok)).toBeNull();
    expect(validateMeetingNumber('')).toBe('meetingNumber.required');
    expect(validateMeetingNumber(undefined)).toBe('meetingNumber.required');
    expect(validateMeetingNumber(1234)).toBe('meetingNumber.required');
    for (const bad of ['123', '123456789012345678901', '12a4', '12 34', '-1234', '１２３４'])
      expect(validateMeetingNumber(bad), bad).toBe('meetingNumber.format');
  });

  it('password is required', () => {
    expect(validatePassword('123456')).toBeNull();
    expect(validatePassword('')).toBe('password.required');
    expect(validatePassword(null)).toBe('password.required');
  });

  it('verify code: required, 4 letters or digits', () => {
    expect(validateVerifyCode('a1B2')).toBeNull();
    expect(validateVerifyCode('')).toBe('verifyCode.required');
    expect(validateVerifyCode('   ')).toBe('verifyCode.required');
    for (const bad of ['abc', 'abcde', 'ab-1', '验证码四']) expect(validateVerifyCode(bad), bad).toBe('verifyCode.format');
  });

  it('management login: all required, code digits only', () => {
    expect(validateManagementLogin({ loginName: 'admin', password: 'pw', code: '1234' })).toBeNull();
    expect(validateManagementLogin({ loginName: '', password: 'pw', code: '1234' })).toBe('mgmtLogin.required');
    expect(validateManagementLogin({ loginName: 'a', password: '', code: '1234' })).toBe('mgmtLogin.required');
    expect(validateManagementLogin({ loginName: 'a', password: 'p', code: '' })).toBe('mgmtLogin.required');
    expect(validateManagementLogin({ loginName: 'a', password: 'p', code: '12a4' })).toBe('mgmtLogin.codeDigits');
  });
});

describe('overtime', () => {
  it('accepts whole minutes 1–9999', () => {
    for (const ok of [1, 30, 9999, '45', ' 9999 ']) expect(validateOvertimeMinutes(ok), String(ok)).toBeNull();
  });

  it('refuses non-numbers, fractions, zero and negatives, and over 9999', () => {
    for (const bad of [0, -5, 1.5, '1.5', 'abc', '', null, Number.NaN, '-3'])
      expect(validateOvertimeMinutes(bad), String(bad)).toBe('overtime.format');
    expect(validateOvertimeMinutes(10000)).toBe('overtime.tooLong');
    expect(validateOvertimeMinutes('10000')).toBe('overtime.tooLong');
  });

  it('conflicts when the new end passes the next booking', () => {
    expect(checkOvertimeAgainstBooking(30, 1000, 0)).toBeNull();
    expect(checkOvertimeAgainstBooking(30, 1000, 1000 + 1800)).toBeNull();
    expect(checkOvertimeAgainstBooking(31, 1000, 1000 + 1800)).toBe('overtime.conflict');
  });
});

describe('live and push addresses', () => {
  it('push address must be set and rtmp://host[:port]/live/stream', () => {
    for (const ok of [
      'rtmp://172.16.0.200/live/hd',
      'rtmp://live.example.com:1935/live/room1',
      'RTMP://host/live/s?key=abc',
      'rtmp://[::1]:1935/live/x',
    ])
      expect(validateRtmpPushAddress(ok), ok).toBeNull();
    expect(validateRtmpPushAddress('')).toBe('push.notSet');
    expect(validateRtmpPushAddress(undefined)).toBe('push.notSet');
    for (const bad of [
      'http://host/live/s',
      'rtmp://host/app/s',
      'rtmp://host/live/',
      'rtmp:///live/s',
      'rtmp://host:99999/live/s',
      'rtmp://ho st/live/s',
    ])
      expect(validateRtmpPushAddress(bad), bad).toBe('push.notRtmp');
  });

  it('bypass address: any well-formed rtmp:// or rtmps:// URL with a path, query included', () => {
    for (const ok of [
      'rtmp://172.16.0.200/live/hd',
      'RTMP://host/live/s?key=abc',
      'rtmp://[::1]:1935/live/x',
      'rtmp://host/app/stream?key=a&b=c',
      'rtmps://live-api-s.facebook.com:443/rtmp/FB-123-0-Ab?s_bl=1&s_sw=0',
      'rtmp://host/s',
    ])
      expect(validateBypassUrl(ok), ok).toBeNull();
    expect(validateBypassUrl(' ')).toBe('push.notSet');
    for (const bad of [
      'http://host/live/s',
      'rtmp://host',
      'rtmp://host/',
      'rtmp://host/live/',
      'rtmp:///live/s',
      'rtmp://host:99999/live/s',
      'rtmp://ho st/live/s',
      'rtmp://host/live/s#frag',
      'rtmp://host/live/s?a=b c',
    ])
      expect(validateBypassUrl(bad), bad).toBe('push.notRtmp');
  });

  it('live push and pull addresses are both required', () => {
    expect(validateLiveAddresses({ pushUrl: 'rtmp://h/live/s', pullUrl: 'http://h/liveplay/s.flv' })).toBeNull();
    expect(validateLiveAddresses({ pushUrl: '', pullUrl: 'http://h/x' })).toBe('live.addressRequired');
    expect(validateLiveAddresses({ pushUrl: 'rtmp://h/live/s', pullUrl: ' ' })).toBe('live.addressRequired');
    expect(validateLiveAddresses({ pushUrl: 'ftp://h/live/s', pullUrl: 'http://h/x' })).toBe('push.notRtmp');
    expect(validateLiveAddresses({ pushUrl: 'rtmp://h/live/s', pullUrl: 'not a url' })).toBe('live.addressFormat');
  });
});

describe('names and tabs', () => {
  it('rename: not empty, at most 64 characters', () => {
    expect(validateRename('Room A')).toBeNull();
    expect(validateRename('会'.repeat(64))).toBeNull();
    expect(validateRename('  ')).toBe('rename.required');
    expect(validateRename('x'.repeat(65))).toBe('rename.tooLong');
  });

  it('tabs: name required, at most 20', () => {
    expect(validateTabName('VIP', 0)).toBeNull();
    expect(validateTabName('VIP', 19)).toBeNull();
    expect(validateTabName('', 0)).toBe('tab.nameRequired');
    expect(validateTabName('VIP', 20)).toBe('tab.limit');
    expect(validateTabName('x'.repeat(33), 0)).toBe('tab.invalid');
    expect(validateTabName('a\nb', 0)).toBe('tab.invalid');
  });
});

describe('temporary call', () => {
  it('recognises every accepted address form', () => {
    expect(callAddressKind('8008038')).toBe('meeting');
    expect(callAddressKind('8008038##1234')).toBe('meeting');
    expect(callAddressKind('8008038##1234@10.0.0.5')).toBe('meeting');
    expect(callAddressKind('8008038@10.0.0.5:5060')).toBe('meeting');
    expect(callAddressKind('172.16.100.56')).toBe('ip');
    expect(callAddressKind('sip:alice@example.com')).toBe('sip');
    expect(callAddressKind('h323:10.0.0.9')).toBe('h323');
    expect(callAddressKind('alice@10.0.0.9:5061')).toBe('user');
    for (const bad of ['hello world', '12', '300.1.1.1', 'sip:', 'a@', '8008038##', 'ftp://x'])
      expect(callAddressKind(bad), bad).toBeNull();
  });

  it('requires an address and a display name', () => {
    expect(validateTempCall({ address: '8008038', displayName: 'Hall' })).toBeNull();
    expect(validateTempCall({ address: '', displayName: 'Hall' })).toBe('tempCall.addressRequired');
    expect(validateTempCall({ address: 'bad address', displayName: 'Hall' })).toBe('tempCall.addressFormat');
    expect(validateTempCall({ address: '10.0.0.1', displayName: '' })).toBe('tempCall.nameRequired');
  });
});

describe('room passwords', () => {
  it('host and supervisor required, digits, all different', () => {
    expect(validateRoomPasswords({ host: '123456', supervisor: '654321' })).toBeNull();
    expect(validateRoomPasswords({ join: '111', host: '123456', supervisor: '654321' })).toBeNull();
    expect(validateRoomPasswords({ join: '', host: '123456', supervisor: '654321' })).toBeNull();
    expect(validateRoomPasswords({ host: '', supervisor: '654321' })).toBe('passwords.required');
    expect(validateRoomPasswords({ host: '1', supervisor: '' })).toBe('passwords.required');
    expect(validateRoomPasswords({ host: '12a', supervisor: '654321' })).toBe('passwords.digits');
    expect(validateRoomPasswords({ join: 'x1', host: '1', supervisor: '2' })).toBe('passwords.digits');
    expect(validateRoomPasswords({ host: '1234', supervisor: '1234' })).toBe('passwords.differ');
    expect(validateRoomPasswords({ join: '1234', host: '1234', supervisor: '5' })).toBe('passwords.differ');
  });
});

describe('bookings', () => {
  const now = 1_700_000_000_000;
  const min = 60_000;
  it('accepts ≥ 5 min, > 10 min ahead, ≤ one week', () => {
    expect(validateBooking({ startMs: now + 11 * min, endMs: now + 16 * min, nowMs: now })).toBeNull();
    expect(validateBooking({ startMs: now + 11 * min, endMs: now + 11 * min + 7 * 24 * 60 * min, nowMs: now })).toBeNull();
  });
  it('refuses short, soon and overlong bookings', () => {
    expect(validateBooking({ startMs: now + 11 * min, endMs: now + 15 * min, nowMs: now })).toBe('booking.tooShort');
    expect(validateBooking({ startMs: now + 10 * min, endMs: now + 20 * min, nowMs: now })).toBe('booking.startTooSoon');
    expect(validateBooking({ startMs: now + 11 * min, endMs: now + 12 * min + 7 * 24 * 60 * min, nowMs: now })).toBe('booking.tooLong');
    expect(validateBooking({ startMs: Number.NaN, endMs: now, nowMs: now })).toBe('booking.tooShort');
  });
});

describe('other rules', () => {
  it('mic gain is refused while auto-adjust is on', () => {
    expect(validateMicGain(5, false)).toBeNull();
    expect(validateMicGain(5, true)).toBe('micGain.autoAdjust');
    expect(validateMicGain(10, false)).toBe('micGain.range');
  });
  it('search over 500 results asks for narrower criteria', () => {
    expect(checkSearchResultCount(500)).toBeNull();
    expect(checkSearchResultCount(501)).toBe('search.tooMany');
  });
  it('adding by user number requires a number (cuid) of the configured digit count', () => {
    expect(validateUserNumber('', 4)).toBe('userNumber.required');
    expect(validateUserNumber('   ', undefined)).toBe('userNumber.required');
    expect(validateUserNumber(undefined, 4)).toBe('userNumber.required');
    expect(validateUserNumber('1001', 4)).toBeNull();
    expect(validateUserNumber(' 1001 ', 4)).toBeNull();
    expect(validateUserNumber('101', 4)).toBe('userNumber.length');
    expect(validateUserNumber('10010', 4)).toBe('userNumber.length');
    expect(validateUserNumber('10a1', 4)).toBe('userNumber.length');
    // not configured: any 1–20 digits, the platform judges the length
    expect(validateUserNumber('7', undefined)).toBeNull();
    expect(validateUserNumber('1'.repeat(21), undefined)).toBe('userNumber.length');
    expect(VALIDATION_RESULT_CODES['userNumber.length']).toBe(RC.userNumberLength);
    expect(VALIDATION_RESULT_CODES['userNumber.required']).toBe(RC.userNumberRequired);
  });
  it('non-cascade is refused while cascade points exist', () => {
    expect(checkCascadeSwitch('', 0)).toBeNull();
    expect(checkCascadeSwitch('parent', 3)).toBeNull();
    expect(checkCascadeSwitch('', 1)).toBe('cascade.pointsExist');
  });
});

describe('codes and messages', () => {
  it('maps every validation error to a known result code', () => {
    for (const [err, code] of Object.entries(VALIDATION_RESULT_CODES)) expect(codeInfo(code), err).toBeDefined();
    expect(VALIDATION_RESULT_CODES['overtime.tooLong']).toBe(RC.overtimeTooLong);
  });
  it('quotes the spec wordings', () => {
    expect(SPEC_MESSAGES.meetingNumberFormat).toBe('Meeting No. is not in the correct format');
    expect(SPEC_MESSAGES.inputIncorrect).toBe('The input information is incorrect');
    expect(codeInfo(RC.tabLimit)?.en).toBe(SPEC_MESSAGES.tabLimit);
  });
});

describe('issue 12: temporary call and password rules of spec §5', () => {
  it('refuses a meeting address whose ##password has letters or whose @IP is impossible', () => {
    expect(callAddressKind('8008099##pw@999.1.1.1')).toBeNull();
    expect(callAddressKind('8008099##pw')).toBeNull();
    expect(callAddressKind('8008099##1234@999.1.1.1')).toBeNull();
    expect(callAddressKind('alice@999.1.1.1')).toBeNull();
    expect(validateTempCall({ address: '8008099##pw@999.1.1.1', displayName: 'Guest' })).toBe('tempCall.addressFormat');
    expect(callAddressKind('8008099##1234@10.1.1.1')).toBe('meeting');
    expect(callAddressKind('alice@10.1.1.1')).toBe('user');
    expect(callAddressKind('alice@mcu.example.com')).toBe('user');
  });

  it('gives a password longer than 32 digits its own rule, answered with its own code', () => {
    const long = '1'.repeat(40);
    expect(validateRoomPasswords({ host: long, supervisor: '654321' })).toBe('passwords.tooLong');
    expect(validateRoomPasswords({ join: long, host: '123456', supervisor: '654321' })).toBe('passwords.tooLong');
    expect(validateRoomPasswords({ host: '1'.repeat(32), supervisor: '654321' })).toBeNull();
    expect(VALIDATION_RESULT_CODES['passwords.tooLong']).toBe(RC.passwordTooLong);
    expect(codeInfo(RC.passwordTooLong)?.en).toBe('A password can have at most 32 digits');
  });
});
