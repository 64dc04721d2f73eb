import { describe, expect, it } from 'vitest';
import type { MediaStreamResponse } from '@protocol/wire';
import { LOSS_THRESHOLDS, signalLevel, signalOf } from './signal';

function answer(streams: Partial<MediaStreamResponse['data'][number]>[]): MediaStreamResponse {
  return {
    refer_num: 0,
    remote_addr: '',
    uuid: '',
    local_addr: '',
    data: streams.map((s, i) => ({ node: 'mcu', id: i, type: 'audio', ssrc: '', start_time: 0, fps: 0, fur: 0, ...s })),
  };
}

describe('signal level', () => {
  it('is 0 when nothing arrives', () => {
    expect(signalLevel({ audioKbps: 0, videoKbps: 0, lossPct: 0 })).toBe(0);
  });

  it('falls with the loss rate at the thresholds', () => {
    const at = (lossPct: number) => signalLevel({ audioKbps: 64, videoKbps: 1500, lossPct });
    expect(at(0)).toBe(4);
    expect(at(LOSS_THRESHOLDS.fair - 0.01)).toBe(4);
    expect(at(LOSS_THRESHOLDS.fair)).toBe(3);
    expect(at(LOSS_THRESHOLDS.poor)).toBe(2);
    expect(at(LOSS_THRESHOLDS.bad)).toBe(1);
    expect(at(40)).toBe(1);
  });

  it('costs one level when expected video arrives far below its nominal bitrate', () => {
    expect(signalLevel({ audioKbps: 64, videoKbps: 200, lossPct: 0, videoExpected: true })).toBe(3);
    expect(signalLevel({ audioKbps: 64, videoKbps: 200, lossPct: 0, videoExpected: false })).toBe(4);
    expect(signalLevel({ audioKbps: 64, videoKbps: 200, lossPct: 9, videoExpected: true })).toBe(1);
  });

  it('reads a media_stream answer: received audio and video only, loss from packet counts or as percent', () => {
    const healthy = answer([
      { type: 'audio', rx_bitrate: 64, rx_lost_rate: 0.2 },
      { type: 'audio', tx_bitrate: 64, tx_lost_rate: 30, tx_jitter: 9 },
      { type: 'video', rx_bitrate: 1500, rx_lost_rate: 0.5 },
    ]);
    // sent loss (tx) does not count: the indicator is about what the participant delivers
    expect(signalOf(healthy, true)).toBe(4);
    expect(signalOf(answer([{ type: 'video', rx_bitrate: 1500, rx_lost_rate: 5 }]), true)).toBe(2);
    // the packet counters win over the rate: 90 lost of 1000 is 9 %
    expect(
      signalOf(answer([{ type: 'audio', rx_bitrate: 64, rx_lost_rate: 0.1, rx_packets_received: 910, rx_packets_lost: 90 }]), false),
    ).toBe(1);
    // video that is off does not count its loss
    expect(
      signalOf(
        answer([
          { type: 'audio', rx_bitrate: 64, rx_lost_rate: 0 },
          { type: 'video', rx_bitrate: 0, rx_lost_rate: 12 },
        ]),
        false,
      ),
    ).toBe(4);
    expect(signalOf(answer([{ type: 'content', rx_bitrate: 700, rx_lost_rate: 20 }]), true)).toBe(0);
    expect(signalOf(answer([]), true)).toBe(0);
  });
});
