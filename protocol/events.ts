/**
 * The long-poll contract: `POST P + changes` with {@link GetChangesRequest} answers a JSON array
 * of {@link ChangeEvent}s. Every event carries the meeting's sequence number `seq` (podium);
 * a poll presents the last `seq` it saw as `since_seq` and gets everything after it. When that
 * cursor is older than the server's bounded history the answer is a single
 * {@link ResyncEvent}: the console reloads participants, endpoint info, endpoint status and
 * meeting status, then polls from the resync's `seq`.
 */
import type { CMD } from './cmdids';
import type { RunOfShowEvent } from './runOfShow';
import type {
  ActivityEntry,
  DepartmentInfo,
  MosicConfigEntry,
  MosicGroupEntry,
  MrInfo,
  MrParticipants,
  MrStatus,
  OnlineEpsInfo,
  OnlineEpsStatus,
  TitleConfig,
  TranscriptLine,
  UsrInfo,
  WaitingUsr,
} from './wire';

export interface GetChangesRequest {
  cmdid: typeof CMD.getChanges;
  /** how long the server may hold the poll, seconds (spec: 10) */
  block_secs: number;
  /** (podium) last sequence number seen; 0 or absent = only new events */
  since_seq?: number;
}

interface Seq {
  /** (podium) per-meeting sequence number, strictly increasing */
  seq: number;
}

export type OneMrInfoEvent = Seq & Partial<MrInfo> & { cmdid: typeof CMD.oneMrInfo };
/** A partial delta: a missing field means unchanged. */
export type OneMrStatusEvent = Seq & Partial<MrStatus> & { cmdid: typeof CMD.oneMrStatus };
export type ForceLogoutEvent = Seq & { cmdid: typeof CMD.forceLogout; reason: string };
export type MrParticipantsEvent = Seq & MrParticipants & { cmdid: typeof CMD.mrParticipants };
export type OnlineEpsInfoEvent = Seq & OnlineEpsInfo & { cmdid: typeof CMD.onlineEpsInfo };
export type OnlineEpsStatusEvent = Seq & OnlineEpsStatus & { cmdid: typeof CMD.onlineEpsStatus };
export type OnlineEpsLeftEvent = Seq & {
  cmdid: typeof CMD.onlineEpsLeft;
  mr_id: string;
  usr_ids: string[];
};
export type SysMosicsEvent = Seq & { cmdid: typeof CMD.sysMosics; mosic_group: MosicGroupEntry[] };
export type MosicConfigEvent = Seq & { cmdid: typeof CMD.mosicConfig; config_info: MosicConfigEntry[] };
export type TitleConfigEvent = Seq & { cmdid: typeof CMD.titleConfig; titles: TitleConfig[] };
/** (assumed, group user-changes) the users whose details changed; ids as strings, whichever way the wire spelled them */
export type UsrIdsEvent = Seq & { cmdid: typeof CMD.usrIds; usr_ids: string[] };
/** the answer to get_user_infos (facts §5.2: usr_ids, nick_names, call_addrs), also pushed as an event */
export type UserInfosEvent = Seq & {
  cmdid: typeof CMD.userInfos;
  usr_ids: string[];
  nick_names: string[];
  usr_types: number[];
  phone_nos: string[];
  call_addrs: string[];
};
export type MrDeledEvent = Seq & { cmdid: typeof CMD.mrDeled; mr_id: string };
export type NotRpcCsEvent = Seq & { cmdid: typeof CMD.notRpcCs; result: number };
export type ShowWarningInfoEvent = Seq & {
  cmdid: typeof CMD.showWarningInfo;
  /** (podium) a code the console translates: 'booking_conflict' | 'service_expiry' | free text */
  warn_info: string;
  is_toast: 0 | 1;
  /** (podium) parameters of the warning: minutes left, days left, expiry time... */
  params?: Record<string, string | number>;
};
export type FailedCallEvent = Seq & {
  cmdid: typeof CMD.failedCall;
  time: number;
  /** call-failure reason code of protocol/codes.ts CALL_FAILURE_REASONS */
  reason: string;
  ep_type: string;
  nick_name: string;
  peer_addr: string;
};
export type ScheduleInfoEvent = Seq & {
  cmdid: typeof CMD.scheduleInfo;
  schedule_id: number;
  schedule_name: string;
  start_dtm: number;
  duration: number;
  /** the next booking of the room, 0 when none */
  next_start_dtm: number;
};
export type LeftCallEvent = Seq & {
  cmdid: typeof CMD.leftCall;
  ep_id: number;
  usr_id: string;
  /** leave reason code of protocol/codes.ts LEAVE_REASONS (free text on real platforms) */
  reason: string;
  duration: number;
  nick_name: string;
  create_dtm: number;
};
export type MrCtrlInEvent = Seq & {
  cmdid: typeof CMD.mrCtrlIn;
  peer_ip: string;
  sessionid: string;
  role: 'host' | 'supervisor';
  dtm: number;
};
export type MrCtrlOutEvent = Seq & {
  cmdid: typeof CMD.mrCtrlOut;
  peer_ip: string;
  sessionid: string;
  quit_dtm: number;
  /** 'logout' | 'expired' | 'forced' */
  reason: string;
};
export type ResourceTmplInfoEvent = Seq & {
  cmdid: typeof CMD.resourceTmplInfo;
  id: number;
  name: string;
  max_mosic: number;
  max_spk_mosic: number;
  max_guest_mosic: number;
  max_chair_mosic: number;
  res_bw: string;
  single_view: 0 | 1;
  has_record: 0 | 1;
};
export type WaitingUsrEvent = Seq & WaitingUsr;
export type GetCallQaRspEvent = Seq & {
  cmdid: typeof CMD.getCallQaRsp;
  ep_id: number;
  usr_id: string;
  /** quality figures: loss %, jitter ms, bitrate kbps, both directions */
  qa: Record<string, number>;
};
export type XudingRecStatusEvent = Seq & {
  cmdid: typeof CMD.xudingRecStatus;
  rec_state: MrStatus['rec_state'];
  record_uuid: string;
  /** failure reason code when rec_state is 'failed' */
  reason?: string;
};
export type UsrInfoEvent = Seq & UsrInfo & { cmdid: typeof CMD.usrInfo };
export type DepartmentInfoEvent = Seq & DepartmentInfo & { cmdid: typeof CMD.departmentInfo };

/** (podium) the cursor is older than the history: reload, then poll from `seq`. */
export type ResyncEvent = Seq & { cmdid: typeof CMD.resync };

/** (podium) a controller's command, as the meeting's activity log recorded it */
export type ActivityEvent = Seq & { cmdid: typeof CMD.activity; entry: ActivityEntry };

/** (assumed, group audio-to-text) a line the recogniser heard from one of the two loudest channels */
export type AsrTextEvent = Seq & { cmdid: typeof CMD.asrText; line: TranscriptLine };

export type ChangeEvent =
  | OneMrInfoEvent
  | OneMrStatusEvent
  | ForceLogoutEvent
  | MrParticipantsEvent
  | OnlineEpsInfoEvent
  | OnlineEpsStatusEvent
  | OnlineEpsLeftEvent
  | SysMosicsEvent
  | MosicConfigEvent
  | TitleConfigEvent
  | UsrIdsEvent
  | UserInfosEvent
  | MrDeledEvent
  | NotRpcCsEvent
  | ShowWarningInfoEvent
  | FailedCallEvent
  | ScheduleInfoEvent
  | LeftCallEvent
  | MrCtrlInEvent
  | MrCtrlOutEvent
  | ResourceTmplInfoEvent
  | WaitingUsrEvent
  | GetCallQaRspEvent
  | XudingRecStatusEvent
  | UsrInfoEvent
  | DepartmentInfoEvent
  | ActivityEvent
  | AsrTextEvent
  | RunOfShowEvent
  | ResyncEvent;

export type ChangeEventOf<C extends ChangeEvent['cmdid']> = Extract<ChangeEvent, { cmdid: C }>;
