// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { encodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import { OVERSCAN, ParticipantTable } from './ParticipantTable';
import type { ParticipantRow } from './participantModel';
import { installDomShims, renderUi } from '#/testing/render';
import { NotOfferedState } from '#/session/notOffered';

beforeAll(installDomShims);
afterEach(cleanup);

function online(usrId: string, name: string, flags: Partial<UsrStatsFlags> = {}): ParticipantRow {
  return {
    usrId,
    name,
    epId: Number(usrId),
    protocol: 2,
    remoteAddr: `sip:${usrId}@10.0.0.1`,
    online: true,
    stats: encodeUsrStats({ a_rx: 1, a_tx: 1, v_tx: 1, v_rx: 1, ...flags }),
    order: Number(usrId),
    waiting: flags?.waiting === 1,
  };
}

function setup(rows: ParticipantRow[], selected = new Set<string>(), pending = new Set<string>()) {
  const onCommand = vi.fn();
  const onSelectionChange = vi.fn();
  const onOpenDialog = vi.fn();
  renderUi(
    <ParticipantTable
      rows={rows}
      selected={selected}
      pending={pending}
      onCommand={onCommand}
      onSelectionChange={onSelectionChange}
      onOpenDialog={onOpenDialog}
      height={400}
    />,
  );
  return { onCommand, onSelectionChange, onOpenDialog };
}

describe('ParticipantTable', () => {
  it('renders only a window of a 10,000-row meeting', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => online(String(i + 1), `P${i + 1}`));
    setup(rows);
    const rendered = screen.getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('10001');
  });

  it('renders the rows in view and OVERSCAN beyond each edge, no more: each is work in every scroll frame', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => online(String(i + 1), `P${i + 1}`));
    setup(rows);
    const scroller = screen.getByTestId('participant-scroller');
    scroller.scrollTop = 40 * 5000;
    fireEvent.scroll(scroller);
    const rendered = screen.getAllByRole('row').slice(1);
    // 400 px of 40 px rows: 10 in view
    expect(rendered.length).toBe(10 + 2 * OVERSCAN);
    expect(rendered[0].getAttribute('aria-label')).toBe(`P${5001 - OVERSCAN}`);
  });

  it('scrolling re-fills the row elements: a jump past the window moves none, a short scroll keeps the rows still in view in theirs', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => online(String(i + 1), `P${i + 1}`));
    setup(rows);
    const scroller = screen.getByTestId('participant-scroller');
    const elements = () => screen.getAllByRole('row').slice(1);
    const before = elements();
    // a jump (a wheel flick): every element stays where it is in the document, showing other rows
    scroller.scrollTop = 40 * 5000;
    fireEvent.scroll(scroller);
    const jumped = elements();
    const same = (a: HTMLElement[], b: HTMLElement[]) => a.length === b.length && a.every((el, i) => el === b[i]);
    expect(same(jumped, before)).toBe(true);
    expect(jumped[0].getAttribute('aria-label')).toBe(`P${5001 - OVERSCAN}`);
    // two rows further: the rows still in view keep their elements (a focused one keeps focus)
    scroller.scrollTop = 40 * 5002;
    fireEvent.scroll(scroller);
    const after = elements();
    expect(after[0].getAttribute('aria-label')).toBe(`P${5003 - OVERSCAN}`);
    expect(same(after.slice(0, -2), jumped.slice(2))).toBe(true);
  });

  it('a row sends through the command sink given last, though the rows keep stable ones (no re-render per feed batch)', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const table = (onCommand: typeof first) => (
      <ParticipantTable
        rows={[online('7', 'Ann')]}
        selected={new Set()}
        pending={new Set()}
        onCommand={onCommand}
        onSelectionChange={() => {}}
        onOpenDialog={() => {}}
        height={400}
      />
    );
    const { rerender } = renderUi(table(first));
    rerender(table(latest));
    fireEvent.click(screen.getByRole('button', { name: 'On: mute Ann' }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith({ type: 'eps', action: 'a_rx', usrIds: ['7'], value: 0 });
  });

  it('shows the next window after scrolling', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => online(String(i + 1), `P${i + 1}`));
    setup(rows);
    const scroller = screen.getByTestId('participant-scroller');
    scroller.scrollTop = 40 * 500;
    fireEvent.scroll(scroller);
    expect(screen.getByRole('row', { name: 'P501' })).toBeTruthy();
    expect(screen.queryByRole('row', { name: 'P1' })).toBeNull();
  });

  it('mute sends a_rx 0 for that participant; unmute sends a_rx 1', () => {
    const { onCommand } = setup([online('7', 'Ann'), online('8', 'Ben', { a_rx: 0 })]);
    fireEvent.click(screen.getByRole('button', { name: 'On: mute Ann' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'eps', action: 'a_rx', usrIds: ['7'], value: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Muted: unmute Ben' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'eps', action: 'a_rx', usrIds: ['8'], value: 1 });
  });

  it("a raised hand can be permitted or refused (the talk recipe, not podium's hand_permit)", () => {
    const { onCommand } = setup([online('7', 'Ann', { hand: 1 })]);
    fireEvent.click(screen.getByRole('button', { name: 'Permit Ann to speak' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'acceptHands', usrIds: ['7'] });
    fireEvent.click(screen.getByRole('button', { name: "Refuse Ann's raised hand" }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'refuseHands', usrIds: ['7'] });
  });

  it('a platform that refused the host action: "Set as host" is disabled in the menu, saying why (issue 23)', async () => {
    const onCommand = vi.fn();
    renderUi(
      <NotOfferedState value={new Map([['host-role', { group: 'host-role', call: 'host', status: 400, result: 9995 }]])}>
        <ParticipantTable
          rows={[online('7', 'Ann')]}
          selected={new Set()}
          pending={new Set()}
          onCommand={onCommand}
          onSelectionChange={() => {}}
          onOpenDialog={() => {}}
          height={400}
        />
      </NotOfferedState>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Operations for Ann' }));
    const item = await screen.findByRole('menuitem', { name: /Set as host/ });
    expect(item.textContent).toContain('Not offered by this platform: the server refused host (400, result 9995)');
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
    fireEvent.click(item);
    expect(onCommand).not.toHaveBeenCalled();
  });

  it('a pending row shows the wait cursor and blocks its buttons', () => {
    setup([online('7', 'Ann')], new Set(), new Set(['7']));
    const row = screen.getByRole('row', { name: 'Ann' });
    expect(row.getAttribute('data-pending')).toBe('true');
    expect(row.style.cursor).toBe('wait');
    expect((within(row).getByRole('button', { name: 'On: mute Ann' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('select all selects every row of the tab', () => {
    const { onSelectionChange } = setup([online('1', 'A'), online('2', 'B')]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all in this tab' }));
    expect([...onSelectionChange.mock.calls[0][0]]).toEqual(['1', '2']);
  });
});
