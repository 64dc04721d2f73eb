// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { LayoutScreen } from './LayoutScreen';
import { renderUi } from '#/testing/render';

/**
 * Spec §2 layout screen: "It offers a full-screen toggle (F11 in the pop-up)". The browser's
 * Fullscreen API is stood in for: happy-dom has none, and headless Chromium grants none.
 */
function fakeFullscreen() {
  let element: Element | null = null;
  const change = () => document.dispatchEvent(new Event('fullscreenchange'));
  const request = vi.fn(async () => {
    element = document.documentElement;
    change();
  });
  const exit = vi.fn(async () => {
    element = null;
    change();
  });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: request });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  return { request, exit };
}

afterEach(() => {
  cleanup();
  delete (document as { fullscreenElement?: unknown }).fullscreenElement;
});

describe('LayoutScreen full screen', () => {
  const screenOf = () =>
    renderUi(
      <LayoutScreen presentation={{ launched: true }} showContent view="tabs" onView={() => {}}>
        <p>panes</p>
      </LayoutScreen>,
    );

  it('the button enters full screen and, named for it, leaves it again', async () => {
    const { request, exit } = fakeFullscreen();
    screenOf();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Full screen' })));
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('layout-screen').getAttribute('data-fullscreen')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' })));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('layout-screen').getAttribute('data-fullscreen')).toBe('false');
  });

  it('F11 toggles it instead of the browser, other keys do nothing', async () => {
    const { request, exit } = fakeFullscreen();
    screenOf();
    await act(async () => fireEvent.keyDown(window, { key: 'F10' }));
    expect(request).not.toHaveBeenCalled();
    const f11 = new KeyboardEvent('keydown', { key: 'F11', cancelable: true });
    await act(async () => window.dispatchEvent(f11));
    expect(f11.defaultPrevented).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    await act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F11', cancelable: true })));
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('a refused request leaves the screen as it was', async () => {
    fakeFullscreen();
    Object.defineProperty(document.documentElement, 'requestFullscreen', {
      configurable: true,
      value: vi.fn(async () => Promise.reject(new TypeError('not allowed'))),
    });
    screenOf();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Full screen' })));
    expect(screen.getByTestId('layout-screen').getAttribute('data-fullscreen')).toBe('false');
  });
});
