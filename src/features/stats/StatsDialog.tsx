/**
 * The statistics chart of one participant (spec §2): bandwidth, loss rate and jitter for audio,
 * video and content, received and sent. It polls the media statistics every 2 s while open and
 * keeps the history until it closes; a failing call shows "statistics not enabled" (spec §8).
 * The polling and the history are the mediaStats machine's; one actor per leg shown.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DIRECTIONS, HISTORY_LIMIT, MEDIA_KINDS, mediaStatsMachine, mediaStatsSelectors, type FetchMediaStats, type Metric } from '@machines/index';

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
}

const COLORS: Record<string, string> = {
  audio_rx: '#1c7ed6',
  audio_tx: '#74c0fc',
  video_rx: '#2f9e44',
  video_tx: '#8ce99a',
  content_rx: '#e8590c',
  content_tx: '#ffc078',
};

/** A new leg is a new chart: keying by `epId` starts a fresh poller with an empty history. */
export function StatsDialog(props: StatsDialogProps) {
  return <LegStatsDialog key={props.epId} {...props} />;
}

function LegStatsDialog({ name, epId, fetchStats, onClose }: StatsDialogProps) {
  const { t, i18n } = useLingui();
  const [metric, setMetric] = useState<Metric>('bw');
  // The poller is created once per leg; it calls whichever fetcher the parent passes now.
  const currentFetch = useRef(fetchStats);
  useEffect(() => {
    currentFetch.current = fetchStats;
  }, [fetchStats]);
  const poller = useActorRef(mediaStatsMachine, {
    input: { epId, fetchStats: (leg, signal) => currentFetch.current(leg, signal), intervalMs: STATS_INTERVAL_MS, historyLimit: HISTORY_LIMIT },
  });
  const history = useSelector(poller, mediaStatsSelectors.selectSamples);
  const failed = useSelector(poller, mediaStatsSelectors.selectFailed);

  const kindLabel = { audio: t`Audio`, video: t`Video`, content: t`Content` };
  const dirLabel = { rx: t`receive`, tx: t`send` };
  const unit = metric === 'bw' ? 'kbps' : metric === 'loss' ? '%' : 'ms';

  return (
    <Modal opened onClose={onClose} size="xl" title={t`Statistics: ${name}`}>
      <Stack>
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
        <Text size="xs" c="dimmed" data-testid="stats-samples" data-count={history.length}>
          <Trans>{history.length} samples</Trans> · {unit}
        </Text>
        <div style={{ width: '100%', height: 320 }} data-testid="stats-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={history} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="t" tickFormatter={(v: number) => i18n.date(new Date(v * 1000), { timeStyle: 'medium' })} minTickGap={40} />
              <YAxis />
              <Tooltip labelFormatter={(v) => i18n.date(new Date(Number(v) * 1000), { timeStyle: 'medium' })} />
              <Legend />
              {MEDIA_KINDS.flatMap((kind) =>
                DIRECTIONS.map((dir) => (
                  <Line
                    key={`${kind}_${dir}`}
                    type="monotone"
                    dataKey={`${kind}_${dir}_${metric}`}
                    name={`${kindLabel[kind]} ${dirLabel[dir]}`}
                    stroke={COLORS[`${kind}_${dir}`]}
                    dot={false}
                    isAnimationActive={false}
                  />
                )),
              )}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Stack>
    </Modal>
  );
}
