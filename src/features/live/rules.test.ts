import { describe, expect, it } from 'vitest';
import { RC } from '@protocol/codes';
import { checkLiveAddresses, checkLiveStart, checkManagementLogin, checkPushAddress, checkRoomPasswords } from './rules';

describe('meeting-wide form rules', () => {
  it('push address must be set and rtmp://host/live/stream', () => {
    expect(checkPushAddress('')).toBe(RC.pushAddressNotSet);
    expect(checkPushAddress('http://h/live/s')).toBe(RC.pushAddressNotRtmp);
    expect(checkPushAddress('rtmp://h/app/s')).toBe(RC.pushAddressNotRtmp);
    expect(checkPushAddress('rtmp://h:1935/live/s')).toBeUndefined();
  });

  it('live addresses are both required', () => {
    expect(checkLiveAddresses('rtmp://h/live/s', '')).toBe(RC.pullAddressRequired);
    expect(checkLiveAddresses('rtmp://h/live/s', 'http://h/play/s.flv')).toBeUndefined();
  });

  it('management code is digits only', () => {
    expect(checkManagementLogin({ loginId: 'a', password: 'b', code: '12x' })).toBe(RC.verifyCodeFormat);
    expect(checkManagementLogin({ loginId: '', password: 'b', code: '12' })).toBe(RC.loginNameRequired);
  });

  it('passwords differ', () => {
    expect(checkRoomPasswords({ join: '1', host: '1', supervisor: '2' })).toBe(RC.passwordsMustDiffer);
  });

  it('Live is turned on only with its push and pull addresses set (spec §5); unreported or not built-in: not judged', () => {
    expect(checkLiveStart('', '', true)).toBe(RC.pushAddressNotSet);
    expect(checkLiveStart('  ', 'http://h/play/s.flv', true)).toBe(RC.pushAddressNotSet);
    expect(checkLiveStart('rtmp://h/live/s', '', true)).toBe(RC.pullAddressRequired);
    expect(checkLiveStart('rtmp://h/live/s', 'http://h/play/s.flv', true)).toBeUndefined();
    expect(checkLiveStart(undefined, undefined, true)).toBeUndefined();
    expect(checkLiveStart('', '', false)).toBeUndefined();
  });
});
