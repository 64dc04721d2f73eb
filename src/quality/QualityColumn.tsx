/**
 * The participant table's quality column header: worst-first order, alert thresholds and the
 * recent alerts. Each row's cell is QualityCell.tsx. Mounted by ParticipantTable.
 */
import { memo, useState } from 'react';
import { ActionIcon, Button, Group, Menu, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { qualityHistorySelectors } from '@machines/index';
import { useQuality } from './QualityContext';
import { roundFigure, validThreshold, type QualitySort } from './qualityModel';

/** The column's header: a menu to order the table worst first, and the alert settings. */
export const QualityHeader = memo(function QualityHeader() {
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
});

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
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t`Quality alerts`}
          title={t`Quality alerts`}
          onClick={() => (opened ? setOpened(false) : open())}
          data-count={notices.length}
        >
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
              <ul
                aria-label={t`Recent alerts`}
                data-testid="quality-notices"
                style={{ margin: 0, paddingInlineStart: 16, maxHeight: 180, overflowY: 'auto', fontSize: 12 }}
              >
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
