/**
 * Participants over time (issue 29): how many were in the meeting, as a step line, with the joins
 * and leaves of each step as bars beneath, so a reconnect storm shows as tall bars of both. A fixed
 * drawing that scales down to the page: it prints the same as it shows.
 *
 * Plain SVG, not recharts: at 10,000 participants recharts spent most of the report's render on
 * this one chart (its selectors copied props for each of 480 bars and measured label text with a
 * forced layout), and its tick thinning crowded very short meetings. Here every shape is one
 * element and the ticks are chosen by reportModel.timeTicks on round local times.
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { PresenceRecord } from '@protocol/attendance';
import { countTicks, presenceSeries, timeTicks } from './reportModel';
import classes from './report.module.css';

const COLOURS = { present: '#1864ab', joins: '#2f9e44', leaves: '#e8590c', grid: '#e9ecef', text: '#495057' } as const;
// room on the right for half of the last time label, on the left for the counts
const MARGIN = { top: 8, right: 36, bottom: 28, left: 48 };
/** widest a bar gets: a meeting of a few steps would otherwise draw slabs */
const BAR_MAX = 12;

export function PresenceChart({
  records,
  start,
  now,
  width = 900,
  height = 300,
}: {
  records: readonly PresenceRecord[];
  start: number;
  now: number;
  width?: number;
  height?: number;
}) {
  const { t, i18n } = useLingui();
  const points = useMemo(() => presenceSeries(records, start, now), [records, start, now]);
  const peak = points.reduce((m, p) => Math.max(m, p.present, p.joins, p.leaves), 0);
  const mostPresent = points.reduce((m, p) => Math.max(m, p.present), 0);
  const from = points[0]?.t ?? start;
  const to = points[points.length - 1]?.t ?? now;
  // the zone's offset at the meeting's start: ticks fall on round local times
  const x = useMemo(() => timeTicks(from, to, 8, -new Date(from * 1000).getTimezoneOffset() * 60), [from, to]);
  const clock = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.locale, {
        hour: '2-digit',
        minute: '2-digit',
        ...(x.seconds ? { second: '2-digit' } : {}),
        hour12: false,
      }),
    [i18n.locale, x.seconds],
  );
  const yTicks = countTicks(peak);
  const top = yTicks[yTicks.length - 1];
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const sx = (secs: number) => MARGIN.left + (to === from ? 0 : ((secs - from) / (to - from)) * plotW);
  const sy = (n: number) => MARGIN.top + plotH - (n / top) * plotH;
  const slot = points.length > 1 ? plotW / (points.length - 1) : plotW;
  const bar = Math.min(BAR_MAX, Math.max(0.5, slot * 0.4));
  // a step's joins left of its time and its leaves right of it, kept inside the plot (the first
  // step's joins stood over the count labels)
  const barsAt = (secs: number) => Math.min(width - MARGIN.right - bar, Math.max(MARGIN.left + bar, sx(secs)));

  const line = points
    .map(
      (p, i) => `${i === 0 ? 'M' : 'H'}${sx(p.t).toFixed(1)}${i === 0 ? ` ${sy(p.present).toFixed(1)}` : ` V${sy(p.present).toFixed(1)}`}`,
    )
    .join(' ');
  const presentName = t`Present`;
  const joinsName = t`Joins`;
  const leavesName = t`Leaves`;
  const caption = t`At most ${mostPresent} present at once.`;
  return (
    <figure
      className={classes.chart}
      data-testid="report-chart"
      data-points={points.length}
      data-peak={mostPresent}
      data-ticks={x.ticks.length}
    >
      <svg
        viewBox={`0 0 ${width} ${height}`}
        // as wide as the page allows, never wider than drawn: an A4 page prints about 720 px wide
        style={{ width: '100%', maxWidth: width, height: 'auto', display: 'block' }}
        role="img"
        aria-label={`${presentName}, ${joinsName}, ${leavesName}. ${caption}`}
      >
        <g fontSize={12} fill={COLOURS.text}>
          {yTicks.map((v) => (
            <g key={`y${v}`}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={sy(v)} y2={sy(v)} stroke={COLOURS.grid} />
              <text x={MARGIN.left - 6} y={sy(v)} textAnchor="end" dominantBaseline="middle">
                {v}
              </text>
            </g>
          ))}
          {x.ticks.map((secs) => (
            <g key={`x${secs}`}>
              <line x1={sx(secs)} x2={sx(secs)} y1={MARGIN.top + plotH} y2={MARGIN.top + plotH + 4} stroke={COLOURS.text} />
              <text x={sx(secs)} y={MARGIN.top + plotH + 18} textAnchor="middle" data-testid="report-chart-tick">
                {clock.format(new Date(secs * 1000))}
              </text>
            </g>
          ))}
        </g>
        <line x1={MARGIN.left} x2={width - MARGIN.right} y1={MARGIN.top + plotH} y2={MARGIN.top + plotH} stroke={COLOURS.text} />
        <g fill={COLOURS.joins}>
          {points.map((p) =>
            p.joins ? <rect key={p.t} x={barsAt(p.t) - bar} y={sy(p.joins)} width={bar} height={sy(0) - sy(p.joins)} /> : null,
          )}
        </g>
        <g fill={COLOURS.leaves}>
          {points.map((p) =>
            p.leaves ? <rect key={p.t} x={barsAt(p.t)} y={sy(p.leaves)} width={bar} height={sy(0) - sy(p.leaves)} /> : null,
          )}
        </g>
        <path d={line} fill="none" stroke={COLOURS.present} strokeWidth={2} />
        {/* the figures of each step on hover, as the browser's own tooltip */}
        <g fill="transparent">
          {points.map((p) => (
            <rect key={p.t} x={sx(p.t) - slot / 2} y={MARGIN.top} width={slot} height={plotH}>
              <title>{`${clock.format(new Date(p.t * 1000))} · ${presentName} ${p.present} · ${joinsName} ${p.joins} · ${leavesName} ${p.leaves}`}</title>
            </rect>
          ))}
        </g>
      </svg>
      <ul className={classes.legend}>
        <li>
          <span className={classes.swatchLine} style={{ background: COLOURS.present }} /> {presentName}
        </li>
        <li>
          <span className={classes.swatch} style={{ background: COLOURS.joins }} /> {joinsName}
        </li>
        <li>
          <span className={classes.swatch} style={{ background: COLOURS.leaves }} /> {leavesName}
        </li>
      </ul>
      <figcaption className={classes.dim}>{caption}</figcaption>
    </figure>
  );
}
