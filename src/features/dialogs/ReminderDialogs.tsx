/**
 * Warnings the server pushes (`show_warning_info`): the service is about to expire, or the room
 * is booked next and everyone must leave within N minutes. They are non-modal: a reminder must be
 * seen, but must not stop a host in the middle of controlling the meeting. The expiry reminder,
 * shown at every login, sits in the flow of the sidebar so it never covers the participant table
 * (issue 13 §8); the booking warning, rare and urgent, floats in the top corner.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, Group, Paper, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';

export interface ServiceExpiryDialogProps {
  opened: boolean;
  /** whole days until the service expires */
  daysLeft: number;
  /** Unix seconds of the final day of service */
  expiresAt: number;
  onClose: () => void;
}

export function ServiceExpiryDialog({ opened, daysLeft, expiresAt, onClose }: ServiceExpiryDialogProps) {
  const { t, i18n } = useLingui();
  const finalDate = i18n.date(new Date(expiresAt * 1000), { dateStyle: 'long' });
  return (
    <Reminder opened={opened} onClose={onClose} title={t`Service expiry reminder`} inline>
      <Text data-testid="service-expiry-text" data-days-left={daysLeft}>
        {t`The service expires in ${daysLeft} days, on ${finalDate}. Please renew it in time.`}
      </Text>
    </Reminder>
  );
}

export interface BookingConflictDialogProps {
  opened: boolean;
  /** minutes until the next booking takes the room */
  minutes: number;
  /** 'class' words it for a class; default 'conference' */
  scene?: 'conference' | 'class';
  onClose: () => void;
}

export function BookingConflictDialog({ opened, minutes, scene = 'conference', onClose }: BookingConflictDialogProps) {
  const { t } = useLingui();
  return (
    <Reminder opened={opened} onClose={onClose} title={t`Room reserved`} corner="top">
      <Text data-testid="booking-conflict-text" data-minutes={minutes}>
        {scene === 'class'
          ? t`This room is reserved for a following booking. Please finish the class and leave within ${minutes} minutes.`
          : t`This room is reserved for a following booking. Please leave the meeting within ${minutes} minutes.`}
      </Text>
    </Reminder>
  );
}

/** Where a reminder sits: both may be open at once, so they take different corners and never cover each other. */
const CORNERS = { bottom: { bottom: 20, right: 20 }, top: { top: 64, right: 20 } } as const;

/** A non-modal dialog with a title (naming it for assistive technology and tests) and an OK button that closes it. */
function Reminder({
  opened,
  onClose,
  title,
  corner = 'bottom',
  inline = false,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** the corner of the window it sits in; 'bottom' (right) by default */
  corner?: keyof typeof CORNERS;
  /** in the page's flow where it is rendered, instead of floating over the page */
  inline?: boolean;
  children: ReactNode;
}) {
  if (inline) {
    if (!opened) return null;
    return (
      <Paper
        withBorder
        p="sm"
        radius="md"
        role="dialog"
        aria-label={title}
        data-reminder="inline"
        style={{ borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 }}
      >
        <Text fw={600} mb="xs">
          {title}
        </Text>
        {children}
        <Group justify="flex-end" mt="sm">
          <Button size="xs" onClick={onClose}>
            <Trans>OK</Trans>
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Dialog opened={opened} onClose={onClose} position={CORNERS[corner]} size="lg" radius="md" shadow="lg" role="dialog" aria-label={title}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {children}
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </Dialog>
  );
}
