/**
 * Participants of the meeting (spec §4 "Endpoints"): a full load replaces everything; feed deltas
 * are queued and applied together 800 ms after the first of a burst (spec §9 "Participant update
 * delay"), so a storm of status changes costs one pass and one re-render.
 *
 * The records live in a {@link ParticipantStore} mutated in place; `context.version` and
 * `context.counts` are the cheap values selectors compare.
 */
import { assign, setup } from 'xstate';
import type {
  MrParticipantsEvent,
  OnlineEpsInfoEvent,
  OnlineEpsLeftEvent,
  OnlineEpsStatusEvent,
  WaitingUsrEvent,
} from '../../protocol/events';
import type { MrParticipants, OnlineEpsInfo, OnlineEpsStatus } from '../../protocol/wire';
import { ParticipantStore, type ParticipantCounts } from './participantStore';

export const PARTICIPANT_UPDATE_DELAY_MS = 800;

export type ParticipantDelta = MrParticipantsEvent | OnlineEpsInfoEvent | OnlineEpsStatusEvent | OnlineEpsLeftEvent | WaitingUsrEvent;

export interface RosterSnapshot {
  roster: MrParticipants;
  info: OnlineEpsInfo;
  status: OnlineEpsStatus;
}

export type ParticipantsEvent =
  | { type: 'server.snapshot'; snapshot: RosterSnapshot }
  | { type: 'server.mr_participants'; event: MrParticipantsEvent }
  | { type: 'server.online_eps_info'; event: OnlineEpsInfoEvent }
  | { type: 'server.online_eps_status'; event: OnlineEpsStatusEvent }
  | { type: 'server.online_eps_left'; event: OnlineEpsLeftEvent }
  | { type: 'server.waiting_usr'; event: WaitingUsrEvent };

export interface ParticipantsContext {
  store: ParticipantStore;
  queue: ParticipantDelta[];
  /** the store's version after the last apply: what selectors compare */
  version: number;
  counts: ParticipantCounts;
}

/** Applies one feed delta to a store (shared by the machine and the benchmark). */
export function applyDelta(store: ParticipantStore, ev: ParticipantDelta): void {
  switch (ev.cmdid) {
    case 'mr_participants':
      store.applyRoster(ev);
      break;
    case 'online_eps_info':
      store.applyInfo(ev);
      break;
    case 'online_eps_status':
      store.applyStatus(ev);
      break;
    case 'online_eps_left':
      store.applyLeft(ev);
      break;
    case 'waiting_usr':
      store.applyWaiting(ev);
      break;
  }
}

function sameCounts(a: ParticipantCounts, b: ParticipantCounts): boolean {
  return a.total === b.total && a.online === b.online && a.handUp === b.handUp && a.waiting === b.waiting;
}

const DELTA_EVENTS = [
  'server.mr_participants',
  'server.online_eps_info',
  'server.online_eps_status',
  'server.online_eps_left',
  'server.waiting_usr',
] as const;

const enqueueDelta = {
  type: 'enqueue',
  params: ({ event }: { event: ParticipantsEvent }) => ({ delta: (event as { event: ParticipantDelta }).event }),
} as const;

export const participantsMachine = setup({
  types: {
    context: {} as ParticipantsContext,
    events: {} as ParticipantsEvent,
    input: {} as { store?: ParticipantStore },
  },
  delays: {
    participantUpdateDelay: PARTICIPANT_UPDATE_DELAY_MS,
  },
  actions: {
    loadSnapshot: assign(({ context }, params: { snapshot: RosterSnapshot }) => {
      const { store } = context;
      store.load(params.snapshot.roster, params.snapshot.info, params.snapshot.status);
      // deltas queued before the reload are older than it: the snapshot already holds them
      return { queue: [], version: store.version, counts: store.counts() };
    }),
    enqueue: assign(({ context }, params: { delta: ParticipantDelta }) => {
      // the queue array is private to this machine, so it grows in place
      context.queue.push(params.delta);
      return {};
    }),
    applyQueue: assign(({ context }) => {
      const { store, queue } = context;
      for (const ev of queue) applyDelta(store, ev);
      const counts = store.counts();
      return {
        queue: [],
        version: store.version,
        counts: sameCounts(counts, context.counts) ? context.counts : counts,
      };
    }),
  },
}).createMachine({
  id: 'participants',
  context: ({ input }) => {
    const store = input.store ?? new ParticipantStore();
    return { store, queue: [], version: store.version, counts: store.counts() };
  },
  initial: 'loading',
  on: {
    'server.snapshot': {
      target: '.ready',
      actions: { type: 'loadSnapshot', params: ({ event }) => ({ snapshot: event.snapshot }) },
    },
  },
  states: {
    /** nothing loaded yet: deltas cannot arrive before the first snapshot (the poll starts after it) */
    loading: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: Object.fromEntries(DELTA_EVENTS.map((type) => [type, { target: 'pending', actions: enqueueDelta }])),
        },
        pending: {
          on: Object.fromEntries(DELTA_EVENTS.map((type) => [type, { actions: enqueueDelta }])),
          after: { participantUpdateDelay: { target: 'idle', actions: 'applyQueue' } },
        },
      },
    },
  },
});

export type ParticipantsMachine = typeof participantsMachine;
