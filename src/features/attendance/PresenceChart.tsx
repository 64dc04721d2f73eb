/**
 * Participants over time (issue 29): how many were in the meeting, as a step line, with the joins
 * and leaves of each step as bars beneath, so a reconnect storm shows as tall bars of both. A fixed
 * size: it prints the same as it shows.
 */
import { useMemo } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, XAxis, YAxis, Tooltip } from 'recharts';
import { useLingui } from '@lingui/react/macro';
import type { PresenceRecord } from '@protocol/attendance';
import { presenceSeries } from './reportModel';

export function PresenceChart({ records, start, now, width = 900, height = 300 }: { records: readonly PresenceRecord[]; start: number; now: number; width?: number; height?: number }) {
  const { t, i18n } = useLingui();
  const points = useMemo(() => presenceSeries(records, start, now), [records, start, now]);
  const clock = useMemo(() => new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', hour12: false }), [i18n.locale]);
  const tick = (secs: number) => clock.format(new Date(secs * 1000));
  const peak = points.reduce((m, p) => Math.max(m, p.present), 0);
  // ticks given, every one shown: recharts would otherwise measure each of the 240 labels to thin
  // them out, a forced layout of the whole report each (a second at 10,000 rows)
  const ticks = useMemo(() => {
    if (points.length < 2) return points.map((p) => p.t);
    const from = points[0].t;
    const to = points[points.length - 1].t;
    const n = 8;
    return Array.from({ length: n + 1 }, (_, i) => Math.round(from + ((to - from) * i) / n));
  }, [points]);
  const presentName = t`Present`;
  const joinsName = t`Joins`;
  const leavesName = t`Leaves`;
  return (
    <figure style={{ margin: 0 }} data-testid="report-chart" data-points={points.length} data-peak={peak}>
      <ComposedChart width={width} height={height} data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer>
        <CartesianGrid stroke="#e9ecef" vertical={false} />
        <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} tickFormatter={tick} scale="time" ticks={ticks} interval={0} />
        <YAxis allowDecimals={false} interval={0} />
        <Tooltip labelFormatter={(v) => tick(Number(v))} isAnimationActive={false} />
        <Legend />
        <Bar dataKey="joins" name={joinsName} fill="#2f9e44" isAnimationActive={false} />
        <Bar dataKey="leaves" name={leavesName} fill="#e8590c" isAnimationActive={false} />
        <Line dataKey="present" name={presentName} type="stepAfter" stroke="#1864ab" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
      <figcaption style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-gray-7)' }}>
        {t`At most ${peak} present at once.`}
      </figcaption>
    </figure>
  );
}
