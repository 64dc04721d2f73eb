// @vitest-environment happy-dom
import { describe, expect, it, vi, afterEach } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MeetingSwitches } from './MeetingSwitches';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

describe('MeetingSwitches', () => {
  it('shows each switch with the state the server reported', () => {
    renderUi(<MeetingSwitches values={{ lock: true, allowGuests: false }} onToggle={() => {}} />);
    const lock = screen.getByRole('switch', { name: 'Lock meeting' }) as HTMLInputElement;
    expect(lock.checked).toBe(true);
    const guests = screen.getByRole('switch', { name: 'Allow guests' }) as HTMLInputElement;
    expect(guests.checked).toBe(false);
    expect(guests.closest('[data-switch]')?.getAttribute('data-state')).toBe('off');
  });

  it('asks for the opposite state and leaves the switch to the server', () => {
    const onToggle = vi.fn();
    renderUi(<MeetingSwitches values={{ lock: false }} onToggle={onToggle} />);
    const lock = screen.getByRole('switch', { name: 'Lock meeting' }) as HTMLInputElement;
    fireEvent.click(lock);
    expect(onToggle).toHaveBeenCalledWith('lock', true);
  });

  it('disables a pending switch and marks it busy', () => {
    renderUi(<MeetingSwitches values={{ lock: false }} pending={new Set(['lock'] as const)} onToggle={() => {}} />);
    const lock = screen.getByRole('switch', { name: 'Lock meeting' }) as HTMLInputElement;
    expect(lock.disabled).toBe(true);
    expect(lock.closest('[data-switch]')?.getAttribute('data-pending')).toBe('true');
  });

  it('uses class wording in a class', () => {
    renderUi(<MeetingSwitches values={{ lock: false }} scene="class" onToggle={() => {}} />);
    expect(screen.getByRole('switch', { name: 'Lock class' })).toBeTruthy();
  });

  it('shows the refusal of the last request', () => {
    renderUi(<MeetingSwitches values={{}} error="No access rights" onToggle={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('No access rights');
  });
});
