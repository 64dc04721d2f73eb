/**
 * Wire projections of a room: how its record, roster and endpoints are answered and told
 * (`one_mr_info`, `one_mr_status`, `online_eps_info`, `online_eps_status`, `mr_participants`,
 * `mosic_config`, `title_config`), in either wire mode. Pure functions of what they are given; the
 * Room calls them and emits the results.
 */
import type {
  MosicConfigEntry,
  MrInfo,
  MrParticipants,
  MrStatus,
  OnlineEpsInfo,
  OnlineEpsStatus,
  TitleConfig,
  WireMode,
} from '../../protocol/wire';
import type { AssumptionGroup } from '../../protocol/assumptions';
import { DEFAULT_MAX_CALL, DEFAULT_REGION_ID } from '../../protocol/management';
import { POS, STATS_DESC, type Endpoint, type RoomRecord, type RosterEntry } from './roomRecord';

/**
 * mr-status fields of the platform (real-client-findings §5) with this server's fixed values, typed
 * as the Java client's model reads them (findings §7, facts §3.3): its JSON library coerces a number
 * into a string field but fails on `0` where it expects a list, or `""` where it expects a number.
 */
export interface PlatformStatusExtras {
  https_port: number;
  must_https: 0 | 1;
  cont_policy_9x: number;
  non_main_venue_layout: number;
  rtmp_url3rd: string;
  rtmp3rdcfg_original_stat: string;
  rtmp_bypass_push: string;
  chair_copy: string;
  amixer_group: number[];
}

/**
 * The status fields of assumed groups (protocol/assumptions.ts) that the platform's mr-status does
 * not have (facts §3.3 lists `chat_permission` and `cascade_mode`, so those stay): strict platform
 * mode leaves them out while their group is off.
 */
export const ASSUMED_STATUS_FIELDS: Readonly<Partial<Record<AssumptionGroup, readonly string[]>>> = {
  'waiting-room': ['waiting_room'],
  'meeting-modes': ['live_chat', 'meeting_mode', 'title_enabled'],
  // not a status field but an eps-status one: left out of eps-status the same way (epsStatus)
  'hand-times': ['hand_up_dtms'],
  'audio-to-text': ['asr_enabled'],
  'focus-modes': ['focus_speaker'],
  // room properties the spec names (§3) that the facts show only in CM room bodies
  'room-properties': ['max_call', 'region_id'],
};

/**
 * The `one_mr_info` fields the Java client's model types as dates: its `Date` reads a number as
 * epoch milliseconds (findings §7), so platform mode sends them so; podium mode keeps Unix seconds.
 * `next_booking_dtm` (podium) goes in the same unit as its neighbours. The console reads both
 * (protocol/decodeSession.ts `epochSecs`).
 */
const MR_INFO_DATES = ['create_dtm', 'current_dtm', 'real_launch_dtm', 'next_booking_dtm'] as const;

/** `one_mr_info` (whole or partial) with its dates in epoch milliseconds. */
export function mrInfoInMs<T extends Record<string, unknown>>(info: T): T {
  const out: Record<string, unknown> = { ...info };
  for (const f of MR_INFO_DATES) if (typeof out[f] === 'number' && out[f] !== 0) out[f] = (out[f] as number) * 1000;
  return out as T;
}

/**
 * The one banner of the platform's flat `title-config`: the first target whose title is on (in
 * {@link TITLE_TARGETS} order, `all` first), else the `all` target's.
 */
export function bannerOf(titles: readonly TitleConfig[]): TitleConfig {
  return titles.find((t) => t.has_title === 1) ?? titles.find((t) => t.to_role === 'all') ?? titles[0];
}

/** The meeting info with its dates in Unix seconds (what a room emits; answers go through {@link mrInfoInMs}). */
export function mrInfoOf(r: RoomRecord, nowSecs: number, nextBookingDtm: number, wire: WireMode): MrInfo {
  return {
    cmdid: 'one_mr_info',
    mr_id: r.mrId,
    mr_name: r.mrName,
    room_name: r.roomName,
    create_dtm: r.createDtm,
    current_dtm: nowSecs,
    real_launch_dtm: r.realLaunchDtm,
    duration: r.duration,
    bandwidth: r.bandwidth,
    launcher_uid: r.launcherUid,
    mr_mode: r.mrKind === 'scheduled' ? 1 : 0,
    features: r.features,
    mr_scene: r.mrScene,
    next_booking_dtm: nextBookingDtm,
    // `mr_mode` is the platform's field for it (facts §5); platform mode says nothing twice
    ...(wire === 'podium' ? { mr_kind: r.mrKind } : {}),
  };
}

/** The `mr-status` answer: the stored status, the counted cascade points, the platform's fixed fields, hidden fields left out. */
export function mrStatusOf(r: RoomRecord, cascadePoints: number, hiddenStatus: ReadonlySet<string>): MrStatus & PlatformStatusExtras {
  const st = r.status;
  const status: MrStatus & PlatformStatusExtras = {
    ...st,
    cmdid: 'one_mr_status',
    cascade_points: cascadePoints,
    // fields the platform's mr-status has (real-client-findings §5) that this server does not vary
    https_port: 443,
    must_https: 0,
    cont_policy_9x: 0,
    non_main_venue_layout: 0,
    rtmp_url3rd: '',
    rtmp3rdcfg_original_stat: '0',
    rtmp_bypass_push: String(st.bypass_enabled),
    chair_copy: '0',
    // the evidence's value (facts §3.3); this server mixes the meeting's sound as one group
    amixer_group: [16384],
    // (group 'room-properties') most calls at once (engine: beyond it calls fail) and the media region
    max_call: r.maxCall ?? DEFAULT_MAX_CALL,
    region_id: DEFAULT_REGION_ID,
  };
  for (const k of hiddenStatus) delete (status as unknown as Record<string, unknown>)[k];
  return status;
}

/**
 * The title configuration as `GET title-config` and the `title_config` event give it: the flat
 * banner the platform's clients read (real-client-findings §5), and in podium mode also the
 * `titles` of every target.
 */
export function titleConfigOf(titles: TitleConfig[], wire: WireMode): { cmdid: 'title_config' } & Record<string, unknown> {
  const banner = bannerOf(titles);
  if (wire === 'platform') return { cmdid: 'title_config', ...banner };
  return { cmdid: 'title_config', ...banner, titles };
}

/** `online_eps_info` of the endpoints. */
export function epsInfoOf(mrId: string, eps: Iterable<Endpoint>): OnlineEpsInfo {
  const out: OnlineEpsInfo = {
    mr_id: mrId,
    usr_ids: [],
    usr_names: [],
    ep_ids: [],
    usr_uris: [],
    enter_dtms: [],
    dev_type: [],
    ep_version: [],
    is_online: [],
    pin_sort: [],
    sort_para: [],
    gbk_names: [],
    proto_types: [],
    ep_uuid: [],
  };
  for (const ep of eps) {
    out.usr_ids.push(ep.usrId);
    out.usr_names.push(ep.name);
    out.ep_ids.push(ep.epId);
    out.usr_uris.push(ep.uri);
    out.enter_dtms.push(ep.enterDtm);
    out.dev_type.push(ep.devType);
    out.ep_version.push(ep.epVersion);
    out.is_online.push(1);
    out.pin_sort.push(ep.pinSort);
    out.sort_para.push(ep.sortPara);
    out.gbk_names.push(ep.gbk);
    out.proto_types.push(ep.protoType);
    out.ep_uuid.push(ep.uuid);
  }
  return out;
}

/** `online_eps_status` of the endpoints; `handTimes` false leaves `hand_up_dtms` out (group 'hand-times' hidden). */
export function epsStatusOf(mrId: string, eps: Iterable<Endpoint>, handTimes: boolean): OnlineEpsStatus {
  const out: OnlineEpsStatus = { mr_id: mrId, usr_ids: [], usr_stats: [], local_rtp_ip: [], stats_desc: STATS_DESC };
  // when each hand went up, so a console logging in later shows how long it has waited (issue 26)
  const hands: number[] | undefined = handTimes ? (out.hand_up_dtms = []) : undefined;
  for (const ep of eps) {
    out.usr_ids.push(ep.usrId);
    out.usr_stats.push(statsString(ep));
    out.local_rtp_ip.push(ep.localRtpIp);
    hands?.push(ep.flags[POS.hand] ? ep.handUpDtm : 0);
  }
  return out;
}

/** `mr_participants` of roster entries (all added) and deleted ids; `departmentName` names their departments. */
export function participantsOf(
  mrId: string,
  entries: Iterable<RosterEntry>,
  deleted: string[],
  departmentName?: (id: number) => string,
): MrParticipants {
  const out: MrParticipants = {
    mr_id: mrId,
    added_usr_ids: [],
    added_usr_names: [],
    added_usr_types: [],
    added_usr_attr: [],
    added_call_addrs: [],
    added_usr_deps: [],
    added_usr_devtypes: [],
    added_usr_appoint: [],
    added_gbk_names: [],
    deleted_usr_ids: deleted,
    depid_names: {},
  };
  for (const r of entries) {
    out.added_usr_ids.push(r.usrId);
    out.added_usr_names.push(r.name);
    out.added_usr_types.push(r.usrType);
    out.added_usr_attr.push(r.attr);
    out.added_call_addrs.push(r.callAddr);
    out.added_usr_deps.push(r.dep);
    out.added_usr_devtypes.push(r.devType);
    out.added_usr_appoint.push(r.appoint);
    out.added_gbk_names.push(r.gbk);
    // invitees' departments by name (spec §3 depid_names), so the console can show them
    const depName = r.dep > 0 ? departmentName?.(r.dep) : undefined;
    if (depName) out.depid_names[String(r.dep)] = depName;
  }
  return out;
}

/** The mosaic config with `cur_mosic_id` resolved to `auto`'s current layout for automatic layouts. */
export function mosaicConfigOf(mosaic: MosicConfigEntry[], auto: string, wire: WireMode): MosicConfigEntry[] {
  return mosaic.map((c) => {
    const entry: MosicConfigEntry = {
      ...c,
      cur_mosic_id: c.mosic_id === 'auto' ? auto : c.mosic_id,
      // the platform's entries have it (real-client-findings §5); this server has no small-screen layout
      miniMosicId: '',
    };
    if (wire === 'platform') {
      // pane marks are Podium's: facts §5.6 knows no focus, content or special pane
      delete entry.focus_pane;
      delete entry.content_pane;
      delete entry.special_pane;
    }
    return entry;
  });
}

/** character codes of one flag string, reused: a mute-all rebuilds 10,000 strings at once */
let statsCodes: number[] = [];

/** The `usr_stats` string of an endpoint (cached until a flag changes): one digit per flag. */
export function statsString(ep: Endpoint): string {
  if (ep.statsCache === null) {
    const flags = ep.flags;
    if (statsCodes.length !== flags.length) statsCodes = new Array<number>(flags.length).fill(48);
    // one flat string in one step; appending digit by digit built an 18-deep rope per endpoint
    let digits = true;
    for (let i = 0; i < flags.length; i++) {
      statsCodes[i] = 48 + flags[i];
      if (flags[i] > 9) digits = false;
    }
    ep.statsCache = digits ? String.fromCharCode.apply(null, statsCodes) : Array.from(flags).join('');
  }
  return ep.statsCache;
}
