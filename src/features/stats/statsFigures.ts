/**
 * What the statistics dialog shows besides the lines (issue 13.9): the series' styles (receive
 * and send differ by colour and by dash, each kind has its hue), which axis a series uses (audio
 * has its own: 64 kbps beside 1,536 would be a flat line), the current, average and peak figure
 * of each series, and the history joined from before the dialog opened (issue 16.3).
 */
import { DIRECTIONS, MEDIA_KINDS, type Direction, type MediaKind, type Metric, type SeriesKey, type StatsSample } from '@machines/index';

export interface SeriesStyle {
  kind: MediaKind;
  dir: Direction;
  /** ≥ 3:1 against white (WCAG non-text contrast) */
  color: string;
  /** SVG stroke-dasharray: receive solid, send dashed */
  dash: string | undefined;
  axis: 'audio' | 'main';
}

const COLORS: Record<`${MediaKind}_${Direction}`, string> = {
  audio_rx: '#1864ab',
  audio_tx: '#0b7285',
  video_rx: '#2b8a3e',
  video_tx: '#5c940d',
  content_rx: '#d9480f',
  content_tx: '#a61e4d',
};

export const SEND_DASH = '6 4';

/** Every series, audio first, receive before send. */
export const SERIES: readonly SeriesStyle[] = MEDIA_KINDS.flatMap((kind) =>
  DIRECTIONS.map((dir) => ({
    kind,
    dir,
    color: COLORS[`${kind}_${dir}`],
    dash: dir === 'tx' ? SEND_DASH : undefined,
    axis: kind === 'audio' ? ('audio' as const) : ('main' as const),
  })),
);

export interface Figures {
  current: number;
  average: number;
  peak: number;
}

/** Current (newest sample), average and peak of one series; null without samples. */
export function figuresOf(samples: readonly StatsSample[], key: SeriesKey): Figures | null {
  if (samples.length === 0) return null;
  let sum = 0;
  let peak = -Infinity;
  for (const s of samples) {
    const v = s[key] ?? 0;
    sum += v;
    peak = Math.max(peak, v);
  }
  return { current: samples[samples.length - 1][key] ?? 0, average: sum / samples.length, peak };
}

/** The series worth a row of figures: audio and video always, content once it was shared. */
export function shownSeries(samples: readonly StatsSample[], metric: Metric): SeriesStyle[] {
  const shared = samples.some(
    (x) => x.content_rx_bw > 0 || x.content_tx_bw > 0 || x[`content_rx_${metric}`] > 0 || x[`content_tx_${metric}`] > 0,
  );
  return SERIES.filter((s) => s.kind !== 'content' || shared);
}

/**
 * The background history read before the dialog opened, followed by the dialog's own samples:
 * earlier samples from the first own sample's second on are left out (the same moments twice).
 */
export function joinHistory(earlier: readonly StatsSample[], own: readonly StatsSample[]): StatsSample[] {
  if (own.length === 0) return earlier.slice();
  const from = own[0].t;
  const before = earlier.filter((s) => s.t < from);
  return before.length ? [...before, ...own] : own.slice();
}

/** Figures rounded for the table: one decimal for loss, whole numbers otherwise. */
export function roundFor(metric: Metric, v: number): number {
  return metric === 'loss' ? Math.round(v * 10) / 10 : Math.round(v);
}
