/**
 * The one table of `npm run bench`: every benchmark reports its figures here, and
 * scripts/bench.mjs prints them together (figure, value, target, met) once all have run.
 * Run on its own (`npx tsx bench/x.ts`), a benchmark prints only its own lines.
 */
import { appendFileSync } from 'node:fs';

export interface BenchFigure {
  /** what was measured, e.g. "server: delivery p99 (10,000 held polls)" */
  figure: string;
  value: number;
  /** 'ms', 'KiB gzip', 'MiB', '' … */
  unit: string;
  /** the target, when the figure has one: met when value ≤ max */
  max?: number;
}

/** Hands a figure to `npm run bench` (BENCH_FIGURES names the file it collects from). */
export function reportFigure(figure: BenchFigure): void {
  const file = process.env.BENCH_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
