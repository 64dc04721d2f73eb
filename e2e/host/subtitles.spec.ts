/**
 * Subtitle settings against the real server: the title and the
 * meeting-wide position are what the server holds afterwards, and the preview follows the form.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';

test('subtitle settings apply a title and its position on the server', { tag: '@platform' }, async ({ page, server, lang }) => {
  const { panel, api } = await openMeetingControls(page, server, lang);
  await panel.button(panel.names.subtitleSettings).click();
  const dialog = page.getByRole('dialog');
  // with no text the preview shows a sample line in the chosen style, marked as a sample
  await dialog.getByLabel(panel.names.subtitleContent).fill('');
  await expect(dialog.getByTestId('subtitle-preview-text')).toHaveAttribute('data-sample', 'true');
  await expect(dialog.getByTestId('subtitle-preview-sample')).toBeVisible();
  await page.screenshot({ path: `test-results/screens/subtitle-preview-sample-${lang}.png` });
  const text = `${lang} e2e ${Date.now() % 10000}`;
  await dialog.getByLabel(panel.names.subtitleContent).fill(text);
  await expect(dialog.getByTestId('subtitle-preview-sample')).toHaveCount(0);
  const show = dialog.getByRole('switch', { name: panel.names.showSubtitle });
  if (!(await show.isChecked())) await dialog.locator('label', { hasText: new RegExp(`^${panel.names.showSubtitle}$`) }).click();
  await expect(show).toBeChecked();
  await dialog.getByLabel(panel.names.fontSize).fill('48');
  await expect(dialog.getByTestId('subtitle-preview-text')).toHaveText(text);
  await expect(dialog.getByTestId('subtitle-preview-text')).toHaveCSS('font-size', '48px');
  await dialog.getByRole('button', { name: panel.names.applySubtitle }).click();
  await expect
    .poll(async () => (await api.titles()).find((t) => t.to_role === 'all'), { timeout: 10_000 })
    .toMatchObject({ message: text, has_title: 1, font_size: 48, font_color: 16777215, v_margin: 10, h_margin: 10 });
  // sent as the platform's client sends it: one set_title per role (podium lists every target;
  // the platform's flat banner is one of them)
  const titles = await api.titles();
  for (const role of titles.length > 1 ? ['guest', 'speaker', 'chair'] : []) {
    expect(
      titles.find((t) => t.to_role === role),
      role,
    ).toMatchObject({ message: text, has_title: 1, font_size: 48 });
  }
  await expect
    .poll(async () => (await api.status()).subtitle_position)
    .toEqual({ horizontal_position: 'center', vertical_position: 'bottom', horizontal_margin: 10, vertical_margin: 10 });
});

const TARGET = { en: { label: 'Subtitle target', audience: 'Audience' }, zh: { label: '字幕对象', audience: '观众' } } as const;

test("a subtitle for the audience only lands on the audience's title", async ({ page, server, lang }) => {
  const { panel, api } = await openMeetingControls(page, server, lang);
  const allBefore = (await api.titles()).find((t) => t.to_role === 'all');
  await panel.button(panel.names.subtitleSettings).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: TARGET[lang].label }).click();
  await page.getByRole('option', { name: TARGET[lang].audience, exact: true }).click();
  await expect(dialog.getByTestId('subtitle-settings')).toHaveAttribute('data-target', 'guest');
  const text = `audience ${lang} ${Date.now() % 10000}`;
  await dialog.getByLabel(panel.names.subtitleContent).fill(text);
  await dialog.getByRole('button', { name: panel.names.applySubtitle }).click();
  await expect.poll(async () => (await api.titles()).find((t) => t.to_role === 'guest')?.message).toBe(text);
  expect((await api.titles()).find((t) => t.to_role === 'all')?.message).toBe(allBefore?.message);
});

const TOO_LONG = {
  en: 'The subtitle can be at most 60 bytes long',
  zh: '字幕最多 60 个字节',
} as const;

test('a subtitle over 60 bytes is refused with its message and not sent', async ({ page, server, lang }) => {
  const { panel, api } = await openMeetingControls(page, server, lang);
  const before = (await api.titles()).find((t) => t.to_role === 'all')?.message;
  await panel.button(panel.names.subtitleSettings).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(panel.names.subtitleContent).fill('字'.repeat(21));
  await expect(dialog.getByText(TOO_LONG[lang])).toBeVisible();
  await expect(dialog.getByRole('button', { name: panel.names.applySubtitle })).toBeDisabled();
  expect((await api.titles()).find((t) => t.to_role === 'all')?.message).toBe(before);
});
