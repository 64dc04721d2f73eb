import { describe, expect, it } from 'vitest';
import { qaRows } from './callQaRows';

describe('qaRows (issue 30: the get_call_qa summary shown)', () => {
  it('groups the flat figures per stream and direction, in order, leaving out streams not named and unknown keys', () => {
    const rows = qaRows({ video_tx_bitrate: 800, video_rx_lost_rate: 2.5, video_rx_jitter: 12, audio_rx_bitrate: 48, odd_key: 1 });
    expect(rows).toEqual([
      { kind: 'audio', dir: 'rx', bitrate: 48, loss: undefined, jitter: undefined },
      { kind: 'video', dir: 'rx', bitrate: undefined, loss: 2.5, jitter: 12 },
      { kind: 'video', dir: 'tx', bitrate: 800, loss: undefined, jitter: undefined },
    ]);
    expect(qaRows({})).toEqual([]);
  });
});
