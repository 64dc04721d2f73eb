/**
 * What the meeting-wide controls ask the session to do, as data, and the wire request of each
 * (protocol-facts §2, §3.2; spec §7). The container hands the request to the session's commands
 * actor, which sends it and tracks it as pending until it is answered.
 */
import { CMD } from '@protocol/cmdids';
import type {
  Bit,
  ConfigMosicRequest,
  CtrlMrEpsRequest,
  EpsAction,
  ModBypassUrlRequest,
  ModMrStatusRequest,
  ModRtmpUrlRequest,
  ModSubtitlePositionRequest,
  MosicConfigEntry,
  MrStatus,
  MrStatusKey,
  SetTitleRequest,
  StopMrRequest,
  SubtitlePosition,
  TitleConfig,
} from '@protocol/wire';
import type { MeetingSwitchId } from './MeetingSwitches';
import { epsStep, titleSteps } from '@machines/commands/requests';
import type { Vocabulary } from '@machines/session/capabilities';

export type MeetingCommand =
  | { type: 'status'; key: MrStatusKey; value: number | string }
  | { type: 'endMeeting' }
  | { type: 'bypassOn'; url: string }
  | { type: 'liveAddresses'; pushUrl: string; pullUrl: string }
  | { type: 'title'; title: TitleConfig }
  | { type: 'subtitlePosition'; position: SubtitlePosition }
  | { type: 'eps'; action: EpsAction; usrIds: string[]; value?: number | string }
  | { type: 'mosaic'; configs: MosicConfigEntry[] };

export interface MeetingWireRequest {
  /** suffix under /rest/v1/meetings/{mr}/sessions/{sess}/ */
  suffix: string;
  body:
    | ModMrStatusRequest
    | StopMrRequest
    | ModBypassUrlRequest
    | ModRtmpUrlRequest
    | SetTitleRequest
    | ModSubtitlePositionRequest
    | CtrlMrEpsRequest
    | ConfigMosicRequest;
}

/**
 * The wire requests of a command in the evidence's vocabulary first (protocol-facts §5.7):
 * - a title goes out once per role, as the platform's client sends it: the target `all` is three
 *   `set_title` (`guest`, `speaker`, `chair`), never `to_role: "all"`;
 * - `mod-subtitle-position` is an assumed call (protocol/assumptions.ts, group
 *   `subtitle-position`): it goes only to a Podium server; elsewhere the banner's own `y_pos`,
 *   `h_align`, `v_align` and margins, sent with the title, carry the placement (nothing to send).
 * @example toMeetingRequests({ type: 'title', title }, 'platform') // three set_title when title.to_role is 'all'
 */
export function toMeetingRequests(cmd: MeetingCommand, vocabulary: Vocabulary): MeetingWireRequest[] {
  if (cmd.type === 'title') return titleSteps(cmd.title) as unknown as MeetingWireRequest[];
  if (cmd.type === 'subtitlePosition' && vocabulary !== 'podium') return [];
  return [toMeetingRequest(cmd)];
}

/**
 * The wire request of a command (a title: as given, one target; see {@link toMeetingRequests}).
 * @example toMeetingRequest({ type: 'status', key: 'lock_mr', value: 1 }) // POST mr-status {cmdid:'mod_mr_status', lock_mr:1}
 */
export function toMeetingRequest(cmd: MeetingCommand): MeetingWireRequest {
  switch (cmd.type) {
    case 'status':
      return { suffix: 'mr-status', body: { cmdid: CMD.modMrStatus, [cmd.key]: cmd.value } };
    case 'endMeeting':
      return { suffix: 'mr-status', body: { cmdid: CMD.stopMrReq, reason: '' } };
    case 'bypassOn':
      return { suffix: 'mod-bypass-url', body: { cmdid: CMD.modBypassUrl, bypass_url: cmd.url, enable_bypass: 1 } };
    case 'liveAddresses':
      return { suffix: 'mod-rtmp-url', body: { cmdid: CMD.modRtmpUrl, push_url: cmd.pushUrl, rtmp_url: cmd.pullUrl } };
    case 'title':
      return { suffix: 'title-config', body: { cmdid: CMD.setTitle, ...cmd.title } };
    case 'subtitlePosition':
      return { suffix: 'mod-subtitle-position', body: { cmdid: CMD.modSubtitlePosition, ...cmd.position } };
    case 'eps':
      return epsStep(cmd.action, cmd.usrIds, cmd.value) as unknown as MeetingWireRequest;
    case 'mosaic':
      return { suffix: 'mosic-config', body: { cmdid: CMD.configMosic, config_info: cmd.configs } };
  }
}

/** For each sidebar switch: the `mod_mr_status` key that sets it and the status field that reports it. */
export const SWITCH_WIRE: Record<MeetingSwitchId, { key: MrStatusKey; field: keyof MrStatus }> = {
  lock: { key: 'lock_mr', field: 'mr_locked' },
  allowGuests: { key: 'enable_guest', field: 'guest_enabled' },
  allowSelfUnmute: { key: 'allow_unmute_self', field: 'allow_unmute_self' },
  contentSharing: { key: 'cont_enabled', field: 'cont_enabled' },
  platformLayout: { key: 'force_mcu_layout', field: 'force_mcu_layout' },
  sameLayout: { key: 'same_layout', field: 'same_layout' },
  subtitles: { key: 'title_enabled', field: 'title_enabled' },
  live: { key: 'enable_live', field: 'live_enabled' },
};

/** The sidebar switch values out of a (partial) meeting status; unknown fields stay undefined. */
export function switchValues(status: Partial<MrStatus> | undefined): Partial<Record<MeetingSwitchId, boolean>> {
  const out: Partial<Record<MeetingSwitchId, boolean>> = {};
  if (!status) return out;
  for (const [id, { field }] of Object.entries(SWITCH_WIRE) as [MeetingSwitchId, (typeof SWITCH_WIRE)[MeetingSwitchId]][]) {
    const v = status[field];
    if (v !== undefined) out[id] = Number(v) === 1;
  }
  return out;
}

/** The command that asks for a sidebar switch. */
export function switchCommand(id: MeetingSwitchId, on: boolean): MeetingCommand {
  return { type: 'status', key: SWITCH_WIRE[id].key, value: (on ? 1 : 0) as Bit };
}

/**
 * The control a command belongs to, so the UI can show which one waits for an answer or was
 * refused: `switch.lock`, `status.chat_permission`, `endMeeting`, `bypass`, `eps.waiting_permit`…
 */
export function commandTarget(cmd: MeetingCommand): string {
  switch (cmd.type) {
    case 'status': {
      const id = (Object.keys(SWITCH_WIRE) as MeetingSwitchId[]).find((s) => SWITCH_WIRE[s].key === cmd.key);
      if (id) return `switch.${id}`;
      if (cmd.key === 'enable_bypass') return 'bypass';
      if (cmd.key === 'cascade_mode') return 'cascade';
      return `status.${cmd.key}`;
    }
    case 'bypassOn':
      return 'bypass';
    case 'eps':
      return `eps.${cmd.action}`;
    case 'subtitlePosition':
      return 'title';
    default:
      return cmd.type;
  }
}
