// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { SidebarInfo } from './SidebarInfo';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Spec §2 sidebar: "meeting number, call rate, start time, elapsed and remaining time" and "time to the next booking". */
describe('SidebarInfo items (spec §2)', () => {
  const now = 1_900_000_000;
  const props = {
    scene: 'conference' as const,
    clockOffsetSec: 0,
    onlineCount: 3,
    totalCount: 7,
    onOvertime: () => {},
    overtimePending: false,
  };

  it('shows the meeting number as typed, the call rate, the start, the time left and the time to the next booking', () => {
    vi.useFakeTimers({ now: now * 1000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderUi(<SidebarInfo {...props} mrId="0123" bandwidth={1024} startSec={now - 600} durationSec={3600} nextBookingSec={now + 7200} />);
    expect(screen.getByTestId('info-mr-id').textContent).toBe('0123');
    expect(screen.getByTestId('info-bandwidth').textContent).toBe('1024 kbps');
    expect(screen.getByTestId('info-start').textContent).not.toBe('–');
    expect(screen.getByTestId('info-remaining').textContent).toBe('0:50:00');
    expect(screen.getByTestId('info-next-booking').textContent).toBe('2:00:00');
  });

  it('a meeting without an end or a following booking says so', () => {
    vi.useFakeTimers({ now: now * 1000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderUi(<SidebarInfo {...props} mrId="8008038" bandwidth={2048} startSec={now - 60} durationSec={0} nextBookingSec={0} />);
    expect(screen.getByTestId('info-remaining').textContent).toBe('Unlimited');
    expect(screen.getByTestId('info-next-booking').textContent).toBe('No booking follows');
  });
});
