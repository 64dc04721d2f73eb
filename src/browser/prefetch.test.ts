// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoginScreen, schedulePrefetch } from './prefetch';

describe('isLoginScreen', () => {
  it('is / and /login, at the root and under a frame base path', () => {
    expect(isLoginScreen('/', '/')).toBe(true);
    expect(isLoginScreen('/login', '/')).toBe(true);
    expect(isLoginScreen('/login/', '/')).toBe(true);
    expect(isLoginScreen('/frame/x/login', '/frame/x')).toBe(true);
    expect(isLoginScreen('/frame/x/', '/frame/x/')).toBe(true);
    expect(isLoginScreen('/frame/x', '/frame/x')).toBe(true);
  });
  it('is not the control, layout or report screen', () => {
    expect(isLoginScreen('/control', '/')).toBe(false);
    expect(isLoginScreen('/layout', '/')).toBe(false);
    expect(isLoginScreen('/report', '/')).toBe(false);
    expect(isLoginScreen('/frame/x/control', '/frame/x')).toBe(false);
    expect(isLoginScreen('/loginx', '/')).toBe(false);
  });
});

describe('schedulePrefetch', () => {
  afterEach(() => vi.useRealTimers());

  /** requestIdleCallback run at once, counted. */
  function idleWindow() {
    const idle = vi.fn((cb: () => void) => {
      cb();
      return 1;
    });
    Object.defineProperty(window, 'requestIdleCallback', { value: idle, configurable: true });
    return idle;
  }

  it('on the login screen waits for the first key or pointer press, then fetches once', () => {
    const idle = idleWindow();
    const task = vi.fn();
    schedulePrefetch(window, '/login', '/', task);
    expect(task).not.toHaveBeenCalled();
    expect(idle).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1' }));
    expect(task).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '2' }));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('on the login screen a pointer press starts it too', () => {
    idleWindow();
    const task = vi.fn();
    schedulePrefetch(window, '/', '/', task);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('elsewhere fetches when the browser is idle, without waiting for the user', () => {
    const idle = idleWindow();
    const task = vi.fn();
    schedulePrefetch(window, '/control', '/', task);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
