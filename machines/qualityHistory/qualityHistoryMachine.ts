/**
 * The quality history of a meeting (issue 16.3): every `roundMs` (10 s) it samples the media
 * statistics of every participant in the background — one loss call for the whole meeting and a
 * small batch of `media_stream` reads (sampling.ts) — into ring buffers of 30 minutes
 * (qualityStore.ts) that outlive the participant's leaving. A participant whose loss or jitter
 * rises to a threshold raises one notice per crossing (`quality.crossed`, also kept in `notices`);
 * it is armed again once the figure is clearly back under the threshold ({@link REARM_RATIO}).
 *
 * It starts idle, on `quality.start` from the control screen (the layout window, which shares the
 * session, never samples). One round at a time: the next starts `roundMs` after the previous one ended (1 s while the
 * meeting has no legs yet), so a slow server is never asked twice at once. `quality.stop` (the
 * session logging out) aborts the round in flight and asks nothing more.
 *
 * Which conditions become alerts, and which of those interrupt the host, is the alert budget's
 * call (machines/alertBudget, spawned here as `alertBudget`): after each round it is told every
 * participant still above a threshold (hysteresis included) among the legs online now.
 */
import { assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import { alertBudgetMachine, type AlertCondition } from '../alertBudget/alertBudgetMachine';
import { sampleFrom, type StatsSample } from '../mediaStats/samples';
import { QualityStore, DEFAULT_CAPACITY, type QualityMetric } from './qualityStore';
import { pickBatch, readRound, type QualityApi, type QualityLeg, type RoundResult } from './sampling';

/** Thresholds that raise a notice: loss in percent, jitter in ms. */
export interface QualityThresholds {
  lossPct: number;
  jitterMs: number;
}

export const DEFAULT_THRESHOLDS: QualityThresholds = { lossPct: 5, jitterMs: 40 };
/**
 * A notified figure is armed again once it falls under this share of its threshold: a line
 * hovering around the threshold (loss 4.8, 5.3, 4.9 … %) would otherwise raise a notice every
 * other round, and its toasts would never leave the screen.
 */
export const REARM_RATIO = 0.8;
export const ROUND_MS = 10_000;
/** `media_stream` reads a round makes at most */
export const MEDIA_BATCH = 8;
/** notices kept, newest first */
export const NOTICE_CAP = 100;

/** One crossing of a threshold. */
export interface QualityNotice {
  usrId: string;
  name: string;
  metric: QualityMetric;
  /** the figure that crossed (percent or ms) */
  value: number;
  threshold: number;
  /** wall clock, ms */
  at: number;
}

export interface QualityHistoryInput {
  api: QualityApi;
  /** the online legs now (the session reads its participants actor) */
  listLegs: () => QualityLeg[];
  /**
   * whether the change feed is live now (default: always): while it is lost the session may be
   * gone or being resumed, and every read would only be refused, so rounds wait for it
   */
  feedLive?: () => boolean;
  thresholds?: QualityThresholds;
  roundMs?: number;
  batch?: number;
  capacity?: number;
  /** wall clock in ms (default `Date.now`) */
  now?: () => number;
}

export interface QualityHistoryContext {
  api: QualityApi;
  listLegs: () => QualityLeg[];
  feedLive: () => boolean;
  roundMs: number;
  batch: number;
  now: () => number;
  /** mutated in place; `round` tells readers it changed */
  store: QualityStore;
  round: number;
  thresholds: QualityThresholds;
  /** `usrId:metric` of figures at or above their threshold (notified, not yet under {@link REARM_RATIO} of it) */
  above: Set<string>;
  cursor: number;
  /** the last round found no legs (the roster was not loaded yet): try again soon */
  empty: boolean;
  notices: readonly QualityNotice[];
}

export type QualityHistoryEvent =
  /** start sampling (idempotent): the control screen sends it once it shows the participants */
  | { type: 'quality.start' }
  | { type: 'quality.setThresholds'; thresholds: QualityThresholds }
  /** a sample read elsewhere (the open statistics chart) joins the history */
  | { type: 'quality.sample'; usrId: string; name: string; sample: StatsSample }
  | { type: 'quality.clearNotices' }
  | { type: 'quality.stop' }
  | { type: 'session.api'; api: QualityApi };

export type QualityHistoryEmitted = { type: 'quality.crossed'; notices: QualityNotice[] };

interface RoundInput {
  api: QualityApi;
  legs: QualityLeg[];
  batch: QualityLeg[];
  /** where the next round's batch starts */
  cursor: number;
}

interface RoundOutput extends RoundResult {
  legs: QualityLeg[];
  cursor: number;
}

const METRICS = ['loss', 'jitter'] as const;

/** The usr_ids of `usrId:metric` keys. */
function usrIdsOf(keys: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const key of keys) out.add(key.slice(0, key.lastIndexOf(':')));
  return out;
}

function worstOf(sample: StatsSample, metric: 'loss' | 'jitter'): number {
  let worst = 0;
  for (const kind of ['audio', 'video', 'content'] as const)
    for (const dir of ['rx', 'tx'] as const) worst = Math.max(worst, sample[`${kind}_${dir}_${metric}`]);
  return worst;
}

/**
 * The conditions abnormal now: every `usrId:metric` still above its threshold (not yet back under
 * {@link REARM_RATIO} of it) of a leg online now; a participant who left has no condition.
 */
function conditionsOf(
  above: ReadonlySet<string>,
  legs: readonly QualityLeg[],
  store: QualityStore,
  thresholds: QualityThresholds,
): AlertCondition[] {
  // only the few usr_ids above a threshold are looked for: no set of every leg each round
  const wanted = usrIdsOf(above);
  const online = new Set<string>();
  for (const leg of legs) if (wanted.has(leg.usrId)) online.add(leg.usrId);
  const out: AlertCondition[] = [];
  for (const key of above) {
    const at = key.lastIndexOf(':');
    const usrId = key.slice(0, at);
    const metric = key.slice(at + 1) as QualityMetric;
    if (!online.has(usrId)) continue;
    // a leg not read this round keeps its last figure
    const now = store.current(usrId, metric);
    const value = Number.isNaN(now) ? store.summary(usrId, metric).latest : now;
    out.push({
      usrId,
      name: store.nameOf(usrId) ?? usrId,
      metric,
      value,
      threshold: metric === 'loss' ? thresholds.lossPct : thresholds.jitterMs,
    });
  }
  return out;
}

export const qualityHistoryMachine = setup({
  types: {
    context: {} as QualityHistoryContext,
    events: {} as QualityHistoryEvent,
    input: {} as QualityHistoryInput,
    emitted: {} as QualityHistoryEmitted,
  },
  actors: {
    alertBudget: alertBudgetMachine,
    round: fromPromise<RoundOutput, RoundInput>(async ({ input, signal }) => {
      // no legs (the roster is not loaded yet): nothing to ask
      if (input.legs.length === 0) return { loss: null, media: [], legs: [], cursor: 0 };
      return { ...(await readRound(input.api, input.legs, input.batch, signal)), legs: input.legs, cursor: input.cursor };
    }),
  },
  delays: {
    next: ({ context }) => (context.empty ? 1000 : context.roundMs),
  },
  actions: {
    record: enqueueActions(({ context, enqueue }, out: RoundOutput) => {
      const { store, thresholds } = context;
      const nowMs = context.now();
      store.beginRound(nowMs);
      const { legs, loss } = out;
      if (loss)
        for (let i = 0; i < legs.length; i++) if (!Number.isNaN(loss[i])) store.record(legs[i].usrId, legs[i].name, 'loss', loss[i]);
      for (const { leg, answer } of out.media) {
        if (!answer.data?.length) continue;
        const sample = sampleFrom(answer, Math.floor(nowMs / 1000));
        store.recordSample(leg.usrId, leg.name, sample);
        store.record(leg.usrId, leg.name, 'jitter', worstOf(sample, 'jitter'));
        // the loss call may be missing or report one kind only; the sample knows every kind
        store.record(leg.usrId, leg.name, 'loss', worstOf(sample, 'loss'));
      }
      // crossings: a figure of this round at or above its threshold, not yet notified
      const above = new Set(context.above);
      // a figure under its threshold needs its key only if it was notified: no key string per participant per round
      const notified = usrIdsOf(above);
      const crossed: QualityNotice[] = [];
      for (const usrId of store.usrIds()) {
        for (const metric of METRICS) {
          const value = store.current(usrId, metric);
          if (Number.isNaN(value)) continue;
          const threshold = metric === 'loss' ? thresholds.lossPct : thresholds.jitterMs;
          if (value >= threshold) {
            const key = `${usrId}:${metric}`;
            if (!above.has(key)) {
              above.add(key);
              crossed.push({ usrId, name: store.nameOf(usrId) ?? usrId, metric, value, threshold, at: nowMs });
            }
          } else if (value < threshold * REARM_RATIO && notified.has(usrId)) above.delete(`${usrId}:${metric}`);
        }
      }
      enqueue.assign({
        round: store.roundCount,
        above,
        cursor: out.cursor,
        empty: out.legs.length === 0,
        notices: crossed.length ? [...crossed.reverse(), ...context.notices].slice(0, NOTICE_CAP) : context.notices,
      });
      if (crossed.length) enqueue.emit({ type: 'quality.crossed', notices: crossed });
      // a round that found no legs (roster not loaded, or a failed read) says nothing of who cleared
      if (out.legs.length > 0)
        enqueue.sendTo('alertBudget', { type: 'alerts.observe', conditions: conditionsOf(above, out.legs, store, thresholds) });
    }),
    markEmpty: assign({ empty: true }),
    // new thresholds start afresh: whoever is above them now is notified at the next round
    setThresholds: assign((_, p: { thresholds: QualityThresholds }) => ({ thresholds: { ...p.thresholds }, above: new Set<string>() })),
    // the store is changed in place, at the transition like every reducer; the context keeps the same store
    recordSample: assign(({ context }, p: { usrId: string; name: string; sample: StatsSample }) => {
      context.store.recordSample(p.usrId, p.name, p.sample);
      return {};
    }),
    clearNotices: assign({ notices: [] }),
    rememberApi: assign((_, p: { api: QualityApi }) => ({ api: p.api })),
  },
}).createMachine({
  id: 'qualityHistory',
  context: ({ input }) => ({
    api: input.api,
    listLegs: input.listLegs,
    feedLive: input.feedLive ?? (() => true),
    roundMs: input.roundMs ?? ROUND_MS,
    batch: input.batch ?? MEDIA_BATCH,
    now: input.now ?? Date.now,
    store: new QualityStore(input.capacity ?? DEFAULT_CAPACITY),
    round: 0,
    thresholds: input.thresholds ?? DEFAULT_THRESHOLDS,
    above: new Set<string>(),
    cursor: 0,
    empty: false,
    notices: [],
  }),
  initial: 'idle',
  // the budget lives as long as the history: its alerts and snoozes outlast a stop
  entry: spawnChild('alertBudget', { id: 'alertBudget', systemId: 'alertBudget', input: ({ context }) => ({ now: context.now }) }),
  on: {
    'quality.setThresholds': { actions: { type: 'setThresholds', params: ({ event }) => ({ thresholds: event.thresholds }) } },
    'quality.sample': {
      actions: { type: 'recordSample', params: ({ event }) => ({ usrId: event.usrId, name: event.name, sample: event.sample }) },
    },
    'quality.clearNotices': { actions: 'clearNotices' },
    'session.api': { actions: { type: 'rememberApi', params: ({ event }) => ({ api: event.api }) } },
    'quality.stop': '.stopped',
  },
  states: {
    /** until a screen that shows quality asks (the control screen, not the layout window) */
    idle: {
      on: { 'quality.start': 'sampling' },
    },
    sampling: {
      invoke: {
        src: 'round',
        input: ({ context }) => {
          const legs = context.listLegs();
          const urgent = usrIdsOf(context.above);
          const { picked, cursor } = pickBatch(legs, urgent, context.cursor, context.batch);
          return { api: context.api, legs, batch: picked, cursor };
        },
        onDone: {
          target: 'waiting',
          actions: { type: 'record', params: ({ event }) => event.output },
        },
        onError: { target: 'waiting', actions: 'markEmpty' },
      },
    },
    waiting: {
      after: {
        next: [
          { guard: ({ context }) => context.feedLive(), target: 'sampling' },
          // the feed is lost: look again a round later
          { target: 'waiting', reenter: true },
        ],
      },
    },
    /** logging out: nothing more is asked */
    stopped: {},
  },
});

export type QualityHistoryMachine = typeof qualityHistoryMachine;
