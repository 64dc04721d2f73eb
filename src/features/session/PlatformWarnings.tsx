/**
 * The platform's `show_warning_info` notices other than the booking conflict and the service
 * expiry (those have dialogs of their own): each shows as a toast when `is_toast` is 1, else as an
 * alert the operator confirms. The text is the catalogue's for its code (protocol/codes.ts
 * `warningMessage`); a code the catalogue lacks is still shown, named, rather than dropped.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AnyActorRef } from 'xstate';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toastText } from '#/components/toastText';
import { localize, warningMessage } from '@protocol/codes';

interface Warning {
  code: string;
  display: 'toast' | 'alert';
}

export function PlatformWarnings({
  actor,
}: {
  /** the root session actor */
  actor: AnyActorRef;
}) {
  const { t, i18n } = useLingui();
  // alerts wait in turn: a second one must not hide the first before it was read
  const [alerts, setAlerts] = useState<Warning[]>([]);

  useEffect(() => {
    const source = actor.system.get('notifications') as AnyActorRef | undefined;
    if (!source) return;
    const sub = source.on('notice.warning', (e: Warning) => {
      const { code } = e;
      if (e.display === 'toast')
        toasts.show({
          color: 'yellow',
          title: toastText((now) => now._(msg`Platform notice`)),
          message: toastText((now) => warningText(now, code)),
          autoClose: 8000,
        });
      else setAlerts((list) => [...list, { code, display: e.display }]);
    });
    return () => sub.unsubscribe();
  }, [actor]);

  const current = alerts[0];
  return (
    <Modal
      opened={current !== undefined}
      onClose={() => setAlerts((list) => list.slice(1))}
      title={t`Platform warning`}
      centered
      data-warning-code={current?.code}
    >
      <Text mb="md" data-testid="platform-warning-text">
        {current ? warningText(i18n, current.code) : ''}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => setAlerts((list) => list.slice(1))}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </Modal>
  );
}

/** The catalogue's words for a warning's code, or the code named when the catalogue lacks it. */
function warningText(i18n: I18n, code: string): string {
  const known = warningMessage(code);
  return known ? localize(known, i18n.locale) : i18n._(msg`The platform sent a warning (${code})`);
}
