/**
 * What the participant screens ask the session to do, as data. The container turns a
 * {@link ParticipantCommand} into its wire requests ({@link toWireRequests}) and hands them to the
 * session's commands actor, which sends them and tracks them as pending until they are answered.
 *
 * Meeting-wide actions and raised hands are the evidence's recipes (protocol-facts §3.1, §3.2;
 * builders in machines/commands/requests.ts), the same in both wire modes; Podium's own mass
 * action stays only for "everyone, main venue and honoured guests included", which no recipe can
 * do, and only for a Podium server (`Vocabulary`).
 */
import type {
  CreateTempCallRequest,
  CtrlMrEpsRequest,
  CtrlUsrFeccRequest,
  EpsAction,
  ModMrInfoRequest,
  ModMrStatusRequest,
  MrStatusKey,
} from '@protocol/wire';
import { CMD } from '@protocol/cmdids';
import {
  acceptHandSteps,
  epsStep,
  hangUpAllSteps,
  overtimeStep,
  listenBanSteps,
  muteAllSteps,
  refuseHandSteps,
  watchBanSteps,
  type WireStep,
} from '@machines/commands/requests';
import { focusModeSteps, type FocusMode, type FocusState } from '@machines/commands/focusMode';

/** A command that is one request. */
export type SimpleCommand =
  | { type: 'eps'; action: EpsAction; usrIds: string[]; value?: number | string; depIds?: number[]; recursion?: number }
  | { type: 'status'; key: MrStatusKey; value: number | string }
  | { type: 'tempCall'; callUrl: string; usrType: number; dispName: string }
  | { type: 'overtime'; increaseSecs: number }
  | { type: 'fecc'; action: CtrlUsrFeccRequest['action']; usrId: string; movement: CtrlUsrFeccRequest['movement'] };

/** A command the evidence performs with a recipe: one or several requests. */
export type RecipeCommand =
  /** mute all / cancel (`all_guests_mute`); `everyone` (podium only): main venue and honoured guests too (`all_a_rx` scope all) */
  | { type: 'muteAll'; on: boolean; everyone?: boolean }
  /** forbid (`allow` false) or allow all listening: `mr_atx_mode` */
  | { type: 'listenAll'; allow: boolean }
  /** forbid or allow all watching: `mr_vtx_mode` */
  | { type: 'watchAll'; allow: boolean }
  /** hang up everyone online: `drop` of their usr_ids */
  | { type: 'hangUpAll' }
  /** accept raised hands: `a_rx` 1 + `clear_hand`; `showTalker` puts a single talker on screen (talk layout) */
  | { type: 'acceptHands'; usrIds: string[]; showTalker?: boolean }
  /** refuse raised hands: `clear_hand` */
  | { type: 'refuseHands'; usrIds: string[] }
  /** a roll-call step: the roll-call actor sends its recipe (machines/rollCall), not the container */
  | { type: 'rollCall'; step: 'start' | 'next' | 'end'; usrId?: string; view?: 'called_only' | 'with_speaker' }
  /** choose a focus mode (spec §6): auto, none, or specified on `usrIds` (machines/commands/focusMode) */
  | { type: 'focusMode'; mode: FocusMode; focus: FocusState; usrIds?: string[] };

export type ParticipantCommand = SimpleCommand | RecipeCommand;

/** What a recipe needs to know when it leaves. */
export interface RecipeContext {
  /** usr_ids of the participants in the meeting now (not waiting) */
  onlineIds: readonly string[];
}

export interface WireRequest {
  /** suffix under /rest/v1/meetings/{mr}/sessions/{sess}/ */
  suffix: string;
  body: CtrlMrEpsRequest | ModMrStatusRequest | CreateTempCallRequest | ModMrInfoRequest | CtrlUsrFeccRequest;
}

/**
 * The wire requests of a command, in the order they go out.
 * @example toWireRequests({ type: 'muteAll', on: true }, ctx) // [mr-status {cmdid:'mod_mr_status', all_guests_mute:1}]
 */
export function toWireRequests(cmd: ParticipantCommand, ctx: RecipeContext): WireRequest[] {
  const steps = (list: WireStep[]) => list as unknown as WireRequest[];
  switch (cmd.type) {
    case 'muteAll':
      return cmd.everyone ? steps([epsStep('all_a_rx', [], cmd.on ? 0 : 1, { scope: 'all' })]) : steps(muteAllSteps(cmd.on));
    case 'listenAll':
      return steps(listenBanSteps(!cmd.allow));
    case 'watchAll':
      return steps(watchBanSteps(!cmd.allow));
    case 'hangUpAll':
      return steps(hangUpAllSteps(ctx.onlineIds));
    case 'acceptHands':
      return steps(acceptHandSteps(cmd.usrIds, { showTalker: cmd.showTalker }));
    case 'refuseHands':
      return steps(refuseHandSteps(cmd.usrIds));
    case 'rollCall':
      return [];
    case 'focusMode':
      return steps(focusModeSteps(cmd.mode, cmd.focus, cmd.usrIds));
    default:
      return [toWireRequest(cmd)];
  }
}

/**
 * The wire request of a one-request command (protocol-facts §2, §3, §5.8).
 * @example toWireRequest({ type: 'eps', action: 'a_rx', usrIds: ['7'], value: 0 }) // mute user 7
 */
export function toWireRequest(cmd: SimpleCommand): WireRequest {
  switch (cmd.type) {
    case 'eps':
      return asRequest(epsStep(cmd.action, cmd.usrIds, cmd.value, { depIds: cmd.depIds, recursion: cmd.recursion }));
    case 'status':
      return { suffix: 'mr-status', body: { cmdid: CMD.modMrStatus, [cmd.key]: cmd.value } };
    case 'tempCall':
      return {
        suffix: 'temp-usrs',
        body: { cmdid: CMD.createTempCall, call_url: cmd.callUrl, usr_type: cmd.usrType, disp_name: cmd.dispName },
      };
    case 'overtime':
      return asRequest(overtimeStep(cmd.increaseSecs));
    case 'fecc':
      // protocol-facts §5.8: moves carry timeout 1000 ms and speed 4, the stop 100 ms.
      return {
        suffix: 'fecc',
        body: {
          cmdid: CMD.ctrlUsrFecc,
          action: cmd.action,
          usr_id: cmd.usrId,
          movement: cmd.movement,
          timeout: cmd.action === 'stop' ? 100 : 1000,
          speed: 4,
        },
      };
  }
}

/** A stable key per command target, so the UI can show which rows wait for an answer. */
export function commandTargets(cmd: ParticipantCommand): string[] {
  if (cmd.type === 'eps' || cmd.type === 'acceptHands' || cmd.type === 'refuseHands') return cmd.usrIds;
  if (cmd.type === 'fecc') return [cmd.usrId];
  if (cmd.type === 'focusMode') return cmd.usrIds ?? [];
  return [];
}

/** How a command was asked for: from the bulk toolbar (its result toast counts a selection of one too). */
export interface CommandMeta {
  bulk?: boolean;
}

export type CommandSink = (cmd: ParticipantCommand, meta?: CommandMeta) => void;

/** A step of machines/commands/requests.ts (where the bodies are built) as this module's typed request. */
function asRequest(step: WireStep): WireRequest {
  return step as unknown as WireRequest;
}
