// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { installDomShims, renderUi } from '#/testing/render';
import { ChipOverflow, type OverflowChip } from './ChipOverflow';

// happy-dom lays nothing out (and the positioning then hides the popover from role queries, hence
// `hidden: true` there): each chip says its width (data-w), the "+N" button is 40 px, and
// the header leaves `available` px for the chips
let available = 1000;
/** layout reads of chip widths: each one forces the browser to lay out a page it has just changed */
let widthReads = 0;
const descriptors = {
  offsetWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};
beforeAll(() => {
  installDomShims();
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      widthReads++;
      return Number(this.querySelector('[data-w]')?.getAttribute('data-w') ?? 40);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => available });
});
afterAll(() => {
  if (descriptors.offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', descriptors.offsetWidth);
  if (descriptors.clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', descriptors.clientWidth);
  else delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});
afterEach(cleanup);

const chip = (kind: string, onClick = () => {}, width = 100, label = kind.toUpperCase()): OverflowChip => ({
  kind,
  render: (place) => (
    <button type="button" data-chip={kind} data-w={width} data-place={place} onClick={onClick}>
      {label}
    </button>
  ),
});

describe('ChipOverflow', () => {
  it('room for every chip → all in the header, no +N', () => {
    available = 1000;
    renderUi(<ChipOverflow chips={[chip('rec'), chip('live'), chip('locked')]} />);
    const bar = screen.getByRole('group', { name: 'Meeting state' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['REC', 'LIVE', 'LOCKED']);
    expect(bar.getAttribute('data-hidden-chips')).toBe('');
  });

  it('too narrow → the first chips that fit beside "+N", which counts and lists the rest', async () => {
    // 100 + 6 + 100 + 6 + 40 = 252 fits 260; a third chip would not
    available = 260;
    renderUi(<ChipOverflow chips={[chip('rec'), chip('live'), chip('locked'), chip('waiting')]} />);
    const bar = screen.getByRole('group', { name: 'Meeting state' });
    const more = within(bar).getByRole('button', { name: 'More meeting states: 2' });
    expect(more.textContent).toBe('+2');
    expect(within(bar).queryByText('LOCKED')).toBeNull();
    expect(bar.getAttribute('data-hidden-chips')).toBe('locked waiting');
    fireEvent.click(more);
    const list = await screen.findByTestId('meeting-state-more');
    expect(list.getAttribute('role')).toBe('dialog');
    expect(
      within(list)
        .getAllByRole('button', { hidden: true })
        .map((b) => [b.textContent, b.getAttribute('data-place')]),
    ).toEqual([
      ['LOCKED', 'overflow'],
      ['WAITING', 'overflow'],
    ]);
  });

  it('a chip in the list still acts, and the list closes; Escape closes it and gives focus back to +N', async () => {
    available = 260;
    const acted = vi.fn();
    renderUi(<ChipOverflow chips={[chip('rec'), chip('live'), chip('locked', acted)]} />);
    const more = screen.getByRole('button', { name: 'More meeting states: 1' });
    fireEvent.click(more);
    const list = await screen.findByTestId('meeting-state-more');
    fireEvent.click(within(list).getByRole('button', { name: 'LOCKED', hidden: true }));
    expect(acted).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByTestId('meeting-state-more')).toBeNull());

    fireEvent.click(more);
    const again = await screen.findByTestId('meeting-state-more');
    fireEvent.keyDown(again, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByTestId('meeting-state-more')).toBeNull());
    expect(document.activeElement).toBe(more);
  });

  it('the window narrows → chips move behind +N', async () => {
    available = 1000;
    renderUi(<ChipOverflow chips={[chip('rec'), chip('live'), chip('locked')]} />);
    expect(screen.queryByRole('button', { name: /^More meeting states: / })).toBeNull();
    available = 200;
    await act(async () => window.dispatchEvent(new Event('resize')));
    expect(screen.getByRole('button', { name: 'More meeting states: 2' })).toBeTruthy();
  });

  it('a chip the host is on stays in the header while held (focus or open popover), and moves once let go', async () => {
    available = 1000;
    renderUi(
      <>
        <ChipOverflow chips={[chip('rec'), chip('live'), chip('locked')]} />
        <button type="button">elsewhere</button>
      </>,
    );
    const locked = screen.getByRole('button', { name: 'LOCKED' });
    locked.focus();
    available = 200;
    await act(async () => window.dispatchEvent(new Event('resize')));
    // held: still in the header, still focused
    expect(screen.getByRole('button', { name: 'LOCKED' })).toBe(locked);
    expect(document.activeElement).toBe(locked);
    expect(screen.queryByRole('button', { name: /^More meeting states: / })).toBeNull();
    // let go: the narrow header takes effect
    await act(async () => screen.getByRole('button', { name: 'elsewhere' }).focus());
    expect(screen.getByRole('button', { name: 'More meeting states: 2' })).toBeTruthy();
  });

  it('a render with the same chips (a count moving on a feed batch) reads no layout; a size the observer reports is measured', async () => {
    const observers: { callback: ResizeObserverCallback; observed: Element[] }[] = [];
    const real = globalThis.ResizeObserver;
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
    try {
      available = 330;
      const { rerender } = renderUi(<ChipOverflow chips={[chip('rec'), chip('hands', undefined, 100, '9 hands')]} />);
      expect(screen.queryByRole('button', { name: /^More meeting states: / })).toBeNull();
      widthReads = 0;
      // the hand count moves and widens its chip: the render itself measures nothing
      const wider = [chip('rec'), chip('hands', undefined, 300, '10 hands')];
      rerender(<ChipOverflow chips={wider} />);
      expect(widthReads).toBe(0);
      // the browser lays the ruler out and reports the chip's new size: now it is measured
      const observer = observers.at(-1)!;
      const handsSlot = observer.observed.find((el) => el.querySelector('[data-chip="hands"]'));
      expect(handsSlot).toBeTruthy();
      await act(async () => observer.callback([], observer as unknown as ResizeObserver));
      expect(widthReads).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: 'More meeting states: 1' })).toBeTruthy();
    } finally {
      globalThis.ResizeObserver = real;
    }
  });
});
