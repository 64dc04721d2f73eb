import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, SimulatedClock, spawnChild } from 'xstate';
import {
  alertBudgetMachine,
  ALERT_HOLD_MS,
  BUDGET_MS,
  FLOOD_COUNT,
  type AlertBudgetEmitted,
  type AlertCondition,
} from './alertBudgetMachine';
import { selectAlertList, selectFlood, selectInterrupts } from './selectors';
import { qualityHistoryMachine } from '../qualityHistory/qualityHistoryMachine';
import { settle, simulatedMeeting } from '../testing/simulatedMeeting';

const MINUTE = 60_000;
const line = (n: number, metric: 'loss' | 'jitter' = 'loss'): AlertCondition => ({
  usrId: `u${n}`,
  name: `User ${n}`,
  metric,
  value: metric === 'loss' ? 8 : 55,
  threshold: metric === 'loss' ? 5 : 40,
});

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(alertBudgetMachine, { clock, input: { now: () => clock.now() } }).start();
  const interrupts: Extract<AlertBudgetEmitted, { type: 'alert.interrupt' }>[] = [];
  const floods: number[] = [];
  actor.on('alert.interrupt', (e) => interrupts.push(e));
  actor.on('alert.flood', (e) => floods.push(e.count));
  /** observes `conditions` every 10 s for `ms` */
  const hold = (conditions: AlertCondition[], ms: number) => {
    for (let t = 0; t < ms; t += 10_000) {
      actor.send({ type: 'alerts.observe', conditions });
      clock.increment(10_000);
    }
  };
  return { clock, actor, interrupts, floods, hold };
}

describe('alertBudget', () => {
  it('a condition alerts only once it has lasted the hold time', () => {
    const { clock, actor, interrupts } = start();
    actor.send({ type: 'alerts.observe', conditions: [line(1)] });
    clock.increment(ALERT_HOLD_MS - 1000);
    actor.send({ type: 'alerts.observe', conditions: [line(1)] });
    expect(interrupts).toHaveLength(0);
    expect(selectAlertList(actor.getSnapshot())).toHaveLength(0);
    clock.increment(1000);
    actor.send({ type: 'alerts.observe', conditions: [line(1)] });
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0].alerts.map((a) => a.usrId)).toEqual(['u1']);
    expect(selectAlertList(actor.getSnapshot())).toMatchObject([{ usrId: 'u1', metric: 'loss', since: 0, alertedAt: ALERT_HOLD_MS }]);
  });

  it('a blip shorter than the hold time never alerts', () => {
    const { actor, interrupts, hold } = start();
    hold([line(1)], 5000);
    hold([], 60_000);
    expect(interrupts).toHaveLength(0);
    expect(actor.getSnapshot().context.conditions.size).toBe(0);
  });

  it('a constant bad line is alerted once while it lasts, and again only after it cleared', () => {
    const { clock, actor, interrupts, hold } = start();
    hold([line(1)], 60 * MINUTE);
    expect(interrupts).toHaveLength(1);
    expect(selectAlertList(actor.getSnapshot())).toHaveLength(1);
    hold([], MINUTE);
    expect(selectAlertList(actor.getSnapshot())).toHaveLength(0);
    hold([line(1)], MINUTE);
    expect(interrupts).toHaveLength(2);
    expect(selectAlertList(actor.getSnapshot())[0].since).toBe(61 * MINUTE);
    expect(clock.now()).toBe(62 * MINUTE);
  });

  it('after one interrupting alert the next ones only join the list until the budget is back', () => {
    const { actor, interrupts, hold } = start();
    hold([line(1)], 2 * MINUTE);
    hold([line(1), line(2)], 2 * MINUTE);
    expect(interrupts).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('spent');
    expect(selectAlertList(actor.getSnapshot()).map((a) => a.usrId)).toEqual(['u1', 'u2']);
    // the budget comes back 10 minutes after the interrupt: a new alert may interrupt again
    hold([line(1), line(2)], BUDGET_MS - 4 * MINUTE + 20_000);
    expect(actor.getSnapshot().value).toBe('ready');
    hold([line(1), line(2), line(3)], MINUTE);
    expect(interrupts).toHaveLength(2);
    expect(interrupts[1].alerts.map((a) => a.usrId)).toEqual(['u3']);
  });

  it(`more than ${FLOOD_COUNT} alerts in 10 minutes are one grouped alert whose count grows in place`, () => {
    const { actor, interrupts, floods, hold } = start();
    const lines: AlertCondition[] = [];
    for (let n = 1; n <= 25; n += 1) {
      lines.push(line(n));
      hold([...lines], 20_000);
    }
    expect(interrupts).toHaveLength(1);
    expect(selectFlood(actor.getSnapshot())).toBe(25);
    // the flood began at its 11th alert and then counted up by one each time, never a new toast
    expect(floods).toEqual(Array.from({ length: 15 }, (_, i) => 11 + i));
    expect(selectAlertList(actor.getSnapshot())).toHaveLength(25);
  });

  it('a flood when the budget is there interrupts once, as the grouped alert', () => {
    const { actor, interrupts, hold } = start();
    const many = Array.from({ length: 12 }, (_, i) => line(i + 1));
    hold(many, 30_000);
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0].flood).toBe(12);
    expect(selectFlood(actor.getSnapshot())).toBe(12);
  });

  it('a snoozed participant leaves the list, raises nothing and the snooze says who', () => {
    const { actor, interrupts, hold } = start();
    const snoozed: unknown[] = [];
    actor.on('alert.snoozed', (e) => snoozed.push(e.snooze));
    hold([line(1), line(2, 'jitter')], 30_000);
    actor.send({ type: 'alerts.snooze', usrId: 'u2', by: 'host' });
    expect(snoozed).toEqual([expect.objectContaining({ usrId: 'u2', name: 'User 2', by: 'host' })]);
    expect(selectAlertList(actor.getSnapshot()).map((a) => a.usrId)).toEqual(['u1']);
    // cleared and back while snoozed, after the budget returned: still nothing
    hold([line(1)], MINUTE);
    hold([line(1), line(2)], BUDGET_MS);
    expect(interrupts).toHaveLength(1);
    expect(selectAlertList(actor.getSnapshot()).map((a) => a.usrId)).toEqual(['u1']);
    // unsnoozed, its lasting condition is listed again, without interrupting
    actor.send({ type: 'alerts.unsnooze', usrId: 'u2' });
    hold([line(1), line(2)], 20_000);
    expect(selectAlertList(actor.getSnapshot()).map((a) => a.usrId)).toEqual(['u1', 'u2']);
    expect(interrupts).toHaveLength(1);
  });

  it('a snooze is recorded in the console’s own activity, saying who snoozed', () => {
    const notes: unknown[] = [];
    const parent = setup({
      actors: {
        budget: alertBudgetMachine,
        activity: fromCallback(({ receive }) => {
          receive((e) => notes.push(e));
        }),
      },
    }).createMachine({
      entry: [spawnChild('budget', { systemId: 'alertBudget', input: {} }), spawnChild('activity', { systemId: 'activity' })],
    });
    const root = createActor(parent).start();
    root.system.get('alertBudget').send({ type: 'alerts.snooze', usrId: 'u1', by: 'supervisor' });
    expect(notes).toEqual([
      {
        type: 'activity.console',
        note: { cmdid: 'alert_snooze', targets: [{ usr_id: 'u1', name: 'u1' }], values: { minutes: 30, by: 'supervisor' } },
      },
    ]);
  });

  describe('in the simulated meeting (the server simulation, qualityHistory sampling every 10 s)', () => {
    for (const participants of [300, 1000]) {
      it(`${participants} participants with 3 constant bad lines: at most one interrupting alert per 10 simulated minutes`, async () => {
        const clock = new SimulatedClock();
        const meeting = simulatedMeeting(participants, 3, () => 1_700_000_000_000 + clock.now());
        const quality = createActor(qualityHistoryMachine, {
          clock,
          input: { api: meeting.api, listLegs: () => meeting.legs, now: () => 1_700_000_000_000 + clock.now() },
        }).start();
        const budget = quality.system.get('alertBudget');
        const at: number[] = [];
        budget.on('alert.interrupt', () => at.push(clock.now()));
        quality.send({ type: 'quality.start' });
        // half an hour: three budgets (the benchmark runs two hours)
        for (let round = 0; round < 30 * 6; round += 1) {
          await settle();
          clock.increment(10_000);
        }
        // every 10-minute window, wherever it starts, holds at most one
        for (const t of at) expect(at.filter((u) => u >= t && u < t + BUDGET_MS)).toHaveLength(1);
        expect(at.length).toBeGreaterThanOrEqual(1);
        expect(at.length).toBeLessThanOrEqual(3);
        // the bad lines are in the list once each, loss and jitter
        const list = selectAlertList(budget.getSnapshot());
        for (const usrId of meeting.bad) expect(list.filter((a) => a.usrId === usrId && a.metric === 'loss')).toHaveLength(1);
        expect(selectInterrupts(budget.getSnapshot())).toBe(at.length);
        quality.stop();
      }, 60_000);
    }
  });
});
