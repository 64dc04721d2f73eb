import { describe, expect, it } from 'vitest';
import { decodeChangeEvent, decodeMrInfo } from './decode';

describe('meeting-info dates', () => {
  it('read as Unix seconds whether sent in seconds (podium) or epoch milliseconds (the Java client’s dates, platform mode)', () => {
    const secs = {
      mr_id: '1',
      create_dtm: 1_700_000_000,
      current_dtm: 1_700_000_600,
      real_launch_dtm: 1_700_000_100,
      next_booking_dtm: 1_700_010_000,
    };
    const ms = {
      mr_id: '1',
      create_dtm: 1_700_000_000_000,
      current_dtm: 1_700_000_600_000,
      real_launch_dtm: 1_700_000_100_000,
      next_booking_dtm: 1_700_010_000_000,
    };
    expect(decodeMrInfo(ms)).toMatchObject(secs);
    expect(decodeMrInfo(secs)).toMatchObject(secs);
    expect(decodeMrInfo({ mr_id: '1', next_booking_dtm: 0 }).next_booking_dtm).toBe(0);
    expect(decodeChangeEvent({ cmdid: 'one_mr_info', mr_id: '1', current_dtm: 1_700_000_600_123 })).toMatchObject({
      current_dtm: 1_700_000_600,
    });
  });
});
