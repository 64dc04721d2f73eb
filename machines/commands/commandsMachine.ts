/**
 * The command side of a session: every control request goes through here so the console knows
 * what is pending (a wait cursor overall and per participant, spec §4 "Pending requests") and
 * hears about refusals.
 *
 * Commands never change local state optimistically: the change shows when the feed reports it,
 * so a refusal has nothing to roll back; it only emits `command.refused` with the result code
 * (the UI translates it). Each request carries a client `req_id`, so network failures are
 * retried safely (the server applies a repeated id once, architecture §7).
 */
import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { RC } from '../../protocol/codes';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { isApiError } from '../../protocol/errors';

export const COMMAND_RETRY_LIMIT = 2;
export const COMMAND_RETRY_DELAY_MS = 1000;

export interface PendingCommand {
  reqId: string;
  suffix: string;
  body: Record<string, unknown>;
  usrIds: readonly string[];
  /** what the UI called it (e.g. 'mute', 'recording.start'), echoed in notifications */
  label: string;
  /** system id of the actor to tell when it settles */
  origin?: string;
  attempts: number;
  /** (podium) its session was gone: waiting for the resumed one to be sent again */
  awaitingSession?: boolean;
  /** (podium) already sent again after a resume (a second loss refuses it) */
  resentAfterResume?: boolean;
}

export interface CommandRefusal {
  reqId: string;
  label: string;
  suffix: string;
  usrIds: readonly string[];
  /** HTTP status, 0 when none arrived */
  status: number;
  /** result code of protocol/codes.ts, when the server sent one */
  result?: number;
  detail?: string;
  kind: string;
}

export type SendCommandEvent = {
  type: 'command.send';
  suffix: string;
  body: Record<string, unknown>;
  /** participants the command concerns: they show as pending until it settles */
  usrIds?: readonly string[];
  label?: string;
  origin?: string;
  reqId?: string;
};

export type CommandsEvent =
  | SendCommandEvent
  | SessionApiChangedEvent
  | { type: 'command.answered'; reqId: string; response: unknown }
  | { type: 'command.errored'; reqId: string; error: unknown }
  | { type: 'command.retry'; reqId: string };

/** Told to the `origin` actor of a command. */
export type CommandSettledEvent = {
  type: 'command.settled';
  reqId: string;
  label: string;
  ok: boolean;
  refusal?: CommandRefusal;
};

/** what was sent, for a record of it (the console's own activity log in front of the platform) */
interface SentCommand {
  body: Record<string, unknown>;
}

export type CommandsEmitted =
  | ({ type: 'command.succeeded'; reqId: string; label: string; suffix: string; response: unknown; usrIds: readonly string[] } & SentCommand)
  | ({ type: 'command.refused' } & CommandRefusal & SentCommand);

export interface CommandsInput {
  api: SessionApi;
  newRequestId?: () => string;
  /**
   * (podium) the session can resume a lost session: a command refused because the session is
   * gone waits for the new one (`session.api`) and is sent again, instead of failing
   */
  resumable?: boolean;
}

export interface CommandsContext {
  api: SessionApi;
  resumable: boolean;
  newRequestId: () => string;
  pending: ReadonlyMap<string, PendingCommand>;
  /** pending command count per usr_id */
  pendingByUsr: ReadonlyMap<string, number>;
}

const sendCommand = fromCallback<CommandsEvent, { api: SessionApi; command: PendingCommand }>(({ input, sendBack }) => {
  const abort = new AbortController();
  const { reqId, suffix, body } = input.command;
  input.api.post(suffix, body, abort.signal).then(
    (response) => sendBack({ type: 'command.answered', reqId, response }),
    (error) => {
      if (!abort.signal.aborted) sendBack({ type: 'command.errored', reqId, error });
    },
  );
  return () => abort.abort();
});

function isRetryable(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

/**
 * The server no longer knows the session (not merely a 404 of an unknown path). A 401 is left
 * out: it is what a session ended by `force_logout` answers, and its poll tells why.
 */
function isSessionGone(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    (error.status === 404 || error.status === 410) &&
    (error.result === RC.sessionExpired || error.result === RC.sessionNotFound)
  );
}

function toRefusal(cmd: PendingCommand, error: unknown): CommandRefusal {
  const base = { reqId: cmd.reqId, label: cmd.label, suffix: cmd.suffix, usrIds: cmd.usrIds };
  if (!isApiError(error)) return { ...base, status: 0, kind: 'unknown' };
  return { ...base, status: error.status, result: error.result, detail: error.detail, kind: error.kind };
}

function withoutCommand(context: CommandsContext, reqId: string): Partial<CommandsContext> {
  const cmd = context.pending.get(reqId);
  if (!cmd) return {};
  const pending = new Map(context.pending);
  pending.delete(reqId);
  const pendingByUsr = new Map(context.pendingByUsr);
  for (const id of cmd.usrIds) {
    const n = (pendingByUsr.get(id) ?? 1) - 1;
    if (n > 0) pendingByUsr.set(id, n);
    else pendingByUsr.delete(id);
  }
  return { pending, pendingByUsr };
}

/** typed as a plain EventObject: origins are other machines with their own event types */
const settled = (e: Omit<CommandSettledEvent, 'type'>): { type: string } => ({ type: 'command.settled', ...e });

const childId = (reqId: string) => `cmd:${reqId}`;

export const commandsMachine = setup({
  types: {
    context: {} as CommandsContext,
    events: {} as CommandsEvent,
    input: {} as CommandsInput,
    emitted: {} as CommandsEmitted,
  },
  actors: { sendCommand },
  delays: { commandRetryDelay: COMMAND_RETRY_DELAY_MS },
  guards: {
    hasPending: ({ context }) => context.pending.size > 0,
  },
  actions: {
    start: enqueueActions(({ context, enqueue }, params: { event: SendCommandEvent }) => {
      const e = params.event;
      const reqId = e.reqId ?? (e.body.req_id as string | undefined) ?? context.newRequestId();
      if (context.pending.has(reqId)) return;
      const command: PendingCommand = {
        reqId,
        suffix: e.suffix,
        body: { ...e.body, req_id: reqId },
        usrIds: e.usrIds ?? [],
        label: e.label ?? String(e.body.action ?? e.body.cmdid ?? e.suffix),
        origin: e.origin,
        attempts: 1,
      };
      const pending = new Map(context.pending).set(reqId, command);
      const pendingByUsr = new Map(context.pendingByUsr);
      for (const id of command.usrIds) pendingByUsr.set(id, (pendingByUsr.get(id) ?? 0) + 1);
      enqueue.assign({ pending, pendingByUsr });
      enqueue.spawnChild('sendCommand', { id: childId(reqId), input: { api: context.api, command } });
    }),
    succeed: enqueueActions(({ context, enqueue, system }, params: { reqId: string; response: unknown }) => {
      const cmd = context.pending.get(params.reqId);
      if (!cmd) return;
      enqueue.stopChild(childId(cmd.reqId));
      enqueue.assign(withoutCommand(context, cmd.reqId));
      enqueue.emit({ type: 'command.succeeded', reqId: cmd.reqId, label: cmd.label, suffix: cmd.suffix, response: params.response, usrIds: cmd.usrIds, body: cmd.body });
      const origin = cmd.origin ? system.get(cmd.origin) : undefined;
      if (origin) enqueue.sendTo(origin, settled({ reqId: cmd.reqId, label: cmd.label, ok: true }));
    }),
    failOrRetry: enqueueActions(({ context, enqueue, system }, params: { reqId: string; error: unknown }) => {
      const cmd = context.pending.get(params.reqId);
      if (!cmd) return;
      enqueue.stopChild(childId(cmd.reqId));
      if (isRetryable(params.error) && cmd.attempts <= COMMAND_RETRY_LIMIT) {
        const pending = new Map(context.pending).set(cmd.reqId, { ...cmd, attempts: cmd.attempts + 1 });
        enqueue.assign({ pending });
        enqueue.raise({ type: 'command.retry', reqId: cmd.reqId }, { delay: 'commandRetryDelay' });
        return;
      }
      if (context.resumable && isSessionGone(params.error) && !cmd.resentAfterResume) {
        // the session resumes it (once) and hands us the new client with `session.api`
        enqueue.assign({ pending: new Map(context.pending).set(cmd.reqId, { ...cmd, awaitingSession: true }) });
        enqueue.sendParent({ type: 'session.requestLost' });
        return;
      }
      const refusal = toRefusal(cmd, params.error);
      enqueue.assign(withoutCommand(context, cmd.reqId));
      enqueue.emit({ type: 'command.refused', ...refusal, body: cmd.body });
      const origin = cmd.origin ? system.get(cmd.origin) : undefined;
      if (origin) {
        enqueue.sendTo(origin, settled({ reqId: cmd.reqId, label: cmd.label, ok: false, refusal }));
      }
    }),
    /** a resumed session: later sends go to it, and commands that found the old one gone are sent again */
    useSession: enqueueActions(({ context, enqueue }, params: { api: SessionApi }) => {
      const waiting = [...context.pending.values()].filter((c) => c.awaitingSession);
      const pending = new Map(context.pending);
      for (const c of waiting) pending.set(c.reqId, { ...c, awaitingSession: false, resentAfterResume: true });
      enqueue.assign({ api: params.api, pending });
      for (const c of waiting) {
        enqueue.spawnChild('sendCommand', { id: childId(c.reqId), input: { api: params.api, command: pending.get(c.reqId)! } });
      }
    }),
    resend: enqueueActions(({ context, enqueue }, params: { reqId: string }) => {
      const command = context.pending.get(params.reqId);
      if (!command) return;
      enqueue.spawnChild('sendCommand', { id: childId(command.reqId), input: { api: context.api, command } });
    }),
  },
}).createMachine({
  id: 'commands',
  context: ({ input }) => ({
    api: input.api,
    resumable: input.resumable ?? false,
    newRequestId: input.newRequestId ?? (() => globalThis.crypto.randomUUID()),
    pending: new Map(),
    pendingByUsr: new Map(),
  }),
  on: {
    'session.api': { actions: { type: 'useSession', params: ({ event }) => ({ api: event.api }) } },
    'command.send': { target: '.busy', actions: { type: 'start', params: ({ event }) => ({ event }) } },
    'command.answered': {
      target: '.settling',
      actions: { type: 'succeed', params: ({ event }) => ({ reqId: event.reqId, response: event.response }) },
    },
    'command.errored': {
      target: '.settling',
      actions: { type: 'failOrRetry', params: ({ event }) => ({ reqId: event.reqId, error: event.error }) },
    },
    'command.retry': { actions: { type: 'resend', params: ({ event }) => ({ reqId: event.reqId }) } },
  },
  initial: 'idle',
  states: {
    idle: {},
    busy: { tags: ['busy'] },
    /** decides between idle and busy once a command has settled */
    settling: {
      always: [{ guard: 'hasPending', target: 'busy' }, { target: 'idle' }],
    },
  },
});

export type CommandsMachine = typeof commandsMachine;
