/**
 * Issue 12, item 6: spec §5 rules with their own messages, on the console and on the server —
 * the temporary call's address (digits-only ##password, a possible @IP),
 * one call per submit, a 40-digit room password, and a filter tab without criteria.
 */
import { test, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { RC } from '../../protocol/codes';

const TEXT = {
  en: {
    addressFormat: 'The call address is not in the correct format',
    passwordTooLong: 'A password can have at most 32 digits',
    inputIncorrect: 'The input information is incorrect',
  },
  zh: {
    addressFormat: '呼叫地址格式不正确',
    passwordTooLong: '密码最多 32 位数字',
    inputIncorrect: '输入信息有误',
  },
} as const;

test.describe('spec §5 rules', () => {
  test('a call address with letters in its password or an impossible IP is refused by console and server', async ({
    page,
    server,
    lang,
  }) => {
    const { panel, api } = await openParticipants(page, server, lang);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/temp-usrs')) sent.push(r.postData() ?? '');
    });
    await panel.button(panel.n.tempCall).click();
    const dialog = page.getByRole('dialog');
    for (const bad of ['8008099##pw@999.1.1.1', '8008099##1234@999.1.1.1', 'alice@999.1.1.1']) {
      await dialog.getByRole('textbox', { name: panel.n.callAddress }).fill(bad);
      await dialog.getByRole('textbox', { name: panel.n.displayName }).fill('Guest');
      await panel.button(panel.n.call).click();
      await expect(dialog.getByText(TEXT[lang].addressFormat)).toBeVisible();
    }
    expect(sent).toEqual([]);
    // the server applies the same rule to a request that skips the console's check
    const res = await api.post<{ result?: number }>('temp-usrs', {
      cmdid: 'create_temp_call',
      call_url: '8008099##pw@999.1.1.1',
      disp_name: 'Guest',
      usr_type: 2,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.result).toBe(RC.callAddressFormat);
  });

  test('one submit of a temporary call sends one call, even when clicked twice', async ({ page, server, lang }) => {
    const { panel } = await openParticipants(page, server, lang);
    let calls = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/temp-usrs')) calls += 1;
    });
    await panel.button(panel.n.tempCall).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: panel.n.callAddress }).fill(`once${Date.now() % 10000}@10.20.30.41`);
    await dialog.getByRole('textbox', { name: panel.n.displayName }).fill(`Once ${lang}`);
    await dialog.getByRole('button', { name: panel.n.call, exact: true }).dblclick();
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(1000);
    expect(calls).toBe(1);
  });

  test('a 40-digit room password gets its own message, on the console and on the server', async ({ page, server, consoleErrors, lang }) => {
    consoleErrors.allow(/status of 40\d/);
    const { panel } = await openMeetingControls(page, server, lang);
    await panel.button(panel.names.passwords).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(panel.names.hostPwd, { exact: true }).fill('1'.repeat(40));
    await dialog.getByLabel(panel.names.supervisorPwd, { exact: true }).fill(server.supervisorPwd);
    await dialog.getByRole('button', { name: panel.names.savePasswords, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TEXT[lang].passwordTooLong);
    const api = await ParticipantsApi.forWorker(server);
    const res = await api.post<{ result?: number }>('mr-pwd', {
      cmdid: 'mod_mr_pwd',
      ctrl_pwd: '1'.repeat(40),
      supervisor_pwd: server.supervisorPwd,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.result).toBe(RC.passwordTooLong);
  });

  test('a filter tab without criteria is refused with "the input information is incorrect"', async ({ page, server, lang }) => {
    const { panel } = await openParticipants(page, server, lang);
    await panel.button(panel.n.newTab).click();
    await page.getByRole('textbox', { name: panel.n.tabName }).fill(`Empty-${lang}`);
    await panel.button(panel.n.save).click();
    await expect(page.getByRole('dialog').getByText(TEXT[lang].inputIncorrect)).toBeVisible();
    await expect(page.getByRole('tab', { name: `Empty-${lang}`, exact: true })).toHaveCount(0);
  });
});
