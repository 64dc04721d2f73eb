/**
 * One row's quality cell (issue 26 item 2): loss over the last 30 minutes as a solid line over its
 * threshold, with the newest figure beside it. Calm rows draw grey; a line over a threshold draws
 * red and bold, one getting worse dark orange with an arrow, so a glance down the column finds
 * them. The figures are in the accessible name. How the figures are kept is src/quality's.
 */
import { memo } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { qualityHistorySelectors } from '@machines/index';
import { useQuality } from './QualityContext';
import { roundFigure, sparkline, WINDOW_MINUTES } from './qualityModel';
import { qualityLook } from './qualityLook';
import classes from './QualityCell.module.css';

/** at least 60 px: a trend must be readable at a glance (issue 26) */
export const SPARK_WIDTH = 60;
const H = 18;
/**
 * A young history fills the sparkline over its first minute, then the window's 30 compress into
 * it. Over 5 minutes (30 slots) the busy meeting's screenshot showed, half a minute in, a stub of
 * 4 px beside a dashed rule: a trend nobody could read (issue 26).
 */
const MIN_SLOTS = 6;

/** Memoised: a row that re-renders for another of its cells leaves the sparkline as it is; it follows the rounds itself. */
export const QualityCell = memo(function QualityCell({ usrId }: { usrId: string }) {
  const { t, i18n } = useLingui();
  const ctx = useQuality();
  // re-read the store after every round
  const round = useSelector(ctx?.quality, (s) => (s ? qualityHistorySelectors.selectQualityRound(s) : 0)) ?? 0;
  const store = ctx?.store;
  if (!ctx || !store || !store.has(usrId)) {
    return (
      <span data-testid="quality-cell" data-round={round} aria-label={t`No quality figures yet`} role="img" className={classes.none}>
        –
      </span>
    );
  }
  const { thresholds } = ctx;
  const series = store.series(usrId, 'loss');
  const loss = sparkline(series, thresholds.lossPct, SPARK_WIDTH, H, Math.max(MIN_SLOTS, series.length));
  const jitter = store.summary(usrId, 'jitter');
  const look = qualityLook(series, thresholds.lossPct, jitter.latest, thresholds.jitterMs);
  const peak = i18n.number(roundFigure(Number.isNaN(loss.peak) ? 0 : loss.peak));
  const now = i18n.number(roundFigure(Number.isNaN(loss.latest) ? 0 : loss.latest));
  const minutes = WINDOW_MINUTES;
  const jitterPeak = Number.isNaN(jitter.peak) ? null : i18n.number(roundFigure(jitter.peak));
  const figures =
    jitterPeak === null
      ? t`Loss, last ${minutes} min: peak ${peak} %, now ${now} %`
      : t`Loss, last ${minutes} min: peak ${peak} %, now ${now} %; jitter peak ${jitterPeak} ms`;
  const label = look === 'worse' ? `${figures}${t`; getting worse`}` : figures;
  return (
    <span
      data-testid="quality-cell"
      data-round={round}
      data-loss-peak={Number.isNaN(loss.peak) ? '' : loss.peak}
      data-loss-now={Number.isNaN(loss.latest) ? '' : loss.latest}
      data-jitter-peak={Number.isNaN(jitter.peak) ? '' : jitter.peak}
      data-alert={look === 'over'}
      data-look={look}
      title={label}
      className={classes.cell}
    >
      <svg role="img" aria-label={label} width={SPARK_WIDTH} height={H} viewBox={`0 0 ${SPARK_WIDTH} ${H}`} className={classes.spark}>
        <line className={classes.threshold} x1={0} x2={SPARK_WIDTH} y1={loss.thresholdY} y2={loss.thresholdY} />
        <path className={classes.trend} d={loss.path} />
      </svg>
      <span className={classes.figure} aria-hidden>
        {now}%{look === 'worse' && '↑'}
      </span>
    </span>
  );
});
