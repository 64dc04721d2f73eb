/**
 * End meeting (or finish class) with a confirmation: ending throws everyone out, so it is never
 * one click.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';
import { reportOffered, requestReport } from '#/session/reportRequest';

export interface EndMeetingButtonProps {
  /** 'class' words it as finishing the class; default 'conference' */
  scene?: 'conference' | 'class';
  /** true while the end request is on its way */
  pending?: boolean;
  /** ends the meeting for everyone (called after the user confirmed) */
  onEnd: () => void;
  /** participants in the meeting now, read when the question opens (it names how many) */
  countOnline?: () => number;
}

export function EndMeetingButton({ scene = 'conference', pending = false, onEnd, countOnline }: EndMeetingButtonProps) {
  const { t } = useLingui();
  // a confirmation open when the connection drops waits for it, saying why (issue 23)
  const lost = useConnectionLost();
  const [opened, { open: show, close }] = useDisclosure(false);
  const [count, setCount] = useState<number | null>(null);
  const open = () => {
    setCount(countOnline ? countOnline() : null);
    show();
  };
  const isClass = scene === 'class';
  const action = isClass ? t`Finish class` : t`End meeting`;
  return (
    <>
      <Button color="red" onClick={open} loading={pending} data-testid="end-meeting">
        {action}
      </Button>
      <Modal opened={opened} onClose={close} title={action} centered>
        <Text mb="md" data-testid="end-meeting-question">
          {count !== null && (
            <>
              <Plural value={count} one="# participant is in the meeting now." other="# participants are in the meeting now." />{' '}
            </>
          )}
          {isClass
            ? t`Finish the class for all participants? Everyone will leave the class.`
            : t`End the meeting for all participants? Everyone will leave the meeting.`}
        </Text>
        <ConnectionLostReason lost={lost} />
        <Group justify="flex-end">
          {/* the attendance report, kept in its own tab, stays readable once the meeting is over (issue 29) */}
          {reportOffered() && (
            <Button variant="light" mr="auto" onClick={() => requestReport()} data-testid="end-meeting-report">
              {t`Open report`}
            </Button>
          )}
          <Button variant="default" onClick={close} data-autofocus>
            {t`Cancel`}
          </Button>
          <Button
            color="red"
            disabled={lost}
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
