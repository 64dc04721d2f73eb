/**
 * The statistics chart of one participant (spec §2): bandwidth, loss rate and jitter for audio,
 * video and content, received and sent. It polls the media statistics every 2 s while open, after
 * the history the background quality sampling read before it opened; a failing call shows
 * "statistics not enabled" (spec §8). Receive and send differ by colour and dash, audio has its
 * own axis, and a table gives each series' current, average and peak (statsFigures.ts).
 * The polling and the history are the mediaStats machine's; one actor per leg shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  HISTORY_LIMIT,
  mediaStatsMachine,
  mediaStatsSelectors,
  type FetchMediaStats,
  type Metric,
  type StatsSample,
} from '@machines/index';
import type { AnyActorRef } from 'xstate';
import { figuresOf, joinHistory, roundFor, shownSeries, SERIES } from './statsFigures';
import { CallQualitySummary } from './CallQualitySummary';

export const STATS_INTERVAL_MS = 2000;

export interface StatsDialogProps {
  /** participant name, for the title */
  name: string;
  /** the call leg */
  epId: number;
  /** reads the media statistics of a leg */
  fetchStats: FetchMediaStats;
  /** closes it */
  onClose: () => void;
  /** samples the background quality history read before the dialog opened, oldest first */
  earlier?: readonly StatsSample[];
  /** each sample the dialog reads, for the background history */
  onSample?: (sample: StatsSample) => void;
  /** the session and the participant: the server's call-quality summary and details above the chart (issue 30) */
  session?: AnyActorRef;
  usrId?: string;
}

const NONE: readonly StatsSample[] = [];

/** A new leg is a new chart: keying by `epId` starts a fresh poller with an empty history. */
export function StatsDialog(props: StatsDialogProps) {
  return <LegStatsDialog key={props.epId} {...props} />;
}

function LegStatsDialog({ name, epId, fetchStats, onClose, earlier = NONE, onSample, session, usrId }: StatsDialogProps) {
  const { t, i18n } = useLingui();
  const [metric, setMetric] = useState<Metric>('bw');
  // The poller is created once per leg; it calls whichever fetcher the parent passes now.
  const currentFetch = useRef(fetchStats);
  useEffect(() => {
    currentFetch.current = fetchStats;
  }, [fetchStats]);
  const poller = useActorRef(mediaStatsMachine, {
    input: {
      epId,
      fetchStats: (leg, signal) => currentFetch.current(leg, signal),
      intervalMs: STATS_INTERVAL_MS,
      historyLimit: HISTORY_LIMIT,
    },
  });
  const own = useSelector(poller, mediaStatsSelectors.selectSamples);
  const failed = useSelector(poller, mediaStatsSelectors.selectFailed);
  // what the background read before the dialog opened comes first (kept as it was at opening)
  const [before] = useState(earlier);
  const history = useMemo(() => joinHistory(before, own), [before, own]);
  const newest = own.at(-1);
  const report = useRef(onSample);
  report.current = onSample;
  useEffect(() => {
    if (newest) report.current?.(newest);
  }, [newest]);

  const kindLabel = { audio: t`Audio`, video: t`Video`, content: t`Content` };
  const dirLabel = { rx: t`receive`, tx: t`send` };
  const unit = metric === 'bw' ? 'kbps' : metric === 'loss' ? '%' : 'ms';
  const series = shownSeries(history, metric);
  const earlierCount = history.length - own.length;
  const time = (v: number) => i18n.date(new Date(v * 1000), { timeStyle: 'medium' });
  const fmt = (v: number) => i18n.number(roundFor(metric, v));

  return (
    <Modal opened onClose={onClose} size="xl" title={t`Statistics: ${name}`}>
      <Stack gap="xs">
        {session && usrId && <CallQualitySummary session={session} usrId={usrId} />}
        <SegmentedControl
          aria-label={t`Measure`}
          value={metric}
          onChange={(v) => setMetric(v as Metric)}
          data={[
            { value: 'bw', label: t`Bandwidth` },
            { value: 'loss', label: t`Loss rate` },
            { value: 'jitter', label: t`Jitter` },
          ]}
        />
        {failed && (
          <Alert color="yellow" role="alert">
            <Trans>The meeting statistics function is not enabled</Trans>
          </Alert>
        )}
        <Text size="xs" c="dimmed" data-testid="stats-samples" data-count={own.length} data-earlier={earlierCount}>
          {history.length > 0 ? (
            <Trans>
              {history.length} samples since {time(history[0].t)} ({earlierCount} from before this window opened) · {unit}
            </Trans>
          ) : (
            <Trans>{history.length} samples</Trans>
          )}
        </Text>
        <div style={{ width: '100%', height: 300 }} data-testid="stats-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={history} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#dee2e6" />
              <XAxis dataKey="t" tickFormatter={time} minTickGap={40} />
              <YAxis
                yAxisId="main"
                width={64}
                label={{
                  value: t`Video and content (${unit})`,
                  angle: -90,
                  position: 'insideLeft',
                  style: { textAnchor: 'middle', fill: '#495057', fontSize: 12 },
                }}
              />
              <YAxis
                yAxisId="audio"
                orientation="right"
                width={64}
                stroke="#1864ab"
                label={{
                  value: t`Audio (${unit})`,
                  angle: 90,
                  position: 'insideRight',
                  style: { textAnchor: 'middle', fill: '#1864ab', fontSize: 12 },
                }}
              />
              <Tooltip labelFormatter={(v) => time(Number(v))} formatter={(v) => `${fmt(Number(v))} ${unit}`} />
              {SERIES.filter((s) => series.includes(s)).map((s) => (
                <Line
                  key={`${s.kind}_${s.dir}`}
                  yAxisId={s.axis}
                  type="monotone"
                  dataKey={`${s.kind}_${s.dir}_${metric}`}
                  name={`${kindLabel[s.kind]} ${dirLabel[s.dir]}`}
                  stroke={s.color}
                  strokeWidth={2}
                  strokeDasharray={s.dash}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <Table striped withTableBorder fz="sm" data-testid="stats-figures" verticalSpacing={4}>
          <Table.Caption>
            <Trans>Figures in {unit}; receive: solid line, send: dashed; audio on the right-hand axis</Trans>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Trans>Stream</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Current</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Average</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Peak</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.map((s) => {
              const f = figuresOf(history, `${s.kind}_${s.dir}_${metric}`);
              const label = `${kindLabel[s.kind]} ${dirLabel[s.dir]}`;
              return (
                <Table.Tr key={`${s.kind}_${s.dir}`} data-series={`${s.kind}_${s.dir}`}>
                  <Table.Th scope="row" fw={400}>
                    <svg width={28} height={10} aria-hidden style={{ marginInlineEnd: 6, verticalAlign: 'middle' }}>
                      <line x1={1} x2={27} y1={5} y2={5} stroke={s.color} strokeWidth={2.5} strokeDasharray={s.dash} />
                    </svg>
                    {label}
                  </Table.Th>
                  <Table.Td ta="right" data-figure="current">
                    {f ? fmt(f.current) : '–'}
                  </Table.Td>
                  <Table.Td ta="right" data-figure="average">
                    {f ? fmt(f.average) : '–'}
                  </Table.Td>
                  <Table.Td ta="right" data-figure="peak">
                    {f ? fmt(f.peak) : '–'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
