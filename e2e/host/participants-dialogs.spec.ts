/**
 * The participant dialogs and side panels against the real server:
 * camera pad, microphone gain, statistics chart, address book, overtime, notification lists.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from '../fixtures';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';

/**
 * Records every value a list button's unread counter takes from now on. Each event counts, also
 * while the list is open (spec: "an unread counter rises on each event"), and events the spec
 * does not cause arrive at any time (earlier specs' sessions expiring 30 s after their last poll,
 * simulated endpoints leaving): so "opening marks the list read" is checked as the counter having
 * dropped to 0 at the opening, not as it still being 0 later.
 */
async function watchUnread(button: Locator): Promise<() => Promise<string[]>> {
  await button.evaluate((el) => {
    const seen: string[] = [];
    (el as HTMLElement & { unreadSeen?: string[] }).unreadSeen = seen;
    new MutationObserver(() => seen.push(el.getAttribute('data-unread') ?? '')).observe(el, {
      attributes: true,
      attributeFilter: ['data-unread'],
    });
  });
  return () => button.evaluate((el) => [...((el as HTMLElement & { unreadSeen?: string[] }).unreadSeen ?? [])]);
}

const T = {
  en: {
    camera: 'Camera control',
    up: 'Up',
    mic: 'Microphone adjustment',
    gain: 'Microphone gain',
    apply: 'Apply',
    stats: 'Statistics',
    addressBook: 'Add from address book',
    searchUsers: 'Search users',
    search: 'Search',
    addSelected: 'Add 1 selected',
    requestDelay: 'Request delay',
    delayMinutes: 'Delay (minutes)',
    tooLong: 'The delay can be at most 9999 minutes',
    conflict: /conflicts with the next booking/,
    controllers: /^Controllers/,
    joined: /joined/,
    leftMembers: /^Left members/,
    hungUpByHost: 'Hung up by the host',
  },
  zh: {
    camera: '摄像头控制',
    up: '上',
    mic: '麦克风调节',
    gain: '麦克风增益',
    apply: '应用',
    stats: '统计',
    addressBook: '从通讯录添加',
    searchUsers: '搜索用户',
    search: '搜索',
    addSelected: '添加所选 1 个',
    requestDelay: '申请延时',
    delayMinutes: '延时（分钟）',
    tooLong: '延时最多 9999 分钟',
    conflict: /下一预约冲突/,
    controllers: /^控制端/,
    joined: /已加入/,
    leftMembers: /^离会成员/,
    hungUpByHost: '被主持人挂断',
  },
} as const;

test.describe('participant dialogs', () => {
  test('camera pad: holding a direction sends a move at once, repeats it every 500 ms, and stops on release; the server accepts each', async ({
    page,
    server,
    lang,
  }) => {
    const t = T[lang];
    const { panel, api } = await openParticipants(page, server, lang);
    const p = await pickOnline(panel, api);
    // the browser hides fetch bodies built as streams, so each request is told by the server's
    // answer, which echoes the action and the movement
    const sent: { at: number; status: number; action?: string; movement?: string }[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'POST' || !new URL(req.url()).pathname.endsWith('/fecc')) return;
      const entry: { at: number; status: number; action?: string; movement?: string } = { at: Date.now(), status: 0 };
      sent.push(entry);
      void req.response().then(async (res) => {
        const answer = (await res?.json().catch(() => null)) as { action?: string; movement?: string } | null;
        entry.action = answer?.action;
        entry.movement = answer?.movement;
        entry.status = res?.status() ?? -1;
      });
    });
    await panel.rowOperation(p.name, t.camera);
    const up = page.getByRole('button', { name: t.up, exact: true });
    await up.hover();
    const pressed = Date.now();
    await page.mouse.down();
    await page.waitForTimeout(1250);
    await page.mouse.up();
    await expect.poll(() => sent.filter((s) => s.action === 'stop').length).toBe(1);
    await expect.poll(() => sent.every((s) => s.status !== 0)).toBe(true);
    const starts = sent.filter((s) => s.action === 'start');
    expect(starts.length).toBe(1);
    expect(starts[0].at - pressed).toBeLessThan(500); // at once, before the first repeat
    expect(sent.filter((s) => s.action === 'continue').length).toBeGreaterThanOrEqual(2); // every 500 ms while held
    const afterStop = sent.length;
    await page.waitForTimeout(700);
    expect(sent.length).toBe(afterStop); // nothing after the stop
    expect(sent[sent.length - 1].action).toBe('stop');
    expect(sent.every((s) => s.status === 200 && s.movement === 'up')).toBe(true);
  });

  test('microphone gain is applied on the server', async ({ page, server, lang }) => {
    const t = T[lang];
    const { panel, api } = await openParticipants(page, server, lang);
    const p = await pickOnline(panel, api);
    await panel.rowOperation(p.name, t.mic);
    const slider = page.getByRole('slider', { name: t.gain });
    await slider.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog').getByRole('button', { name: t.apply }).click();
    await expect.poll(async () => (await api.flags(p.usrId))?.mic_gain).toBe(3);
  });

  test('the statistics chart keeps adding samples from the server while open', async ({ page, server, lang }) => {
    const t = T[lang];
    const { panel, api } = await openParticipants(page, server, lang);
    const p = await pickOnline(panel, api);
    await panel.rowOperation(p.name, t.stats);
    const samples = page.getByTestId('stats-samples');
    await expect.poll(async () => Number(await samples.getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    // audio and video both ways (content is drawn once it was shared; steady endpoints share none)
    await expect(page.getByTestId('stats-chart').locator('.recharts-line')).toHaveCount(4);
    // the figures come from the server's media statistics of this participant's call leg
    const eps = await api.endpoints();
    const media = await api.mediaStream(eps.ep_ids[eps.usr_ids.indexOf(p.usrId)]);
    expect(media.data.length).toBeGreaterThan(0);
  });

  test('address book: a broad search asks for narrower criteria; a picked user is invited on the server', async ({
    page,
    server,
    lang,
  }) => {
    const t = T[lang];
    const { api } = await openParticipants(page, server, lang);
    const found = await api.post<{ ids: number[]; total: number }>('usrs/usr_id/search/', {
      cmdid: 'search_usr',
      filter_type: [],
      filter_value: [],
    });
    const roster = new Set((await api.roster()).added_usr_ids);
    const id = found.body.ids.find((u) => !roster.has(String(u)))!;
    const info = await api.post<{ call_addrs: string[]; usr_marks: string[] }>('usrs/usr_ids/', {
      cmdid: 'subscribe_usr',
      usr_ids: [id],
      last_modify_dtms: [0],
    });
    const callAddr = info.body.call_addrs[0];
    // the user number is unique: the search finds just this user
    const mark = info.body.usr_marks[0];

    await page.getByRole('button', { name: t.addressBook, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.search, exact: true }).click();
    if (found.body.total > 500) await expect(dialog.getByTestId('search-too-many')).toBeVisible();
    await dialog.getByRole('textbox', { name: t.searchUsers }).fill(mark);
    await dialog.getByRole('button', { name: t.search, exact: true }).click();
    await dialog
      .getByRole('checkbox', { name: new RegExp(callAddr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .check();
    await dialog.getByRole('button', { name: t.addSelected }).click();
    await expect.poll(async () => (await api.roster()).added_usr_ids).toContain(String(id));
  });

  test('overtime: too long and colliding requests are refused with the reason; a valid one extends the meeting on the server', async ({
    page,
    server,
    lang,
  }) => {
    const t = T[lang];
    const { api } = await openParticipants(page, server, lang);
    const before = await api.info();
    await page.getByRole('button', { name: t.requestDelay }).click();
    const input = page.getByRole('textbox', { name: t.delayMinutes });
    await input.fill('10000');
    await page.getByRole('dialog').getByRole('button', { name: t.apply }).click();
    await expect(page.getByText(t.tooLong)).toBeVisible();
    // the demo room's next booking starts 3 hours after the meeting: 9 hours more collide
    await input.fill('540');
    await page.getByRole('dialog').getByRole('button', { name: t.apply }).click();
    await expect(page.getByText(t.conflict)).toBeVisible();
    expect((await api.info()).duration).toBe(before.duration);
    await input.fill('5');
    await page.getByRole('dialog').getByRole('button', { name: t.apply }).click();
    await expect.poll(async () => (await api.info()).duration).toBe(before.duration + 300);
  });

  test('the controllers list counts another console joining as unread and lists it', async ({ page, server, lang }) => {
    const t = T[lang];
    await openParticipants(page, server, lang);
    const button = page.getByRole('button', { name: t.controllers });
    // another console logs in now (the worker's API session may be older than this screen): the screen hears it join
    await ParticipantsApi.login(server);
    await expect.poll(async () => Number(await button.getAttribute('data-unread'))).toBeGreaterThanOrEqual(1);
    const unreadSeen = await watchUnread(button);
    await button.click();
    await expect(page.getByRole('listitem').filter({ hasText: t.joined }).first()).toBeVisible();
    await expect.poll(unreadSeen).toContain('0');
  });

  test('a participant hung up by the host shows in the left members list with the reason', async ({ page, server, lang }) => {
    const t = T[lang];
    const { panel, api } = await openParticipants(page, server, lang);
    const button = page.getByRole('button', { name: t.leftMembers });
    const p = await pickOnline(panel, api);
    await panel.rowOperation(p.name, panel.n.hangUp);
    await expect.poll(async () => (await api.endpointStates()).has(p.usrId)).toBe(false);
    await expect.poll(async () => Number(await button.getAttribute('data-unread'))).toBeGreaterThanOrEqual(1);
    const unreadSeen = await watchUnread(button);
    await button.click();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `${p.name}: ${t.hungUpByHost}` })
        .first(),
    ).toBeVisible();
    await expect.poll(unreadSeen).toContain('0');
    await button.click();
    // a steady endpoint stays away until called: later specs have it back
    await api.callBackSteady();
  });
});
