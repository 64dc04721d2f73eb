/**
 * Run of show (issue 28): the meeting's agenda of segments, the cue (Up Next), Take / Next / Back /
 * Hold / Undo, and the segment timer, as this console sees and drives it.
 *
 * Podium mode: the document and the live state live on the server (protocol/runOfShow.ts); this
 * actor reads them once, follows the `run_of_show` event (a new revision → the document is read
 * again, once a command out has settled), saves edits with the revision it last saw (a 409 →
 * `conflict`, holding the server's document beside this console's, until the user keeps one), and
 * sends each Take / undo / hold as one command. A platform without the calls (404/405) → `local`:
 * the document stays in this browser (the UI says so) and Take applies the segment as the sequence
 * of the platform's own requests (segmentSteps.ts), one after the other, with progress; a refused
 * step stops the sequence and is named with the steps already applied (never half-way silently).
 *
 * The timer ticks every second on the actor's clock (a SimulatedClock in tests) while a segment is
 * on air and not held; the phases (running, warning, overrun) come from `timerAt`. In front of the
 * platform a timer shown on the endpoints is written into their banner by this actor (countdown.ts),
 * as the server does it against Podium.
 *
 * Length (over 400 lines on purpose): one statechart; the server and local (platform) modes share
 * the editing, cue and timer regions, whose transitions must be read together. The platform's
 * requests (segmentSteps.ts), the countdown (countdown.ts), the selectors and the timer's phases
 * (protocol/runOfShow.ts) already live apart.
 */
import { and, assign, emit, enqueueActions, fromCallback, fromPromise, not, setup, stateIn } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { isApiError } from '../../protocol/errors';
import type { WireStep } from '../commands/requests';
import {
  captureSegment,
  EMPTY_RUN_OF_SHOW,
  INITIAL_STATE,
  decodeRunOfShowState,
  substituteSegment,
  timerAt,
  validateRunOfShow,
  type MeetingView,
  type RunOfShow,
  type RunOfShowEvent,
  type RunOfShowState,
  type Segment,
  type SegmentBanner,
} from '../../protocol/runOfShow';

import { segmentSteps, undoSteps, type SegmentStep } from './segmentSteps';
import { afterPlatformRun, countdownWrite, wantedCountdown, type CountdownShown, type CountdownWrite } from './countdown';

export const RUN_OF_SHOW_SUFFIX = 'run-of-show';
export const TICK_MS = 1000;

export interface RunOfShowInput {
  api: SessionApi;
  /** Unix seconds now (the test's simulated clock) */
  nowSecs?: () => number;
}

/** The commands the panel's keys press: Take (T), Hold / Resume (H), Undo (U). */
export type PressedCommand = 'take' | 'undo' | 'hold';

/** The work states in which a command is out (every one but `steady`). */
export type BusyWork = 'saving' | 'conflict' | 'reloading' | 'taking' | 'undoing' | 'holding' | 'rehearsing' | 'applying';

/**
 * A Take, Hold or Undo that was pressed and not sent: another command was still out (`during`;
 * `loading`: the run of show was still being read), or (`during: null`) there was nothing to
 * apply it to — no segment, nothing on air, nothing to undo. Reported, never queued (README: a
 * Take fired late, after the meeting changed under it, surprises more than a clear "not sent").
 */
export interface NotSent {
  command: PressedCommand;
  during: BusyWork | 'loading' | null;
  /** counts the presses not sent in a row, so the same note said again is a new note */
  press: number;
}

/** A Take, undo or hold the server refused: its result code and detail (who is offline). */
export interface StepRefusal {
  step: 'take' | 'undo' | 'hold' | 'rehearsal';
  result?: number;
  detail?: string;
  status: number;
}

export interface RunOfShowContext {
  api: SessionApi;
  nowSecs: () => number;
  doc: RunOfShow;
  revision: number;
  state: RunOfShowState;
  /** the segment Take will put on air */
  cue: number;
  /** Unix seconds as last ticked */
  now: number;
  /** the document waiting to be saved (this console's edit) */
  draft: RunOfShow | null;
  /** conflict: the server's document that came in between */
  theirs: { doc: RunOfShow; revision: number } | null;
  refusal: StepRefusal | null;
  /** save failed for another reason than a conflict (result code) */
  saveFailed: number | null;
  /** seconds each segment ran when it was last taken off air, by segment id (rehearsal timings) */
  timings: Record<string, number>;
  /** the substitutes of the Take being sent */
  substitutes: Record<string, string>;
  /** in front of the platform: the Take being applied step by step, or the last one */
  platform: PlatformRun | null;
  /** in front of the platform: the meeting before the last Take (the server keeps its own) */
  undo: Segment | null;
  /** in front of the platform: the segment timer as this console last wrote it into the endpoints' banner */
  countdown: CountdownShown | null;
  /** the countdown write in flight, and what the banner showed before it */
  countdownSending: { write: CountdownWrite; before: CountdownShown | null } | null;
  /** the last countdown write failed (cleared by one that succeeds): reported once, not per write */
  countdownFailure: CountdownFailure | null;
  /** the last Take / Hold / Undo pressed and not sent; kept until a command is accepted, so it outlives the one that was out */
  notSent: NotSent | null;
  /**
   * The newest revision the feed announced (0: none since the last read): `steady` reads the
   * document again while the revision it holds is older — at once, or once the command out settles.
   */
  reloadDue: number;
}

/** A countdown write the platform refused or that did not reach it (status 0). */
export interface CountdownFailure {
  status: number;
  result?: number;
}

/** A Take applied as the platform's own requests: the steps, how many are done, the refused one. */
export interface PlatformRun {
  kind: 'take' | 'undo';
  /** the segment taken, or (undo) the one taken off air */
  index: number;
  steps: SegmentStep[];
  done: number;
  /** the step that was refused (the ones before it stay applied; the ones after were not sent) */
  refused: (StepRefusal & { at: number }) | null;
  /** (take) the meeting before it, as a segment: what Undo puts back */
  capture: Segment | null;
}

export type RunOfShowMachineEvent =
  | { type: 'runOfShow.edit'; doc: RunOfShow }
  /** substitutes: who stands in for whom (offline or missing), this Take only */
  /** view (in front of the platform): the meeting now, to send only what differs; look: its banner's, for Undo's capture */
  | { type: 'runOfShow.take'; substitutes?: Record<string, string>; view?: MeetingView; look?: Partial<SegmentBanner> }
  | { type: 'runOfShow.rehearsal' }
  | { type: 'runOfShow.stepDone' }
  | { type: 'runOfShow.stepRefused'; error: unknown }
  | { type: 'runOfShow.stepsDone' }
  | { type: 'runOfShow.next' }
  | { type: 'runOfShow.back' }
  | { type: 'runOfShow.cue'; index: number }
  | { type: 'runOfShow.hold' }
  /** view (in front of the platform): the meeting now, to put back only what differs from the capture */
  | { type: 'runOfShow.undo'; view?: MeetingView }
  | { type: 'runOfShow.keepMine' }
  | { type: 'runOfShow.keepTheirs' }
  | { type: 'runOfShow.reload' }
  | { type: 'server.run_of_show'; event: RunOfShowEvent }
  | SessionApiChangedEvent;

interface Answer {
  revision: number;
  doc: RunOfShow;
  state: RunOfShowState;
}

function decodeAnswer(v: unknown): Answer {
  const o = (v ?? {}) as Record<string, unknown>;
  const checked = validateRunOfShow(o.doc);
  return {
    revision: typeof o.revision === 'number' ? o.revision : 0,
    doc: checked.ok ? checked.doc : EMPTY_RUN_OF_SHOW,
    state: decodeRunOfShowState(o.state),
  };
}

/**
 * A Take / undo / hold / rehearsal answer: the server's state, and (Podium, optional) the document
 * with its revision when the command wrote a new one (a Take in rehearsal mode records the time of
 * the segment it ends). Without both, the document is not known here and the feed's revision is read.
 */
interface StepAnswer {
  state: RunOfShowState;
  written: { revision: number; doc: RunOfShow } | null;
}

function decodeStepAnswer(v: unknown): StepAnswer {
  const o = (v ?? {}) as Record<string, unknown>;
  const checked = o.doc === undefined ? null : validateRunOfShow(o.doc);
  const revision = o.revision;
  const written =
    checked?.ok && typeof revision === 'number' && Number.isInteger(revision) && revision > 0 ? { revision, doc: checked.doc } : null;
  return { state: decodeRunOfShowState(o.state), written };
}

const clampCue = (doc: RunOfShow, i: number) => Math.max(0, Math.min(i, Math.max(0, doc.segments.length - 1)));

/** Context after a new server state: the cue moves past a newly taken segment; the last segment's time is kept. */
function adoptState(ctx: RunOfShowContext, state: RunOfShowState, doc: RunOfShow = ctx.doc): Partial<RunOfShowContext> {
  const before = ctx.state;
  const out: Partial<RunOfShowContext> = { state, now: ctx.nowSecs() };
  if (state.take_seq !== before.take_seq && state.current !== before.current) {
    const left = ctx.doc.segments[before.current];
    if (left) out.timings = { ...ctx.timings, [left.id]: timerAt(before, left, ctx.nowSecs()).elapsed };
    if (state.current >= 0) out.cue = clampCue(doc, state.current + 1);
    // undone back to nothing on air: the segment taken off is cued again
    else if (before.current >= 0) out.cue = clampCue(doc, before.current);
  }
  return out;
}

export const runOfShowMachine = setup({
  types: {
    context: {} as RunOfShowContext,
    input: {} as RunOfShowInput,
    events: {} as RunOfShowMachineEvent,
    emitted: {} as
      | { type: 'runOfShow.refused'; refusal: StepRefusal }
      | { type: 'runOfShow.conflict' }
      | { type: 'runOfShow.countdownFailed'; failure: CountdownFailure },
  },
  actors: {
    load: fromPromise<Answer, { api: SessionApi }>(async ({ input, signal }) =>
      decodeAnswer(await input.api.get(RUN_OF_SHOW_SUFFIX, signal)),
    ),
    save: fromPromise<{ revision: number; state: RunOfShowState }, { api: SessionApi; revision: number; doc: RunOfShow }>(
      async ({ input, signal }) => {
        const ans = (await input.api.post(
          RUN_OF_SHOW_SUFFIX,
          { cmdid: 'put_run_of_show', revision: input.revision, doc: input.doc },
          signal,
        )) as Record<string, unknown>;
        return { revision: typeof ans.revision === 'number' ? ans.revision : input.revision + 1, state: decodeRunOfShowState(ans.state) };
      },
    ),
    step: fromPromise<StepAnswer, { api: SessionApi; body: Record<string, unknown> }>(async ({ input, signal }) =>
      decodeStepAnswer(await input.api.post(RUN_OF_SHOW_SUFFIX, input.body, signal)),
    ),
    /** the platform's requests one after the other; the first refusal stops the rest */
    platformSteps: fromCallback<RunOfShowMachineEvent, { api: SessionApi; steps: SegmentStep[] }>(({ input, sendBack }) => {
      const abort = new AbortController();
      void (async () => {
        for (const step of input.steps) {
          try {
            await input.api.post(step.suffix, step.body, abort.signal);
          } catch (error) {
            if (!abort.signal.aborted) sendBack({ type: 'runOfShow.stepRefused', error });
            return;
          }
          if (abort.signal.aborted) return;
          sendBack({ type: 'runOfShow.stepDone' });
        }
        sendBack({ type: 'runOfShow.stepsDone' });
      })();
      return () => abort.abort();
    }),
    /** one countdown write: its requests one after the other (one per role), stopped when the actor leaves */
    countdownSend: fromPromise<void, { api: SessionApi; steps: WireStep[] }>(async ({ input, signal }) => {
      for (const step of input.steps) {
        if (signal.aborted) return;
        await input.api.post(step.suffix, step.body, signal);
      }
    }),
  },
  delays: { tick: TICK_MS },
  guards: {
    notOffered: ({ event }) => {
      const e = (event as { error?: unknown }).error;
      return isApiError(e) && (e.status === 404 || e.status === 405);
    },
    isConflict: ({ event }) => {
      const e = (event as { error?: unknown }).error;
      return isApiError(e) && e.status === 409;
    },
    newerRevision: ({ context, event }) => event.type === 'server.run_of_show' && event.event.revision > context.revision,
    onAir: ({ context }) => context.state.current >= 0 && context.state.held_since === 0,
    held: ({ context }) => context.state.current >= 0 && context.state.held_since > 0,
    nothingOnAir: ({ context }) => context.state.current < 0,
    hasSegments: ({ context }) => context.doc.segments.length > 0,
    countdownDue: ({ context }) => countdownWrite(context.countdown, wantedCountdown(context.doc, context.state, context.now)) !== null,
    applying: stateIn({ local: { work: 'applying' } }),
    reloadDue: ({ context }) => context.reloadDue > context.revision,
  },
  actions: {
    adoptAnswer: assign(({ context }, a: Answer) => ({
      ...adoptState(context, a.state, a.doc),
      doc: a.doc,
      revision: a.revision,
      cue:
        a.state.take_seq === context.state.take_seq && context.revision > 0
          ? clampCue(a.doc, context.cue)
          : clampCue(a.doc, a.state.current + 1),
    })),
    adoptEventState: assign(({ context, event }) => (event.type === 'server.run_of_show' ? adoptState(context, event.event.state) : {})),
    noteReloadDue: assign(({ context, event }) =>
      event.type === 'server.run_of_show' ? { reloadDue: Math.max(context.reloadDue, event.event.revision) } : {},
    ),
    clearReloadDue: assign({ reloadDue: 0 }),
    // the command's own new revision (its document in the answer) is this console's: the feed's
    // event of it is then not newer, so it costs no read; an older one changes nothing here
    adoptStepState: assign(({ context }, a: StepAnswer) =>
      a.written && a.written.revision > context.revision
        ? { ...adoptState(context, a.state, a.written.doc), doc: a.written.doc, revision: a.written.revision, refusal: null }
        : { ...adoptState(context, a.state), refusal: null },
    ),
    tick: assign(({ context }) => ({ now: context.nowSecs() })),
    noteRefusal: assign(({ event }, step: StepRefusal['step']) => {
      const e = (event as { error?: unknown }).error;
      const refusal: StepRefusal = isApiError(e) ? { step, result: e.result, detail: e.detail, status: e.status } : { step, status: 0 };
      return { refusal };
    }),
    emitRefusal: emit(({ context }) => ({ type: 'runOfShow.refused' as const, refusal: context.refusal! })),
    // the panel reads it (selectNotSent); `press` counts presses in a row, so the same line said again is a new one
    noteNotSent: assign(({ context }, p: { command: PressedCommand; during: NotSent['during'] }) => ({
      notSent: { ...p, press: (context.notSent?.press ?? 0) + 1 },
    })),
    /** a command accepted: the note of one not sent before it has been answered by the user */
    clearNotSent: assign({ notSent: null }),
    setApi: assign(({ event }) => (event.type === 'session.api' ? { api: event.api } : {})),
    countdownStart: assign(({ context }) => {
      const write = countdownWrite(context.countdown, wantedCountdown(context.doc, context.state, context.now))!;
      // taken as written from now on: a refused write is not sent again until the text changes
      return { countdownSending: { write, before: context.countdown }, countdown: write.shown };
    }),
    countdownSent: assign({ countdownSending: null, countdownFailure: null }),
    countdownFailed: enqueueActions(({ context, event, enqueue }) => {
      const e = (event as { error?: unknown }).error;
      const failure: CountdownFailure = isApiError(e) ? { status: e.status, result: e.result } : { status: 0 };
      if (!context.countdownFailure) enqueue.emit({ type: 'runOfShow.countdownFailed' as const, failure });
      enqueue.assign({ countdownFailure: failure, countdownSending: null });
    }),
    // stopped half-way: what the endpoints show is not known, so the next look writes again (or puts the banner back)
    countdownStopped: assign(({ context }) => {
      const s = context.countdownSending;
      const shown = s ? (s.write.shown ?? s.before) : context.countdown;
      return { countdownSending: null, countdown: shown && { ...shown, message: '' } };
    }),
    cueNext: assign(({ context }) => ({ cue: clampCue(context.doc, context.cue + 1) })),
    cueBack: assign(({ context }) => ({ cue: clampCue(context.doc, context.cue - 1) })),
    cueAt: assign(({ context }, p: { index: number }) => ({ cue: clampCue(context.doc, p.index) })),
    /** in front of the platform the document lives in this browser: an edit is kept as it is */
    keepLocalDoc: assign((_, p: { doc: RunOfShow }) => ({ doc: p.doc })),
    startPlatformTake: assign(
      ({ context }, p: { view: MeetingView; substitutes: Record<string, string>; look?: Partial<SegmentBanner> }) => ({
        refusal: null,
        platform: {
          kind: 'take' as const,
          index: context.cue,
          // stand-ins, as the server's Take takes them: every place the segment names the absent
          steps: segmentSteps(p.view, substituteSegment(context.doc.segments[context.cue], p.substitutes)),
          done: 0,
          refused: null,
          // the meeting before this Take, as the server captures it: what Undo puts back
          capture: captureSegment(p.view, 'undo', 'undo', p.look),
        },
      }),
    ),
    startPlatformUndo: assign(({ context }, p: { view: MeetingView }) => ({
      refusal: null,
      platform: {
        kind: 'undo' as const,
        index: context.state.current,
        steps: undoSteps(p.view, context.undo!),
        done: 0,
        refused: null,
        capture: null,
      },
    })),
    holdLocally: assign(({ context }) => ({ state: holdState(context.state, context.nowSecs()), now: context.nowSecs() })),
    countPlatformStep: assign(({ context }) => ({ platform: { ...context.platform!, done: context.platform!.done + 1 } })),
    finishPlatformRun: assign(({ context }) => platformApplied(context)),
    notePlatformRefusal: assign(({ context }, p: { error: unknown }) => platformRefused(context, p.error)),
    /** the edit shows at once; `draft` is what the save sends (and what a conflict keeps as mine) */
    keepDraft: assign((_, p: { doc: RunOfShow }) => ({ draft: p.doc, doc: p.doc, saveFailed: null })),
    keepSubstitutes: assign((_, p: { substitutes?: Record<string, string> }) => ({ substitutes: { ...p.substitutes } })),
    adoptSaved: assign(({ context }, p: { revision: number; state: RunOfShowState }) => ({
      revision: p.revision,
      draft: null,
      ...adoptState(context, p.state),
    })),
    markSaveFailed: assign((_, p: { error: unknown }) => ({
      saveFailed: isApiError(p.error) ? (p.error.result ?? p.error.status) : -1,
      draft: null,
    })),
    rememberTheirs: assign((_, p: { doc: RunOfShow; revision: number }) => ({ theirs: { doc: p.doc, revision: p.revision } })),
    /** mine is saved again over theirs: against their revision, so the server takes it */
    keepMine: assign(({ context }) => ({ revision: context.theirs!.revision, theirs: null })),
    keepTheirs: assign(({ context }) => ({
      doc: context.theirs!.doc,
      revision: context.theirs!.revision,
      theirs: null,
      draft: null,
    })),
  },
}).createMachine({
  id: 'runOfShow',
  context: ({ input }) => {
    const nowSecs = input.nowSecs ?? (() => Math.floor(Date.now() / 1000));
    return {
      api: input.api,
      nowSecs,
      doc: EMPTY_RUN_OF_SHOW,
      revision: 0,
      state: INITIAL_STATE,
      cue: 0,
      now: nowSecs(),
      draft: null,
      theirs: null,
      refusal: null,
      saveFailed: null,
      timings: {},
      substitutes: {},
      platform: null,
      undo: null,
      countdown: null,
      countdownSending: null,
      countdownFailure: null,
      notSent: null,
      reloadDue: 0,
    };
  },
  on: { 'session.api': { actions: 'setApi' } },
  initial: 'loading',
  states: {
    loading: {
      on: notSentWhile('loading'),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'ready', actions: { type: 'adoptAnswer', params: ({ event }) => event.output } },
        onError: [{ guard: 'notOffered', target: 'local' }, { target: 'ready' }],
      },
    },
    /**
     * The platform has no run of show: the document stays in this browser; Take and Undo send the
     * platform's own requests, Hold stops this browser's clock.
     */
    local: {
      type: 'parallel',
      on: {
        'runOfShow.edit': { actions: { type: 'keepLocalDoc', params: ({ event }) => ({ doc: event.doc }) } },
        'runOfShow.next': { actions: 'cueNext' },
        'runOfShow.back': { actions: 'cueBack' },
        'runOfShow.cue': { actions: { type: 'cueAt', params: ({ event }) => ({ index: event.index }) } },
      },
      states: {
        show: showRegion(),
        countdown: countdownRegion(),
        work: {
          initial: 'steady',
          states: {
            steady: {
              on: {
                'runOfShow.take': [
                  {
                    guard: ({ context, event }) => event.view !== undefined && context.doc.segments[context.cue] !== undefined,
                    target: 'applying',
                    actions: [
                      'clearNotSent',
                      {
                        type: 'startPlatformTake',
                        params: ({ event }) => ({ view: event.view!, substitutes: event.substitutes ?? {}, look: event.look }),
                      },
                    ],
                  },
                  nothingFor('take'),
                ],
                'runOfShow.undo': [
                  {
                    guard: ({ context, event }) => context.state.can_undo && context.undo !== null && event.view !== undefined,
                    target: 'applying',
                    actions: ['clearNotSent', { type: 'startPlatformUndo', params: ({ event }) => ({ view: event.view! }) }],
                  },
                  nothingFor('undo'),
                ],
                'runOfShow.hold': [
                  { guard: ({ context }) => context.state.current >= 0, actions: ['clearNotSent', 'holdLocally'] },
                  nothingFor('hold'),
                ],
              },
            },
            applying: {
              invoke: { src: 'platformSteps', input: ({ context }) => ({ api: context.api, steps: context.platform!.steps }) },
              on: {
                ...notSentWhile('applying'),
                'runOfShow.stepDone': { actions: 'countPlatformStep' },
                'runOfShow.stepsDone': { target: 'steady', actions: 'finishPlatformRun' },
                'runOfShow.stepRefused': {
                  target: 'steady',
                  actions: [{ type: 'notePlatformRefusal', params: ({ event }) => ({ error: event.error }) }, 'emitRefusal'],
                },
              },
            },
          },
        },
      },
    },
    ready: {
      type: 'parallel',
      on: {
        // another console saved: the live state is taken at once, but a command out is left to
        // settle (applied or reported, never dropped) — `steady` then reads the document again
        'server.run_of_show': [{ guard: 'newerRevision', actions: ['adoptEventState', 'noteReloadDue'] }, { actions: 'adoptEventState' }],
        'runOfShow.next': { actions: 'cueNext' },
        'runOfShow.back': { actions: 'cueBack' },
        'runOfShow.cue': { actions: { type: 'cueAt', params: ({ event }) => ({ index: event.index }) } },
      },
      states: {
        /** what is on air, from the server's state */
        show: showRegion(),
        /** what this console is doing with the server */
        work: {
          initial: 'steady',
          states: {
            steady: {
              // a newer revision came in (now, or while the command that just settled was out)
              always: { guard: 'reloadDue', target: 'reloading' },
              on: {
                'runOfShow.edit': {
                  target: 'saving',
                  actions: ['clearNotSent', { type: 'keepDraft', params: ({ event }) => ({ doc: event.doc }) }],
                },
                'runOfShow.take': [
                  {
                    guard: 'hasSegments',
                    target: 'taking',
                    actions: ['clearNotSent', { type: 'keepSubstitutes', params: ({ event }) => ({ substitutes: event.substitutes }) }],
                  },
                  nothingFor('take'),
                ],
                'runOfShow.undo': [
                  { guard: ({ context }) => context.state.can_undo, target: 'undoing', actions: 'clearNotSent' },
                  nothingFor('undo'),
                ],
                'runOfShow.hold': [
                  { guard: ({ context }) => context.state.current >= 0, target: 'holding', actions: 'clearNotSent' },
                  nothingFor('hold'),
                ],
                'runOfShow.rehearsal': { target: 'rehearsing', actions: 'clearNotSent' },
                'runOfShow.reload': { target: 'reloading' },
              },
            },
            /** Podium's edit: the whole document with the revision this console last saw */
            saving: {
              on: notSentWhile('saving'),
              invoke: {
                src: 'save',
                input: ({ context }) => ({ api: context.api, revision: context.revision, doc: context.draft ?? context.doc }),
                onDone: {
                  target: 'steady',
                  actions: { type: 'adoptSaved', params: ({ event }) => event.output },
                },
                onError: [
                  { guard: 'isConflict', target: 'conflict' },
                  {
                    target: 'reloading',
                    actions: { type: 'markSaveFailed', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            /** another controller saved in between: both documents are kept until the user keeps one */
            conflict: {
              entry: emit({ type: 'runOfShow.conflict' as const }),
              invoke: {
                src: 'load',
                input: ({ context }) => ({ api: context.api }),
                onDone: {
                  actions: { type: 'rememberTheirs', params: ({ event }) => ({ doc: event.output.doc, revision: event.output.revision }) },
                },
                // theirs could not be read: the server's document is read again (this edit is not kept)
                onError: { target: 'reloading' },
              },
              on: {
                ...notSentWhile('conflict'),
                'runOfShow.keepMine': {
                  guard: ({ context }) => context.theirs !== null,
                  target: 'saving',
                  actions: 'keepMine',
                },
                'runOfShow.keepTheirs': {
                  guard: ({ context }) => context.theirs !== null,
                  target: 'steady',
                  actions: 'keepTheirs',
                },
              },
            },
            reloading: {
              // this read answers every revision announced so far; one announced during it is read after
              entry: 'clearReloadDue',
              on: notSentWhile('reloading'),
              invoke: {
                src: 'load',
                input: ({ context }) => ({ api: context.api }),
                onDone: { target: 'steady', actions: { type: 'adoptAnswer', params: ({ event }) => event.output } },
                onError: { target: 'steady' },
              },
            },
            taking: stepState('take', 'taking', ({ context }) =>
              Object.keys(context.substitutes).length
                ? { cmdid: 'take_segment', index: context.cue, substitutes: context.substitutes }
                : { cmdid: 'take_segment', index: context.cue },
            ),
            undoing: stepState('undo', 'undoing', () => ({ cmdid: 'undo_take' })),
            holding: stepState('hold', 'holding', ({ context }) => ({
              cmdid: 'hold_segment',
              value: context.state.held_since > 0 ? 0 : 1,
            })),
            rehearsing: stepState('rehearsal', 'rehearsing', ({ context }) => ({
              cmdid: 'rehearsal_mode',
              value: context.state.rehearsal ? 0 : 1,
            })),
          },
        },
      },
    },
  },
});

/** What is on air (the server's state, or this browser's in front of the platform); ticks while on air. */
function showRegion() {
  return {
    initial: 'deciding' as const,
    states: {
      deciding: {
        always: [
          { guard: 'onAir' as const, target: 'onAir' as const },
          { guard: 'held' as const, target: 'held' as const },
          { target: 'idle' as const },
        ],
      },
      idle: {
        always: [
          { guard: 'onAir' as const, target: 'onAir' as const },
          { guard: 'held' as const, target: 'held' as const },
        ],
      },
      onAir: {
        always: [
          { guard: 'held' as const, target: 'held' as const },
          { guard: 'nothingOnAir' as const, target: 'idle' as const },
        ],
        after: { tick: { target: 'onAir' as const, reenter: true, actions: 'tick' as const } },
      },
      held: {
        always: [
          { guard: 'onAir' as const, target: 'onAir' as const },
          { guard: 'nothingOnAir' as const, target: 'idle' as const },
        ],
      },
    },
  };
}

/**
 * In front of the platform: the segment timer on the endpoints' banner (countdown.ts), written by
 * this console each time its text changes. It steps aside while a Take or an Undo is applied: a
 * write in flight is stopped, so the Take never waits for it and no countdown is sent after the
 * Take's own banner step; once applied, the segment now on air decides (its countdown, or the
 * banner back). A failed write is reported once, until one succeeds, and never stops the show.
 */
function countdownRegion() {
  return {
    initial: 'watching' as const,
    states: {
      watching: {
        always: { guard: and([not('applying'), 'countdownDue']), target: 'sending' as const, actions: 'countdownStart' as const },
      },
      sending: {
        always: { guard: 'applying' as const, target: 'watching' as const, actions: 'countdownStopped' as const },
        invoke: {
          src: 'countdownSend' as const,
          input: ({ context }: { context: RunOfShowContext }) => ({ api: context.api, steps: context.countdownSending!.write.steps }),
          onDone: { target: 'watching' as const, actions: 'countdownSent' as const },
          onError: { target: 'watching' as const, actions: 'countdownFailed' as const },
        },
      },
    },
  };
}

/**
 * While a command is out, a Take, Hold or Undo pressed is not sent and not kept for later: it is
 * noted (`notSent`) and emitted once per press, so the user knows to press again once it is answered.
 */
function notSentWhile(during: BusyWork | 'loading') {
  const note = (command: PressedCommand) => ({ actions: { type: 'noteNotSent' as const, params: { command, during } } });
  return { 'runOfShow.take': note('take'), 'runOfShow.hold': note('hold'), 'runOfShow.undo': note('undo') };
}

/** In `steady`, the command's guard said no (no segment, nothing on air, nothing to undo): told, not silent. */
function nothingFor(command: PressedCommand) {
  return { actions: { type: 'noteNotSent' as const, params: { command, during: null } } };
}

/** Hold on or off as the server's `hold_segment` does it: the held time is not counted in the segment's. */
export function holdState(st: RunOfShowState, now: number): RunOfShowState {
  const state = st.held_since > 0 ? { ...st, held_since: 0, held_secs: st.held_secs + (now - st.held_since) } : { ...st, held_since: now };
  return { ...state, take_seq: st.take_seq + 1 };
}

/** In front of the platform, every step applied: the Take's segment is on air, or Undo's capture is back. */
function platformApplied(context: RunOfShowContext): Partial<RunOfShowContext> {
  const run = context.platform!;
  const now = context.nowSecs();
  const st = context.state;
  const countdown = afterPlatformRun(context.countdown, { ...run, applied: run.steps.length }, run.kind === 'undo' ? context.undo : null);
  if (run.kind === 'undo') {
    const state: RunOfShowState = {
      ...st,
      current: st.previous,
      previous: -1,
      taken_at: st.previous >= 0 ? now : 0,
      held_since: 0,
      held_secs: 0,
      can_undo: false,
      take_seq: st.take_seq + 1,
    };
    return { ...adoptState(context, state), undo: null, countdown };
  }
  const state: RunOfShowState = {
    ...st,
    current: run.index,
    taken_at: now,
    held_since: 0,
    held_secs: 0,
    previous: st.current,
    can_undo: true,
    take_seq: st.take_seq + 1,
  };
  return { ...adoptState(context, state), undo: run.capture, countdown };
}

/**
 * In front of the platform, a step refused: the steps before it stay applied. After a Take's first
 * step the meeting is no longer what it was, so Undo (back to the capture, the same segment on
 * air) is offered; a refused Undo keeps its capture to be tried again.
 */
function platformRefused(context: RunOfShowContext, error: unknown): Partial<RunOfShowContext> {
  const run = context.platform!;
  const step = run.kind;
  const refusal: StepRefusal = isApiError(error)
    ? { step, result: error.result, detail: error.detail, status: error.status }
    : { step, status: 0 };
  const out: Partial<RunOfShowContext> = {
    refusal,
    platform: { ...run, refused: { ...refusal, at: run.done } },
    countdown: afterPlatformRun(context.countdown, { ...run, applied: run.done }, null),
  };
  if (run.kind === 'take' && run.done > 0)
    Object.assign(out, {
      undo: run.capture,
      state: { ...context.state, previous: context.state.current, can_undo: true, take_seq: context.state.take_seq + 1 },
    });
  return out;
}

/** A Take / undo / hold in flight: applied → the server's state; refused → `refusal`, emitted once. */
function stepState(step: StepRefusal['step'], during: BusyWork, body: (args: { context: RunOfShowContext }) => Record<string, unknown>) {
  return {
    on: notSentWhile(during),
    invoke: {
      src: 'step' as const,
      input: ({ context }: { context: RunOfShowContext }) => ({ api: context.api, body: body({ context }) }),
      onDone: {
        target: 'steady',
        actions: { type: 'adoptStepState' as const, params: ({ event }: { event: { output: StepAnswer } }) => event.output },
      },
      onError: { target: 'steady', actions: [{ type: 'noteRefusal' as const, params: step }, 'emitRefusal' as const] },
    },
  };
}

export type RunOfShowMachine = typeof runOfShowMachine;
