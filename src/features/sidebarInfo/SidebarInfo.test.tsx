// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { SidebarInfo, formatDuration } from './SidebarInfo';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const now = Math.floor(Date.now() / 1000);

function setup(overrides: Partial<Parameters<typeof SidebarInfo>[0]> = {}) {
  const onOvertime = vi.fn();
  renderUi(
    <SidebarInfo
      mrId="8008038"
      scene="conference"
      bandwidth={2048}
      startSec={now - 65}
      durationSec={3600}
      nextBookingSec={now + 3600 + 600}
      clockOffsetSec={0}
      onlineCount={12}
      totalCount={20}
      onOvertime={onOvertime}
      overtimePending={false}
      {...overrides}
    />,
  );
  return { onOvertime };
}

describe('SidebarInfo', () => {
  it('formats durations as h:mm:ss', () => {
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(-5)).toBe('0:00:00');
  });

  it('shows the counts and ticks the elapsed time', () => {
    vi.useFakeTimers({ now: now * 1000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    setup();
    expect(screen.getByTestId('info-members').textContent).toBe('12/20');
    expect(screen.getByTestId('info-elapsed').textContent).toBe('0:01:05');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('info-elapsed').textContent).toBe('0:01:07');
  });

  it('refuses a delay over 9999 minutes and one that runs into the next booking', async () => {
    const { onOvertime } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Request delay' }));
    const input = await screen.findByLabelText('Delay (minutes)');
    fireEvent.change(input, { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The delay can be at most 9999 minutes')).toBeTruthy();
    fireEvent.change(input, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/conflicts with the next booking/)).toBeTruthy();
    expect(onOvertime).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onOvertime).toHaveBeenCalledWith(5);
  });
});
