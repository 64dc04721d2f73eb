/**
 * How a row's quality cell looks (issue 26 item 2): calm while the line is fine, marked when it is
 * over a threshold or getting worse, so the abnormal stands out in a table of normal rows. Pure:
 * the cell (QualityCell.tsx) draws what this decides.
 */

/** calm: nothing to see; worse: under the threshold but rising towards it; over: at or above a threshold */
export type QualityLook = 'calm' | 'worse' | 'over';

/** figures (10 s rounds) of the recent stretch and of the stretch before it that it is compared with */
const RECENT = 3;
const EARLIER = 6;

/**
 * Whether the newest figures of `values` (oldest first, NaN = no figure) are rising: the mean of
 * the last 3 figures has reached half the threshold and exceeds the mean of the 6 before them by a
 * quarter of the threshold. One bad round is no trend: a mean of three is.
 * @example isWorsening([0, 0, 0, 0, 0, 0, 3, 3, 3], 5) // true: 3 ≥ 2.5 and 3 ≥ 0 + 1.25
 */
export function isWorsening(values: readonly number[], threshold: number): boolean {
  const figures = values.filter((v) => !Number.isNaN(v));
  if (figures.length < RECENT + 2) return false;
  const recent = figures.slice(-RECENT);
  const earlier = figures.slice(-(RECENT + EARLIER), -RECENT);
  const mean = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
  const now = mean(recent);
  return now >= threshold / 2 && now >= mean(earlier) + threshold / 4;
}

/**
 * The cell's look from the newest loss and jitter figures and the loss history.
 * @example qualityLook([1, 1, 6], 5, 10, 40) // 'over'
 */
export function qualityLook(loss: readonly number[], lossThreshold: number, jitterLatest: number, jitterThreshold: number): QualityLook {
  let latest = NaN;
  for (let i = loss.length - 1; i >= 0; i--) {
    if (!Number.isNaN(loss[i])) {
      latest = loss[i];
      break;
    }
  }
  if ((!Number.isNaN(latest) && latest >= lossThreshold) || (!Number.isNaN(jitterLatest) && jitterLatest >= jitterThreshold)) return 'over';
  return isWorsening(loss, lossThreshold) ? 'worse' : 'calm';
}
