/**
 * The alert list (issue 26 item 1): a button with the count of current alerts in the notification
 * bar, opening the list of them — participant, condition, since when — each with a snooze. Alerts
 * live here, one row per participant; only the alert budget's one interrupting alert is ever a toast.
 */
import { useState } from 'react';
import { Badge, Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrackedCondition } from '@machines/index';
import { roundFigure } from './qualityModel';

export interface AlertListProps {
  /** the current alerts, oldest first */
  alerts: readonly TrackedCondition[];
  /** alerts of the last 10 minutes while that is a flood, else null */
  flood: number | null;
  /** the host snoozes a participant's alerts */
  onSnooze: (alert: TrackedCondition) => void;
}

/** One alert's condition in words, e.g. "Loss 8 % (alert at 5 %)". */
export function useConditionText(): (a: Pick<TrackedCondition, 'metric' | 'value' | 'threshold'>) => string {
  const { t, i18n } = useLingui();
  return (a) => {
    const value = i18n.number(roundFigure(a.value));
    const limit = i18n.number(a.threshold);
    return a.metric === 'loss' ? t`Loss ${value} % (alert at ${limit} %)` : t`Jitter ${value} ms (alert at ${limit} ms)`;
  };
}

/** The alerts by participant, in the order of each participant's oldest alert. */
function byParticipant(alerts: readonly TrackedCondition[]): TrackedCondition[][] {
  const groups = new Map<string, TrackedCondition[]>();
  for (const a of alerts) groups.set(a.usrId, [...(groups.get(a.usrId) ?? []), a]);
  return [...groups.values()];
}

export function AlertList({ alerts, flood, onSnooze }: AlertListProps) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const condition = useConditionText();
  const count = alerts.length;
  const label = t`Alerts`;
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setOpen((o) => !o)}
          onKeyDown={(e) => {
            // focus stays on the button while the list is open, where the dropdown's own Escape never hears it
            if (e.key === 'Escape' && open) {
              e.stopPropagation();
              setOpen(false);
            }
          }}
          aria-expanded={open}
          data-count={count}
          rightSection={
            count > 0 ? (
              // the lists' unread colour: white on red.9 keeps AA contrast
              <Badge size="xs" color="red.9" miw={18} px={4} aria-label={t`${count} current alerts`} data-testid="alert-count">
                {i18n.number(count)}
              </Badge>
            ) : undefined
          }
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={420}>
          {flood !== null && (
            <Text size="sm" fw={600} data-testid="alert-flood" data-count={flood}>
              <Trans>{flood} alerts in the last 10 minutes: shown here, not one by one</Trans>
            </Text>
          )}
          {count === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>No current alerts</Trans>
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360} viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': label }}>
              <Stack gap={4} role="list" aria-label={label}>
                {byParticipant(alerts).map((group) => {
                  const name = group[0].name;
                  return (
                    <Group key={group[0].usrId} role="listitem" gap="xs" wrap="nowrap" justify="space-between" data-usr-id={group[0].usrId}>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {name}
                        </Text>
                        {group.map((a) => {
                          const since = i18n.date(new Date(a.since), { timeStyle: 'medium' });
                          return (
                            <Text key={a.metric} size="xs" data-metric={a.metric}>
                              <Trans>
                                {condition(a)}, since {since}
                              </Trans>
                            </Text>
                          );
                        })}
                      </Stack>
                      {/* a snooze is the participant's: every condition of the row at once */}
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => onSnooze(group[0])}
                        aria-label={t`Snooze the alerts of ${name} for 30 minutes`}
                      >
                        <Trans>Snooze</Trans>
                      </Button>
                    </Group>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
