import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { SessionEnd } from '@machines/index';
import type { MrScene } from '@protocol/wire';
import { sessionEndText } from '#/i18n/messages';
import { commandName } from '#/session/commandNames';

const selectEnd = (s: { context?: { end?: SessionEnd | null } }): SessionEnd | null => s.context?.end ?? null;

/**
 * Spec §4: when the server ends the session (meeting ended or deleted, forced logout, non-RPC
 * server error, session lost) a warning is shown and the page reloads on confirm, which lands on
 * the login screen.
 */
export function SessionEndedAlert({
  actor,
  scene,
  onConfirm,
}: {
  /** the root session actor */
  actor: AnyActorRef;
  /** meeting or class wording */
  scene: MrScene;
  /** what OK does: forget the session and reload */
  onConfirm: () => void;
}) {
  const { i18n, t } = useLingui();
  const end = useSelector(actor, selectEnd);
  const text = end ? sessionEndText(i18n, end, scene) : null;
  // what the outage kept back ended with the session: named, never dropped silently (issue 23)
  const unsent = (end?.unsent ?? []).map((c) => commandName(i18n, c));
  const unsentNames = unsent.join(', ');
  return (
    <Modal
      opened={text !== null}
      onClose={onConfirm}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t`Meeting control has ended`}
      centered
      data-end={end?.code}
    >
      <Text mb="md">{text}</Text>
      {unsent.length > 0 && (
        <Text mb="md" data-unsent={unsent.length}>
          {t`Not sent, the connection was lost: ${unsentNames}`}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onConfirm}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
