import { Alert } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { SessionNotice as Notice } from '@machines/session/sessionMachine';

const selectNotice = (s: { context?: { notice?: Notice | null } }): Notice | null => s.context?.notice ?? null;

/**
 * What the console tells the user about the session itself: after the server dropped the session
 * (the platform issues no resume token), the console logged in again with the password of this
 * tab's login and reloaded the meeting; commands in flight were sent on the new session.
 */
export function SessionNotice({
  actor,
}: {
  /** the root session actor */
  actor: AnyActorRef;
}) {
  const { t } = useLingui();
  const notice = useSelector(actor, selectNotice);
  if (notice !== 'relogged') return null;
  return (
    <Alert
      role="status"
      color="blue"
      variant="light"
      radius={0}
      withCloseButton
      closeButtonLabel={t`Dismiss`}
      onClose={() => actor.send({ type: 'session.dismissNotice' })}
      title={t`Logged in again`}
      data-session-notice={notice}
    >
      {t`The server had ended this session. The console logged in again with the password you entered and reloaded the meeting.`}
    </Alert>
  );
}
