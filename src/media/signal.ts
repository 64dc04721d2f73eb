/**
 * The signal indicator of a participant's tile (spec §2 "show names and signal"): a level 0–4
 * from the media statistics the statistics chart reads (`media_stream`, protocol-facts §5.9),
 * judged on what the MCU receives from the participant — the worst loss rate of its audio and
 * video, and whether anything arrives at all.
 */
import type { MediaStreamResponse } from '@protocol/wire';

/** 0 no media received, 1 bad, 2 poor, 3 fair, 4 good. */
export type SignalLevel = 0 | 1 | 2 | 3 | 4;

/** Loss rates (percent) from which the signal drops to bad, poor and fair. */
export const LOSS_THRESHOLDS = { bad: 8, poor: 3, fair: 1 } as const;

/**
 * Level of the received media: no audio or video bitrate at all is 0; otherwise the worst of the
 * audio and video loss rates decides, and a video arriving below a quarter of its nominal
 * bitrate (an endpoint throttled by its network) costs one level.
 * @example signalLevel({ audioKbps: 64, videoKbps: 1500, lossPct: 0.2 }) // 4
 */
export function signalLevel(m: { audioKbps: number; videoKbps: number; lossPct: number; videoExpected?: boolean }): SignalLevel {
  if (m.audioKbps <= 0 && m.videoKbps <= 0) return 0;
  let level: SignalLevel =
    m.lossPct >= LOSS_THRESHOLDS.bad ? 1 : m.lossPct >= LOSS_THRESHOLDS.poor ? 2 : m.lossPct >= LOSS_THRESHOLDS.fair ? 3 : 4;
  if (m.videoExpected && m.videoKbps > 0 && m.videoKbps < NOMINAL_VIDEO_KBPS / 4 && level > 1) level = (level - 1) as SignalLevel;
  return level;
}

/** The video bitrate a healthy 1080p leg carries (the simulated endpoints send 1536 kbps). */
export const NOMINAL_VIDEO_KBPS = 1536;

/**
 * The level of one `media_stream` answer; `videoExpected` when the participant's video is on.
 * Only the received direction counts (entries without `tx_jitter`, facts §5.9). The loss of an
 * entry is its packet ratio when the counters are there (no unit to guess), else `rx_lost_rate`
 * read as percent, as the reference server reports it.
 */
export function signalOf(res: MediaStreamResponse, videoExpected: boolean): SignalLevel {
  let audioKbps = 0;
  let videoKbps = 0;
  let lossPct = 0;
  for (const st of res.data ?? []) {
    if (st.type !== 'audio' && st.type !== 'video') continue;
    if (st.tx_jitter !== undefined || st.rx_bitrate === undefined) continue;
    const kbps = num(st.rx_bitrate);
    if (st.type === 'audio') audioKbps += kbps;
    else videoKbps += kbps;
    if (st.type === 'video' && !videoExpected) continue;
    const received = num(st.rx_packets_received);
    const lost = num(st.rx_packets_lost);
    const loss = received + lost > 0 && st.rx_packets_lost !== undefined ? (lost / (received + lost)) * 100 : num(st.rx_lost_rate);
    lossPct = Math.max(lossPct, loss);
  }
  return signalLevel({ audioKbps, videoKbps, lossPct, videoExpected });
}

function num(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : 0;
  return Number.isFinite(n) ? n : 0;
}
