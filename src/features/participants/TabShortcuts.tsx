/**
 * The actions that belong to the tab on show (issue 13 §7): the offline tab offers to call
 * everyone in it, the waiting-room tab to admit or refuse everyone waiting. Each names how many it
 * acts on; refusing (which cannot be undone: they must join again) asks first.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommandSink } from './commands';
import type { ParticipantRow, TabKey } from './participantModel';
import { NotOfferedNote, useNotOfferedHere } from '#/session/notOffered';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';

export function TabShortcuts({
  tab,
  rows,
  onCommand,
}: {
  /** the tab on show */
  tab: TabKey;
  /** the rows the tab shows now (its search included) */
  rows: readonly ParticipantRow[];
  /** sends a command */
  onCommand: CommandSink;
}) {
  const { t, i18n } = useLingui();
  // the platform refused a waiting-room call: admitting and refusing say why instead (issue 23)
  const waitingOff = useNotOfferedHere('waiting-room');
  // a confirmation open when the connection drops waits for it, saying why (issue 23)
  const lost = useConnectionLost();
  const [confirmRefuse, setConfirmRefuse] = useState<string[] | null>(null);
  if (tab !== 'offline' && tab !== 'waiting') return null;
  const ids = rows.map((r) => r.usrId);
  const count = i18n.number(ids.length);
  const none = ids.length === 0;
  // the question names those asked about who still wait: one admitted or gone meanwhile (by
  // another controller, or on their own) would make the server refuse the whole command
  const refusing = confirmRefuse ? rows.filter((r) => confirmRefuse.includes(r.usrId)) : [];
  const refusingCount = i18n.number(refusing.length);
  if (tab === 'offline') {
    return (
      <Group gap="xs" data-testid="tab-shortcuts" data-tab={tab}>
        <Button size="compact-sm" disabled={none} onClick={() => onCommand({ type: 'eps', action: 'call', usrIds: ids })}>
          <Trans>Call all offline ({count})</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" data-testid="tab-shortcuts" data-tab={tab}>
      <NotOfferedNote reason={waitingOff} />
      <Button
        size="compact-sm"
        disabled={none || waitingOff !== undefined}
        onClick={() => onCommand({ type: 'eps', action: 'waiting_permit', usrIds: ids })}
      >
        <Trans>Admit all ({count})</Trans>
      </Button>
      <Button
        size="compact-sm"
        variant="outline"
        color="red.9"
        disabled={none || waitingOff !== undefined}
        onClick={() => setConfirmRefuse(ids)}
      >
        <Trans>Refuse all ({count})</Trans>
      </Button>
      <Modal opened={confirmRefuse !== null} onClose={() => setConfirmRefuse(null)} title={t`Refuse everyone waiting?`}>
        <Stack>
          <Text>
            {refusing.length === 1
              ? t`${refusing[0].name} will be refused and must join again to come in.`
              : t`${refusingCount} people in the waiting room will be refused and must join again to come in.`}
          </Text>
          <ConnectionLostReason lost={lost} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRefuse(null)} data-autofocus>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red.9"
              // everyone asked about was admitted or left meanwhile: nothing is left to refuse
              disabled={refusing.length === 0 || lost}
              onClick={() => {
                if (refusing.length) onCommand({ type: 'eps', action: 'waiting_refuse', usrIds: refusing.map((r) => r.usrId) });
                setConfirmRefuse(null);
              }}
            >
              <Trans>Refuse all</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
