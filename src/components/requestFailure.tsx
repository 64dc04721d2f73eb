/**
 * Spec §8 "HTTP handling" on screen: a classified request failure becomes nothing (silent), a
 * red notification (message), or an alert whose button reloads the page (alertReload). One
 * entry point for every panel and the session actor's emitted failures.
 */
import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { classifyFailure } from '#/api/classify';
import { centralFailure, onRequestFailure } from '#/api/failureReports';
import { failureText } from '#/i18n/messages';

/** Only one reload alert at a time: a burst of failing requests shows one alert. */
const RELOAD_ALERT_ID = 'request-failure-reload';

/**
 * Shows the failure of a request as spec §8 says; returns what was shown.
 * @param reload what the alert's button does (default: reload the page)
 */
export function showRequestFailure(
  i18n: I18n,
  error: unknown,
  reload: () => void = () => window.location.reload(),
): 'none' | 'message' | 'alertReload' {
  const failure = classifyFailure(error);
  const text = failureText(i18n, failure);
  if (failure.kind === 'none' || failure.kind === 'silent' || text === null) return 'none';
  if (failure.kind === 'message') {
    notifications.show({ color: 'red', message: text, autoClose: 6000 });
    return 'message';
  }
  notifications.show({
    id: RELOAD_ALERT_ID,
    color: 'red',
    autoClose: false,
    withCloseButton: false,
    title: i18n._(msg`Request failed`),
    message: (
      <Stack gap="xs" role="alert">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="light" color="red" onClick={reload}>
          {i18n._(msg`Reload the page`)}
        </Button>
      </Stack>
    ),
  });
  return 'alertReload';
}

/**
 * Shows every failed request of the console that is not its sender's to word (see
 * `centralFailure`): mounted once, in the root route.
 */
export function useRequestFailureReporter(): void {
  const { i18n } = useLingui();
  useEffect(
    () =>
      onRequestFailure((error, request) => {
        if (centralFailure(error, request)) showRequestFailure(i18n, error);
      }),
    [i18n],
  );
}
