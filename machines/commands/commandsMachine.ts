/**
 * The command side of a session: every control request goes through here so the console knows
 * what is pending (a wait cursor overall and per participant, spec §4 "Pending requests") and
 * hears about refusals.
 *
 * Commands never change local state optimistically: the change shows when the feed reports it,
 * so a refusal has nothing to roll back; it only emits `command.refused` with the result code
 * (the UI translates it). Each request carries a client `req_id`, so network failures are
 * retried safely (the server applies a repeated id once, architecture §7).
 *
 * Outages lose nothing silently (issue 23 item 5): a command issued while the connection is lost
 * (`connectionLive()` false), or whose request met an outage (no answer, a time-out, 502/503/504,
 * result 9988 "platform unreachable" or 9998), is held, not refused: it goes out with the same
 * `req_id` once the connection is back (checked every `COMMAND_HOLD_CHECK_MS`, and at once on a
 * new session client) and settles like any command; one that cannot go within
 * `COMMAND_HOLD_LIMIT_MS` of being held is reported `command.notSent`, by name.
 *
 * Assumed calls degrade (issue 23 item 3): a refusal of a call of protocol/assumptions.ts that
 * says the platform does not know it (404, 400, 501, unknown action, not implemented) marks its
 * group "not offered" for the session (`selectNotOffered`), emitted once as `command.notOffered`.
 *
 * Length (over 400 lines on purpose): one statechart of pending, held and refused commands, whose
 * hold and release paths must be read together; the request bodies (requests.ts) and the focus-mode
 * rule (focusMode.ts) live apart.
 */
import { enqueueActions, fromCallback, setup } from 'xstate';
import { RC } from '../../protocol/codes';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { isApiError } from '../../protocol/errors';
import type { AssumptionGroup } from '../../protocol/assumptions';
import { notOfferedBy, type NotOfferedReason } from './notOffered';

export const COMMAND_RETRY_LIMIT = 2;
export const COMMAND_RETRY_DELAY_MS = 1000;
/** how long a command held during an outage may wait for the connection before it is reported not sent */
export const COMMAND_HOLD_LIMIT_MS = 120_000;
/** how often held commands look whether the connection is back */
export const COMMAND_HOLD_CHECK_MS = 1000;

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
  /** the connection is lost: not sent (or its request met the outage), waiting for it to come back */
  held?: boolean;
  /** its hold bound is running (it was held once) */
  holdStarted?: boolean;
  /** held longer than COMMAND_HOLD_LIMIT_MS: the next outage it meets reports it not sent */
  holdExpired?: boolean;
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
  /** the platform does not offer this assumed call: its group is marked, no error is due */
  notOffered?: NotOfferedReason;
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
  | { type: 'command.retry'; reqId: string }
  /** a request outside this actor (a GET of an assumed path) was refused as unknown */
  | { type: 'assumption.refused'; reason: NotOfferedReason; label?: string }
  /** internal: held commands look at the connection (`api`: a new session's client, use it now) */
  | { type: 'command.holdCheck'; api?: SessionApi }
  /** internal: a command met the outage (or the connection is lost): keep it */
  | { type: 'command.hold'; reqId: string }
  /** internal: a held command's bound */
  | { type: 'command.holdExpired'; reqId: string }
  /** internal: report a command not sent */
  | { type: 'command.giveUp'; reqId: string };

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
  | ({
      type: 'command.succeeded';
      reqId: string;
      label: string;
      suffix: string;
      response: unknown;
      usrIds: readonly string[];
    } & SentCommand)
  | ({ type: 'command.refused' } & CommandRefusal & SentCommand)
  /** the connection is lost: the command waits for it (it is sent, or reported not sent) */
  | { type: 'command.held'; reqId: string; label: string; suffix: string; usrIds: readonly string[]; body: Record<string, unknown> }
  /** held past the bound (or its session ended): never sent */
  | { type: 'command.notSent'; reqId: string; label: string; suffix: string; usrIds: readonly string[]; body: Record<string, unknown> }
  /** the first refusal that marked a group not offered */
  | { type: 'command.notOffered'; label: string; reason: NotOfferedReason };

export interface CommandsInput {
  api: SessionApi;
  newRequestId?: () => string;
  /**
   * (podium) the session can resume a lost session: a command refused because the session is
   * gone waits for the new one (`session.api`) and is sent again, instead of failing
   */
  resumable?: boolean;
  /**
   * whether the connection is up (the session reads its long poll); while false, commands are
   * held instead of sent. Default: always up.
   */
  connectionLive?: () => boolean;
}

export interface CommandsContext {
  api: SessionApi;
  resumable: boolean;
  connectionLive: () => boolean;
  /** assumed groups the platform refused this session, with why */
  notOffered: ReadonlyMap<AssumptionGroup, NotOfferedReason>;
  /** a hold check is scheduled */
  holdCheckScheduled: boolean;
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

const OUTAGE_STATUSES = new Set([502, 503, 504]);
const OUTAGE_RESULTS = new Set<number>([RC.upstreamUnreachable, RC.connectionTimeout]);

/**
 * The request met an outage, not a refusal: nothing (or a gateway) answered, so the platform did
 * not decide on it. Sending it again is safe: it carries the same `req_id`.
 */
function isOutage(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.kind !== 'http') return false;
  return OUTAGE_STATUSES.has(error.status) || (error.result !== undefined && OUTAGE_RESULTS.has(error.result));
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

/** the fields every report of a command carries */
const reportOf = (c: PendingCommand) => ({ reqId: c.reqId, label: c.label, suffix: c.suffix, usrIds: c.usrIds, body: c.body });

export const commandsMachine = setup({
  types: {
    context: {} as CommandsContext,
    events: {} as CommandsEvent,
    input: {} as CommandsInput,
    emitted: {} as CommandsEmitted,
  },
  actors: { sendCommand },
  delays: { commandRetryDelay: COMMAND_RETRY_DELAY_MS, commandHoldLimit: COMMAND_HOLD_LIMIT_MS, commandHoldCheck: COMMAND_HOLD_CHECK_MS },
  guards: {
    hasPending: ({ context }) => context.pending.size > 0,
  },
  actions: {
    /**
     * Keeps a command back until the connection returns: its bound starts the first time only
     * (a command flushed and met by the outage again does not get a new two minutes).
     */
    hold: enqueueActions(({ context, enqueue }, params: { reqId: string }) => {
      const c = context.pending.get(params.reqId);
      if (!c) return;
      enqueue.assign({ pending: new Map(context.pending).set(c.reqId, { ...c, held: true, holdStarted: true }) });
      if (!c.holdStarted) {
        enqueue.emit({ type: 'command.held', ...reportOf(c) });
        enqueue.raise({ type: 'command.holdExpired', reqId: c.reqId }, { delay: 'commandHoldLimit' });
      }
      if (!context.holdCheckScheduled) {
        enqueue.assign({ holdCheckScheduled: true });
        enqueue.raise({ type: 'command.holdCheck' }, { delay: 'commandHoldCheck' });
      }
    }),
    /** held commands go out once the connection is back; otherwise they look again later */
    checkHeld: enqueueActions(({ context, enqueue }, params: { api?: SessionApi }) => {
      const held = [...context.pending.values()].filter((c) => c.held);
      const api = params.api ?? context.api;
      if (held.length === 0) {
        enqueue.assign({ holdCheckScheduled: false });
        return;
      }
      if (!params.api && !context.connectionLive()) {
        enqueue.assign({ holdCheckScheduled: true });
        enqueue.raise({ type: 'command.holdCheck' }, { delay: 'commandHoldCheck' });
        return;
      }
      const pending = new Map(context.pending);
      for (const c of held) pending.set(c.reqId, { ...c, held: false, attempts: 1 });
      enqueue.assign({ pending, holdCheckScheduled: false });
      for (const c of held) enqueue.spawnChild('sendCommand', { id: childId(c.reqId), input: { api, command: pending.get(c.reqId)! } });
    }),
    /** a held command's bound: still held → not sent; in flight → the next outage reports it */
    expireHold: enqueueActions(({ context, enqueue }, params: { reqId: string }) => {
      const cmd = context.pending.get(params.reqId);
      if (!cmd) return;
      if (!cmd.held) {
        enqueue.assign({ pending: new Map(context.pending).set(cmd.reqId, { ...cmd, holdExpired: true }) });
        return;
      }
      enqueue.raise({ type: 'command.giveUp', reqId: cmd.reqId });
    }),
    reportNotSent: enqueueActions(({ context, enqueue, system }, params: { reqId: string }) => {
      const cmd = context.pending.get(params.reqId);
      if (!cmd) return;
      enqueue.stopChild(childId(cmd.reqId));
      enqueue.assign(withoutCommand(context, cmd.reqId));
      enqueue.emit({ type: 'command.notSent', ...reportOf(cmd) });
      const origin = cmd.origin ? system.get(cmd.origin) : undefined;
      if (origin) {
        const refusal: CommandRefusal = {
          reqId: cmd.reqId,
          label: cmd.label,
          suffix: cmd.suffix,
          usrIds: cmd.usrIds,
          status: 0,
          kind: 'notSent',
        };
        enqueue.sendTo(origin, settled({ reqId: cmd.reqId, label: cmd.label, ok: false, refusal }));
      }
    }),
    markNotOffered: enqueueActions(({ context, enqueue }, params: { reason: NotOfferedReason; label?: string }) => {
      if (context.notOffered.has(params.reason.group)) return;
      enqueue.assign({ notOffered: new Map(context.notOffered).set(params.reason.group, params.reason) });
      if (params.label !== undefined) enqueue.emit({ type: 'command.notOffered', label: params.label, reason: params.reason });
    }),
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
      // the connection is lost: a request now would only meet the outage
      if (!context.connectionLive()) enqueue.raise({ type: 'command.hold', reqId });
      else enqueue.spawnChild('sendCommand', { id: childId(reqId), input: { api: context.api, command } });
    }),
    succeed: enqueueActions(({ context, enqueue, system }, params: { reqId: string; response: unknown }) => {
      const cmd = context.pending.get(params.reqId);
      if (!cmd) return;
      enqueue.stopChild(childId(cmd.reqId));
      enqueue.assign(withoutCommand(context, cmd.reqId));
      enqueue.emit({
        type: 'command.succeeded',
        reqId: cmd.reqId,
        label: cmd.label,
        suffix: cmd.suffix,
        response: params.response,
        usrIds: cmd.usrIds,
        body: cmd.body,
      });
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
      if (isOutage(params.error)) {
        enqueue.raise({ type: cmd.holdExpired ? 'command.giveUp' : 'command.hold', reqId: cmd.reqId });
        return;
      }
      if (context.resumable && isSessionGone(params.error) && !cmd.resentAfterResume) {
        // the session resumes it (once) and hands us the new client with `session.api`
        enqueue.assign({ pending: new Map(context.pending).set(cmd.reqId, { ...cmd, awaitingSession: true }) });
        enqueue.sendParent({ type: 'session.requestLost' });
        return;
      }
      const refusal = toRefusal(cmd, params.error);
      const notOffered = notOfferedBy(cmd.suffix, cmd.body, params.error);
      if (notOffered) {
        refusal.notOffered = notOffered;
        enqueue.raise({ type: 'assumption.refused', reason: notOffered, label: cmd.label });
      }
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
      // a new session answers: what the outage held goes to it now
      enqueue.raise({ type: 'command.holdCheck', api: params.api });
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
    connectionLive: input.connectionLive ?? (() => true),
    notOffered: new Map(),
    holdCheckScheduled: false,
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
    'command.holdCheck': { target: '.settling', actions: { type: 'checkHeld', params: ({ event }) => ({ api: event.api }) } },
    'command.hold': { actions: { type: 'hold', params: ({ event }) => ({ reqId: event.reqId }) } },
    'command.giveUp': { target: '.settling', actions: { type: 'reportNotSent', params: ({ event }) => ({ reqId: event.reqId }) } },
    'command.holdExpired': { target: '.settling', actions: { type: 'expireHold', params: ({ event }) => ({ reqId: event.reqId }) } },
    'assumption.refused': { actions: { type: 'markNotOffered', params: ({ event }) => ({ reason: event.reason, label: event.label }) } },
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
