// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, SimulatedClock } from 'xstate';
import { notifications } from '@mantine/notifications';
import { alertBudgetMachine, type AlertCondition, type TrackedCondition } from '@machines/index';
import { createTestI18n, installDomShims, renderUi } from '#/testing/render';
import { loadCatalog } from '#/i18n/i18n';
import { AlertList } from './AlertList';
import { QUALITY_ALERT_CLASS, useAlertToasts, type AlertBudgetRef } from './alertToasts';

beforeAll(installDomShims);
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

const alert = (n: number, metric: 'loss' | 'jitter', since: number): TrackedCondition => ({
  usrId: `u${n}`,
  name: `User ${n}`,
  metric,
  value: metric === 'loss' ? 8 : 55,
  threshold: metric === 'loss' ? 5 : 40,
  since,
  alertedAt: since + 10_000,
});

describe('AlertList', () => {
  it('the button counts the current alerts and opens them: participant, condition, since when, and a snooze each', async () => {
    const onSnooze = vi.fn();
    const since = new Date(2026, 10, 27, 9, 30, 5).getTime();
    renderUi(
      <AlertList
        alerts={[alert(1, 'loss', since), alert(2, 'jitter', since), alert(1, 'jitter', since + 60_000)]}
        flood={null}
        onSnooze={onSnooze}
      />,
    );
    const button = screen.getByRole('button', { name: /^Alerts/ });
    expect(button.getAttribute('data-count')).toBe('3');
    expect(screen.getByTestId('alert-count').textContent).toBe('3');
    fireEvent.click(button);
    // one row per participant, each of its conditions with since when
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('User 1Loss 8 % (alert at 5 %), since 9:30:05 AMJitter 55 ms (alert at 40 ms), since 9:31:05 AM'),
      expect.stringContaining('User 2Jitter 55 ms (alert at 40 ms), since 9:30:05'),
    ]);
    expect(screen.getAllByRole('button', { name: /^Snooze/, hidden: true })).toHaveLength(2);
    // the dropdown's enter transition still counts as hidden in happy-dom
    fireEvent.click(screen.getByRole('button', { name: 'Snooze the alerts of User 2 for 30 minutes', hidden: true }));
    expect(onSnooze).toHaveBeenCalledWith(expect.objectContaining({ usrId: 'u2' }));
    expect(screen.queryByTestId('alert-flood')).toBeNull();
  });

  it('says when alerts come as a flood, and that nothing is current when the list is empty', async () => {
    renderUi(<AlertList alerts={[]} flood={14} onSnooze={() => {}} />);
    const button = screen.getByRole('button', { name: 'Alerts' });
    expect(button.getAttribute('data-count')).toBe('0');
    fireEvent.click(button);
    expect((await screen.findByTestId('alert-flood')).textContent).toBe('14 alerts in the last 10 minutes: shown here, not one by one');
    expect(screen.getByText('No current alerts')).toBeTruthy();
  });
});

// the toasts show in the app's own container, which renderUi's providers (AppProviders) draw
function Toasts({ budget }: { budget: AlertBudgetRef }) {
  useAlertToasts(budget);
  return null;
}

const line = (n: number): AlertCondition => ({ usrId: `u${n}`, name: `User ${n}`, metric: 'loss', value: 8, threshold: 5 });

describe('the quality alert toast', () => {
  it('is the budget’s one interrupting alert; a flood turns it into the grouped alert whose count updates in place', async () => {
    const clock = new SimulatedClock();
    const budget = createActor(alertBudgetMachine, { clock, input: { now: () => clock.now() } }).start();
    renderUi(<Toasts budget={budget} />);
    const observe = (lines: AlertCondition[]) =>
      act(() => {
        budget.send({ type: 'alerts.observe', conditions: lines });
        clock.increment(10_000);
        budget.send({ type: 'alerts.observe', conditions: lines });
      });
    const lines = [line(1)];
    observe(lines);
    const first = (await screen.findByText('User 1: Loss 8 % (alert at 5 %)')).closest(`.${QUALITY_ALERT_CLASS}`);
    expect(first).not.toBeNull();
    // ten more alerts make a flood: the same toast now counts them
    for (let n = 2; n <= 11; n += 1) {
      lines.push(line(n));
      observe([...lines]);
    }
    await waitFor(() =>
      expect(document.querySelector(`.${QUALITY_ALERT_CLASS}`)?.textContent).toContain(
        '11 quality alerts in the last 10 minutes: see Alerts',
      ),
    );
    lines.push(line(12));
    observe([...lines]);
    await waitFor(() => expect(first?.textContent).toContain('12 quality alerts in the last 10 minutes'));
    // the very toast of the first alert, updated: never a second one
    expect([...document.querySelectorAll(`.${QUALITY_ALERT_CLASS}`)]).toEqual([first]);
    // the result of a host's own command shows beside it
    act(() => {
      notifications.show({ message: 'The command was refused' });
    });
    expect(await screen.findByText('The command was refused')).toBeTruthy();
    expect(document.querySelectorAll(`.${QUALITY_ALERT_CLASS}`)).toHaveLength(1);
  });

  it('says its title and message in the language shown now when the language switches while it is up', async () => {
    const i18n = await createTestI18n('en');
    const clock = new SimulatedClock();
    const budget = createActor(alertBudgetMachine, { clock, input: { now: () => clock.now() } }).start();
    renderUi(<Toasts budget={budget} />, i18n);
    act(() => {
      budget.send({ type: 'alerts.observe', conditions: [line(1)] });
      clock.increment(10_000);
      budget.send({ type: 'alerts.observe', conditions: [line(1)] });
    });
    const toast = (await screen.findByText('User 1: Loss 8 % (alert at 5 %)')).closest(`.${QUALITY_ALERT_CLASS}`);
    expect(toast?.textContent).toContain('Quality alert');
    await act(() => loadCatalog('zh', i18n));
    await waitFor(() => expect(toast?.textContent).toContain('User 1：丢包 8 %（告警阈值 5 %）'));
    expect(toast?.textContent).toContain('质量告警');
    expect(toast?.textContent).not.toContain('Quality alert');
  });

  it('a count never raises a toast that is gone', async () => {
    const clock = new SimulatedClock();
    const budget = createActor(alertBudgetMachine, { clock, input: { now: () => clock.now() } }).start();
    renderUi(<Toasts budget={budget} />);
    const lines: AlertCondition[] = [];
    for (let n = 1; n <= 12; n += 1) {
      lines.push(line(n));
      act(() => {
        budget.send({ type: 'alerts.observe', conditions: [...lines] });
        clock.increment(10_000);
        budget.send({ type: 'alerts.observe', conditions: [...lines] });
      });
      if (n === 1) {
        await screen.findByText('User 1: Loss 8 % (alert at 5 %)');
        act(() => notifications.hide('podium-quality-alert'));
        await waitFor(() => expect(document.querySelector(`.${QUALITY_ALERT_CLASS}`)).toBeNull());
      }
    }
    expect(budget.getSnapshot().context.flood).toBe(12);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector(`.${QUALITY_ALERT_CLASS}`)).toBeNull();
  });
});
