/**
 * Named selectors for the run-of-show actor (system id `runOfShow`).
 */
import type { SnapshotFrom } from 'xstate';
import { timerAt, type RunOfShow, type Segment, type TimerPhase } from '../../protocol/runOfShow';
import type { BusyWork, CountdownFailure, NotSent, RunOfShowMachine, StepRefusal } from './runOfShowMachine';

type Snap = SnapshotFrom<RunOfShowMachine>;

export type ShowPhase = 'loading' | 'idle' | 'onAir' | 'held';
export type WorkPhase = 'steady' | BusyWork | 'none';

export const selectShowPhase = (s: Snap): ShowPhase => {
  if (s.matches('loading')) return 'loading';
  if (s.matches({ ready: { show: 'onAir' } }) || s.matches({ local: { show: 'onAir' } })) return 'onAir';
  if (s.matches({ ready: { show: 'held' } }) || s.matches({ local: { show: 'held' } })) return 'held';
  return 'idle';
};

/** In front of the platform: the run of show is kept in this browser only. */
export const selectLocal = (s: Snap): boolean => s.matches('local');

export const selectWork = (s: Snap): WorkPhase => {
  for (const w of ['saving', 'conflict', 'reloading', 'taking', 'undoing', 'holding', 'rehearsing'] as const)
    if (s.matches({ ready: { work: w } })) return w;
  if (s.matches({ local: { work: 'applying' } })) return 'applying';
  if (s.matches('local')) return 'steady';
  return s.matches('ready') ? 'steady' : 'none';
};

export const selectDoc = (s: Snap): RunOfShow => s.context.doc;
export const selectCue = (s: Snap): number => s.context.cue;
export const selectCurrent = (s: Snap): number => s.context.state.current;
export const selectCanUndo = (s: Snap): boolean => s.context.state.can_undo;
export const selectRefusal = (s: Snap): StepRefusal | null => s.context.refusal;
export const selectTheirs = (s: Snap) => s.context.theirs;
export const selectSaveFailed = (s: Snap): number | null => s.context.saveFailed;
export const selectTimings = (s: Snap): Record<string, number> => s.context.timings;
export const selectSegmentOnAir = (s: Snap): Segment | undefined => s.context.doc.segments[s.context.state.current];

/** The timer of the segment on air, as of the last tick (primitives: shallow-equal). */
export const selectTimer = (s: Snap): { elapsed: number; left: number; phase: TimerPhase } =>
  timerAt(s.context.state, s.context.doc.segments[s.context.state.current], s.context.now);

/** Rehearsal mode (the server records each segment's time on every Take). */
export const selectRehearsal = (s: Snap): boolean => s.context.state.rehearsal;

/** In front of the platform: the Take or Undo being applied step by step (or the last one), primitives for shallow-equal. */
export const selectPlatformRun = (s: Snap) => {
  const p = s.context.platform;
  return p
    ? {
        kind: p.kind,
        index: p.index,
        total: p.steps.length,
        done: p.done,
        refusedAt: p.refused ? p.refused.at : -1,
        refusedWhat: p.refused ? p.steps[p.refused.at]?.what : undefined,
      }
    : null;
};

/** In front of the platform: the last write of the timer into the endpoints' banner failed (null once one succeeds). */
export const selectCountdownFailure = (s: Snap): CountdownFailure | null => s.context.countdownFailure;

/** The last Take / Hold / Undo pressed and not sent (a command was out, or nothing to apply it to); null once a command is accepted. */
export const selectNotSent = (s: Snap): NotSent | null => s.context.notSent;
