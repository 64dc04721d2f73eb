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
  const textOf = (code: string) => {
    const known = warningMessage(code);
    return known ? localize(known, i18n.locale) : t`The platform sent a warning (${code})`;
  };
  const textRef = useLatest(textOf);

  useEffect(() => {
    const source = actor.system.get('notifications') as AnyActorRef | undefined;
    if (!source) return;
    const sub = source.on('notice.warning', (e: Warning) => {
      if (e.display === 'toast')
        toasts.show({ color: 'yellow', title: t`Platform notice`, message: textRef.current(e.code), autoClose: 8000 });
      else setAlerts((list) => [...list, { code: e.code, display: e.display }]);
    });
    return () => sub.unsubscribe();
  }, [actor, t, textRef]);

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
        {current ? textOf(current.code) : ''}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => setAlerts((list) => list.slice(1))}>
          <Trans>OK</Trans>
        </Button>
      </Group>
    </Modal>
  );
}

/** A ref that always holds the latest value (the subscription outlives renders). */
function useLatest<T>(value: T): { readonly current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
