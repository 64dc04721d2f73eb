import { describe, expect, it } from 'vitest';
import { ApiError } from '@protocol/errors';
import { RC } from '@protocol/codes';
import { refusalText } from './refusal';

describe('refusalText', () => {
  it('gives the fixed message of a result code in the active language', () => {
    expect(refusalText(RC.pushAddressNotRtmp, 'en', 'x')).toBe('The push address must be an RTMP address');
    expect(refusalText(RC.pushAddressNotSet, 'zh', 'x')).toBe('推流地址未设置');
  });

  it('reads the code of a refused request', () => {
    const err = new ApiError('http', 403, '/rest/v1/x', RC.cascadePointsExist);
    expect(refusalText(err, 'en', 'x')).toContain('Cascade points exist');
  });

  it('stays silent for 1088 and without a refusal', () => {
    expect(refusalText(RC.loginAsAdministrator, 'en', 'x')).toBeUndefined();
    expect(refusalText(undefined, 'en', 'x')).toBeUndefined();
  });

  it('leaves failures §8 words by itself to the central report (no second, vaguer text in the panel)', () => {
    expect(refusalText(new ApiError('network', 0, '/x'), 'en', 'fallback')).toBeUndefined();
    expect(refusalText({ status: 502 }, 'en', 'fallback')).toBeUndefined();
    expect(refusalText({ status: 500, result: 6002 }, 'en', 'fallback')).toBeUndefined();
    expect(refusalText({ status: 403, result: 4008 }, 'en', 'fallback')).toBe('The meeting is locked');
  });

  it('falls back for a refusal that is neither a request failure nor a code', () => {
    expect(refusalText({}, 'en', 'fallback')).toBe('fallback');
  });
});
