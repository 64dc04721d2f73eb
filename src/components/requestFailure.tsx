/**
 * Spec §8 "HTTP handling" on screen: a classified request failure becomes nothing (silent), a
 * red notification (message), or an alert whose button reloads the page (alertReload). One
 * entry point for every panel and the session actor's emitted failures.
 *
 * An outage (502, 503, 504, a time-out, no answer: `outage` in src/api/classify.ts) is the
 * platform's, not the page's (issue 23 item 5): its alert goes away by itself once a request is
 * answered again, each status keeps its own words (a later 504 replaces the 502's text), and
 * while the session can log in again by itself it advises no reload: the re-login needs the
 * password this tab keeps in memory, which a reload discards.
 */
import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { classifyFailure } from '#/api/classify';
import { centralFailure, onRequestAnswered, onRequestFailure } from '#/api/failureReports';
import { failureText } from '#/i18n/messages';

/** Only one reload alert at a time: a burst of failing requests shows one alert. */
const RELOAD_ALERT_ID = 'request-failure-reload';

/** what the alert shows now: an outage alert is hidden once answers come back; its text is replaced by a new one */
let shownAlert: { outage: boolean; text: string; advisesReload: boolean } | null = null;
/** when the last outage failure was reported (ms) */
let lastOutageAt = 0;
let clearTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * How long after an answered request no outage failure may come for the outage alert to go: one
 * request answered while another still fails (a held command retried every second) is no
 * recovery, and the alert must not flicker.
 */
export const OUTAGE_CLEAR_DELAY_MS = 3000;

export interface RequestFailureOptions {
  /** what the alert's button does (default: reload the page) */
  reload?: () => void;
  /** the session can log in again by itself (its password is in this tab's memory): no reload advice */
  canRelogin?: () => boolean;
}

/**
 * Shows the failure of a request as spec §8 says; returns what was shown.
 */
export function showRequestFailure(i18n: I18n, error: unknown, options: RequestFailureOptions = {}): 'none' | 'message' | 'alertReload' {
  const { reload = () => window.location.reload(), canRelogin = () => false } = options;
  const failure = classifyFailure(error);
  const text = failureText(i18n, failure);
  if (failure.kind === 'none' || failure.kind === 'silent' || text === null) return 'none';
  if (failure.kind === 'message') {
    notifications.show({ color: 'red', message: text, autoClose: 6000 });
    return 'message';
  }
  const outage = failure.outage === true;
  if (outage) lastOutageAt = Date.now();
  const advisesReload = !(outage && canRelogin());
  const shown = { outage, text, advisesReload };
  if (shownAlert && shownAlert.text === text && shownAlert.outage === outage && shownAlert.advisesReload === advisesReload) return 'alertReload';
  const notice = {
    id: RELOAD_ALERT_ID,
    color: 'red',
    autoClose: false as const,
    withCloseButton: false,
    title: i18n._(msg`Request failed`),
    onClose: () => {
      shownAlert = null;
    },
    message: (
      <Stack gap="xs" role="alert" data-outage={outage || undefined}>
        <Text size="sm">{text}</Text>
        {outage && (
          <Text size="sm">
            {advisesReload
              ? i18n._(msg`This alert goes away by itself once the platform answers again.`)
              : i18n._(msg`The console signs in again by itself once the platform answers. Do not reload the page: the automatic sign-in needs what a reload would discard.`)}
          </Text>
        )}
        {advisesReload && (
          <Button size="xs" variant="light" color="red" onClick={reload}>
            {i18n._(msg`Reload the page`)}
          </Button>
        )}
      </Stack>
    ),
  };
  // a shown alert is updated in place: show() would keep the first status's words
  if (shownAlert) notifications.update(notice);
  else notifications.show(notice);
  shownAlert = shown;
  return 'alertReload';
}

/** The platform answered again: an outage's alert has nothing left to say. */
export function clearOutageAlert(): void {
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = null;
  if (!shownAlert?.outage) return;
  shownAlert = null;
  notifications.hide(RELOAD_ALERT_ID);
}

/**
 * A request was answered: the outage alert goes once {@link OUTAGE_CLEAR_DELAY_MS} pass without
 * another outage failure.
 */
export function noteRequestAnswered(): void {
  if (!shownAlert?.outage || clearTimer) return;
  const answeredAt = Date.now();
  clearTimer = setTimeout(() => {
    clearTimer = null;
    if (lastOutageAt <= answeredAt) clearOutageAlert();
  }, OUTAGE_CLEAR_DELAY_MS);
}

/**
 * Shows every failed request of the console that is not its sender's to word (see
 * `centralFailure`), and takes an outage's alert away once a request is answered: mounted once,
 * in the root route.
 * @param canRelogin whether the current session can log in again by itself
 */
export function useRequestFailureReporter(canRelogin: () => boolean = () => false): void {
  const { i18n } = useLingui();
  useEffect(() => {
    const subs = [
      onRequestFailure((error, request) => {
        if (centralFailure(error, request)) showRequestFailure(i18n, error, { canRelogin });
      }),
      onRequestAnswered(noteRequestAnswered),
    ];
    return () => subs.forEach((unsubscribe) => unsubscribe());
  }, [i18n, canRelogin]);
}
