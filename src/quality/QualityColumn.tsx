/**
 * The participant table's quality column: the header (worst-first order, alert thresholds and
 * the recent alerts) and each row's sparkline of loss over the last 30 minutes, a small inline
 * SVG with the figures in its accessible name. Mounted by ParticipantTable with one line each.
 */
import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { qualityHistorySelectors } from '@machines/index';
import { useQuality } from './QualityContext';
import { roundFigure, sparkline, validThreshold, WINDOW_MINUTES, type QualitySort } from './qualityModel';

const W = 38;
const H = 16;
/** a young history fills the sparkline over its first 5 minutes, then the window's 30 compress into it */
const MIN_SLOTS = 30;

/** One row's loss sparkline and newest loss figure. */
export function QualityCell({ usrId }: { usrId: string }) {
  const { t, i18n } = useLingui();
  const ctx = useQuality();
  // re-read the store after every round
  const round = useSelector(ctx?.quality, (s) => (s ? qualityHistorySelectors.selectQualityRound(s) : 0)) ?? 0;
  const store = ctx?.quality?.getSnapshot().context.store;
  if (!ctx || !store || !store.has(usrId)) {
    return (
      <span data-testid="quality-cell" data-round={round} aria-label={t`No quality figures yet`} role="img" style={{ color: 'var(--mantine-color-dimmed)' }}>
        –
      </span>
    );
  }
  const { thresholds } = ctx;
  const series = store.series(usrId, 'loss');
  const loss = sparkline(series, thresholds.lossPct, W, H, Math.max(MIN_SLOTS, series.length));
  const jitter = store.summary(usrId, 'jitter');
  const peak = i18n.number(roundFigure(Number.isNaN(loss.peak) ? 0 : loss.peak));
  const now = i18n.number(roundFigure(Number.isNaN(loss.latest) ? 0 : loss.latest));
  const minutes = WINDOW_MINUTES;
  const jitterPeak = Number.isNaN(jitter.peak) ? null : i18n.number(roundFigure(jitter.peak));
  const label =
    jitterPeak === null
      ? t`Loss, last ${minutes} min: peak ${peak} %, now ${now} %`
      : t`Loss, last ${minutes} min: peak ${peak} %, now ${now} %; jitter peak ${jitterPeak} ms`;
  const alert = (!Number.isNaN(loss.latest) && loss.latest >= thresholds.lossPct) || (!Number.isNaN(jitter.latest) && jitter.latest >= thresholds.jitterMs);
  return (
    <span
      data-testid="quality-cell"
      data-round={round}
      data-loss-peak={Number.isNaN(loss.peak) ? '' : loss.peak}
      data-loss-now={Number.isNaN(loss.latest) ? '' : loss.latest}
      data-jitter-peak={Number.isNaN(jitter.peak) ? '' : jitter.peak}
      data-alert={alert}
      title={label}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 3 }}
    >
      <svg role="img" aria-label={label} width={W} height={H} viewBox={`0 0 ${W} ${H}`} style={{ flex: 'none' }}>
        <line x1={0} x2={W} y1={loss.thresholdY} y2={loss.thresholdY} stroke="#e03131" strokeOpacity={0.6} strokeWidth={0.75} strokeDasharray="2 2" />
        <path d={loss.path} fill="none" stroke={alert ? '#c92a2a' : '#1864ab'} strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      </svg>
      <Text component="span" size="xs" fw={alert ? 700 : 400} c={alert ? 'red.9' : undefined} aria-hidden>
        {now}%
      </Text>
    </span>
  );
}

/** The column's header: a menu to order the table worst first, and the alert settings. */
export function QualityHeader() {
  const { t } = useLingui();
  const ctx = useQuality();
  if (!ctx) return <Trans>Quality</Trans>;
  const { sort, setSort } = ctx;
  const options: { value: QualitySort; label: string }[] = [
    { value: 'none', label: t`Table order` },
    { value: 'loss', label: t`Worst loss first` },
    { value: 'jitter', label: t`Worst jitter first` },
  ];
  return (
    <Group gap={2} wrap="nowrap">
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <button
            type="button"
            data-sort={sort}
            style={{ all: 'unset', cursor: 'pointer', fontWeight: 600, whiteSpace: 'nowrap' }}
            aria-label={sort === 'loss' ? t`Quality, worst loss first` : sort === 'jitter' ? t`Quality, worst jitter first` : t`Quality`}
          >
            <Trans>Quality</Trans>
            {sort !== 'none' && <span aria-hidden> ▼</span>}
          </button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Trans>Order the table</Trans>
          </Menu.Label>
          {options.map((o) => (
            <Menu.Item key={o.value} onClick={() => setSort(o.value)} leftSection={<span aria-hidden>{sort === o.value ? '✓' : ' '}</span>}>
              {o.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <QualitySettings />
    </Group>
  );
}

/** Alert thresholds (remembered in this browser) and the alerts raised so far. */
function QualitySettings() {
  const { t, i18n } = useLingui();
  const ctx = useQuality()!;
  const [opened, setOpened] = useState(false);
  const [loss, setLoss] = useState<string | number>(ctx.thresholds.lossPct);
  const [jitter, setJitter] = useState<string | number>(ctx.thresholds.jitterMs);
  const notices = useSelector(ctx.quality, (s) => (s ? qualityHistorySelectors.selectQualityNotices(s) : undefined)) ?? [];
  const lossOk = validThreshold('lossPct', loss);
  const jitterOk = validThreshold('jitterMs', jitter);
  const open = () => {
    setLoss(ctx.thresholds.lossPct);
    setJitter(ctx.thresholds.jitterMs);
    setOpened(true);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus returnFocus shadow="md" width={300}>
      <Popover.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={t`Quality alerts`} title={t`Quality alerts`} onClick={() => (opened ? setOpened(false) : open())} data-count={notices.length}>
          <span aria-hidden>⚙</span>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (lossOk === null || jitterOk === null) return;
            ctx.setThresholds({ lossPct: lossOk, jitterMs: jitterOk });
            setOpened(false);
          }}
        >
          <Stack gap="xs">
            <Text fw={600} size="sm">
              <Trans>Alert when a participant reaches</Trans>
            </Text>
            <NumberInput
              size="xs"
              label={t`Loss (%)`}
              min={0.1}
              max={100}
              step={0.5}
              decimalScale={1}
              value={loss}
              onChange={setLoss}
              error={lossOk === null ? t`From 0.1 to 100` : undefined}
              data-autofocus
            />
            <NumberInput
              size="xs"
              label={t`Jitter (ms)`}
              min={1}
              max={2000}
              step={5}
              allowDecimal={false}
              value={jitter}
              onChange={setJitter}
              error={jitterOk === null ? t`From 1 to 2000` : undefined}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button size="xs" type="submit" disabled={lossOk === null || jitterOk === null}>
                <Trans>Save</Trans>
              </Button>
            </Group>
            <Text fw={600} size="sm" mt="xs">
              <Trans>Recent alerts</Trans>
            </Text>
            {notices.length === 0 ? (
              <Text size="xs" c="dimmed">
                <Trans>No participant has reached a threshold</Trans>
              </Text>
            ) : (
              <ul aria-label={t`Recent alerts`} data-testid="quality-notices" style={{ margin: 0, paddingInlineStart: 16, maxHeight: 180, overflowY: 'auto', fontSize: 12 }}>
                {notices.slice(0, 50).map((n) => {
                  const time = i18n.date(new Date(n.at), { timeStyle: 'medium' });
                  const value = i18n.number(roundFigure(n.value));
                  const name = n.name;
                  return (
                    <li key={`${n.usrId}:${n.metric}:${n.at}`}>
                      {n.metric === 'loss' ? t`${time} ${name}: loss ${value} %` : t`${time} ${name}: jitter ${value} ms`}
                    </li>
                  );
                })}
              </ul>
            )}
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
