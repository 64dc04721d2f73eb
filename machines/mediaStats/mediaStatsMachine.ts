/**
 * Polls the media statistics of one call leg (`GET /status/participant/{ep_id}/media_stream`,
 * protocol-facts §5.9) for the statistics chart and the signal overlays: one request at a time,
 * the next `intervalMs` after the previous answer (a slow server is never asked twice at once),
 * keeping the latest answer, a history of chart samples and whether the last call failed.
 * Stopping — the actor, `mediaStats.stop`, or watching another leg — aborts the call in flight.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MediaStreamResponse } from '../../protocol/wire';
import { appendSample, sampleFrom, type StatsSample } from './samples';

export type FetchMediaStats = (epId: number, signal: AbortSignal) => Promise<MediaStreamResponse>;

export interface MediaStatsInput {
  /** the call leg to poll; 0 (no leg) waits idle for `mediaStats.watch` */
  epId: number;
  /** reads the media statistics of a leg; must give up when `signal` aborts */
  fetchStats: FetchMediaStats;
  /** pause between an answer (or failure) and the next request */
  intervalMs: number;
  /** chart samples kept, oldest dropped first; 0 keeps none (only the latest answer matters) */
  historyLimit: number;
  /** wall clock in ms for the samples' time axis (default `Date.now`) */
  now?: () => number;
}

export interface MediaStatsContext {
  epId: number;
  fetchStats: FetchMediaStats;
  intervalMs: number;
  historyLimit: number;
  now: () => number;
  /** chart samples, oldest first, at most `historyLimit` */
  samples: StatsSample[];
  /** the last successful answer for this leg */
  latest: MediaStreamResponse | null;
  /** the last call failed (statistics not enabled, or unreachable); the next success clears it */
  failed: boolean;
}

export type MediaStatsEvent =
  /** poll this leg from now on (a different leg starts afresh; 0 stops) */
  | { type: 'mediaStats.watch'; epId: number }
  /** stop polling and forget what was read */
  | { type: 'mediaStats.stop' };

const nothingRead = { samples: [] as StatsSample[], latest: null, failed: false };

export const mediaStatsMachine = setup({
  types: {
    context: {} as MediaStatsContext,
    events: {} as MediaStatsEvent,
    input: {} as MediaStatsInput,
  },
  actors: {
    fetchStats: fromPromise<MediaStreamResponse, { fetchStats: FetchMediaStats; epId: number }>(({ input, signal }) =>
      input.fetchStats(input.epId, signal),
    ),
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
  },
  guards: {
    hasLeg: ({ context }) => context.epId > 0,
    alreadyWatched: ({ context, event }) => event.type === 'mediaStats.watch' && event.epId === context.epId,
  },
  actions: {
    watchLeg: assign(({ event }) => ({ ...nothingRead, epId: event.type === 'mediaStats.watch' ? Math.max(0, event.epId) : 0 })),
    forgetLeg: assign({ ...nothingRead, epId: 0 }),
    storeAnswer: assign(({ context }, answer: MediaStreamResponse) => ({
      latest: answer,
      failed: false,
      samples: appendSample(context.samples, sampleFrom(answer, Math.floor(context.now() / 1000)), context.historyLimit),
    })),
    markFailed: assign({ failed: true }),
  },
}).createMachine({
  id: 'mediaStats',
  context: ({ input }) => ({
    epId: Math.max(0, input.epId),
    fetchStats: input.fetchStats,
    intervalMs: input.intervalMs,
    historyLimit: input.historyLimit,
    now: input.now ?? Date.now,
    ...nothingRead,
  }),
  initial: 'idle',
  on: {
    'mediaStats.watch': [{ guard: 'alreadyWatched' }, { target: '.idle', reenter: true, actions: 'watchLeg' }],
    'mediaStats.stop': { target: '.idle', actions: 'forgetLeg' },
  },
  states: {
    idle: {
      always: { guard: 'hasLeg', target: 'polling' },
    },
    polling: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'fetchStats',
            input: ({ context }) => ({ fetchStats: context.fetchStats, epId: context.epId }),
            onDone: { target: 'waiting', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
            onError: { target: 'waiting', actions: 'markFailed' },
          },
        },
        waiting: {
          after: { interval: 'fetching' },
        },
      },
    },
  },
});

export type MediaStatsMachine = typeof mediaStatsMachine;
