/**
 * Meeting state at a glance (issue 13 §5) and the private talk as a first-class control (issue 14
 * §2), against the real server: the header shows a chip for each state that
 * is on — and only those — each chip opens its control, and a supervisor's private talk is started
 * from a participant's row and shown, timed, steered and ended from the header. Screenshots of the
 * control screen with the chips on are written at 1280×720, 1440×900 and 1920×1080.
 */
import { testWithServer, expect } from '../fixtures';
import type { Page, TestInfo } from '@playwright/test';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { acknowledgeReminders } from '../pages/reminders';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { ParticipantsPanel } from '../pages/ParticipantsPanel';
import { signIn } from '../pages/signIn';
import { expectNoSeriousViolations } from '../a11y';
import { keepAlive } from '../pages/keepAlive';

// A server of its own: these specs lock the meeting, record, go live and fill the waiting room,
// which would change what every other spec on a shared server sees.
const test = testWithServer({ SIM_ENDPOINTS: '20' });

// API sessions that arrange the meeting poll while the test runs, and stop after it
const stops: (() => void)[] = [];
test.afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const N = {
  en: {
    rec: /^REC \d+:\d\d$/,
    live: 'LIVE',
    locked: 'LOCKED',
    waiting: (n: number) => `Waiting room ${n}`,
    rollCall: (name: string) => `Roll call: ${name}`,
    talk: (name: string) => new RegExp(`^Private talk: ${name} \\d+:\\d\\d$`),
    others: /^Also online: /,
    rollCallDialog: 'Roll call',
    talkPrivately: 'Talk privately',
    endTalk: 'End talk',
    volume: 'Output volume',
    supervisor: 'Supervisor',
    host: 'Host',
    privateTalkBadge: 'Private talk',
  },
  zh: {
    rec: /^录制 \d+:\d\d$/,
    live: '直播中',
    locked: '已锁定',
    waiting: (n: number) => `等候室 ${n}`,
    rollCall: (name: string) => `点名：${name}`,
    talk: (name: string) => new RegExp(`^私聊：${name} \\d+:\\d\\d$`),
    others: /^其他控制台：/,
    rollCallDialog: '点名',
    talkPrivately: '私聊',
    endTalk: '结束私聊',
    volume: '输出音量',
    supervisor: '监管员',
    host: '主持人',
    privateTalkBadge: '私聊',
  },
} as const;

const chip = (page: Page, kind: string) => page.getByTestId('meeting-state').locator(`[data-chip="${kind}"]`);

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [w, h] of [
    [1280, 720],
    [1440, 900],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`${name}-${w}x${h}.png`) });
  }
}

test.describe('meeting state at a glance', () => {
  test('the header shows a chip for each state that is on, only those, and each opens its control', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    test.setTimeout(300_000);
    const n = N[lang];
    await page.setViewportSize({ width: 1280, height: 720 });
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    // a quiet meeting: no chip but the other controllers (the API session is one)
    await api.modStatus('lock_mr', 0);
    await api.modStatus('enable_live', 0);
    await expect(chip(page, 'locked')).toHaveCount(0);
    await expect(chip(page, 'live')).toHaveCount(0);
    await expect(chip(page, 'rec')).toHaveCount(0);
    await expect(chip(page, 'waiting')).toHaveCount(0);

    const a = await pickOnline(panel, api);
    const b = await pickOnline(panel, api, [a.usrId]);
    await api.modStatus('lock_mr', 1);
    // live needs its addresses first (spec §5); refused, harmlessly, while live is already on
    await api.post('mod-rtmp-url', {
      cmdid: 'mod_rtmp_url',
      push_url: 'rtmp://127.0.0.1:1935/live/busy',
      rtmp_url: 'http://127.0.0.1/liveplay/busy.flv',
    });
    await api.modStatus('enable_live', 1);
    await api.modStatus('enable_rec', 1);
    await api.modStatus('waiting_room', 1);
    await api.eps('waiting_move', [b.usrId]);
    await api.eps('roll_call_start', [a.usrId], 'with_speaker');

    await expect(chip(page, 'locked')).toHaveAccessibleName(n.locked);
    await expect(chip(page, 'live')).toHaveAccessibleName(n.live);
    await expect(chip(page, 'rec')).toHaveAccessibleName(n.rec, { timeout: 15_000 });
    // the count is the server's: a simulated endpoint joining now waits too
    await expect(async () => {
      const waiting = [...(await api.endpointStates()).values()].filter((s) => s.flags.waiting).length;
      expect(waiting).toBeGreaterThanOrEqual(1);
      await expect(chip(page, 'waiting')).toHaveAccessibleName(n.waiting(waiting), { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(chip(page, 'rollCall')).toHaveAccessibleName(n.rollCall(a.name));
    await expect(chip(page, 'controllers')).toHaveAccessibleName(n.others);
    // REC counts the time from the server's start of the recording, and keeps counting
    const first = Number(await chip(page, 'rec').getAttribute('data-seconds'));
    await expect.poll(async () => Number(await chip(page, 'rec').getAttribute('data-seconds')), { timeout: 5_000 }).toBeGreaterThan(first);
    // every chip says what a click does
    for (const kind of ['rec', 'live', 'locked', 'waiting', 'rollCall', 'controllers'])
      await expect(chip(page, kind)).toHaveAttribute('title', /.+/);

    await shoot(page, testInfo, `control-chips-${lang}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    // every chip is on screen at 1280 px (they wrap rather than push the header's actions off)
    for (const kind of ['rec', 'live', 'locked', 'waiting', 'rollCall', 'controllers'])
      await expect(chip(page, kind)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: lang === 'zh' ? '退出登录' : 'Logout' })).toBeInViewport({ ratio: 1 });
    await expectNoSeriousViolations(page, testInfo, `control screen with state chips`);

    // LOCKED → the lock switch, focused and in view
    await chip(page, 'locked').click();
    const lockSwitch = page.locator('[data-testid="control-sidebar-column"] [data-switch="lock"]');
    await expect(lockSwitch).toBeFocused();
    await expect(lockSwitch).toBeInViewport();
    // LIVE → the live switch
    await chip(page, 'live').click();
    await expect(page.locator('[data-testid="control-sidebar-column"] [data-switch="live"]')).toBeFocused();
    // REC → the recording control
    await chip(page, 'rec').click();
    await expect(page.getByTestId('recording-control')).toBeInViewport();
    await expect(page.getByTestId('recording-control').getByRole('button').first()).toBeFocused();
    // waiting → the waiting-room tab
    await chip(page, 'waiting').click();
    await expect(page.getByRole('tab', { name: panel.n.tabs.waiting })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.row(b.name)).toBeVisible();
    // roll call → the roll-call dialog
    await chip(page, 'rollCall').click();
    const dialog = page.getByRole('dialog', { name: n.rollCallDialog });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // the other controllers: role and address of each
    await chip(page, 'controllers').click();
    const list = page.getByTestId('controllers-popover');
    await expect(list.getByRole('listitem').first()).toHaveText(new RegExp(`^(${n.host}|${n.supervisor}) · \\S+$`));
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(chip(page, 'controllers')).toBeFocused();

    // states turned off → their chips go
    await api.eps('roll_call_end', []);
    await api.eps('waiting_permit', [b.usrId]);
    await api.modStatus('waiting_room', 0);
    await api.modStatus('enable_rec', 0);
    await api.modStatus('enable_live', 0);
    await api.modStatus('lock_mr', 0);
    for (const kind of ['rollCall', 'waiting', 'live', 'locked']) await expect(chip(page, kind)).toHaveCount(0);
    await expect(chip(page, 'rec')).toHaveCount(0, { timeout: 15_000 });
    await api.logout();
  });

  test('raised hands show as a count in the header that opens the raise-hand tab', async ({ page, server, lang }) => {
    test.setTimeout(300_000);
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    // muted simulated endpoints raise their hands within seconds
    await api.eps('all_a_rx', [], 0);
    await expect(chip(page, 'hands')).toBeVisible({ timeout: 60_000 });
    await expect(chip(page, 'hands')).toHaveAccessibleName(lang === 'zh' ? /^举手 \d+$/ : /^Raised hands \d+$/);
    await chip(page, 'hands').click();
    await expect(page.getByRole('tab', { name: panel.n.tabs.hand })).toHaveAttribute('aria-selected', 'true');
    // the chip counts what the tab counts
    await expect
      .poll(async () => {
        const text = (await chip(page, 'hands').textContent()) ?? '';
        return Number(text.replace(/\D/g, '')) === (await panel.tabCount('hand'));
      })
      .toBe(true);
    await api.eps('clear_all_hand', []);
    await api.eps('all_a_rx', [], 1);
    await api.logout();
  });

  test('a supervisor talks privately from a participant row; the header shows who, how long, the volume and End talk', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    test.setTimeout(300_000);
    const n = N[lang];
    await page.setViewportSize({ width: 1280, height: 720 });
    await acknowledgeReminders(page);
    await signIn(page, server, lang, 'supervisor');
    const panel = new ParticipantsPanel(page, lang);
    await expect(panel.table).toBeVisible({ timeout: 20_000 });
    const api = await ParticipantsApi.forWorker(server);
    stops.push(keepAlive(api));
    const target = await pickOnline(panel, api);

    await panel.rowOperation(target.name, n.talkPrivately);
    await expect.poll(async () => (await api.status()).private_talk_usr_id).toBe(target.usrId);
    // the header, from anywhere on the screen: who and for how long
    await expect(chip(page, 'privateTalk')).toHaveAccessibleName(n.talk(target.name));
    // the participant's row is marked
    await expect(panel.row(target.name)).toHaveAttribute('data-private-talk', 'true');
    await expect(panel.row(target.name).getByText(n.privateTalkBadge, { exact: true })).toBeVisible();
    // the supervisor panel's picker says the same
    await expect(page.getByTestId('private-talk')).toHaveAttribute('data-talking', target.usrId);

    await chip(page, 'privateTalk').click();
    const pop = page.getByTestId('privateTalk-popover');
    await expect(pop).toBeVisible();
    const slider = pop.getByRole('slider');
    await expect(slider).toHaveAttribute('aria-valuenow', '60');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '62');
    // one volume: the supervisor panel's slider moved with it
    await expect(page.getByTestId('private-talk').getByRole('slider')).toHaveAttribute('aria-valuenow', '62');
    await expectNoSeriousViolations(page, testInfo, `private talk popover`);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`private-talk-${lang}-1280x720.png`) });
    await pop.getByRole('button', { name: n.endTalk, exact: true }).click();
    await expect.poll(async () => (await api.status()).private_talk_usr_id).toBe('');
    await expect(chip(page, 'privateTalk')).toHaveCount(0);
    await expect(panel.row(target.name)).not.toHaveAttribute('data-private-talk', 'true');
    await api.logout();
  });

  test('a host sees a supervisor’s private talk in the header but has no End talk', async ({ page, server, lang }) => {
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    const supervisor = await ParticipantsApi.forWorker(server, 'supervisor');
    stops.push(keepAlive(supervisor));
    const target = await pickOnline(panel, api);
    await supervisor.eps('private_talk', [target.usrId], 1);
    await expect(chip(page, 'privateTalk')).toHaveAccessibleName(N[lang].talk(target.name));
    await chip(page, 'privateTalk').click();
    const pop = page.getByTestId('privateTalk-popover');
    await expect(pop).toBeVisible();
    await expect(pop.getByRole('button', { name: N[lang].endTalk })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(pop).toBeHidden();
    await supervisor.eps('private_talk', [target.usrId], 0);
    await expect(chip(page, 'privateTalk')).toHaveCount(0);
    await supervisor.logout();
    await api.logout();
  });
});
