// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createTestI18n, renderUi } from '#/testing/render';
import { browserStore } from '#/session/browserStore';
import { LanguageMenu } from './LanguageMenu';

/** Shows a translated label, a number and a date through the i18n formatters. */
function Probe() {
  const { i18n } = useLingui();
  return (
    <div>
      <span data-testid="label">
        <Trans>Meeting No.</Trans>
      </span>
      <span data-testid="number">{i18n.number(1234567.5)}</span>
      <span data-testid="date">{i18n.date(new Date(Date.UTC(2026, 10, 21, 8, 0)), { month: 'long', timeZone: 'UTC' })}</span>
    </div>
  );
}

// the menu is a chunk of its own, loaded on the first click: transformed here beforehand, so a
// busy machine's cold transform does not count against the test's time
beforeAll(async () => {
  await import('./LanguageMenuPopup');
}, 60_000);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('LanguageMenu', () => {
  it('switching language re-renders texts, numbers and dates and remembers the choice', async () => {
    const i18n = await createTestI18n('en');
    renderUi(
      <>
        <LanguageMenu />
        <Probe />
      </>,
      i18n,
    );
    expect(screen.getByTestId('label').textContent).toBe('Meeting No.');
    expect(screen.getByTestId('date').textContent).toBe('November');
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    // the menu opens by itself once its chunk has arrived
    const chinese = await screen.findByRole('menuitem', { name: '中文' }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(chinese);
    });
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('会议号'));
    expect(screen.getByTestId('date').textContent).toBe('十一月');
    expect(screen.getByTestId('number').textContent).toBe('1,234,567.5');
    expect(browserStore.language()).toBe('zh');
    expect(screen.getByRole('button', { name: '语言：中文' })).toBeTruthy();
  });
});
