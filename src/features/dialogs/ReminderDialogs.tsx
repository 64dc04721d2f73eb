/**
 * Warnings the server pushes (`show_warning_info`): the service is about to expire, or the room
 * is booked next and everyone must leave within N minutes.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
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
    <Modal opened={opened} onClose={onClose} title={t`Service expiry reminder`} centered>
      <Text data-testid="service-expiry-text" data-days-left={daysLeft}>
        {t`The service expires in ${daysLeft} days, on ${finalDate}. Please renew it in time.`}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </Modal>
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
    <Modal opened={opened} onClose={onClose} title={t`Room reserved`} centered>
      <Text data-testid="booking-conflict-text" data-minutes={minutes}>
        {scene === 'class'
          ? t`This room is reserved for a following booking. Please finish the class and leave within ${minutes} minutes.`
          : t`This room is reserved for a following booking. Please leave the meeting within ${minutes} minutes.`}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
