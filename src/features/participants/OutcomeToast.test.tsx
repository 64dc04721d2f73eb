// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createTestI18n, renderUi } from '#/testing/render';
import { loadCatalog } from '#/i18n/i18n';
import type { ParticipantCommand } from './commands';
import { showOutcome } from './OutcomeToast';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('the result toast of a command (issue 13 §3)', () => {
  it('up when the language switches, says its result and its Undo in the new language, and Undo still calls again', async () => {
    const i18n = await createTestI18n('en');
    renderUi(<></>, i18n);
    const send = vi.fn();
    const undo: ParticipantCommand = { type: 'eps', action: 'call', usrIds: ['7'] };
    act(() => showOutcome({ kind: 'hungUp', count: 1, name: 'Steady 01', undo }, send));
    expect(await screen.findByText('Steady 01 hung up')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo: call again' })).toBeTruthy();
    await act(() => loadCatalog('zh', i18n));
    expect(await screen.findByText('已挂断 Steady 01')).toBeTruthy();
    expect(screen.queryByText('Steady 01 hung up')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '撤销：重新呼叫' }));
    expect(send).toHaveBeenCalledWith(undo);
  });

  it('a result without Undo follows the switch too', async () => {
    const i18n = await createTestI18n('zh');
    renderUi(<></>, i18n);
    act(() => showOutcome({ kind: 'guestMuteOn', count: 40 }, vi.fn()));
    expect(await screen.findByText('观众静音已开启：观众已静音，之后入会者同样静音')).toBeTruthy();
    await act(() => loadCatalog('en', i18n));
    expect(await screen.findByText('Guest mute on: the audience is muted, later joiners too')).toBeTruthy();
  });
});
