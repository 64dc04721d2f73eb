import { describe, expect, it } from 'vitest';
import { serverClockOffsetSec } from './serverClock';

describe('serverClockOffsetSec', () => {
  it("is the server's time less this computer's when the info was answered", () => {
    expect(serverClockOffsetSec({ current_dtm: 1_000_300 }, 1_000_000_000)).toBe(300);
    expect(serverClockOffsetSec({ current_dtm: 999_940 }, 1_000_000_000)).toBe(-60);
  });

  it('is 0 when the server did not tell its time', () => {
    expect(serverClockOffsetSec(null)).toBe(0);
    expect(serverClockOffsetSec({ current_dtm: 0 })).toBe(0);
  });
});
