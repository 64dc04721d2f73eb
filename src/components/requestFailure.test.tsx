// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import type { I18n } from '@lingui/core';
import { ApiError } from '@protocol/errors';
import { RC, codeInfo } from '@protocol/codes';
import { createTestI18n, renderUi } from '#/testing/render';
import { loadCatalog } from '#/i18n/i18n';
import {
  clearOutageAlert,
  resetRequestFailureAlert,
  noteRequestAnswered,
  OUTAGE_CLEAR_DELAY_MS,
  RequestFailureAlert,
  showRequestFailure,
} from './requestFailure';

let i18n: I18n;
/** the request failures' toasts up or waiting */
const failureToasts = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].filter((n) => n.id?.startsWith('request-failure:'));
};
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(() => {
  act(() => {
    resetRequestFailureAlert();
    notifications.clean();
  });
  cleanup();
});

describe('showRequestFailure (spec §8)', () => {
  it('a 403 with a result code shows the code message', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    let shown = '';
    act(() => {
      shown = showRequestFailure(i18n, new ApiError('http', 403, '/rest/v1/x', RC.meetingNotFound));
    });
    expect(shown).toBe('message');
    expect(await screen.findByText(codeInfo(RC.meetingNotFound)!.en)).toBeTruthy();
  });

  it('a 502 shows an alert whose button reloads the page', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    const reload = vi.fn();
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x'), { reload });
    });
    expect(await screen.findByText('Services are temporarily inaccessible')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the same message again while its toast is up or waiting is no second toast (a burst of background reads queues nothing)', async () => {
    renderUi(<></>, i18n);
    for (let i = 0; i < 9; i++)
      act(() => void showRequestFailure(i18n, new ApiError('http', 404, `/status/participant/${i}/media_stream`)));
    expect(failureToasts()).toHaveLength(1);
    expect(await screen.findAllByText('The meeting statistics function is not enabled')).toHaveLength(1);
  });

  it('a toast up when the language switches says its message in the new language, and is still the one toast of that message', async () => {
    const switching = await createTestI18n('en');
    renderUi(<></>, switching);
    const noRights = new ApiError('http', 556, '/rest/v1/x');
    act(() => void showRequestFailure(switching, noRights));
    expect(await screen.findByText('No access rights, please contact the administrator')).toBeTruthy();
    await act(() => loadCatalog('zh', switching));
    expect(await screen.findByText('没有访问权限，请联系管理员')).toBeTruthy();
    expect(screen.queryByText('No access rights, please contact the administrator')).toBeNull();
    act(() => void showRequestFailure(switching, noRights));
    expect(failureToasts()).toHaveLength(1);
  });

  it('silent outcomes (1088, 401, aborted) show nothing', () => {
    renderUi(<RequestFailureAlert />, i18n);
    expect(showRequestFailure(i18n, new ApiError('http', 403, '/x', RC.loginAsAdministrator))).toBe('none');
    expect(showRequestFailure(i18n, new ApiError('http', 401, '/x'))).toBe('none');
    expect(showRequestFailure(i18n, new ApiError('aborted', 0, '/x'))).toBe('none');
  });
});

describe('the alert of an outage (issue 23 item 5)', () => {
  it('goes away by itself once the platform answers again', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x', RC.upstreamUnreachable));
    });
    expect(await screen.findByText('Services are temporarily inaccessible')).toBeTruthy();
    act(() => clearOutageAlert());
    await waitFor(() => expect(screen.queryByText('Services are temporarily inaccessible')).toBeNull());
  });

  it('goes only once answers come without another outage failure for a while (no flicker while a held command still fails)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      renderUi(<RequestFailureAlert />, i18n);
      const fail = () => act(() => void showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x', RC.upstreamUnreachable)));
      const shown = () => screen.queryByText('Services are temporarily inaccessible') !== null;
      fail();
      noteRequestAnswered();
      act(() => vi.advanceTimersByTime(1000));
      fail();
      act(() => vi.advanceTimersByTime(OUTAGE_CLEAR_DELAY_MS));
      expect(shown()).toBe(true);
      noteRequestAnswered();
      act(() => vi.advanceTimersByTime(OUTAGE_CLEAR_DELAY_MS));
      expect(shown()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is an alert in the page (role alert), not a toast: nothing in the notifications container', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x'));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Services are temporarily inaccessible');
    expect(alert.closest('.mantine-Notifications-root')).toBeNull();
  });

  it('each kind of outage has its own words, and the latest replaces the one before', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    const words: [ApiError, string][] = [
      [new ApiError('http', 502, '/rest/v1/x'), 'Services are temporarily inaccessible'],
      [new ApiError('http', 504, '/rest/v1/x'), 'The request timed out, please log in again'],
      [new ApiError('network', 0, '/rest/v1/x'), 'Request to the server failed, please log in again'],
      [new ApiError('http', 502, '/rest/v1/x'), 'Services are temporarily inaccessible'],
      [new ApiError('timeout', 0, '/rest/v1/x'), 'The request timed out, please log in again'],
      [new ApiError('http', 499, '/rest/v1/x'), 'Login timed out, please log in again'],
    ];
    for (const [error, text] of words) {
      act(() => void showRequestFailure(i18n, error));
      expect((await screen.findByTestId('request-failure-text')).textContent).toBe(text);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
    }
  });

  it('waits while a pointer button is down, so a click in progress lands where it began', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    fireEvent.pointerDown(document.body);
    act(() => void showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x')));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.pointerUp(document.body);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('a later 504 replaces the 502 words instead of keeping them', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x', RC.upstreamUnreachable));
    });
    expect(await screen.findByText('Services are temporarily inaccessible')).toBeTruthy();
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 504, '/rest/v1/x', RC.connectionTimeout));
    });
    expect(await screen.findByText('The request timed out, please log in again')).toBeTruthy();
    expect(screen.queryByText('Services are temporarily inaccessible')).toBeNull();
  });

  it('advises no reload while the session can log in again by itself', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x', RC.upstreamUnreachable), { canRelogin: () => true });
    });
    expect(await screen.findByText(/Do not reload the page/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
  });

  it('a 555 (log in again) is no outage: the answer of another request does not take it away', async () => {
    renderUi(<RequestFailureAlert />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 555, '/rest/v1/x'));
    });
    expect(await screen.findByText('Invalid request URL, please log in again')).toBeTruthy();
    act(() => clearOutageAlert());
    expect(screen.getByText('Invalid request URL, please log in again')).toBeTruthy();
  });
});
