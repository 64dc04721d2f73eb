import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hash32 } from '../engine/rng';
import { USR_STATS_POSITIONS } from '../../protocol/usrStats';
import { POS, type Endpoint } from '../engine/roomRecord';
import { lossRates, mediaStreams } from './media';
import { POOR_LINE_STEADY_ID, steadyEndpointId } from './steady';

// counted: the loss call's cost per endpoint is mostly these string hashes
vi.mock('../engine/rng', async (importOriginal) => {
  const real = await importOriginal<typeof import('../engine/rng')>();
  return { ...real, hash32: vi.fn((text: string) => real.hash32(text)) };
});

function endpoint(i: number, usrId = `u${i}`): Endpoint {
  const flags = new Uint8Array(USR_STATS_POSITIONS.length);
  flags[POS.v_rx] = i % 3 === 0 ? 0 : 1;
  flags[POS.v_tx] = i % 5 === 0 ? 0 : 1;
  flags[POS.cont_sender] = i % 7 === 0 ? 1 : 0;
  return {
    usrId,
    epId: i + 1,
    name: usrId,
    uri: `sip:${usrId}@example.test`,
    enterDtm: 1_700_000_000 - i,
    devType: 'sip',
    epVersion: 1,
    protoType: 0,
    uuid: `uuid-${i}`,
    gbk: '',
    localRtpIp: '10.0.0.1',
    pinSort: 0,
    sortPara: i,
    flags,
    statsCache: null,
    selfUnmute: false,
    mediaSeed: (i * 2_654_435_761) >>> 0,
    handUpDtm: 0,
  };
}

/** the figures as the `media_stream` answer has them: the video stream's rx and tx loss */
function videoLossOfStreams(ep: Endpoint, nowSecs: number): [number, number] {
  const video = mediaStreams(ep, nowSecs).filter((s) => s.type === 'video');
  return [video.find((s) => s.rx_lost_rate !== undefined)!.rx_lost_rate!, video.find((s) => s.tx_lost_rate !== undefined)!.tx_lost_rate!];
}

describe('lossRates (the packets_lost_rate answer of one endpoint)', () => {
  beforeEach(() => {
    vi.mocked(hash32).mockClear();
  });

  it('equals the video loss of its media streams, steady lines included, at any second', () => {
    const eps = [
      ...Array.from({ length: 300 }, (_, i) => endpoint(i)),
      endpoint(301, steadyEndpointId(0)),
      endpoint(302, POOR_LINE_STEADY_ID),
    ];
    for (const t of [1_700_000_000, 1_700_000_013, 1_700_000_777, 1_700_003_601]) {
      for (const ep of eps) expect(lossRates(ep, t), `${ep.usrId} at ${t}`).toEqual(videoLossOfStreams(ep, t));
    }
    expect(lossRates(endpoint(302, POOR_LINE_STEADY_ID), 1_700_000_000)).toEqual([6, 6]);
  });

  // the server answers it for every endpoint of the meeting in one event-loop turn: building every
  // stream of 10,000 endpoints for two figures each held the loop 300-450 ms per quality round,
  // and every command and feed answer of the meeting waited behind it
  it('computes the two figures alone, without building the endpoint’s streams', () => {
    const ep = endpoint(11);
    mediaStreams(ep, 1_700_000_000);
    const perStreams = vi.mocked(hash32).mock.calls.length;
    vi.mocked(hash32).mockClear();
    lossRates(ep, 1_700_000_000);
    // one hash per direction (its loss burst), where the streams take one per stream and kind
    expect(vi.mocked(hash32).mock.calls.length).toBe(2);
    expect(perStreams).toBeGreaterThan(2);
  });
});
