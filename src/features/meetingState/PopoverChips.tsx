/**
 * Header chips whose control is a popover beside them: the private talk (who, how long, the
 * output volume and End talk, visible from anywhere on the screen — issue 14 §2) and the other
 * controllers online (role and address). Escape closes them and gives focus back to the chip.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Popover, Slider, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTalkVolume } from '#/session/privateTalk';
import { NotOfferedNote } from '#/session/notOffered';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { formatElapsed, type OnlineControllerView } from './meetingStateModel';
import classes from './meetingState.module.css';

export function ChipPopover({
  kind,
  label,
  hint,
  nested = false,
  children,
}: {
  kind: 'privateTalk' | 'controllers' | 'focus';
  /** the chip's visible text (its accessible name) */
  label: string;
  /** what a click does (tooltip) */
  hint: string;
  /**
   * the chip sits in the header's "+N" list: its popover opens inside that list's, so a click in
   * it is no click outside the list (which would close both)
   */
  nested?: boolean;
  /** the popover's content */
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      closeOnEscape
      withinPortal={!nested}
    >
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="default"
          className={classes.chip}
          data-chip={kind}
          title={hint}
          aria-expanded={opened}
          aria-haspopup="dialog"
          leftSection={<span className={classes.dot} data-kind={kind} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && opened) setOpened(false);
          }}
        >
          <span className={classes.text}>{label}</span>
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label} data-testid={`${kind}-popover`}>
        {children}
      </Popover.Dropdown>
    </Popover>
  );
}

export function PrivateTalkChip({
  name,
  seconds,
  canSteer,
  onEnd,
  nested,
}: {
  /** the participant in the talk */
  name: string;
  /** how long the talk has lasted */
  seconds: number;
  /** this console may set the volume and end the talk (a supervisor's) */
  canSteer: boolean;
  /** asks the server to end the talk */
  onEnd: () => void;
  /** drawn in the header's "+N" list */
  nested?: boolean;
}) {
  const { t } = useLingui();
  const [volume, setVolume] = useTalkVolume();
  const time = formatElapsed(seconds);
  return (
    <ChipPopover kind="privateTalk" label={t`Private talk: ${name} ${time}`} hint={t`Click for the volume and End talk`} nested={nested}>
      <Stack gap="xs" w={260} data-seconds={seconds}>
        <Text size="sm" fw={600}>
          <Trans>Talking privately with {name}</Trans>
        </Text>
        <Text size="sm" data-testid="private-talk-duration">
          <Trans>For {time}</Trans>
        </Text>
        {canSteer ? (
          <>
            <Text size="sm" id="header-talk-volume">
              <Trans>Output volume: {volume}</Trans>
            </Text>
            <Slider
              aria-labelledby="header-talk-volume"
              thumbLabel={t`Output volume`}
              min={0}
              max={100}
              value={volume}
              onChange={setVolume}
              data-value={volume}
            />
            <Group justify="flex-end">
              <Button size="xs" color="red.9" onClick={onEnd}>
                <Trans>End talk</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            <Trans>A supervisor is talking; only a supervisor can end the talk.</Trans>
          </Text>
        )}
      </Stack>
    </ChipPopover>
  );
}

export function ControllersChip({
  others,
  notOffered,
  nested,
}: {
  /** the controllers online other than this console */
  others: readonly OnlineControllerView[];
  /** the platform refused the controllers list: the list is counted from the feed, and says why */
  notOffered?: NotOfferedReason;
  /** drawn in the header's "+N" list */
  nested?: boolean;
}) {
  const { t } = useLingui();
  const roleText = (role: string) => (role === 'host' ? t`Host` : role === 'supervisor' ? t`Supervisor` : role);
  const first = others[0];
  const firstRole = roleText(first.role);
  const firstAddress = first.peer_ip;
  const count = others.length;
  const label = count === 1 ? t`Also online: ${firstRole} ${firstAddress}` : t`Also online: ${count} controllers`;
  return (
    <ChipPopover kind="controllers" label={label} hint={t`Click to list the other controllers online`} nested={nested}>
      <Stack gap={4} role="list" aria-label={t`Other controllers online`} maw={320}>
        {others.map((c, i) => (
          <Text key={`${c.peer_ip}-${i}`} size="sm" role="listitem">
            {roleText(c.role)} · {c.peer_ip}
          </Text>
        ))}
      </Stack>
      <NotOfferedNote reason={notOffered} />
    </ChipPopover>
  );
}
