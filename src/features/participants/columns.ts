/**
 * The participant table's columns and which of them show (issue 13 §8): every column fits beside
 * the sidebar at 1280 px because the secondary ones (protocol, remote address, shared content,
 * index) step back, in that order, when the table's width cannot hold them; the column menu lets
 * the host show or hide each of them, and a choice made there wins over the automatic one.
 */

export type ColumnId =
  'select' | 'name' | 'index' | 'protocol' | 'address' | 'status' | 'share' | 'audio' | 'listen' | 'hand' | 'video' | 'quality' | 'ops';

export interface ColumnSpec {
  id: ColumnId;
  /** the CSS grid track */
  track: string;
  /** its narrowest width in px */
  min: number;
  /** secondary: hidden first when the width runs out (lower steps back earlier), and in the column menu */
  stepBack?: number;
}

export const COLUMN_SPECS: readonly ColumnSpec[] = [
  { id: 'select', track: '28px', min: 28 },
  { id: 'name', track: 'minmax(100px,1.5fr)', min: 100 },
  { id: 'index', track: '40px', min: 40, stepBack: 4 },
  { id: 'protocol', track: '56px', min: 56, stepBack: 1 },
  { id: 'address', track: 'minmax(100px,1.3fr)', min: 100, stepBack: 2 },
  { id: 'status', track: '100px', min: 100 },
  { id: 'share', track: '60px', min: 60, stepBack: 3 },
  { id: 'audio', track: '80px', min: 80 },
  { id: 'listen', track: '92px', min: 92 },
  { id: 'hand', track: '132px', min: 132 },
  { id: 'video', track: '120px', min: 120 },
  // the loss sparkline (src/quality, 60 px: readable at a glance) and its figure: the last of the
  // secondary columns to step back
  { id: 'quality', track: '92px', min: 92, stepBack: 5 },
  { id: 'ops', track: '96px', min: 96 },
];

/** The secondary columns, as the column menu lists them. */
export const SECONDARY_COLUMNS: readonly ColumnId[] = COLUMN_SPECS.filter((c) => c.stepBack !== undefined).map((c) => c.id);

/** px between columns and at each side of a row (the grid's column-gap and padding-inline) */
export const COLUMN_GAP = 6;
export const ROW_PADDING = 6;

/** The width the columns need at their narrowest. */
export function minTableWidth(columns: readonly ColumnSpec[]): number {
  const sum = columns.reduce((n, c) => n + c.min, 0);
  return sum + COLUMN_GAP * Math.max(0, columns.length - 1) + ROW_PADDING * 2;
}

/**
 * How much wider than their px figures the columns are drawn: the text grows with the window (the
 * root font size is its width / 110) while the figures above were set for a 1440 px window, so
 * wider windows widen the columns alike (1920 px: 4/3) and the words still fit their cells. Below
 * 1440 px the text is smaller than the figures assume, and they stay as they are.
 * @example columnScale(1920) // 1.333…
 */
export function columnScale(windowWidth: number): number {
  return Math.max(1, windowWidth / 1440);
}

/** The grid template of the columns shown, every px figure widened by `scale`. */
export function gridTemplate(columns: readonly ColumnSpec[], scale = 1): string {
  const scaled = (track: string) =>
    scale === 1 ? track : track.replace(/(\d+(?:\.\d+)?)px/g, (_, n: string) => `${Math.round(Number(n) * scale)}px`);
  return columns.map((c) => scaled(c.track)).join(' ');
}

/**
 * The columns to show in `available` px: every column the host has not hidden, less the secondary
 * ones that step back (lowest first) while the rest would not fit. A column the host chose to show
 * stays; with no width known yet (0) nothing steps back.
 * @example visibleColumns(990, {}).some((c) => c.id === 'protocol') // false: it stepped back
 */
export function visibleColumns(available: number, choice: Partial<Record<ColumnId, boolean>>): ColumnSpec[] {
  let shown = COLUMN_SPECS.filter((c) => choice[c.id] !== false);
  if (available <= 0) return shown;
  const candidates = shown
    .filter((c) => c.stepBack !== undefined && choice[c.id] !== true)
    .sort((a, b) => (a.stepBack ?? 0) - (b.stepBack ?? 0));
  for (const c of candidates) {
    if (minTableWidth(shown) <= available) break;
    shown = shown.filter((s) => s !== c);
  }
  return shown;
}
