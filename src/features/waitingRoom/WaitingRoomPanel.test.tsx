// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { WaitingRoomPanel } from './WaitingRoomPanel';
import { renderUi } from '../meetingControls/testUtils';

afterEach(cleanup);

const waiting = [
  { usrId: 'u1', name: 'Alice' },
  { usrId: 'u2', name: 'Bob' },
  { usrId: 'u3', name: 'Carol' },
];
const noop = () => {};

describe('WaitingRoomPanel', () => {
  it('permits and refuses one user', () => {
    const onPermit = vi.fn();
    const onRefuse = vi.fn();
    renderUi(<WaitingRoomPanel enabled waiting={waiting} movable={[]} onEnable={noop} onPermit={onPermit} onRefuse={onRefuse} onMoveIn={noop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Permit Bob' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refuse Carol' }));
    expect(onPermit).toHaveBeenCalledWith(['u2']);
    expect(onRefuse).toHaveBeenCalledWith(['u3']);
  });

  it('permits many at once', () => {
    const onPermit = vi.fn();
    renderUi(<WaitingRoomPanel enabled waiting={waiting} movable={[]} onEnable={noop} onPermit={onPermit} onRefuse={noop} onMoveIn={noop} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select waiting user Alice' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select waiting user Carol' }));
    fireEvent.click(screen.getByRole('button', { name: 'Permit selected (2)' }));
    expect(onPermit).toHaveBeenCalledWith(['u1', 'u3']);
  });

  it('drops users who left from the selection', () => {
    const onRefuse = vi.fn();
    const { rerender } = renderUi(<WaitingRoomPanel enabled waiting={waiting} movable={[]} onEnable={noop} onPermit={noop} onRefuse={onRefuse} onMoveIn={noop} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all waiting users' }));
    rerender(<WaitingRoomPanel enabled waiting={waiting.slice(1)} movable={[]} onEnable={noop} onPermit={noop} onRefuse={onRefuse} onMoveIn={noop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse selected (2)' }));
    expect(onRefuse).toHaveBeenCalledWith(['u2', 'u3']);
  });

  it('asks to enable the waiting room', () => {
    const onEnable = vi.fn();
    renderUi(<WaitingRoomPanel enabled={false} waiting={[]} movable={[]} onEnable={onEnable} onPermit={noop} onRefuse={noop} onMoveIn={noop} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Waiting room' }));
    expect(onEnable).toHaveBeenCalledWith(true);
  });
});
