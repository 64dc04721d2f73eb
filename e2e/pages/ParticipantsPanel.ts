/**
 * Page object of the participant half of the control screen. It finds controls by role and
 * accessible name in the active language (zh or en), so the same spec runs in both.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type Lang = 'zh' | 'en';

/** The accessible names the specs use, per language (the zh catalog's translations). */
export const NAMES = {
  en: {
    table: 'Participants',
    tabs: { all: 'All', offline: 'Offline', online: 'Online', active: 'Active people', hand: 'Raise hand', waiting: 'Waiting room' },
    mute: (n: string) => `On: mute ${n}`,
    unmute: (n: string) => `Muted: unmute ${n}`,
    stopListen: (n: string) => `Listening: stop ${n} listening`,
    letListen: (n: string) => `Silenced: let ${n} listen`,
    stopWatch: (n: string) => `Watching: stop ${n} watching`,
    letWatch: (n: string) => `Blind: let ${n} watch`,
    ops: (n: string) => `Operations for ${n}`,
    select: (n: string) => `Select ${n}`,
    permit: (n: string) => `Permit ${n} to speak`,
    refuseHand: (n: string) => `Refuse ${n}'s raised hand`,
    rename: 'Rename',
    newName: 'New name',
    save: 'Save',
    hangUp: 'Hang up',
    callAgain: 'Call again',
    setMainVenue: 'Set as main venue',
    cancelMainVenue: 'Cancel main venue',
    setHost: 'Set as host',
    unsetHost: 'Unset host',
    setFocus: 'Set focus',
    cancelFocus: 'Cancel focus',
    moveToWaiting: 'Move to waiting room',
    admit: 'Admit from waiting room',
    refuse: 'Refuse from waiting room',
    moveSelectedToWaiting: 'Move selected to waiting room',
    admitSelected: 'Admit selected',
    muteAll: 'Mute all',
    cancelMuteAll: 'Cancel mute all',
    guestMute: 'Guest mute',
    listenWatch: 'Listening and watching',
    forbidAllListening: 'Forbid all listening',
    allowAllListening: 'Allow all listening',
    forbidAllWatching: 'Forbid all watching',
    allowAllWatching: 'Allow all watching',
    audienceNoListen: 'Audience may not listen',
    audienceNoWatch: 'Audience may not watch',
    lowerAllHands: 'Lower all hands',
    allLeave: 'All leave',
    confirm: 'Confirm',
    rollCall: 'Roll call',
    startRollCall: 'Start roll call',
    next: 'Next',
    endRollCall: 'End roll call',
    participantToCall: 'Participant to call',
    tempCall: 'Temporary call',
    callAddress: 'Call address',
    displayName: 'Display name',
    call: 'Call',
    callAddressEmpty: 'The call address cannot be empty',
    newTab: 'New tab',
    tabName: 'Tab name',
    nameContains: 'Name or address contains',
    tagNameEmpty: 'Tag name cannot be empty',
    nameEmpty: 'The name cannot be empty',
    sort: 'Sort',
    nameAsc: 'Name ascending',
    nameDesc: 'Name descending',
    search: 'Find participant',
    permitSelected: 'Permit selected',
    refuseSelected: 'Refuse selected',
    muteSelected: 'Mute selected',
    more: 'More',
    undoCall: 'Undo: call again',
    cancel: 'Cancel',
  },
  zh: {
    table: '参会者',
    tabs: { all: '全部', offline: '离线', online: '在线', active: '活跃人员', hand: '举手', waiting: '等候室' },
    mute: (n: string) => `开启：静音 ${n}`,
    unmute: (n: string) => `已静音：取消静音 ${n}`,
    stopListen: (n: string) => `可听：禁止 ${n} 听`,
    letListen: (n: string) => `禁听：允许 ${n} 听`,
    stopWatch: (n: string) => `可看：禁止 ${n} 看`,
    letWatch: (n: string) => `禁看：允许 ${n} 看`,
    ops: (n: string) => `${n} 的操作`,
    select: (n: string) => `选择 ${n}`,
    permit: (n: string) => `允许 ${n} 发言`,
    refuseHand: (n: string) => `拒绝 ${n} 的举手`,
    rename: '改名',
    newName: '新名称',
    save: '保存',
    hangUp: '挂断',
    callAgain: '重新呼叫',
    setMainVenue: '设为主会场',
    cancelMainVenue: '取消主会场',
    setHost: '设为主持人',
    unsetHost: '取消主持人',
    setFocus: '设为焦点',
    cancelFocus: '取消焦点',
    moveToWaiting: '移入等候室',
    admit: '准入（等候室）',
    refuse: '拒绝（等候室）',
    moveSelectedToWaiting: '将所选移入等候室',
    admitSelected: '准入所选',
    muteAll: '全体静音',
    cancelMuteAll: '取消全体静音',
    guestMute: '观众静音',
    listenWatch: '听与看',
    forbidAllListening: '全体禁听',
    allowAllListening: '允许全体听',
    forbidAllWatching: '全体禁看',
    allowAllWatching: '允许全体看',
    audienceNoListen: '观众禁听',
    audienceNoWatch: '观众禁看',
    lowerAllHands: '全体放下手',
    allLeave: '全体离会',
    confirm: '确定',
    rollCall: '点名',
    startRollCall: '开始点名',
    next: '下一个',
    endRollCall: '结束点名',
    participantToCall: '要点名的参会者',
    tempCall: '临时呼叫',
    callAddress: '呼叫地址',
    displayName: '显示名称',
    call: '呼叫',
    callAddressEmpty: '呼叫地址不能为空',
    newTab: '新建标签',
    tabName: '标签名称',
    nameContains: '名称或地址包含',
    tagNameEmpty: '标签名称不能为空',
    nameEmpty: '名称不能为空',
    sort: '排序',
    nameAsc: '名称升序',
    nameDesc: '名称降序',
    search: '查找参会者',
    permitSelected: '允许所选发言',
    refuseSelected: '拒绝所选',
    muteSelected: '静音所选',
    more: '更多',
    undoCall: '撤销：重新呼叫',
    cancel: '取消',
  },
} as const;

export type BuiltinTab = keyof (typeof NAMES)['en']['tabs'];

export class ParticipantsPanel {
  readonly n: (typeof NAMES)[Lang];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.n = NAMES[lang];
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: this.n.table, exact: true });
  }

  /** The table row of a participant (rows are named by the participant's name). */
  row(name: string): Locator {
    return this.table.getByRole('row', { name, exact: true });
  }

  /** Row names currently rendered (the table is windowed: only rows in view). */
  async renderedNames(): Promise<string[]> {
    return this.table.locator('[role="row"][data-usr-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  }

  /** The first rendered row's name and usr_id matching a predicate on its data attributes. */
  async firstRow(filter: { online?: boolean; waiting?: boolean } = {}): Promise<{ name: string; usrId: string }> {
    const sel = ['[role="row"][data-usr-id]'];
    if (filter.online !== undefined) sel.push(`[data-online="${filter.online}"]`);
    if (filter.waiting !== undefined) sel.push(`[data-waiting="${filter.waiting}"]`);
    const row = this.table.locator(sel.join('')).first();
    await expect(row).toBeVisible();
    return { name: (await row.getAttribute('aria-label')) ?? '', usrId: (await row.getAttribute('data-usr-id')) ?? '' };
  }

  tab(tab: BuiltinTab): Locator {
    return this.page.getByRole('tab', { name: this.n.tabs[tab], exact: true });
  }

  async openTab(tab: BuiltinTab): Promise<void> {
    await this.tab(tab).click();
    await expect(this.tab(tab)).toHaveAttribute('aria-selected', 'true');
  }

  async tabCount(tab: BuiltinTab): Promise<number> {
    return Number(await this.tab(tab).getAttribute('data-count'));
  }

  /** the participant half (the meeting-wide sidebar has controls of similar names) */
  get view(): Locator {
    return this.page.getByTestId('participants-view');
  }

  /** The participant toolbar's line (issue 26): what does not fit is in its More list. */
  get toolbar(): Locator {
    return this.page.getByTestId('participant-toolbar');
  }

  /** The toolbar's More list (open or not). */
  get toolbarMore(): Locator {
    return this.page.getByTestId('participant-toolbar-more-list');
  }

  /**
   * A control of the participant toolbar, wherever it is: on the line, or in the More list, which
   * this opens first. The line's width decides (window size, language), so specs ask here.
   */
  async toolbarControl(name: string, role: 'button' | 'switch' | 'combobox' = 'button'): Promise<Locator> {
    return this.toolbarFind((scope) => scope.getByRole(role, { name, exact: true }));
  }

  /** A control of the participant toolbar by its test id (see {@link toolbarControl}). */
  toolbarByTestId(testId: string): Promise<Locator> {
    return this.toolbarFind((scope) => scope.getByTestId(testId));
  }

  /**
   * Where the toolbar's More list holds a control, a dialog it opened gives focus back to More
   * (the control left with the list): the opener to expect focused after the dialog.
   */
  async toolbarOpener(name: string): Promise<Locator> {
    const onLine = this.toolbar.getByRole('button', { name, exact: true });
    return (await onLine.count()) > 0 ? onLine : this.page.getByTestId('participant-toolbar-more');
  }

  private async toolbarFind(find: (scope: Locator) => Locator): Promise<Locator> {
    const onLine = find(this.toolbar);
    const inMore = find(this.toolbarMore);
    // the line settles once measured: wait for the control to be in one place or the other
    await expect(onLine.or(this.page.getByTestId('participant-toolbar-more')).first()).toBeVisible();
    if ((await onLine.count()) > 0) return onLine;
    if (!(await this.toolbarMore.isVisible())) await this.page.getByTestId('participant-toolbar-more').click();
    await expect(inMore).toBeVisible();
    return inMore;
  }

  /** A button of the participant toolbar (see {@link toolbarControl}). */
  toolbarButton(name: string): Promise<Locator> {
    return this.toolbarControl(name, 'button');
  }

  /** A switch of the toolbar, on its line or in its open More list. */
  switchControl(name: string): Locator {
    return this.view.getByRole('switch', { name, exact: true }).or(this.toolbarMore.getByRole('switch', { name, exact: true }));
  }

  /**
   * Clicks a switch where it is drawn: Mantine draws the track (a label of the transparent input)
   * over it, so the click goes to the track, as a user's does. Not forced: the toasts of the
   * commands before stack over this corner of the toolbar, and a forced click landed on a toast
   * (the switch never changed); a user waits for them to go, and so does the click. A switch that
   * does not fit the line is in the More list, opened first.
   */
  async toggleSwitch(name: string): Promise<void> {
    const control = await this.toolbarControl(name, 'switch');
    const id = await control.getAttribute('id');
    if (!id) throw new Error(`the switch "${name}" has no id: its track cannot be found`);
    await this.page.locator(`label[for="${id}"]`).first().click();
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  async rowOperation(name: string, item: string): Promise<void> {
    const menuItem = this.page.getByRole('menuitem', { name: item, exact: true });
    // a row the virtual table re-lays out under the pointer (a status batch landing mid-click on a
    // busy machine) can take the press but not the click: open the menu again, as a user would
    await expect(async () => {
      if (!(await menuItem.isVisible())) await this.button(this.n.ops(name)).click();
      await expect(menuItem).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await menuItem.click();
  }

  /** The question asked before an action that cannot simply be undone (issue 13 §2). */
  get confirmDialog(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('confirm-message') });
  }

  /** Answers that question with its confirming button (the one that is not Cancel). */
  async confirm(): Promise<void> {
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole('button').filter({ hasNotText: this.n.cancel }).last().click();
    await expect(this.confirmDialog).toBeHidden();
  }

  /** The search box above the table (issue 13 §1). */
  get search(): Locator {
    return this.page.getByRole('searchbox', { name: this.n.search });
  }

  /** A result toast, by its outcome kind (issue 13 §3). */
  toast(kind: string): Locator {
    return this.page.locator(`.mantine-Notification-root:has([data-outcome="${kind}"])`);
  }

  async waitIdle(name: string): Promise<void> {
    await expect(this.row(name)).toHaveAttribute('data-pending', 'false');
  }
}
