// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { preloadToasts } from './AppProviders';
import { renderUi } from '#/testing/render';
import { QUALITY_ALERT_PRIORITY } from './quality/QualityContext';

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

// renderUi wraps the page in the AppProviders under test
const renderPage = () => renderUi(<p>page</p>);

describe('AppProviders toasts', () => {
  it('fetches the container once, for every caller', async () => {
    const first = preloadToasts();
    expect(preloadToasts()).toBe(first);
    expect(await first).toBeTruthy();
  });

  it('shows a toast raised before the container was drawn', async () => {
    renderPage();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    act(() => {
      notifications.show({ message: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('a refusal shows at once while a round of quality alerts fills the places on screen', async () => {
    renderPage();
    act(() => {
      for (const name of ['A', 'B', 'C'])
        notifications.show({ message: `${name}: loss 6 %`, autoClose: false, priority: QUALITY_ALERT_PRIORITY });
      notifications.show({ message: 'The command was refused', autoClose: false });
    });
    expect(await screen.findByText('The command was refused')).toBeTruthy();
    expect(screen.queryByText('C: loss 6 %')).toBeNull();
  });

  it('toasts sit beneath an open dialog: a stack of them cannot cover its buttons', async () => {
    renderPage();
    act(() => {
      notifications.show({ message: 'Steady 03: loss 6 %', autoClose: false });
    });
    await screen.findByText('Steady 03: loss 6 %');
    const container = document.querySelector<HTMLElement>('.mantine-Notifications-root');
    expect(container).not.toBeNull();
    // Mantine's modals are drawn at getDefaultZIndex('modal') (200)
    const zIndex = Number(getComputedStyle(container!).zIndex || container!.style.getPropertyValue('--notifications-z-index'));
    expect(zIndex).toBeGreaterThan(0);
    expect(zIndex).toBeLessThan(200);
  });
});
