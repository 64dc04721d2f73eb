/**
 * Issue 13 §1–3: the search box (filters by name, number, address or id
 * within the tab, / and Ctrl+K, Enter on a single match opens its operations, "1 of 46"); actions
 * that cannot simply be undone ask first naming who and how many (Cancel focused, Escape cancels,
 * focus back), a hang-up acts at once with an Undo that calls again; meeting-wide and bulk
 * commands say what they did, a refusal says why. Every result is checked on the server.
 */
import { test, expect } from '../fixtures';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { expectNoSeriousViolations, expectSurfaceAccessible } from '../a11y';
import { RC, codeMessage } from '../../protocol/codes';

const TEXT = {
  en: {
    count: (shown: number, total: number) => `${shown} of ${total}`,
    mutedAll: 'Guest mute on: the audience is muted, later joiners too',
    unmutedAll: 'Guest mute off: the audience may speak',
    mutedSelected: '2 participants muted',
    hungUp: (name: string) => `${name} hung up`,
    allLeaveQuestion: /^All \d+ participants in the meeting will be hung up\. Continue\?$/,
    refused: 'The command was refused',
  },
  zh: {
    count: (shown: number, total: number) => `${shown} / ${total}`,
    mutedAll: '观众静音已开启：观众已静音，之后入会者同样静音',
    unmutedAll: '观众静音已关闭：观众可以发言',
    mutedSelected: '已静音 2 位参会者',
    hungUp: (name: string) => `已挂断 ${name}`,
    allLeaveQuestion: /^会议中的全部 \d+ 位参会者都将被挂断，是否继续？$/,
    refused: '操作被拒绝',
  },
} as const;

test.describe('hosts at scale', () => {
  // each logs in and waits for the meeting's first full load, slow on a shared machine
  test.describe.configure({ timeout: 150_000 });

  test('search filters the tab as you type, / and Ctrl+K reach it, Enter on one match opens its operations', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    const { panel, api } = await openParticipants(page, server, lang);
    const p = await pickOnline(panel, api);
    const count = page.getByTestId('search-count');
    const total = await panel.tabCount('all');

    // "/" from the page focuses the box; typing the id narrows the tab to one row
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect(panel.search).toBeFocused();
    await page.keyboard.type(p.usrId);
    await expect.poll(() => panel.renderedNames()).toEqual([p.name]);
    await expect(count).toHaveText(TEXT[lang].count(1, total));
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`search-${lang}-${width}.png`) });
    }

    // Enter on the single match opens its operations; Escape closes them
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: panel.n.hangUp, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    // by number / address: the steady endpoints' addresses share their domain
    await panel.search.fill('steady');
    await expect.poll(async () => Number(await count.getAttribute('data-shown'))).toBeGreaterThan(1);
    await panel.search.press('Enter');
    await expect(page.getByRole('menu')).toBeHidden();

    // combined with the tab: the offline tab holds none of the online participant
    await panel.search.fill(p.usrId);
    await panel.openTab('offline');
    await expect(count).toHaveText(TEXT[lang].count(0, await panel.tabCount('offline')));
    await panel.openTab('all');
    await expect(count).toHaveText(TEXT[lang].count(1, await panel.tabCount('all')));

    // Ctrl+K from a button focuses it too; "/" typed in another field stays in that field
    await panel.button(panel.n.muteAll).focus();
    await page.keyboard.press('Control+k');
    await expect(panel.search).toBeFocused();
    await panel.search.fill('');
    await expect.poll(async () => Number(await count.getAttribute('data-shown'))).toBe(await panel.tabCount('all'));
    await panel.button(panel.n.tempCall).click();
    const callAddress = page.getByRole('dialog').getByLabel(panel.n.callAddress);
    await callAddress.focus();
    await page.keyboard.type('a/b');
    await expect(callAddress).toHaveValue('a/b');
    await expect(panel.search).toHaveValue('');
    await page.keyboard.press('Escape');
    await expectNoSeriousViolations(page, testInfo, `search`);
  });

  test('hang up acts at once and its toast calls the participant again; all leave asks first and Escape cancels', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    const { panel, api } = await openParticipants(page, server, lang);
    const p = await pickOnline(panel, api);
    await panel.rowOperation(p.name, panel.n.hangUp);
    await expect.poll(async () => (await api.endpointStates()).has(p.usrId)).toBe(false);
    const toast = panel.toast('hungUp');
    await expect(toast).toContainText(TEXT[lang].hungUp(p.name));
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`hangup-undo-${lang}.png`) });
    await toast.getByRole('button', { name: panel.n.undoCall }).click();
    await expect.poll(async () => (await api.endpointStates()).has(p.usrId), { timeout: 20_000 }).toBe(true);

    // all leave: the question names how many, Cancel holds the focus, Escape cancels, focus returns
    await (await panel.toolbarButton(panel.n.allLeave)).click();
    // in the toolbar's More list, focus returns to More (All leave left with the list)
    const allLeave = await panel.toolbarOpener(panel.n.allLeave);
    const dialog = panel.confirmDialog;
    await expect(dialog.getByTestId('confirm-message')).toHaveText(TEXT[lang].allLeaveQuestion);
    await expect(dialog.getByRole('button', { name: panel.n.cancel, exact: true })).toBeFocused();
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`all-leave-question-${lang}.png`) });
    await expectSurfaceAccessible(dialog, testInfo, `all leave question`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(allLeave).toBeFocused();
    // Cancel too sends nothing: everyone is still there
    await (await panel.toolbarButton(panel.n.allLeave)).click();
    await dialog.getByRole('button', { name: panel.n.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.row(p.name)).toHaveAttribute('data-online', 'true');
  });

  test('meeting-wide and bulk commands say how many they reached; a refusal says why', async ({
    page,
    server,
    consoleErrors,
    lang,
  }, testInfo) => {
    consoleErrors.allow(/status of 403/);
    const { panel, api } = await openParticipants(page, server, lang);
    // mute all is the platform's recipe (all_guests_mute): its toast says the audience is muted
    await panel.button(panel.n.muteAll).click();
    await expect(panel.toast('guestMuteOn')).toHaveText(TEXT[lang].mutedAll);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`mute-all-toast-${lang}.png`) });
    // the toast leaves the header (language, logout, state chips) uncovered
    const headerBottom = (await page.getByRole('banner').boundingBox())!.y + (await page.getByRole('banner').boundingBox())!.height;
    expect((await panel.toast('guestMuteOn').boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
    // it is guest mute itself, so the switch shows it without a "why"
    await expect(panel.switchControl(panel.n.guestMute)).toBeChecked();
    await expect(page.getByTestId('guest-mute-why')).toHaveCount(0);
    await panel.button(panel.n.cancelMuteAll).click();
    await expect(panel.toast('guestMuteOff')).toHaveText(TEXT[lang].unmutedAll);
    await expect(panel.switchControl(panel.n.guestMute)).not.toBeChecked();

    const a = await pickOnline(panel, api);
    const b = await pickOnline(panel, api, [a.usrId]);
    await page.getByRole('checkbox', { name: panel.n.select(a.name), exact: true }).check();
    await page.getByRole('checkbox', { name: panel.n.select(b.name), exact: true }).check();
    await panel.button(lang === 'en' ? 'Mute selected' : '静音所选').click();
    await expect(panel.toast('mutedSelected')).toHaveText(TEXT[lang].mutedSelected);
    await expect.poll(async () => [(await api.flags(a.usrId))?.a_rx, (await api.flags(b.usrId))?.a_rx]).toEqual([0, 0]);
    await api.eps('a_rx', [a.usrId, b.usrId], 1);

    // refused: the reason of its result code
    // forbidding all listening is mod_mr_status mr_atx_mode (the recipe), refused here
    await page.route('**/sessions/*/mr-status', (route) =>
      route.request().method() === 'POST' && (route.request().postData() ?? '').includes('mr_atx_mode')
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ cmdid: 'error', result: RC.supervisorForbidden }),
          })
        : route.fallback(),
    );
    await (await panel.toolbarButton(panel.n.listenWatch)).click();
    await page.getByRole('menuitem', { name: panel.n.forbidAllListening, exact: true }).click();
    const refusal = page.locator('.mantine-Notification-root').filter({ hasText: TEXT[lang].refused });
    await expect(refusal).toContainText(codeMessage(RC.supervisorForbidden, lang));
    await expect(panel.toast('audienceListenOn')).toHaveCount(0);
  });
});
