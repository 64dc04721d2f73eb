import { expect, type Locator, type Page } from '@playwright/test';
import { TEST_CODE, type TestServer } from '../server';

/** The login screen, addressed by role and accessible name (English UI). */
export class LoginPage {
  readonly form: Locator;
  readonly meetingNumber: Locator;
  readonly password: Locator;
  readonly code: Locator;
  readonly codePicture: Locator;
  readonly codeImage: Locator;
  /** the note that replaces the picture where the platform offers none (the text code is shown) */
  readonly textCodeNote: Locator;
  readonly submit: Locator;
  readonly outcome: Locator;
  readonly languageButton: Locator;

  constructor(
    readonly page: Page,
    readonly server: Pick<TestServer, 'mrId' | 'hostPwd' | 'supervisorPwd'>,
  ) {
    this.form = page.getByRole('form', { name: 'Meeting control login' });
    this.meetingNumber = this.form.getByRole('textbox', { name: 'Meeting No.' });
    this.password = this.form.getByLabel('Password', { exact: true });
    this.code = this.form.getByRole('textbox', { name: 'Verification code' });
    this.codePicture = this.form.getByRole('button', { name: 'Refresh the verification code' });
    this.codeImage = this.codePicture.getByRole('img');
    this.textCodeNote = this.form.getByRole('note').filter({ hasText: 'offers no picture code' });
    this.submit = this.form.getByRole('button', { name: 'Log in' });
    this.outcome = this.form.getByRole('alert');
    this.languageButton = page.getByRole('button', { name: /^(Language|语言)/ });
  }

  async goto(path = '/login'): Promise<void> {
    await this.page.goto(path);
    // a strict platform offers no picture: the console shows the text code instead, and says why
    await expect(this.codeImage.or(this.textCodeNote)).toBeVisible();
  }

  /** The data URL of the picture on screen (changes with every new code). */
  async codeImageSource(): Promise<string> {
    return (await this.codeImage.getAttribute('src')) ?? '';
  }

  async fill(fields: { mrId?: string; password?: string; code?: string }): Promise<void> {
    if (fields.mrId !== undefined) await this.meetingNumber.fill(fields.mrId);
    if (fields.password !== undefined) await this.password.fill(fields.password);
    if (fields.code !== undefined) await this.code.fill(fields.code);
  }

  /** Fills the form (the known test code unless given) and submits it. */
  async login(fields: { mrId?: string; password: string; code?: string }): Promise<void> {
    await this.fill({ mrId: fields.mrId ?? this.server.mrId, password: fields.password, code: fields.code ?? TEST_CODE });
    await this.submit.click();
  }

  async loginAsHost(): Promise<void> {
    await this.login({ password: this.server.hostPwd });
  }

  async loginAsSupervisor(): Promise<void> {
    await this.login({ password: this.server.supervisorPwd });
  }

  /**
   * Logs in as host with the screen in `lang` (chosen on the login screen, as a user would) and
   * waits for the control screen.
   */
  async loginAsHostIn(lang: 'en' | 'zh'): Promise<void> {
    await this.loginIn(lang, 'host');
  }

  /**
   * Logs in as `role` with the screen in `lang`: the form is filled by its English names, then the
   * language is switched on the login screen, so the control screen opens in `lang` without the
   * extra page load of a reload.
   */
  async loginIn(lang: 'en' | 'zh', role: 'host' | 'supervisor'): Promise<void> {
    await this.goto();
    await this.fill({
      mrId: this.server.mrId,
      password: role === 'host' ? this.server.hostPwd : this.server.supervisorPwd,
      code: TEST_CODE,
    });
    if (lang === 'zh') await this.switchLanguage('中文');
    await this.page.getByRole('button', { name: lang === 'zh' ? '登录' : 'Log in', exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`/control\\?mr-id=${this.server.mrId}`));
  }

  /** Picks a language in the on-screen language menu. */
  async switchLanguage(autonym: '中文' | 'English'): Promise<void> {
    await this.languageButton.click();
    await this.page.getByRole('menuitem', { name: autonym }).click();
  }
}
