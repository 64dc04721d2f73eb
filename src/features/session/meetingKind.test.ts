import { describe, expect, it } from 'vitest';
import { meetingKindOf } from './meetingKind';

describe('meetingKindOf (issue 30: immediate versus scheduled)', () => {
  it('reads mr_kind (podium), else the platform’s mr_mode, else nothing', () => {
    expect(meetingKindOf({ mr_kind: 'scheduled', mr_mode: 0 })).toBe('scheduled');
    expect(meetingKindOf({ mr_mode: 1 })).toBe('scheduled');
    expect(meetingKindOf({ mr_mode: 0 })).toBe('immediate');
    expect(meetingKindOf({ mr_mode: 7 })).toBeUndefined();
    expect(meetingKindOf(null)).toBeUndefined();
  });
});
