/**
 * Benchmark of the alert budget (issue 26 item 1): interrupting alerts per 10 minutes in the
 * simulated meeting. The reference server's media simulation (drift and random loss bursts, 3
 * constant poor lines) at 300 and 1,000 participants, sampled by the real qualityHistory machine
 * every 10 s, its alerts passed through the real alert budget, for `BENCH_ALERT_MINUTES`
 * simulated minutes on a SimulatedClock. The figure is the busiest 10-minute window: the most
 * interrupting alerts in any window, wherever it starts (target ≤ 1).
 * Run: `npx tsx bench/alertBudget.ts` (or `npm run bench -- alertBudget`).
 */
import { createActor, SimulatedClock } from 'xstate';
import { qualityHistoryMachine } from '../machines/qualityHistory/qualityHistoryMachine';
import { BUDGET_MS } from '../machines/alertBudget/alertBudgetMachine';
import { selectAlertCount } from '../machines/alertBudget/selectors';
import { settle, simulatedMeeting } from '../machines/testing/simulatedMeeting';
import { reportFigure } from './figures';

const MINUTES = Number(process.env.BENCH_ALERT_MINUTES ?? 120);

async function run(participants: number): Promise<void> {
  const clock = new SimulatedClock();
  const epoch = Date.UTC(2026, 10, 27, 9);
  const now = () => epoch + clock.now();
  const meeting = simulatedMeeting(participants, 3, now);
  const quality = createActor(qualityHistoryMachine, { clock, input: { api: meeting.api, listLegs: () => meeting.legs, now } }).start();
  const budget = quality.system.get('alertBudget');
  const interrupts: number[] = [];
  let crossings = 0;
  let floodUpdates = 0;
  budget.on('alert.interrupt', () => interrupts.push(clock.now()));
  budget.on('alert.flood', () => (floodUpdates += 1));
  // before the budget every round with a crossing raised at least one toast
  const crossedRounds: number[] = [];
  quality.on('quality.crossed', (e) => {
    crossings += e.notices.length;
    crossedRounds.push(clock.now());
  });
  quality.send({ type: 'quality.start' });
  for (let round = 0; round < MINUTES * 6; round += 1) {
    await settle();
    clock.increment(10_000);
  }
  const busiestOf = (times: number[]) => Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + BUDGET_MS).length));
  const busiest = busiestOf(interrupts);
  const listed = selectAlertCount(budget.getSnapshot());
  quality.stop();
  console.log(
    `${participants} participants, ${MINUTES} simulated minutes: ${crossings} threshold crossings, ${interrupts.length} interrupting alerts ` +
      `(at ${interrupts.map((t) => `${(t / 60_000).toFixed(1)} min`).join(', ')}), ${floodUpdates} grouped-alert count updates, ${listed} alerts listed at the end; ` +
      `per-crossing toasts as before the budget: ${busiestOf(crossedRounds)} rounds with toasts in the busiest 10 min`,
  );
  reportFigure({
    figure: `alert budget: interrupting alerts in the busiest 10 min, simulated meeting of ${participants.toLocaleString('en')}`,
    value: busiest,
    unit: '',
    max: 1,
  });
}

await run(300);
await run(1000);
