/**
 * The information block at the top of the control screen's sidebar (spec §2): meeting number,
 * call rate, start time, elapsed and remaining time (ticking every second), time to the next
 * booking, member counts, and the delay (overtime) request.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MrScene } from '@protocol/wire';
import { sceneText } from '#/i18n/scene';
import { lazyDialog } from '#/components/lazyLoad';

// loaded when first opened
const OvertimeDialog = lazyDialog(() => import('./OvertimeDialog').then((m) => m.OvertimeDialog));

export interface SidebarInfoProps {
  /** meeting number */
  mrId: string;
  /** meeting or class wording */
  scene: MrScene;
  /** call rate, kbps */
  bandwidth: number;
  /** actual start, Unix seconds (0 = not started) */
  startSec: number;
  /** planned duration, seconds (0 = open-ended) */
  durationSec: number;
  /** start of the room's next booking, Unix seconds (0 = none) */
  nextBookingSec: number;
  /** server clock minus local clock, seconds */
  clockOffsetSec: number;
  /** endpoints online now */
  onlineCount: number;
  /** every participant of the roster */
  totalCount: number;
  /** asks for `minutes` more minutes */
  onOvertime: (minutes: number) => void;
  /** the overtime request waits for its answer */
  overtimePending: boolean;
  /** only a host may ask for overtime; default true */
  canRequestOvertime?: boolean;
}

/** Formats seconds as h:mm:ss (negative shows as 0:00:00). */
export function formatDuration(totalSec: number): string {
  const s = Math.max(0, Math.floor(totalSec));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

function useNowSec(offsetSec: number): number {
  const [now, setNow] = useState(() => Date.now() / 1000 + offsetSec);
  useEffect(() => {
    setNow(Date.now() / 1000 + offsetSec);
    const id = setInterval(() => setNow(Date.now() / 1000 + offsetSec), 1000);
    return () => clearInterval(id);
  }, [offsetSec]);
  return now;
}

export function SidebarInfo(props: SidebarInfoProps) {
  const { t, i18n } = useLingui();
  const now = useNowSec(props.clockOffsetSec);
  const [overtimeOpen, setOvertimeOpen] = useState(false);
  const endSec = props.durationSec > 0 ? props.startSec + props.durationSec : 0;
  const started = props.startSec > 0;

  const item = (label: string, value: string, testId: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );

  return (
    <Stack gap={4} component="section" aria-label={t`Meeting information`}>
      {item(i18n._(sceneText('number', props.scene)), props.mrId, 'info-mr-id')}
      {item(t`Call rate`, t`${props.bandwidth} kbps`, 'info-bandwidth')}
      {item(
        i18n._(sceneText('startTime', props.scene)),
        started ? i18n.date(new Date(props.startSec * 1000), { dateStyle: 'short', timeStyle: 'medium' }) : '–',
        'info-start',
      )}
      {item(t`Elapsed`, started ? formatDuration(now - props.startSec) : '–', 'info-elapsed')}
      {item(t`Remaining`, endSec ? formatDuration(endSec - now) : t`Unlimited`, 'info-remaining')}
      {item(
        t`Next booking in`,
        props.nextBookingSec ? formatDuration(props.nextBookingSec - now) : t`No booking follows`,
        'info-next-booking',
      )}
      {item(t`Members online/total`, `${props.onlineCount}/${props.totalCount}`, 'info-members')}
      {(props.canRequestOvertime ?? true) && (
        <Button size="compact-sm" variant="light" mt={4} loading={props.overtimePending} onClick={() => setOvertimeOpen(true)}>
          <Trans>Request delay</Trans>
        </Button>
      )}
      <OvertimeDialog
        opened={overtimeOpen}
        endSec={endSec}
        nextBookingSec={props.nextBookingSec}
        onClose={() => setOvertimeOpen(false)}
        onSubmit={(minutes) => {
          props.onOvertime(minutes);
          setOvertimeOpen(false);
        }}
      />
    </Stack>
  );
}
