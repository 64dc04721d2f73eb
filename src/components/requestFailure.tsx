/**
 * Spec §8 "HTTP handling" on screen: a classified request failure becomes nothing (silent), a
 * red notification (message), or an alert in the page whose button reloads it (alertReload). One
 * entry point for every panel and the session actor's emitted failures.
 *
 * An outage (502, 503, 504, a time-out, no answer: `outage` in src/api/classify.ts) is the
 * platform's, not the page's (issue 23 item 5): its alert goes away by itself once a request is
 * answered again, each status keeps its own words (a later 504 replaces the 502's text), and
 * while the session can log in again by itself it advises no reload: the re-login needs the
 * password this tab keeps in memory, which a reload discards.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { classifyFailure } from '#/api/classify';
import { centralFailure, onRequestAnswered, onRequestFailure } from '#/api/failureReports';
import { failureText } from '#/i18n/messages';
import { toastText } from './toastText';

/** The alert on screen now; null when there is none. Worded when shown, so a later failure of another kind replaces it. */
export interface ShownAlert {
  outage: boolean;
  text: string;
  advisesReload: boolean;
  reload: () => void;
}

/** One alert at a time: a burst of failing requests shows one alert, with the latest failure's words. */
let shownAlert: ShownAlert | null = null;
const listeners = new Set<() => void>();
function setShownAlert(next: ShownAlert | null): void {
  shownAlert = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
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
 * The wording of each failure message's toast that is up or waiting, by the toast's id. A toast
 * says its message in the language shown now, whatever the language it came in: a failure is
 * matched to a toast by the words the toast says now, not by the words it first said.
 */
const messageToasts = new Map<string, (i18n: I18n) => string | null>();
let messageToastSeq = 0;

/** The id of the toast up or waiting that says `text` now, or a new one's (that will say it by `wording`). */
function messageToastId(i18n: I18n, text: string, wording: (i18n: I18n) => string | null): string {
  const { notifications: shown, queue } = notificationsStore.getState();
  const present = new Set([...shown, ...queue].map((n) => n.id));
  for (const [id, says] of messageToasts) {
    if (!present.has(id)) messageToasts.delete(id);
    else if (says(i18n) === text) return id;
  }
  const id = `request-failure:${++messageToastSeq}`;
  messageToasts.set(id, wording);
  return id;
}

/**
 * Shows the failure of a request as spec §8 says; returns what was shown. The reload alert is
 * drawn by {@link RequestFailureAlert} wherever the page puts it.
 */
export function showRequestFailure(i18n: I18n, error: unknown, options: RequestFailureOptions = {}): 'none' | 'message' | 'alertReload' {
  const { reload = () => window.location.reload(), canRelogin = () => false } = options;
  const failure = classifyFailure(error);
  const text = failureText(i18n, failure);
  if (failure.kind === 'none' || failure.kind === 'silent' || text === null) return 'none';
  if (failure.kind === 'message') {
    // one toast of a message while it is up or waiting its turn: a burst of the same failure (the
    // background statistics reads in front of a platform without statistics, every round) would
    // fill the two-toast well's queue ahead of the notices the host needs
    const wording = (now: I18n) => failureText(now, failure);
    const id = messageToastId(i18n, text, wording);
    notifications.show({ id, color: 'red', message: toastText(wording), autoClose: 6000 });
    return 'message';
  }
  const outage = failure.outage === true;
  if (outage) lastOutageAt = Date.now();
  const advisesReload = !(outage && canRelogin());
  if (shownAlert && shownAlert.text === text && shownAlert.outage === outage && shownAlert.advisesReload === advisesReload)
    return 'alertReload';
  setShownAlert({ outage, text, advisesReload, reload });
  return 'alertReload';
}

/** The alert shown now (for tests and the page's own layout decisions). */
export function useShownRequestAlert(): ShownAlert | null {
  return useSyncExternalStore(
    subscribe,
    () => shownAlert,
    () => null,
  );
}

/**
 * Spec §8's alert, in the page under the header (issue 26 item 5): not a corner toast, which
 * covered the table's top-right controls and outlived the failure.
 *
 * Where it goes, and why: in the page's flow, in the same place as the connection bar, so it
 * never lies over a control (an overlay across the content's top would cover the tabs, Activity
 * and the sidebar's buttons; a place reserved for good would cost the table two rows at 1280×720
 * for an alert that is rare). Its arrival moves the content down by its height once, so it is
 * held back while a pointer button is down: a click that has begun lands on what it began on,
 * and the alert shows as soon as the button is released. Its leaving is held the same way.
 */
export function RequestFailureAlert() {
  const { i18n } = useLingui();
  const current = useShownRequestAlert();
  const shown = useHeldWhilePressed(current);
  if (!shown) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      radius={0}
      py={6}
      data-request-failure
      data-outage={shown.outage || undefined}
      title={i18n._(msg`Request failed`)}
      styles={{ title: { marginBottom: 2 } }}
    >
      <Group gap="sm" wrap="nowrap" justify="space-between" align="center">
        <div>
          <Text size="sm" fw={600} data-testid="request-failure-text">
            {shown.text}
          </Text>
          {shown.outage && (
            <Text size="sm">
              {shown.advisesReload
                ? i18n._(msg`This alert goes away by itself once the platform answers again.`)
                : i18n._(
                    msg`The console signs in again by itself once the platform answers. Do not reload the page: the automatic sign-in needs what a reload would discard.`,
                  )}
            </Text>
          )}
        </div>
        {shown.advisesReload && (
          <Button size="xs" variant="filled" color="red.8" onClick={shown.reload} style={{ flexShrink: 0 }}>
            {i18n._(msg`Reload the page`)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/**
 * The value, except that a change waits while a pointer button is down anywhere in the page: the
 * layout it would change stays put under a click in progress.
 */
function useHeldWhilePressed<T>(value: T): T {
  const [held, setHeld] = useState(value);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const down = () => setPressed(true);
    const up = () => setPressed(false);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    // a button released outside the window sends no pointerup here
    window.addEventListener('blur', up);
    return () => {
      window.removeEventListener('blur', up);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);
  useEffect(() => {
    if (!pressed && held !== value) setHeld(value);
  }, [pressed, held, value]);
  return pressed ? held : value;
}

/** Takes any alert away (tests; nothing on screen calls it: a non-outage alert stays until the reload). */
export function resetRequestFailureAlert(): void {
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = null;
  setShownAlert(null);
}

/** The platform answered again: an outage's alert has nothing left to say. */
export function clearOutageAlert(): void {
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = null;
  if (!shownAlert?.outage) return;
  setShownAlert(null);
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
