/**
 * What a result toast says after a command (issue 13 §2, §3): every meeting-wide command and every
 * bulk action reports how many it reached, a hang-up offers to call the person again (the one
 * action the protocol can undo), and a refusal gives its reason. Codes and counts only: the
 * component words them (OutcomeToast).
 */
import type { Confirmation } from '#/components/confirmation';
import type { ParticipantCommand } from './commands';

/** What the toast reports; each kind has one sentence in each language. */
export type OutcomeKind =
  | 'mutedAll'
  | 'unmutedAll'
  | 'handsLowered'
  | 'allLeft'
  | 'guestMuteOn'
  | 'guestMuteOff'
  | 'audienceListenOn'
  | 'audienceListenOff'
  | 'audienceWatchOn'
  | 'audienceWatchOff'
  | 'mutedSelected'
  | 'unmutedSelected'
  | 'admitted'
  | 'refusedWaiting'
  | 'movedToWaiting'
  | 'handsPermitted'
  | 'handsRefused'
  | 'hungUp'
  | 'honouredSet'
  | 'honouredCancelled';

export interface Outcome {
  kind: OutcomeKind;
  /** how many the command reached (at the time it was sent) */
  count: number;
  /** the one person it reached, when it was one */
  name?: string;
  /** the command that undoes it (hang up → call again) */
  undo?: ParticipantCommand;
}

/** What the sender knew when the command left. */
export interface OutcomeContext {
  /** endpoints in the meeting (not waiting) */
  onlineCount: number;
  /** participants with a raised hand */
  handCount: number;
  /** usr_id → display name */
  nameOf: (usrId: string) => string | undefined;
  /** sent from the bulk toolbar (a selection of one is still a bulk action) */
  bulk: boolean;
}

const BULK: Partial<Record<string, (value: unknown) => OutcomeKind>> = {
  a_rx: (v) => (v === 0 ? 'mutedSelected' : 'unmutedSelected'),
  waiting_permit: () => 'admitted',
  waiting_refuse: () => 'refusedWaiting',
  waiting_move: () => 'movedToWaiting',
  chair: (v) => (v === 0 ? 'honouredCancelled' : 'honouredSet'),
};

const STATUS: Partial<Record<string, [OutcomeKind, OutcomeKind]>> = {
  all_guests_mute: ['guestMuteOn', 'guestMuteOff'],
  mr_atx_mode: ['audienceListenOn', 'audienceListenOff'],
  mr_vtx_mode: ['audienceWatchOn', 'audienceWatchOff'],
};

/**
 * The toast a command earns once the server accepted it, or null (single-row toggles show their
 * effect in the row itself).
 * @example outcomeOf({ type: 'muteAll', on: true }, ctx) // { kind: 'guestMuteOn', count: 287 }
 */
export function outcomeOf(cmd: ParticipantCommand, ctx: OutcomeContext): Outcome | null {
  const hands = (kind: OutcomeKind, usrIds: string[]): Outcome | null =>
    ctx.bulk || usrIds.length > 1 ? { kind, count: usrIds.length, name: usrIds.length === 1 ? ctx.nameOf(usrIds[0]) : undefined } : null;
  switch (cmd.type) {
    case 'status': {
      const kinds = STATUS[cmd.key];
      return kinds ? { kind: cmd.value ? kinds[0] : kinds[1], count: ctx.onlineCount } : null;
    }
    // the recipe mutes the audience (all_guests_mute); podium's "everyone" mutes every participant
    case 'muteAll':
      return {
        kind: cmd.everyone ? (cmd.on ? 'mutedAll' : 'unmutedAll') : cmd.on ? 'guestMuteOn' : 'guestMuteOff',
        count: ctx.onlineCount,
      };
    case 'listenAll':
      return { kind: cmd.allow ? 'audienceListenOff' : 'audienceListenOn', count: ctx.onlineCount };
    case 'watchAll':
      return { kind: cmd.allow ? 'audienceWatchOff' : 'audienceWatchOn', count: ctx.onlineCount };
    case 'hangUpAll':
      return { kind: 'allLeft', count: ctx.onlineCount };
    case 'acceptHands':
      return hands('handsPermitted', cmd.usrIds);
    case 'refuseHands':
      return hands('handsRefused', cmd.usrIds);
    case 'eps':
      break;
    default:
      return null;
  }
  switch (cmd.action) {
    case 'clear_all_hand':
      return { kind: 'handsLowered', count: ctx.handCount };
    case 'drop': {
      const one = cmd.usrIds.length === 1 ? ctx.nameOf(cmd.usrIds[0]) : undefined;
      return { kind: 'hungUp', count: cmd.usrIds.length, name: one, undo: { type: 'eps', action: 'call', usrIds: [...cmd.usrIds] } };
    }
  }
  const bulk = BULK[cmd.action];
  if (!bulk || !(ctx.bulk || cmd.usrIds.length > 1)) return null;
  const name = cmd.usrIds.length === 1 ? ctx.nameOf(cmd.usrIds[0]) : undefined;
  return { kind: bulk(cmd.value), count: cmd.usrIds.length, name };
}

/**
 * Whether a command asks first (issue 13 §2): all leave, refusing from the waiting room (one or
 * many: a refused person has to dial in again) and moving a selection to the waiting room. A
 * hang-up acts at once, its toast offers the call back.
 */
export function confirmationOf(cmd: ParticipantCommand, ctx: OutcomeContext): Confirmation | null {
  if (cmd.type === 'hangUpAll') return { kind: 'allLeave', count: ctx.onlineCount, names: [] };
  if (cmd.type !== 'eps') return null;
  const names = () => cmd.usrIds.slice(0, 3).map((id) => ctx.nameOf(id) ?? id);
  switch (cmd.action) {
    case 'waiting_refuse':
      return { kind: 'refuseWaiting', count: cmd.usrIds.length, names: names() };
    case 'waiting_move':
      return ctx.bulk ? { kind: 'moveToWaiting', count: cmd.usrIds.length, names: names() } : null;
    default:
      return null;
  }
}
