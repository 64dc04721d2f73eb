/**
 * Every `cmdid` of the wire protocol, requests and responses/events alike.
 * Names are quoted exactly from the platform (protocol-facts §2, spec §7); the ones the facts
 * do not know are our own and are marked in docs/protocol.md.
 */
export const CMD = {
  // requests
  ctrlMrReq: 'ctrl_mr_req',
  getChanges: 'get_changes',
  modMrInfo: 'mod_mr_info',
  modMrStatus: 'mod_mr_status',
  stopMrReq: 'stop_mr_req',
  modBypassUrl: 'mod_bypass_url',
  modRtmpUrl: 'mod_rtmp_url',
  ctrlMrEps: 'ctrl_mr_eps',
  getUserInfos: 'get_user_infos',
  createTempCall: 'create_temp_call',
  configMosic: 'config_mosic',
  ctrlUsrFecc: 'ctrl_usr_fecc',
  setTitle: 'set_title',
  modSubtitlePosition: 'mod_subtitle_position',
  setConfmgrSsid: 'set_confmgr_ssid',
  getCallQa: 'get_call_qa',
  searchDepartmentIds: 'search_department_ids',
  subscribeDepartment: 'subscribe_department',
  getChildrenIds: 'get_children_ids',
  searchUsr: 'search_usr',
  subscribeUsr: 'subscribe_usr',
  getUsrOnlineStatus: 'get_usr_online_status',
  loginReq: 'login_req',
  logoutReq: 'logout_req',
  /** (podium) change the room's join, host and supervisor passwords */
  modMrPwd: 'mod_mr_pwd',
  // responses and events
  verifyCode: 'verify_code',
  ctrlMrRsp: 'ctrl_mr_rsp',
  loginRsp: 'login_rsp',
  oneMrInfo: 'one_mr_info',
  oneMrStatus: 'one_mr_status',
  forceLogout: 'force_logout',
  mrParticipants: 'mr_participants',
  onlineEpsInfo: 'online_eps_info',
  onlineEpsStatus: 'online_eps_status',
  onlineEpsLeft: 'online_eps_left',
  sysMosics: 'sys_mosics',
  mosicConfig: 'mosic_config',
  titleConfig: 'title_config',
  usrIds: 'usr_ids',
  userInfos: 'user_infos',
  mrDeled: 'mr_deled',
  notRpcCs: 'not_rpc_cs',
  showWarningInfo: 'show_warning_info',
  failedCall: 'failed_call',
  scheduleInfo: 'schedule_info',
  leftCall: 'left_call',
  mrCtrlIn: 'mr_ctrl_in',
  mrCtrlOut: 'mr_ctrl_out',
  resourceTmplInfo: 'resource_tmpl_info',
  waitingUsr: 'waiting_usr',
  getCallQaRsp: 'get_call_qa_rsp',
  xudingRecStatus: 'xuding_rec_status',
  usrInfo: 'usr_info',
  departmentInfo: 'department_info',
  resync: 'resync',
  /** (podium) one entry of the meeting's activity log (who did what) */
  activity: 'activity',
  /** (assumed, group audio-to-text) one recognised line of the live transcript */
  asrText: 'asr_text',
  error: 'error',
} as const;

export type CmdId = (typeof CMD)[keyof typeof CMD];
