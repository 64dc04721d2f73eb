/**
 * A full-width bar under the top bar while the change feed is lost (issue 13 §4): "Connection
 * lost — showing the meeting as of 14:02:31, reconnecting…"; its text is the reason the paused
 * controls point to (COMMANDS_PAUSED_ID). On return a short "Back in step".
 */
import { Alert } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { AnyActorRef } from 'xstate';
import { useFeedView } from '#/session/useFeedView';
import { COMMANDS_PAUSED_ID } from '#/components/CommandsPause';

export function ConnectionBar({
  actor,
}: {
  /** the root session actor */
  actor: AnyActorRef;
}) {
  const { i18n, t } = useLingui();
  const view = useFeedView(actor);
  if (view.phase === 'inStep') return null;
  if (view.phase === 'back') {
    return (
      <Alert role="status" color="green" variant="light" radius={0} py={6} data-feed="back" title={t`Back in step`}>
        {t`The connection is back and the meeting on screen is the server's again.`}
      </Alert>
    );
  }
  const time =
    view.asOf === null ? null : i18n.date(new Date(view.asOf), { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return (
    <Alert role="alert" color="red.9" variant="filled" radius={0} py={6} data-feed="lost" styles={{ message: { fontWeight: 600 } }}>
      <span id={COMMANDS_PAUSED_ID}>
        {time === null
          ? t`Connection lost — reconnecting… Commands wait until the connection is back.`
          : t`Connection lost — showing the meeting as of ${time}, reconnecting… Commands wait until the connection is back.`}
      </span>
    </Alert>
  );
}
