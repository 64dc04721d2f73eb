// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { I18n } from '@lingui/core';
import { ApiError } from '@protocol/errors';
import { RC, codeInfo } from '@protocol/codes';
import { createTestI18n, renderWithProviders } from '#/test/renderWithProviders';
import { showRequestFailure } from './requestFailure';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(() => {
  act(() => notifications.clean());
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
      showRequestFailure(i18n, new ApiError('http', 502, '/rest/v1/x'), reload);
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
