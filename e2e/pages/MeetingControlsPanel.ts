/**
 * Page object of the meeting-wide half of the control screen. Controls are found by role and
 * accessible name in the active language (zh or en), so a spec runs in the language its project
 * gives (playwright.config.ts).
 */
import type { Locator, Page } from '@playwright/test';

export type Lang = 'zh' | 'en';

/** Accessible names per language (the zh catalog's translations). */
export const MC_NAMES = {
  en: {
    switches: {
      lock: 'Lock meeting',
      allowGuests: 'Allow guests',
      allowSelfUnmute: 'Allow self-unmute',
      contentSharing: 'Audience content sharing',
      platformLayout: 'Platform-controlled layout',
      sameLayout: 'Same layout',
      subtitles: 'Subtitles',
      live: 'Live',
    },
    startRecording: 'Start recording',
    confirmStartRecording: 'Confirm start recording',
    confirmLiveOn: 'Confirm turn Live on',
    stopRecording: 'Stop recording',
    endMeeting: 'End meeting',
    confirmEnd: 'Confirm end meeting',
    nonCascade: 'Non-cascade',
    parent: 'Parent meeting',
    pushSettings: 'Push stream settings',
    pushAddress: 'Push address',
    saveAndPush: 'Save and start pushing',
    pushStream: 'Push stream',
    subtitleSettings: 'Subtitle settings',
    subtitleContent: 'Subtitle content',
    showSubtitle: 'Show subtitle',
    applySubtitle: 'Apply subtitle',
    fontSize: 'Font size',
    chatAndMode: 'Chat and meeting mode',
    allowLiveChat: 'Allow live chat',
    discussion: 'Discussion mode',
    waitingRoom: 'Waiting room',
    screenLayout: 'Screen layout',
    applyLayout: 'Apply layout',
    customize: 'Customize',
    layout: (id: string) => `Layout ${id}`,
    automaticLayout: 'Automatic layout',
    mainVenueTab: 'Main venue',
    chatPermission: 'Chat permission',
    publicOnly: 'Public chat only',
    polling: 'Polling',
    pollAudience: 'Poll audience view',
    moveToWaiting: 'Move participants to the waiting room',
    moveIn: 'Move in',
    permit: (n: string) => `Permit ${n}`,
    selectWaiting: (n: string) => `Select waiting user ${n}`,
    refuseSelected: (k: number) => `Refuse selected (${k})`,
    mainVenue: 'Main venue',
    share: 'Meeting share',
    shareLink: 'Share link',
    mgmtLogin: 'Platform management login',
    mgmtLoggedIn: 'Platform management (logged in)',
    loginId: 'Login ID',
    password: 'Password',
    code: 'Verification code',
    logIn: 'Log in',
    passwords: 'Meeting passwords',
    joinPwd: 'Join password',
    hostPwd: 'Host password',
    supervisorPwd: 'Supervisor password',
    savePasswords: 'Save passwords',
  },
  zh: {
    switches: {
      lock: '锁定会议',
      allowGuests: '允许访客入会',
      allowSelfUnmute: '允许自我解除静音',
      contentSharing: '观众共享内容',
      platformLayout: '平台控制布局',
      sameLayout: '相同布局',
      subtitles: '字幕',
      live: '直播',
    },
    startRecording: '开始录制',
    confirmStartRecording: '确认开始录制',
    confirmLiveOn: '确认开启直播',
    stopRecording: '停止录制',
    endMeeting: '结束会议',
    confirmEnd: '确认结束会议',
    nonCascade: '非级联',
    parent: '上级会议',
    pushSettings: '推流设置',
    pushAddress: '推流地址',
    saveAndPush: '保存并开始推流',
    pushStream: '推流',
    subtitleSettings: '字幕设置',
    subtitleContent: '字幕内容',
    showSubtitle: '显示字幕',
    applySubtitle: '应用字幕',
    fontSize: '字体大小',
    chatAndMode: '聊天与会议模式',
    allowLiveChat: '允许直播聊天',
    discussion: '讨论模式',
    waitingRoom: '等候室',
    screenLayout: '分屏布局',
    applyLayout: '应用布局',
    customize: '自定义',
    layout: (id: string) => `布局 ${id}`,
    automaticLayout: '自动布局',
    mainVenueTab: '主会场',
    chatPermission: '聊天权限',
    publicOnly: '仅公开聊天',
    polling: '轮询',
    pollAudience: '轮询观众画面',
    moveToWaiting: '将参会者移入等候室',
    moveIn: '移入',
    permit: (n: string) => `准入 ${n}`,
    selectWaiting: (n: string) => `选择等候用户 ${n}`,
    refuseSelected: (k: number) => `拒绝所选（${k}）`,
    mainVenue: '主会场',
    share: '会议分享',
    shareLink: '分享链接',
    mgmtLogin: '平台管理登录',
    mgmtLoggedIn: '平台管理（已登录）',
    loginId: '登录账号',
    password: '密码',
    code: '验证码',
    logIn: '登录',
    passwords: '会议密码',
    joinPwd: '入会密码',
    hostPwd: '主持人密码',
    supervisorPwd: '监管员密码',
    savePasswords: '保存密码',
  },
} as const;

export type SwitchId = keyof (typeof MC_NAMES)['en']['switches'];

export class MeetingControlsPanel {
  readonly root: Locator;
  readonly names: (typeof MC_NAMES)[Lang];

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {
    this.root = page.getByTestId('meeting-controls');
    this.names = MC_NAMES[lang];
  }

  switch(id: SwitchId): Locator {
    return this.root.getByRole('switch', { name: this.names.switches[id], exact: true });
  }

  /** Clicks a labelled switch or checkbox inside `scope` through its visible label. */
  async clickLabel(scope: Locator, name: string): Promise<void> {
    await scope.locator('label', { hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) }).click();
  }

  /** Clicks a switch through its visible label (the input itself is visually hidden). */
  async toggle(id: SwitchId): Promise<void> {
    await this.root.locator('label', { hasText: new RegExp(`^${this.names.switches[id]}$`) }).click();
  }

  /** the switch's wrapper carrying data-state (on/off/unknown) and data-pending */
  switchState(id: SwitchId): Locator {
    return this.root.locator(`[data-switch="${id}"]`).first();
  }

  get switchesError(): Locator {
    return this.root.getByTestId('meeting-switches-error');
  }

  get recording(): Locator {
    return this.root.getByTestId('recording-control');
  }

  get cascade(): Locator {
    return this.root.getByTestId('cascade-mode');
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Opens an accordion section of the panel by its title. */
  async openSection(title: string): Promise<void> {
    const control = this.root.getByRole('button', { name: title, exact: true });
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  }

  /** Ends the meeting through the confirmation dialog. */
  async endMeeting(): Promise<void> {
    await this.button(this.names.endMeeting).click();
    await this.page.getByRole('dialog').getByRole('button', { name: this.names.confirmEnd }).click();
  }
}
