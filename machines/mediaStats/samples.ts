/**
 * One point of the statistics chart from a `media_stream` answer (protocol-facts §5.9): for
 * audio, video and content, in both directions, the bandwidth (kbps), the loss rate (%) and the
 * jitter (ms). Several legs of one kind add their bandwidth and report the worst loss and jitter.
 */
import type { MediaStreamResponse } from '../../protocol/wire';

export const MEDIA_KINDS = ['audio', 'video', 'content'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const DIRECTIONS = ['rx', 'tx'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export type Metric = 'bw' | 'loss' | 'jitter';

/** Series key such as `video_tx_loss`. */
export type SeriesKey = `${MediaKind}_${Direction}_${Metric}`;

export type StatsSample = { t: number } & Record<SeriesKey, number>;

/** Samples the statistics chart keeps while open (at one per 2 s: 20 minutes). */
export const HISTORY_LIMIT = 600;

function num(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : 0;
  return Number.isFinite(n) ? n : 0;
}

export function sampleFrom(res: MediaStreamResponse, t: number): StatsSample {
  const s = { t } as StatsSample;
  for (const kind of MEDIA_KINDS)
    for (const dir of DIRECTIONS) {
      s[`${kind}_${dir}_bw`] = 0;
      s[`${kind}_${dir}_loss`] = 0;
      s[`${kind}_${dir}_jitter`] = 0;
    }
  for (const st of res.data ?? []) {
    const kind = st.type;
    if (!MEDIA_KINDS.includes(kind)) continue;
    s[`${kind}_rx_bw`] += num(st.rx_bitrate);
    s[`${kind}_tx_bw`] += num(st.tx_bitrate);
    // Loss rates are percent (docs/protocol.md, media statistics): reading values up to 1 as a
    // fraction would draw a 0.2 % loss as 20 %.
    s[`${kind}_rx_loss`] = Math.max(s[`${kind}_rx_loss`], num(st.rx_lost_rate));
    s[`${kind}_tx_loss`] = Math.max(s[`${kind}_tx_loss`], num(st.tx_lost_rate));
    s[`${kind}_rx_jitter`] = Math.max(s[`${kind}_rx_jitter`], num(st.rx_jitter));
    s[`${kind}_tx_jitter`] = Math.max(s[`${kind}_tx_jitter`], num(st.tx_jitter));
  }
  return s;
}

/** Appends a sample, dropping the oldest beyond `limit` (none kept when `limit` is 0). */
export function appendSample(history: readonly StatsSample[], sample: StatsSample, limit: number = HISTORY_LIMIT): StatsSample[] {
  if (limit <= 0) return [];
  const next = history.length >= limit ? history.slice(history.length - limit + 1) : history.slice();
  next.push(sample);
  return next;
}
