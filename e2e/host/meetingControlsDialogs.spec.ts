/**
 * The management-platform login and the meeting passwords dialogs against the real server,
 * with every refusal message: client-side rules first, then the server's.
 */
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { MeetingControlsApi } from '../pages/MeetingControlsApi';
import { codeMessage, RC } from '../../protocol/codes';
import { DEMO } from '../server';

/** The management code under CAPTCHA_TEST_CODE (its digits, padded to four). */
const MGMT_CODE = '2000';

// A server of its own: new meeting passwords log every other controller session out (the server's
// rule), which would end the API checkers later specs of this worker are handed (perWorker.ts)
const test = testWithServer({});

test.describe('dialogs', () => {
  test('management login: digits-only code, wrong code refused, then logged in on the server', async ({
    page,
    server,
    lang,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 403/);
    const { panel } = await openMeetingControls(page, server, lang);
    await panel.button(panel.names.mgmtLogin).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('button', { name: lang === 'en' ? 'Refresh verification code' : '刷新验证码' }).getByRole('img'),
    ).toBeVisible();
    await dialog.getByLabel(panel.names.loginId, { exact: true }).fill('admin');
    await dialog.getByLabel(panel.names.password, { exact: true }).fill('123456');
    const code = dialog.getByLabel(panel.names.code, { exact: true });
    await code.fill('12a4');
    await dialog.getByRole('button', { name: panel.names.logIn, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.verifyCodeFormat, lang));

    await code.fill('1111');
    await dialog.getByRole('button', { name: panel.names.logIn, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.verifyCodeIncorrect, lang));

    const handOver = page.waitForResponse((r) => r.url().endsWith('/set-confmgr-ssid') && r.request().method() === 'POST');
    await code.fill(MGMT_CODE);
    await dialog.getByRole('button', { name: panel.names.logIn, exact: true }).click();
    const answer = await handOver;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ result: 0, is_admin: 1 });
    await expect(panel.button(panel.names.mgmtLoggedIn)).toBeVisible();
  });

  test('meeting passwords: opens empty (empty keeps the password), the spec rules, then one password changed alone', async ({
    page,
    server,
    lang,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 40\d/);
    const { panel } = await openMeetingControls(page, server, lang);
    await panel.button(panel.names.passwords).click();
    const dialog = page.getByRole('dialog');
    const field = (name: string) => dialog.getByLabel(name, { exact: true });
    const fill = async (join: string, host: string, supervisor: string) => {
      await field(panel.names.joinPwd).fill(join);
      await field(panel.names.hostPwd).fill(host);
      await field(panel.names.supervisorPwd).fill(supervisor);
      await dialog.getByRole('button', { name: panel.names.savePasswords, exact: true }).click();
    };
    // the wire never tells the console the passwords: every field starts empty, meaning "unchanged"
    for (const name of [panel.names.joinPwd, panel.names.hostPwd, panel.names.supervisorPwd]) {
      await expect(field(name)).toHaveValue('');
      await expect(field(name)).toHaveAttribute('placeholder', lang === 'en' ? 'Unchanged' : '不修改');
    }
    await page.screenshot({ path: `test-results/screens/meeting-passwords-${lang}.png` });
    await dialog.getByRole('button', { name: panel.names.savePasswords, exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(lang === 'en' ? 'Type the password you want to change' : '请输入要修改的密码');
    await fill('111', '22x', '');
    await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.passwordDigitsOnly, lang));
    await fill('', '222', '222');
    await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.passwordsMustDiffer, lang));
    // the server checks the whole set: a supervisor password equal to the (unchanged) host one
    await fill('', '', DEMO.hostPwd);
    await expect(dialog.getByRole('alert')).toHaveText(codeMessage(RC.passwordsMustDiffer, lang));

    const host = '246801';
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/mr-pwd') && r.method() === 'POST') sent.push(r.postDataJSON());
    });
    try {
      // the host password alone: the supervisor's stays as it was
      await fill('', host, '');
      await expect(dialog).toBeHidden();
      expect(sent).toEqual([expect.not.objectContaining({ supervisor_pwd: expect.anything(), join_pwd: expect.anything() })]);
      // the server now takes the new host password, and no longer the old one
      await expect
        .poll(async () =>
          MeetingControlsApi.login({ ...server, hostPwd: host }).then(
            () => true,
            () => false,
          ),
        )
        .toBe(true);
      expect(
        await MeetingControlsApi.login(server).then(
          () => true,
          () => false,
        ),
      ).toBe(false);
      expect(
        await MeetingControlsApi.login(server, 'supervisor').then(
          () => true,
          () => false,
        ),
      ).toBe(true);
    } finally {
      const api = await MeetingControlsApi.login({ ...server, hostPwd: host }).catch(() => null);
      await api?.session.post('mr-pwd', { cmdid: 'mod_mr_pwd', ctrl_pwd: server.hostPwd, supervisor_pwd: server.supervisorPwd });
    }
    expect(
      await MeetingControlsApi.login(server).then(
        () => true,
        () => false,
      ),
    ).toBe(true);
  });
});
