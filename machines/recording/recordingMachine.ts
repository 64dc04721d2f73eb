/**
 * Recording of the meeting: idle → starting → recording → stopping → idle, or failed. The user's
 * start/stop send `mod_mr_status enable_rec` through the commands actor and wait in
 * `starting`/`stopping`; the recorder's reports (`xuding_rec_status`, `one_mr_status`, the full
 * status) decide every state, so the console never shows a recording the server does not have.
 */
import { assign, emit, raise, sendTo, setup } from 'xstate';
import type { OneMrStatusEvent, XudingRecStatusEvent } from '../../protocol/events';
import type { MrStatus } from '../../protocol/wire';
import type { CommandRefusal, CommandSettledEvent } from '../commands/commandsMachine';
import { statusCommand } from '../commands/requests';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';

export type RecState = MrStatus['rec_state'];

export type RecordingEvent =
  | { type: 'recording.start' }
  | { type: 'recording.stop' }
  | { type: 'recording.report'; state: RecState; reason?: string; recordUuid?: string }
  | { type: 'server.xuding_rec_status'; event: XudingRecStatusEvent }
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot }
  | CommandSettledEvent;

export type RecordingEmitted =
  | { type: 'recording.started'; recordUuid: string }
  | { type: 'recording.stopped' }
  | { type: 'recording.failed'; reason: string }
  | ({ type: 'recording.refused' } & Pick<CommandRefusal, 'status' | 'result' | 'detail'>);

export interface RecordingContext {
  recordUuid: string;
  /** failure reason code when failed */
  failureReason: string;
  /** system id of the commands actor */
  commandsId: string;
}

/**
 * What a status delta says about recording: `rec_state` when present, else `rec_enabled`, else
 * the presence of `flv_fsize` (the platform's own reading, protocol-facts §5.2), else nothing.
 */
export function recStateOf(status: Partial<MrStatus>): RecState | null {
  if (status.rec_state) return status.rec_state;
  if (status.rec_enabled !== undefined) return status.rec_enabled ? 'recording' : 'idle';
  if (status.flv_fsize !== undefined) return 'recording';
  return null;
}

const START_LABEL = 'recording.start';
const STOP_LABEL = 'recording.stop';

export const recordingMachine = setup({
  types: {
    context: {} as RecordingContext,
    events: {} as RecordingEvent,
    input: {} as { commandsId?: string } | undefined,
    emitted: {} as RecordingEmitted,
  },
  guards: {
    reportIs: ({ event }, params: { state: RecState }) => event.type === 'recording.report' && event.state === params.state,
    refusedStart: ({ event }) => event.type === 'command.settled' && !event.ok && event.label === START_LABEL,
    refusedStop: ({ event }) => event.type === 'command.settled' && !event.ok && event.label === STOP_LABEL,
  },
  actions: {
    sendStart: sendTo(
      ({ context, system }) => system.get(context.commandsId),
      statusCommand('enable_rec', 1, { origin: 'recording', label: START_LABEL }),
    ),
    sendStop: sendTo(
      ({ context, system }) => system.get(context.commandsId),
      statusCommand('enable_rec', 0, { origin: 'recording', label: STOP_LABEL }),
    ),
    reportFromXuding: raise(({ event }) => {
      const e = (event as Extract<RecordingEvent, { type: 'server.xuding_rec_status' }>).event;
      if (!e?.rec_state) return { type: 'recording.report' as const, state: 'none' as RecState };
      return { type: 'recording.report' as const, state: e.rec_state, reason: e.reason, recordUuid: e.record_uuid };
    }),
    reportFromStatus: raise(({ event }) => {
      const status =
        (event.type === 'server.meeting_snapshot'
          ? event.snapshot?.status
          : (event as Extract<RecordingEvent, { type: 'server.one_mr_status' }>).event) ?? {};
      // null → an event no state handles: recording is not mentioned in this delta
      const state = recStateOf(status);
      return state
        ? { type: 'recording.report' as const, state, recordUuid: status.record_uuid }
        : { type: 'recording.report' as const, state: 'none' as RecState };
    }),
    storeReport: assign(({ context, event }) => {
      if (event.type !== 'recording.report') return {};
      return {
        recordUuid: event.recordUuid ?? context.recordUuid,
        failureReason: event.state === 'failed' ? (event.reason ?? 'unknown') : '',
      };
    }),
    emitStarted: emit(({ context }) => ({ type: 'recording.started' as const, recordUuid: context.recordUuid })),
    emitStopped: emit({ type: 'recording.stopped' }),
    emitFailed: emit(({ context }) => ({ type: 'recording.failed' as const, reason: context.failureReason })),
    emitRefused: emit(({ event }) => {
      const r = event.type === 'command.settled' ? event.refusal : undefined;
      return { type: 'recording.refused' as const, status: r?.status ?? 0, result: r?.result, detail: r?.detail };
    }),
  },
}).createMachine({
  id: 'recording',
  context: ({ input }) => ({ recordUuid: '', failureReason: '', commandsId: input?.commandsId ?? 'commands' }),
  initial: 'idle',
  on: {
    'server.xuding_rec_status': { actions: 'reportFromXuding' },
    'server.one_mr_status': { actions: 'reportFromStatus' },
    'server.meeting_snapshot': { actions: 'reportFromStatus' },
  },
  states: {
    idle: {
      on: {
        'recording.start': { target: 'starting', actions: 'sendStart' },
        'recording.report': [
          { guard: { type: 'reportIs', params: { state: 'recording' } }, target: 'recording', actions: ['storeReport', 'emitStarted'] },
          { guard: { type: 'reportIs', params: { state: 'starting' } }, target: 'starting', actions: 'storeReport' },
          { guard: { type: 'reportIs', params: { state: 'failed' } }, target: 'failed', actions: ['storeReport', 'emitFailed'] },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      on: {
        'command.settled': { guard: 'refusedStart', target: 'idle', actions: 'emitRefused' },
        'recording.report': [
          { guard: { type: 'reportIs', params: { state: 'recording' } }, target: 'recording', actions: ['storeReport', 'emitStarted'] },
          { guard: { type: 'reportIs', params: { state: 'failed' } }, target: 'failed', actions: ['storeReport', 'emitFailed'] },
          // 'idle' while starting is the status before the recorder picked it up: keep waiting
        ],
      },
    },
    recording: {
      on: {
        'recording.stop': { target: 'stopping', actions: 'sendStop' },
        'recording.report': [
          { guard: { type: 'reportIs', params: { state: 'idle' } }, target: 'idle', actions: ['storeReport', 'emitStopped'] },
          { guard: { type: 'reportIs', params: { state: 'stopping' } }, target: 'stopping', actions: 'storeReport' },
          { guard: { type: 'reportIs', params: { state: 'failed' } }, target: 'failed', actions: ['storeReport', 'emitFailed'] },
        ],
      },
    },
    stopping: {
      tags: ['busy'],
      on: {
        'command.settled': { guard: 'refusedStop', target: 'recording', actions: 'emitRefused' },
        'recording.report': [
          { guard: { type: 'reportIs', params: { state: 'idle' } }, target: 'idle', actions: ['storeReport', 'emitStopped'] },
          { guard: { type: 'reportIs', params: { state: 'failed' } }, target: 'failed', actions: ['storeReport', 'emitFailed'] },
        ],
      },
    },
    failed: {
      on: {
        'recording.start': { target: 'starting', actions: 'sendStart' },
        'recording.report': [
          { guard: { type: 'reportIs', params: { state: 'recording' } }, target: 'recording', actions: ['storeReport', 'emitStarted'] },
          { guard: { type: 'reportIs', params: { state: 'starting' } }, target: 'starting', actions: 'storeReport' },
          { guard: { type: 'reportIs', params: { state: 'idle' } }, target: 'idle', actions: 'storeReport' },
        ],
      },
    },
  },
});

export type RecordingMachine = typeof recordingMachine;
