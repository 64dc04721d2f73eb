// @vitest-environment happy-dom
/**
 * The toolbar measures its controls when they come or go and when the browser reports a size
 * change, never on a plain re-render: the participant toolbar re-renders with every feed batch and
 * reading widths there forced a layout in the middle of the table's update (issue 27).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { installDomShims, renderUi } from '#/testing/render';
import { OverflowToolbar, type ToolbarItem } from './OverflowToolbar';

let available = 1000;
let widthReads = 0;
const descriptors = {
  offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};
const observers: { callback: ResizeObserverCallback; observed: Element[] }[] = [];
const realObserver = globalThis.ResizeObserver;
beforeAll(() => {
  installDomShims();
  // happy-dom lays nothing out: each control says its width (data-w)
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      widthReads++;
      return Number(this.querySelector('[data-w]')?.getAttribute('data-w') ?? 60);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => available });
  globalThis.ResizeObserver = class {
    observed: Element[] = [];
    constructor(public callback: ResizeObserverCallback) {
      observers.push(this);
    }
    observe(el: Element) {
      this.observed.push(el);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterAll(() => {
  if (descriptors.offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', descriptors.offsetWidth);
  if (descriptors.clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', descriptors.clientWidth);
  else delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  globalThis.ResizeObserver = realObserver;
});
afterEach(cleanup);

const item = (key: string, width: number, label = key): ToolbarItem => ({
  key,
  priority: 0,
  render: () => (
    <button type="button" data-w={width}>
      {label}
    </button>
  ),
});

describe('OverflowToolbar', () => {
  it('a re-render with the same controls reads no layout; a size the observer reports is measured and moves what no longer fits', async () => {
    available = 400;
    const toolbar = (hands: string, width: number) => (
      <OverflowToolbar items={[item('mute', 100), item('hands', width, hands)]} label="Actions" moreLabel="More" listLabel="More actions" />
    );
    const { rerender } = renderUi(toolbar('Hands (9)', 100));
    expect(screen.getByTestId('toolbar').getAttribute('data-hidden-items')).toBe('');
    widthReads = 0;
    rerender(toolbar('Hands (1,000)', 350));
    expect(widthReads).toBe(0);
    const observer = observers.at(-1)!;
    expect(observer.observed.some((el) => el.getAttribute('data-toolbar-item') === 'hands')).toBe(true);
    await act(async () => observer.callback([], observer as unknown as ResizeObserver));
    expect(widthReads).toBeGreaterThan(0);
    expect(screen.getByTestId('toolbar').getAttribute('data-hidden-items')).toBe('hands');
  });
});
