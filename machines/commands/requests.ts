/**
 * Builders of the requests the console sends, in the evidence's vocabulary first
 * (protocol-facts §3.1 "typical console recipes", §3.2, §5.6, §5.7; issue 23): a feature that
 * the platform's own client performs with a recipe sends that recipe, in both wire modes. Podium's
 * own actions (`all_a_rx`, `hand_permit`, `roll_call_*`…) are sent only where they add something
 * no recipe can, and only to a Podium server (machines/session/capabilities.ts `Vocabulary`).
 *
 * `WireStep`s are plain `{ suffix, body }`; {@link toSend} makes a `command.send` event of one.
 * The UI may build its own and send `command.send` to the commands actor directly.
 */
import { CMD } from '../../protocol/cmdids';
import type { EpsAction, MosicConfigEntry, MrStatusKey, TitleConfig } from '../../protocol/wire';
import type { AnyActorRef } from 'xstate';
import type { SendCommandEvent } from './commandsMachine';

/** One request: the suffix under `…/sessions/{sess_id}/` and its JSON body. */
export interface WireStep {
  suffix: string;
  body: Record<string, unknown>;
}

/**
 * `ctrl_mr_eps` on `eps-status` for some participants.
 * @example epsCommand('a_rx', ['7', '9'], { value: 0, origin: 'rollCall' })
 */
export function epsCommand(
  action: EpsAction,
  usrIds: readonly string[],
  opts: { value?: number | string; origin?: string; label?: string } = {},
): SendCommandEvent {
  return toSend(epsStep(action, usrIds, opts.value), { usrIds, label: opts.label ?? action, origin: opts.origin });
}

/** `mod_mr_status` with one key (protocol-facts §2.1: one flat key per request). */
export function statusCommand(key: MrStatusKey, value: number | string, opts: { origin?: string; label?: string } = {}): SendCommandEvent {
  return toSend(statusStep(key, value), { label: opts.label ?? key, origin: opts.origin });
}

/** A `command.send` event of one step. */
export function toSend(
  step: WireStep,
  opts: { usrIds?: readonly string[]; label?: string; origin?: string; reqId?: string } = {},
): SendCommandEvent {
  return {
    type: 'command.send',
    suffix: step.suffix,
    body: step.body,
    usrIds: opts.usrIds,
    label: opts.label,
    origin: opts.origin,
    reqId: opts.reqId,
  };
}

/**
 * `ctrl_mr_eps` for some participants: the one place its body is assembled (the participant area,
 * the meeting controls, private talk and the machines all build it here). `value` and the extras
 * only when given: departments (`dep_ids`, `recursion`) for adding from the address book, `scope`
 * for Podium's mass actions.
 */
export function epsStep(
  action: EpsAction,
  usrIds: readonly string[],
  value?: number | string,
  extra: { depIds?: readonly number[]; recursion?: number; scope?: string } = {},
): WireStep {
  const body: Record<string, unknown> = { cmdid: CMD.ctrlMrEps, action, usr_ids: [...usrIds] };
  if (value !== undefined) body.value = value;
  if (extra.depIds) body.dep_ids = [...extra.depIds];
  if (extra.recursion !== undefined) body.recursion = extra.recursion;
  if (extra.scope !== undefined) body.scope = extra.scope;
  return { suffix: 'eps-status', body };
}

/** `mod_mr_info increase_secs`: the host asks for more time (the sidebar's overtime). */
export function overtimeStep(increaseSecs: number): WireStep {
  return { suffix: 'mr-info', body: { cmdid: CMD.modMrInfo, increase_secs: increaseSecs } };
}

/** `mod_mr_status` with exactly one key, as the platform's client sends it (facts §3.2). */
export function statusStep(key: MrStatusKey, value: number | string): WireStep {
  return { suffix: 'mr-status', body: { cmdid: CMD.modMrStatus, [key]: value } };
}

/** `config_mosic` with some roles' layouts. */
export function layoutStep(configs: readonly MosicConfigEntry[]): WireStep {
  return {
    suffix: 'mosic-config',
    body: { cmdid: CMD.configMosic, config_info: configs.map((c) => ({ ...c, roles_lst: c.roles_lst.map((p) => [...p]) })) },
  };
}

// ---------------------------------------------------------------------------------------------
// meeting-wide recipes (facts §3.2)

/**
 * Mute all / cancel: `all_guests_mute` 1/0 [C]. It mutes the audience (not the main venue or
 * honoured guests) and, on the reference server, binds whoever joins or reconnects meanwhile.
 */
export const muteAllSteps = (on: boolean): WireStep[] => [statusStep('all_guests_mute', on ? 1 : 0)];

/** Forbid / allow all watching: `mr_vtx_mode` 1/0 [C] ("all downlink video off/on"). */
export const watchBanSteps = (on: boolean): WireStep[] => [statusStep('mr_vtx_mode', on ? 1 : 0)];

/**
 * Forbid / allow all listening: `mr_atx_mode` 1/0. [I]: the platform's client never sends it;
 * its meaning is inferred as the audio twin of `mr_vtx_mode` (facts §3.2).
 */
export const listenBanSteps = (on: boolean): WireStep[] => [statusStep('mr_atx_mode', on ? 1 : 0)];

/** Hang up all: `drop` of every participant online now (facts §3.1), instead of podium's `all_leave`. */
export function hangUpAllSteps(onlineIds: readonly string[]): WireStep[] {
  return onlineIds.length ? [epsStep('drop', onlineIds)] : [];
}

// ---------------------------------------------------------------------------------------------
// raised hands: the talk recipe (facts §3.1 "accept raised hand", §5.6)

/**
 * The talk layout of the evidence for one talker: the main venue sees the talker alone
 * (`"1"` `[[talker]]`), the audience the main venue beside the talker (`"1*1"` `[["1010"],[talker]]`).
 */
export function talkLayout(talker: string): MosicConfigEntry[] {
  return [
    { role: 'speaker', mosic_id: '1', layout_mode: 2, roles_lst: [[talker]], poll_secs: 10, view_has_self: 0 },
    { role: 'guest', mosic_id: '1*1', layout_mode: 2, roles_lst: [['1010'], [talker]], poll_secs: 10, view_has_self: 0 },
  ];
}

/**
 * Accept raised hands: `a_rx` 1 for the talkers, then `clear_hand` to lower their hands. With
 * `showTalker` and exactly one talker, the talk layout puts them on screen (never for a bulk accept:
 * one screen cannot show many talkers the evidence's way).
 * @example acceptHandSteps(['7'], { showTalker: true }) // a_rx 1, clear_hand, config_mosic
 */
export function acceptHandSteps(usrIds: readonly string[], opts: { showTalker?: boolean } = {}): WireStep[] {
  if (!usrIds.length) return [];
  const steps = [epsStep('a_rx', usrIds, 1), epsStep('clear_hand', usrIds)];
  if (opts.showTalker && usrIds.length === 1) steps.push(layoutStep(talkLayout(usrIds[0])));
  return steps;
}

/** Refuse raised hands: lower them (`clear_hand`), nothing else. */
export function refuseHandSteps(usrIds: readonly string[]): WireStep[] {
  return usrIds.length ? [epsStep('clear_hand', usrIds)] : [];
}

// ---------------------------------------------------------------------------------------------
// roll call (facts §3.1, §3.2 `roll_call` [I], §5.6)

export type RollCallLayoutView = 'called_only' | 'with_speaker';

/**
 * The roll-call layout: the main venue sees the called alone (`"1"` `[[called]]`); the audience
 * sees the main venue beside them (`"1*1"` `[["1010"],[called]]`, `with_speaker`) or the called
 * alone (`"1"` `[[called]]`, `called_only`).
 */
export function rollCallLayout(called: string, view: RollCallLayoutView): MosicConfigEntry[] {
  const guest: MosicConfigEntry =
    view === 'with_speaker'
      ? { role: 'guest', mosic_id: '1*1', layout_mode: 2, roles_lst: [['1010'], [called]], poll_secs: 10, view_has_self: 0 }
      : { role: 'guest', mosic_id: '1', layout_mode: 2, roles_lst: [[called]], poll_secs: 10, view_has_self: 0 };
  return [{ role: 'speaker', mosic_id: '1', layout_mode: 2, roles_lst: [[called]], poll_secs: 10, view_has_self: 0 }, guest];
}

/** Starts a roll call: the flag on, the floor to the called, the roll-call layout. In this order. */
export function rollCallStartSteps(called: string, view: RollCallLayoutView): WireStep[] {
  return [statusStep('roll_call', 1), epsStep('a_rx', [called], 1), layoutStep(rollCallLayout(called, view))];
}

/**
 * Calls the next one: the floor to them; the previous called back under the meeting's mute when
 * mute-all binds (otherwise they keep speaking, as they did before the roll call); the layout.
 */
export function rollCallNextSteps(next: string, previous: string, view: RollCallLayoutView, muteBinds: boolean): WireStep[] {
  const steps = [epsStep('a_rx', [next], 1)];
  if (muteBinds && previous && previous !== next) steps.push(epsStep('a_rx', [previous], 0));
  steps.push(layoutStep(rollCallLayout(next, view)));
  return steps;
}

/**
 * Ends a roll call: the last called back under the meeting's mute (when it binds), the layouts
 * in force before the roll call put back (when known), the flag off.
 */
export function rollCallEndSteps(last: string, muteBinds: boolean, before: readonly MosicConfigEntry[]): WireStep[] {
  const steps: WireStep[] = [];
  if (muteBinds && last) steps.push(epsStep('a_rx', [last], 0));
  if (before.length) steps.push(layoutStep(before));
  steps.push(statusStep('roll_call', 0));
  return steps;
}

// ---------------------------------------------------------------------------------------------
// subtitles (facts §5.7)

/** The roles the platform's client sends a banner to, one request each. */
export const BANNER_ROLES = ['guest', 'speaker', 'chair'] as const;

/**
 * One `set_title` per role, as the platform's client sends it: the target `all` becomes three
 * requests (`guest`, `speaker`, `chair`); any other target one. Never `to_role: "all"`.
 */
export function titleSteps(title: TitleConfig): WireStep[] {
  const roles = title.to_role === 'all' ? BANNER_ROLES : [title.to_role];
  return roles.map((role) => ({ suffix: 'title-config', body: { cmdid: CMD.setTitle, ...title, to_role: role } }));
}

/** What {@link enqueueCommand} needs of `enqueueActions`' `enqueue`. */
interface CommandEnqueue {
  sendTo: (to: AnyActorRef, event: SendCommandEvent) => void;
}

/**
 * Queues a command for the session's commands actor (system id `commands`) from inside an
 * `enqueueActions` action: sent with `sendTo` once the transition is done, never imperatively from a
 * custom action (which runs the commands actor in the middle of this one's transition and makes
 * xstate warn). Returns false when there is none (the session is gone), so callers may say so.
 */
export function enqueueCommand(
  enqueue: CommandEnqueue,
  system: { get: (id: string) => AnyActorRef | undefined },
  event: SendCommandEvent,
): boolean {
  const ref = system.get('commands');
  if (!ref) return false;
  enqueue.sendTo(ref, event);
  return true;
}
