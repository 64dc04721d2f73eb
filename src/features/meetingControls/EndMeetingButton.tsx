/**
 * End meeting (or finish class) with a confirmation: ending throws everyone out, so it is never
 * one click.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';

export interface EndMeetingButtonProps {
  /** 'class' words it as finishing the class; default 'conference' */
  scene?: 'conference' | 'class';
  /** true while the end request is on its way */
  pending?: boolean;
  /** ends the meeting for everyone (called after the user confirmed) */
  onEnd: () => void;
}

export function EndMeetingButton({ scene = 'conference', pending = false, onEnd }: EndMeetingButtonProps) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const isClass = scene === 'class';
  const action = isClass ? t`Finish class` : t`End meeting`;
  return (
    <>
      <Button color="red" onClick={open} loading={pending} data-testid="end-meeting">
        {action}
      </Button>
      <Modal opened={opened} onClose={close} title={action} centered>
        <Text mb="md">
          {isClass
            ? t`Finish the class for all participants? Everyone will leave the class.`
            : t`End the meeting for all participants? Everyone will leave the meeting.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t`Cancel`}
          </Button>
          <Button
            color="red"
            onClick={() => {
              close();
              onEnd();
            }}
          >
            {isClass ? t`Confirm finish class` : t`Confirm end meeting`}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
