/**
 * The management login and the booking dialog as a user reaches them (issue 30): the sidebar's
 * "Platform management login", the success state with the session's facts, then "Book next
 * meeting". Names per language (the zh catalog's translations).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang, MeetingControlsPanel } from './MeetingControlsPanel';

/** The management code under CAPTCHA_TEST_CODE (its digits, padded to four). */
export const MGMT_CODE = '2000';

export const BOOKING_NAMES = {
  en: {
    book: 'Book next meeting',
    name: 'Meeting name',
    starts: 'Starts',
    ends: 'Ends',
    submit: 'Book',
    mgmtTitle: 'Platform management login',
    reserved: 'Room reserved',
    delay: 'Request delay',
    delayField: 'Delay (minutes)',
    apply: 'Apply',
  },
  zh: {
    book: '预约下一场会议',
    name: '会议名称',
    starts: '开始时间',
    ends: '结束时间',
    submit: '预约',
    mgmtTitle: '平台管理登录',
    reserved: '会议室已被预约',
    delay: '申请延时',
    delayField: '延时（分钟）',
    apply: '应用',
  },
} as const;

/** Logs in to platform management from the sidebar; resolves with the dialog on its success state. */
export async function loginToManagement(page: Page, panel: MeetingControlsPanel, lang: Lang): Promise<Locator> {
  await panel.button(panel.names.mgmtLogin).click();
  const dialog = page.getByRole('dialog', { name: BOOKING_NAMES[lang].mgmtTitle });
  await expect(
    dialog.getByRole('button', { name: lang === 'en' ? 'Refresh verification code' : '刷新验证码' }).getByRole('img'),
  ).toBeVisible();
  await dialog.getByLabel(panel.names.loginId, { exact: true }).fill('admin');
  await dialog.getByLabel(panel.names.password, { exact: true }).fill('123456');
  await dialog.getByLabel(panel.names.code, { exact: true }).fill(MGMT_CODE);
  await dialog.getByRole('button', { name: panel.names.logIn, exact: true }).click();
  await expect(dialog.getByTestId('mgmt-session')).toBeVisible();
  return dialog;
}

/** From the success state, opens the booking dialog. */
export async function openBooking(page: Page, mgmtDialog: Locator, lang: Lang): Promise<Locator> {
  await mgmtDialog.getByRole('button', { name: BOOKING_NAMES[lang].book, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: BOOKING_NAMES[lang].book });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The local `YYYY-MM-DDTHH:mm` of Unix seconds, as the browser's datetime-local input takes it. */
export function localInput(sec: number): string {
  const d = new Date(sec * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
