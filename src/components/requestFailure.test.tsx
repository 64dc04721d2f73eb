// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { I18n } from '@lingui/core';
import { ApiError } from '@protocol/errors';
import { RC, codeInfo } from '@protocol/codes';
import { createTestI18n, renderWithProviders } from '#/test/renderWithProviders';
import { clearOutageAlert, noteRequestAnswered, OUTAGE_CLEAR_DELAY_MS, showRequestFailure } from './requestFailure';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(() => {
  act(() => {
    clearOutageAlert();
    notifications.clean();
  });
  cleanup();
});

describe('showRequestFailure (spec §8)', () => {
  it('a 403 with a result code shows the code message', async () => {
    renderWithProviders(<div />, i18n);
    let shown = '';
    act(() => {
      shown = showRequestFailure(i18n, new ApiError('http', 403, '/rest/v1/x', RC.meetingNotFound));
    });
    expect(shown).toBe('message');
    expect(await screen.findByText(codeInfo(RC.meetingNotFound)!.en)).toBeTruthy();
  });

  it('a 502 shows an alert whose button reloads the page', async () => {
    renderWithProviders(<div />, i18n);
    const reload = vi.fn();
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x'), { reload });
    });
    expect(await screen.findByText('Services are temporarily inaccessible')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('silent outcomes (1088, 401, aborted) show nothing', () => {
    renderWithProviders(<div />, i18n);
    expect(showRequestFailure(i18n, new ApiError('http', 403, '/x', RC.loginAsAdministrator))).toBe('none');
    expect(showRequestFailure(i18n, new ApiError('http', 401, '/x'))).toBe('none');
    expect(showRequestFailure(i18n, new ApiError('aborted', 0, '/x'))).toBe('none');
  });
});

describe('the alert of an outage (issue 23 item 5)', () => {
  it('goes away by itself once the platform answers again', async () => {
    renderWithProviders(<div />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x', RC.upstreamUnreachable));
    });
    expect(await screen.findByText('Services are temporarily inaccessible')).toBeTruthy();
    act(() => clearOutageAlert());
    await waitFor(() => expect(screen.queryByText('Services are temporarily inaccessible')).toBeNull());
  });

  it('goes only once answers come without another outage failure for a while (no flicker while a held command still fails)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const hide = vi.spyOn(notifications, 'hide');
    try {
      renderWithProviders(<div />, i18n);
      const fail = () => showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x', RC.upstreamUnreachable));
      fail();
      noteRequestAnswered();
      vi.advanceTimersByTime(1000);
      fail();
      vi.advanceTimersByTime(OUTAGE_CLEAR_DELAY_MS);
      expect(hide).not.toHaveBeenCalled();
      noteRequestAnswered();
      vi.advanceTimersByTime(OUTAGE_CLEAR_DELAY_MS);
      expect(hide).toHaveBeenCalledTimes(1);
    } finally {
      hide.mockRestore();
      vi.useRealTimers();
    }
  });

  it('a later 504 replaces the 502 words instead of keeping them', async () => {
    renderWithProviders(<div />, i18n);
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
    renderWithProviders(<div />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x', RC.upstreamUnreachable), { canRelogin: () => true });
    });
    expect(await screen.findByText(/Do not reload the page/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
  });

  it('a 555 (log in again) is no outage: the answer of another request does not take it away', async () => {
    renderWithProviders(<div />, i18n);
    act(() => {
      showRequestFailure(i18n, new ApiError('http', 555, '/rest/v1/x'));
    });
    expect(await screen.findByText('Invalid request URL, please log in again')).toBeTruthy();
    act(() => clearOutageAlert());
    expect(screen.getByText('Invalid request URL, please log in again')).toBeTruthy();
  });
});
