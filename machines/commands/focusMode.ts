/**
 * The three focus modes of spec §6 ("specified focus, auto focus, non-focus") read from the
 * meeting status and the requests that choose one. Specified focus is `spec_focus_usr_ids`
 * (ctrl_mr_eps `focus` 1/0, facts §3.1, §3.3); auto focus is `focus_speaker` 1 (assumed, group
 * focus-modes: the room field of facts §6.5 read as "focus follows the speaker"), the one it picked
 * being `auto_focus_usr_id` (facts §3.3, evidence); non-focus is neither. Pure: the header's focus
 * chip and the participant toolbar both send these.
 */
import type { MrStatus } from '../../protocol/wire';
import { epsStep, statusStep, type WireStep } from './requests';

export type FocusMode = 'specified' | 'auto' | 'none';

export interface FocusState {
  mode: FocusMode;
  /** who is in specified focus ([] unless `mode` is specified) */
  specIds: readonly string[];
  /** whom auto focus picked ('' unless `mode` is auto, or while it has picked nobody) */
  autoUsrId: string;
}

export const NO_FOCUS: FocusState = { mode: 'none', specIds: [], autoUsrId: '' };

/**
 * The mode the status says. Without `focus_speaker` (a platform without the focus-modes group)
 * a reported `auto_focus_usr_id` still says auto focus: the evidence has the field.
 * @example focusStateOf({ focus_speaker: 1, auto_focus_usr_id: '7', spec_focus_usr_ids: [] }) // { mode: 'auto', autoUsrId: '7', specIds: [] }
 * @example focusStateOf({ spec_focus_usr_ids: ['7'] }) // { mode: 'specified', specIds: ['7'], autoUsrId: '' }
 */
export function focusStateOf(
  status: Partial<Pick<MrStatus, 'focus_speaker' | 'auto_focus_usr_id' | 'spec_focus_usr_ids'>> | null | undefined,
): FocusState {
  if (!status) return NO_FOCUS;
  const auto = status.auto_focus_usr_id ?? '';
  if (status.focus_speaker === 1 || (status.focus_speaker === undefined && auto)) return { mode: 'auto', specIds: [], autoUsrId: auto };
  const spec = status.spec_focus_usr_ids ?? [];
  if (spec.length) return { mode: 'specified', specIds: spec, autoUsrId: '' };
  return NO_FOCUS;
}

/**
 * The requests that go from `current` to `target`: auto focus is `focus_speaker` 1 (the server
 * ends a specified focus with it); no focus ends whichever runs; specified focus puts `usrIds` in
 * focus (the server ends auto focus with it). [] when nothing is to change.
 * @example focusModeSteps('none', { mode: 'specified', specIds: ['7'], autoUsrId: '' }) // [ctrl_mr_eps focus ['7'] 0]
 */
export function focusModeSteps(target: FocusMode, current: FocusState, usrIds: readonly string[] = []): WireStep[] {
  switch (target) {
    case 'auto':
      return current.mode === 'auto' ? [] : [statusStep('focus_speaker', 1)];
    case 'none':
      if (current.mode === 'auto') return [statusStep('focus_speaker', 0)];
      return current.specIds.length ? [epsStep('focus', current.specIds, 0)] : [];
    case 'specified':
      return usrIds.length ? [epsStep('focus', usrIds, 1)] : [];
  }
}
