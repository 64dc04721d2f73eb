/**
 * What the participant screens ask the session to do, as data. The container turns a
 * {@link ParticipantCommand} into the wire request ({@link toWireRequest}) and hands it to the
 * session's commands actor, which sends it and tracks it as pending until it is answered.
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

export type ParticipantCommand =
  | { type: 'eps'; action: EpsAction; usrIds: string[]; value?: number | string; depIds?: number[]; recursion?: number }
  | { type: 'status'; key: MrStatusKey; value: number | string }
  | { type: 'tempCall'; callUrl: string; usrType: number; dispName: string }
  | { type: 'overtime'; increaseSecs: number }
  | { type: 'fecc'; action: CtrlUsrFeccRequest['action']; usrId: string; movement: CtrlUsrFeccRequest['movement'] };

export interface WireRequest {
  /** suffix under /rest/v1/meetings/{mr}/sessions/{sess}/ */
  suffix: string;
  body: CtrlMrEpsRequest | ModMrStatusRequest | CreateTempCallRequest | ModMrInfoRequest | CtrlUsrFeccRequest;
}

/**
 * The wire request of a command (protocol-facts §2, §3, §5.8).
 * @example toWireRequest({ type: 'eps', action: 'a_rx', usrIds: ['7'], value: 0 }) // mute user 7
 */
export function toWireRequest(cmd: ParticipantCommand): WireRequest {
  switch (cmd.type) {
    case 'eps': {
      const body: CtrlMrEpsRequest = { cmdid: CMD.ctrlMrEps, action: cmd.action, usr_ids: cmd.usrIds };
      if (cmd.value !== undefined) body.value = cmd.value;
      if (cmd.depIds) body.dep_ids = cmd.depIds;
      if (cmd.recursion !== undefined) body.recursion = cmd.recursion;
      return { suffix: 'eps-status', body };
    }
    case 'status':
      return { suffix: 'mr-status', body: { cmdid: CMD.modMrStatus, [cmd.key]: cmd.value } };
    case 'tempCall':
      return {
        suffix: 'temp-usrs',
        body: { cmdid: CMD.createTempCall, call_url: cmd.callUrl, usr_type: cmd.usrType, disp_name: cmd.dispName },
      };
    case 'overtime':
      return { suffix: 'mr-info', body: { cmdid: CMD.modMrInfo, increase_secs: cmd.increaseSecs } };
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
  if (cmd.type === 'eps') return cmd.usrIds;
  if (cmd.type === 'fecc') return [cmd.usrId];
  return [];
}

/** How a command was asked for: from the bulk toolbar (its result toast counts a selection of one too). */
export interface CommandMeta {
  bulk?: boolean;
}

export type CommandSink = (cmd: ParticipantCommand, meta?: CommandMeta) => void;
