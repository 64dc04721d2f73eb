// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { WaitingRoomPanel } from './WaitingRoomPanel';
import { renderUi } from '#/testing/render';
import { staticOnline } from '#/session/onlineParticipants';
import { PICKER_OPTION_LIMIT } from '#/components/participantPicker/participantOptions';
import { countingOnline as manyOnline, optionsOf, openPicker } from '#/components/participantPicker/testing';

afterEach(cleanup);

const waiting = [
  { usrId: 'u1', name: 'Alice' },
  { usrId: 'u2', name: 'Bob' },
  { usrId: 'u3', name: 'Carol' },
];
const noop = () => {};
const nobody = staticOnline([]);
/** The panel with the waiting room on, three waiting, nobody to move in and every action ignored: a test sets what it checks. */
const quiet = { enabled: true, waiting, candidates: nobody, onEnable: noop, onPermit: noop, onRefuse: noop, onMoveIn: noop };

describe('WaitingRoomPanel', () => {
  it('not offered by this platform: the switch and every action disabled, the reason said (issue 23)', () => {
    const onPermit = vi.fn();
    const onEnable = vi.fn();
    renderUi(
      <WaitingRoomPanel
        {...quiet}
        notOffered={{ group: 'waiting-room', call: 'waiting_move', status: 400, result: 9995 }}
        onEnable={onEnable}
        onPermit={onPermit}
      />,
    );
    expect(screen.getByText('Not offered by this platform: the server refused waiting_move (400, result 9995)')).toBeTruthy();
    // a disabled fieldset disables what it holds (the browser's rule; happy-dom does not apply it to .disabled)
    expect(screen.getByRole('switch', { name: 'Waiting room' }).closest('fieldset')?.disabled).toBe(true);
    const permit = screen.getByRole('button', { name: 'Permit Bob' }) as HTMLButtonElement;
    expect(permit.closest('fieldset')?.disabled).toBe(true);
    fireEvent.click(permit);
    expect(onPermit).not.toHaveBeenCalled();
  });

  it('permits one user at once and refuses one after asking, by name', async () => {
    const onPermit = vi.fn();
    const onRefuse = vi.fn();
    renderUi(<WaitingRoomPanel {...quiet} onPermit={onPermit} onRefuse={onRefuse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Permit Bob' }));
    expect(onPermit).toHaveBeenCalledWith(['u2']);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse Carol' }));
    expect(onRefuse).not.toHaveBeenCalled();
    const question = await screen.findByRole('dialog', { name: 'Refuse from waiting room' });
    expect(question.textContent).toContain('Refuse 1 person waiting (Carol)?');
    fireEvent.click(screen.getByRole('button', { name: 'Refuse 1 person' }));
    expect(onRefuse).toHaveBeenCalledWith(['u3']);
  });

  it('refuses nobody when the question is cancelled', async () => {
    const onRefuse = vi.fn();
    renderUi(<WaitingRoomPanel {...quiet} onRefuse={onRefuse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse Alice' }));
    await screen.findByRole('dialog', { name: 'Refuse from waiting room' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRefuse).not.toHaveBeenCalled();
  });

  it('permits many at once', () => {
    const onPermit = vi.fn();
    renderUi(<WaitingRoomPanel {...quiet} onPermit={onPermit} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select waiting user Alice' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select waiting user Carol' }));
    fireEvent.click(screen.getByRole('button', { name: 'Permit selected (2)' }));
    expect(onPermit).toHaveBeenCalledWith(['u1', 'u3']);
  });

  it('drops users who left from the selection', async () => {
    const onRefuse = vi.fn();
    const { rerender } = renderUi(<WaitingRoomPanel {...quiet} onRefuse={onRefuse} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all waiting users' }));
    rerender(<WaitingRoomPanel {...quiet} waiting={waiting.slice(1)} onRefuse={onRefuse} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse selected (2)' }));
    expect((await screen.findByRole('dialog', { name: 'Refuse from waiting room' })).textContent).toContain(
      'Refuse 2 people waiting (Bob, Carol)?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refuse 2 people' }));
    expect(onRefuse).toHaveBeenCalledWith(['u2', 'u3']);
  });

  it('asks to enable the waiting room', () => {
    const onEnable = vi.fn();
    renderUi(<WaitingRoomPanel {...quiet} enabled={false} waiting={[]} onEnable={onEnable} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Waiting room' }));
    expect(onEnable).toHaveBeenCalledWith(true);
  });

  it('offers the best matches of the participants not waiting, with a hint, and moves the picked ones in', async () => {
    const many = manyOnline();
    const onMoveIn = vi.fn();
    const waitingSim = [{ usrId: 'u1', name: 'Sim 1' }];
    renderUi(<WaitingRoomPanel {...quiet} waiting={waitingSim} candidates={many} onMoveIn={onMoveIn} />);
    // nothing is read while the picker is closed
    expect(many.reads).toBe(0);
    const input = screen.getByRole('combobox', { name: 'Move participants to the waiting room' });
    openPicker(input, 'Sim 1');
    await waitFor(() => expect(optionsOf(input)).toHaveLength(PICKER_OPTION_LIMIT));
    expect(many.reads).toBeGreaterThan(0);
    // Sim 1 waits already: Sim 10–19, 100–199 and 1000–1999 are left
    expect(optionsOf(input)[0].textContent).toBe('Sim 10');
    expect(screen.getByRole('group', { name: 'Showing 50 of 1,110 — type to narrow', hidden: true })).toBeTruthy();

    openPicker(input, 'sim 4321');
    await waitFor(() => expect(optionsOf(input).map((o) => o.textContent)).toEqual(['Sim 4321']));
    fireEvent.click(optionsOf(input)[0]);
    openPicker(input, 'Sim 1234');
    // the first pick stays offered (and shown) while another is searched
    await waitFor(() => expect(optionsOf(input).map((o) => o.textContent)).toEqual(['Sim 4321', 'Sim 1234']));
    fireEvent.click(optionsOf(input)[1]);
    // both picks show as pills by name
    expect([...document.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent)).toEqual(['Sim 4321', 'Sim 1234']);
    fireEvent.click(screen.getByRole('button', { name: 'Move in' }));
    // two at once leave the meeting together: asked first
    expect(onMoveIn).not.toHaveBeenCalled();
    expect((await screen.findByRole('dialog', { name: 'Move to waiting room' })).textContent).toContain('(Sim 4321, Sim 1234)');
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 participants' }));
    expect(onMoveIn).toHaveBeenCalledWith(['u4321', 'u1234']);
  });
});
