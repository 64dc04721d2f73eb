// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TabShortcuts } from './TabShortcuts';
import type { ParticipantRow } from './participantModel';
import { installDomShims, renderUi } from '#/testing/render';
import { NotOfferedState } from '#/session/notOffered';
import { ConnectionLostState } from '#/session/connectionLost';

beforeAll(installDomShims);
afterEach(cleanup);

const row = (usrId: string, name: string, online: boolean, waiting = false): ParticipantRow => ({
  usrId,
  name,
  epId: null,
  protocol: 0,
  remoteAddr: '',
  online,
  stats: '',
  waiting,
  order: 0,
});

describe('TabShortcuts', () => {
  it('online tab → offers nothing of its own', () => {
    renderUi(<TabShortcuts tab="online" rows={[row('1', 'A', true)]} onCommand={() => {}} />);
    expect(screen.queryByTestId('tab-shortcuts')).toBeNull();
  });

  it('offline tab → calls everyone it shows in one command', () => {
    const onCommand = vi.fn();
    renderUi(<TabShortcuts tab="offline" rows={[row('1', 'A', false), row('2', 'B', false)]} onCommand={onCommand} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call all offline (2)' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'eps', action: 'call', usrIds: ['1', '2'] });
  });

  it('the refuse-all confirmation, open when the connection drops, waits with the reason and goes on once it is back (issue 23)', async () => {
    const onCommand = vi.fn();
    const rows = [row('1', 'A', true, true), row('2', 'B', true, true)];
    const ui = (lost: boolean) => (
      <ConnectionLostState value={lost}>
        <TabShortcuts tab="waiting" rows={rows} onCommand={onCommand} />
      </ConnectionLostState>
    );
    const view = renderUi(ui(false));
    fireEvent.click(screen.getByRole('button', { name: 'Refuse all (2)' }));
    await screen.findByText('2 people in the waiting room will be refused and must join again to come in.');
    view.rerender(ui(true));
    expect((screen.getByRole('button', { name: 'Refuse all' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The connection is lost: this can be confirmed once it is back.')).toBeTruthy();
    view.rerender(ui(false));
    fireEvent.click(screen.getByRole('button', { name: 'Refuse all' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'eps', action: 'waiting_refuse', usrIds: ['1', '2'] });
  });

  it('waiting tab on a platform that refused the waiting-room actions → Admit all and Refuse all disabled, saying why (issue 23)', () => {
    const onCommand = vi.fn();
    const reason = { group: 'waiting-room' as const, call: 'waiting_permit', status: 400, result: 9995 };
    renderUi(
      <NotOfferedState value={new Map([['waiting-room', reason]])}>
        <TabShortcuts tab="waiting" rows={[row('1', 'A', true, true)]} onCommand={onCommand} />
      </NotOfferedState>,
    );
    expect((screen.getByRole('button', { name: 'Admit all (1)' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Refuse all (1)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Not offered by this platform: the server refused waiting_permit (400, result 9995)')).toBeTruthy();
  });

  it('waiting tab → admits all at once; refuses all only after a confirmation naming how many', async () => {
    const onCommand = vi.fn();
    const rows = [row('1', 'A', true, true), row('2', 'B', true, true), row('3', 'C', true, true)];
    renderUi(<TabShortcuts tab="waiting" rows={rows} onCommand={onCommand} />);
    fireEvent.click(screen.getByRole('button', { name: 'Admit all (3)' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'eps', action: 'waiting_permit', usrIds: ['1', '2', '3'] });
    fireEvent.click(screen.getByRole('button', { name: 'Refuse all (3)' }));
    expect(onCommand).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('3 people in the waiting room will be refused and must join again to come in.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refuse all' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'eps', action: 'waiting_refuse', usrIds: ['1', '2', '3'] });
  });

  it('one admitted or gone while the question is open → the question and the command leave them out, and a newcomer is not refused unseen', async () => {
    const onCommand = vi.fn();
    const waiting = [row('1', 'A', true, true), row('2', 'B', true, true), row('3', 'C', true, true)];
    const { rerender } = renderUi(<TabShortcuts tab="waiting" rows={waiting} onCommand={onCommand} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse all (3)' }));
    expect(await screen.findByText('3 people in the waiting room will be refused and must join again to come in.')).toBeTruthy();
    rerender(<TabShortcuts tab="waiting" rows={[waiting[0], waiting[2], row('4', 'D', true, true)]} onCommand={onCommand} />);
    expect(await screen.findByText('2 people in the waiting room will be refused and must join again to come in.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refuse all' }));
    expect(onCommand).toHaveBeenLastCalledWith({ type: 'eps', action: 'waiting_refuse', usrIds: ['1', '3'] });
  });

  it('everyone asked about admitted meanwhile → nothing is left to refuse, and the question says so', async () => {
    const waiting = [row('1', 'A', true, true)];
    const { rerender } = renderUi(<TabShortcuts tab="waiting" rows={waiting} onCommand={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse all (1)' }));
    expect(await screen.findByText('A will be refused and must join again to come in.')).toBeTruthy();
    rerender(<TabShortcuts tab="waiting" rows={[row('4', 'D', true, true)]} onCommand={() => {}} />);
    expect(await screen.findByText('0 people in the waiting room will be refused and must join again to come in.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Refuse all' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('an empty tab → its buttons are disabled', () => {
    renderUi(<TabShortcuts tab="waiting" rows={[]} onCommand={() => {}} />);
    expect((screen.getByRole('button', { name: 'Admit all (0)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
