import { describe, expect, it } from 'vitest';
import { appendSample, HISTORY_LIMIT, sampleFrom } from './samples';

describe('sampleFrom', () => {
  it('adds bandwidth per kind and keeps the worst loss (percent, as reported) and jitter', () => {
    const s = sampleFrom(
      {
        refer_num: 1,
        remote_addr: '',
        uuid: '',
        local_addr: '',
        data: [
          { node: '', id: 1, type: 'video', ssrc: '', start_time: 0, fps: 30, fur: 0, rx_bitrate: 800, rx_lost_rate: 0.02, rx_jitter: 12 },
          {
            node: '',
            id: 2,
            type: 'video',
            ssrc: '',
            start_time: 0,
            fps: 30,
            fur: 0,
            rx_bitrate: 200,
            rx_lost_rate: 0.05,
            tx_bitrate: 900,
            tx_jitter: 3,
          },
          { node: '', id: 3, type: 'audio', ssrc: '', start_time: 0, fps: 0, fur: 0, tx_bitrate: 64, tx_lost_rate: 1.5 },
        ],
      },
      100,
    );
    expect(s.video_rx_bw).toBe(1000);
    expect(s.video_rx_loss).toBeCloseTo(0.05); // 0.05 %, not 5 %
    expect(s.video_rx_jitter).toBe(12);
    expect(s.video_tx_bw).toBe(900);
    expect(s.audio_tx_loss).toBe(1.5);
    expect(s.content_rx_bw).toBe(0);
  });

  it('keeps at most HISTORY_LIMIT samples, dropping the oldest', () => {
    let h = Array.from({ length: HISTORY_LIMIT }, (_, i) =>
      sampleFrom({ refer_num: 0, remote_addr: '', uuid: '', local_addr: '', data: [] }, i),
    );
    h = appendSample(h, sampleFrom({ refer_num: 0, remote_addr: '', uuid: '', local_addr: '', data: [] }, 9999));
    expect(h).toHaveLength(HISTORY_LIMIT);
    expect(h[0].t).toBe(1);
    expect(h.at(-1)!.t).toBe(9999);
  });

  it('keeps the newest samples up to a given limit, none at 0', () => {
    const empty = { refer_num: 0, remote_addr: '', uuid: '', local_addr: '', data: [] };
    let h = [sampleFrom(empty, 1), sampleFrom(empty, 2)];
    h = appendSample(h, sampleFrom(empty, 3), 2);
    expect(h.map((s) => s.t)).toEqual([2, 3]);
    expect(appendSample(h, sampleFrom(empty, 4), 0)).toEqual([]);
  });
});
