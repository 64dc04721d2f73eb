/**
 * The participant table's quality column, as rules without React: the sparkline's drawing, the
 * worst-first order, and the alert thresholds kept in the browser. The figures come from the
 * qualityHistory machine's store (one figure per 10 s round, NaN for a round without one).
 */
import { DEFAULT_THRESHOLDS, type QualityMetric, type QualityStore, type QualityThresholds } from '@machines/index';

export type QualitySort = 'none' | QualityMetric;

/** Minutes the history covers (180 rounds of 10 s). */
export const WINDOW_MINUTES = 30;

export interface Sparkline {
  /** SVG path of the figures (gaps where a round had none), '' when there are none */
  path: string;
  /** y of the threshold line */
  thresholdY: number;
  peak: number;
  /** the newest figure of the window */
  latest: number;
}

/**
 * Draws `values` (oldest first, NaN = no figure) into a `width`×`height` box: time runs over the
 * whole window (`slots`), so a short history starts at the right edge, and the scale reaches at
 * least 1.5 × the threshold so a line under it looks calm.
 */
export function sparkline(values: readonly number[], threshold: number, width: number, height: number, slots: number): Sparkline {
  let peak = NaN;
  let latest = NaN;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    peak = Number.isNaN(peak) ? v : Math.max(peak, v);
    latest = v;
  }
  const top = Math.max(threshold * 1.5, Number.isNaN(peak) ? 0 : peak, 1e-9);
  const y = (v: number) => Math.round((height - 1 - (Math.min(v, top) / top) * (height - 2)) * 10) / 10;
  const step = slots > 1 ? width / (slots - 1) : width;
  const offset = Math.max(0, slots - values.length);
  let path = '';
  let open = false;
  values.forEach((v, i) => {
    if (Number.isNaN(v)) {
      open = false;
      return;
    }
    const x = Math.round((offset + i) * step * 10) / 10;
    path += `${open ? 'L' : 'M'}${x} ${y(v)}`;
    open = true;
  });
  // a lone figure is a dot: a path needs two points to show
  if (path && !path.includes('L')) path += 'h0.1';
  return { path, thresholdY: y(threshold), peak, latest };
}

/** Rounds a figure for display: one decimal below 10, whole above. */
export function roundFigure(v: number): number {
  return v < 10 ? Math.round(v * 10) / 10 : Math.round(v);
}

/**
 * Orders rows worst first by the newest figure of `metric` (then by the window's peak); rows
 * without figures keep their order after the others. `sort` 'none' returns `rows` itself.
 */
export function worstFirst<T extends { usrId: string }>(
  rows: readonly T[],
  store: QualityStore | undefined,
  sort: QualitySort,
): readonly T[] {
  if (sort === 'none' || !store) return rows;
  const keyed = rows.map((row, index) => {
    const s = store.summary(row.usrId, sort);
    return { row, index, latest: Number.isNaN(s.latest) ? -1 : s.latest, peak: Number.isNaN(s.peak) ? -1 : s.peak };
  });
  keyed.sort((a, b) => b.latest - a.latest || b.peak - a.peak || a.index - b.index);
  return keyed.map((k) => k.row);
}

const THRESHOLDS_KEY = 'podium.quality.thresholds';
const LIMITS = { lossPct: [0.1, 100], jitterMs: [1, 2000] } as const;

/** A threshold within its limits, or null. */
export function validThreshold(metric: keyof QualityThresholds, value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  const [min, max] = LIMITS[metric];
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/** The thresholds kept in this browser, the defaults for what is missing or broken. */
export function loadThresholds(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): QualityThresholds {
  try {
    const raw = JSON.parse(storage?.getItem(THRESHOLDS_KEY) ?? 'null') as Partial<QualityThresholds> | null;
    return {
      lossPct: validThreshold('lossPct', raw?.lossPct) ?? DEFAULT_THRESHOLDS.lossPct,
      jitterMs: validThreshold('jitterMs', raw?.jitterMs) ?? DEFAULT_THRESHOLDS.jitterMs,
    };
  } catch {
    return { ...DEFAULT_THRESHOLDS };
  }
}

export function saveThresholds(t: QualityThresholds, storage: Pick<Storage, 'setItem'> | null = safeLocalStorage()): void {
  try {
    storage?.setItem(THRESHOLDS_KEY, JSON.stringify(t));
  } catch {
    // storage full or unavailable: the thresholds hold for this page only
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
