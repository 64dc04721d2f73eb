/**
 * Turning Live on, never in one click (issue 26 item 4): the addresses are checked first (spec §5:
 * the push address must be set before enabling; built-in live needs its push and pull addresses),
 * and when they are missing Live stays off and the user is told why and where to set them;
 * otherwise a confirmation asks first (its Confirm waits while the connection is lost, issue 23).
 * Turning Live off needs neither.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { refusalText } from '#/i18n/refusal';
import { ConfirmDialog } from '#/components/ConfirmDialog';
import { checkLiveStart } from './rules';

export interface LiveStartGuardOptions {
  /** push and pull addresses the server reports (undefined: the platform does not report them) */
  pushUrl: string | undefined;
  pullUrl: string | undefined;
  /** the tenant uses built-in live (the addresses are the console's to set) */
  builtin: boolean;
  /** false when this platform takes no live addresses from the console (they are set on the platform); default true */
  settableHere?: boolean;
  /** the addresses are missing: show where they are set (opens the push stream section) */
  onShowAddresses: () => void;
  /** turns Live on (after the user confirmed) */
  onStart: () => void;
}

/** `request()` when the user asks for Live; render `element` where the reason and dialog belong. */
export function useLiveStartGuard({ pushUrl, pullUrl, builtin, settableHere = true, onShowAddresses, onStart }: LiveStartGuardOptions): {
  request: () => void;
  element: ReactNode;
} {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<number | undefined>(undefined);
  const request = () => {
    const found = checkLiveStart(pushUrl, pullUrl, builtin);
    setProblem(found);
    if (found === undefined) setAsking(true);
    else onShowAddresses();
  };
  const element = (
    <>
      {problem !== undefined && (
        <Alert
          color="orange"
          role="alert"
          data-testid="live-needs-addresses"
          withCloseButton
          closeButtonLabel={t`Close`}
          onClose={() => setProblem(undefined)}
        >
          <Text size="sm" fw={600}>
            {refusalText(problem, i18n.locale, t`The request failed, please try again`)}
          </Text>
          <Text size="sm">
            {settableHere
              ? t`Live stays off. Set the live push and pull addresses under “Push stream settings” below, save them, then turn Live on.`
              : t`Live stays off. This platform takes no live addresses from the console: set them in the platform's management, then turn Live on.`}
          </Text>
        </Alert>
      )}
      <ConfirmDialog
        opened={asking}
        title={t`Turn Live on?`}
        message={t`The meeting is streamed live from now on: everyone with the pull address can watch it.`}
        confirmLabel={t`Confirm turn Live on`}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onStart();
        }}
      />
    </>
  );
  return { request, element };
}
