/**
 * Issue 30's smaller items, as a host meets them against the real reference server:
 * - the meeting's kind beside its number ("In meeting · Immediate");
 * - a config that could not be read at start (TEST_FAIL_CONFIG_READS: the session's first read
 *   of the titles and of the layout list fails as a broken store would) is said in its dialog,
 *   "Failed to retrieve configuration", never the form on defaults; Retry reads it;
 * - the room's resource template (DEMO_MAX_MOSAIC=4, DEMO_RECORDING=0): recording not allowed
 *   and why, layouts over 4 panes greyed and explained, still after a reload of /control;
 * - a failed call names its endpoint type in the failed-call list;
 * - get_call_qa is asked when a participant's statistics open, and the answer shown.
 * Screens of each new bit at 1280 and 1920 px in both languages, the other switched to in the page
 * (test-results/screens/small-<bit>-<width>-<lang>.png).
 */
import type { Locator, Page } from '@playwright/test';
import { testWithServer, expect, type Lang } from '../fixtures';
import { inOtherLanguage } from '../pages/bothLanguages';
import { pickOnline } from '../pages/ParticipantsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { ParticipantsPanel } from '../pages/ParticipantsPanel';

const test = testWithServer({ DEMO_MAX_MOSAIC: '4', DEMO_RECORDING: '0', TEST_FAIL_CONFIG_READS: 'title-config,sys_mosics' });

const T = {
  en: {
    inMeeting: 'In meeting · Immediate',
    subtitles: 'Subtitle settings',
    layout: 'Screen layout',
    failed: 'Failed to retrieve configuration',
    retry: 'Retry',
    applySubtitle: 'Apply subtitle',
    noRecording: 'does not allow recording',
    failedCalls: 'Failed calls',
    sip: 'SIP endpoint',
    stats: 'Statistics',
  },
  zh: {
    inMeeting: '会议中 · 即时会议',
    subtitles: '字幕设置',
    layout: '分屏布局',
    failed: '获取配置失败',
    retry: '重试',
    applySubtitle: null,
    noRecording: '不允许录制',
    failedCalls: '呼叫失败',
    sip: 'SIP 终端',
    stats: '统计',
  },
} as const;

/** The screen as it stands at 1280 and 1920 px, then the spec's window again. */
async function shot(page: Page, name: string, l: Lang): Promise<void> {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ animations: 'disabled', path: `test-results/screens/small-${name}-${width}-${l}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * One new bit in both languages: shot as it stands, closed with Escape, then opened again by
 * `open` in the other language (switched in the page; a dialog covers the top bar's switch) and
 * shot; the spec's language is back after, the bit closed.
 */
async function shotBoth(page: Page, name: string, lang: Lang, open: (l: Lang) => Promise<Locator>, shown: Locator): Promise<void> {
  await shot(page, name, lang);
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  await inOtherLanguage(page, lang, async (l) => {
    const again = await open(l);
    await shot(page, name, l);
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
  });
}

test('the smaller items of issue 30: meeting kind, a failed config read, the template limits, the failed call type, the call quality', async ({
  page,
  server,
  lang,
  consoleErrors,
  loginPage,
}) => {
  test.setTimeout(180_000);
  const t = T[lang];
  // the two config reads fail on purpose (500, result 6001): the browser logs each
  consoleErrors.allow(/status of 500 \(Internal Server Error\) @ \S*\/sessions\/[^/\s]+\/(title-config|sys_mosics)$/);
  // through the form, as a host logs in: the login's feed position brings the events sent at the
  // login (the template among them), which a session seeded through the API would not have
  await loginPage.goto();
  await loginPage.loginIn(lang, 'host');
  const panel = new ParticipantsPanel(page, lang);
  await expect(panel.table).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => panel.tabCount('all'), { timeout: 20_000 }).toBeGreaterThan(0);
  const api = await ParticipantsApi.forWorker(server);

  // 1. the meeting's kind, beside its number
  const kind = page.getByTestId('meeting-kind');
  await expect(kind).toHaveAttribute('data-kind', 'immediate');
  await expect(kind).toHaveText(t.inMeeting);

  // 6. the template: recording not allowed, said before anyone tries
  await expect(page.getByTestId('recording-not-allowed')).toContainText(t.noRecording);
  await expect(page.getByTestId('recording-control').getByRole('button')).toHaveCount(0);

  // 2. the titles could not be read: said, with Retry, and no form on defaults
  await page.getByRole('button', { name: t.subtitles, exact: true }).click();
  const subtitleDialog = page.getByRole('dialog', { name: t.subtitles });
  await expect(subtitleDialog.getByTestId('config-failed')).toContainText(t.failed);
  // the failed read is the session's: it is still said when the dialog opens again, in either language
  const openSubtitles = async (l: Lang) => {
    await page.getByRole('button', { name: T[l].subtitles, exact: true }).click();
    const d = page.getByRole('dialog', { name: T[l].subtitles });
    await expect(d.getByTestId('config-failed')).toContainText(T[l].failed);
    return d;
  };
  await shotBoth(page, 'config-failed', lang, openSubtitles, subtitleDialog);
  await openSubtitles(lang);
  await subtitleDialog.getByRole('button', { name: t.retry }).click();
  await expect(subtitleDialog.getByTestId('config-failed')).toHaveCount(0, { timeout: 15_000 });
  if (t.applySubtitle) await expect(subtitleDialog.getByRole('button', { name: t.applySubtitle })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(subtitleDialog).toBeHidden();

  // 6. the layouts, read by the retry: those over the template's 4 panes are greyed and explained
  await page.getByRole('button', { name: t.layout, exact: true }).click();
  const layouts = page.getByTestId('mosaic-layouts');
  await expect(layouts).toBeVisible({ timeout: 15_000 });
  await expect(layouts.locator('[data-capped="true"]').first()).toHaveAttribute('aria-disabled', 'true');
  await expect(layouts.locator('[role="radio"]:not([data-capped])').first()).toBeVisible();
  await expect(page.getByTestId('mosaic-pane-limit')).toContainText('4');
  await shotBoth(
    page,
    'layout-cap',
    lang,
    async (l) => {
      await page.getByRole('button', { name: T[l].layout, exact: true }).click();
      await expect(layouts.locator('[data-capped="true"]').first()).toHaveAttribute('aria-disabled', 'true');
      return layouts;
    },
    layouts,
  );

  // 6b. the template is told once per login: a reload of /control still knows it (kept with the
  // session record), though its feed never carries the event again
  await page.reload();
  await expect(panel.table).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('recording-not-allowed')).toContainText(t.noRecording);
  await page.getByRole('button', { name: t.layout, exact: true }).click();
  await expect(layouts).toBeVisible({ timeout: 15_000 });
  await expect(layouts.locator('[data-capped="true"]').first()).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('mosaic-pane-limit')).toContainText('4');
  await page.keyboard.press('Escape');

  // 5. a call that fails names its endpoint type
  const busy = `Busy ${lang} ${Date.now() % 10000}`;
  const dial = await api.post('temp-usrs', {
    cmdid: 'create_temp_call',
    call_url: `busy${Date.now() % 10000}@10.20.30.41`,
    usr_type: 2,
    disp_name: busy,
  });
  expect(dial.status).toBe(200);
  const failedButton = page.getByRole('button', { name: new RegExp(t.failedCalls) });
  await expect
    .poll(
      async () => {
        const logs = await api.get<{ events: Array<{ cmdid: string; nick_name?: string }> }>('logs');
        return logs.events.some((e) => e.cmdid === 'failed_call' && e.nick_name === busy);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const failedEntry = (l: Lang) => page.getByText(new RegExp(`${busy} \\(busy\\d+@10\\.20\\.30\\.41, ${T[l].sip}\\)`));
  await failedButton.click();
  await expect(failedEntry(lang)).toBeVisible({ timeout: 10_000 });
  await shotBoth(
    page,
    'failed-call-type',
    lang,
    async (l) => {
      await page.getByRole('button', { name: new RegExp(T[l].failedCalls) }).click();
      await expect(failedEntry(l)).toBeVisible();
      return failedEntry(l);
    },
    failedEntry(lang),
  );

  // 3. a participant's statistics ask get_call_qa; the server's summary is shown
  const { name } = await pickOnline(panel, api);
  await panel.rowOperation(name, t.stats);
  const quality = page.getByRole('dialog').getByTestId('call-quality');
  await expect(quality).toHaveAttribute('data-state', 'answered', { timeout: 15_000 });
  await expect(quality.getByTestId('call-quality-figures').locator('tbody tr').first()).toBeVisible();
  await shotBoth(
    page,
    'call-quality',
    lang,
    async (l) => {
      await new ParticipantsPanel(page, l).rowOperation(name, T[l].stats);
      await expect(quality).toHaveAttribute('data-state', 'answered', { timeout: 15_000 });
      return quality;
    },
    quality,
  );
});
