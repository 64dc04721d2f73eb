/**
 * Dual streams against the real server: while a participant presents, the preview shows the
 * content — with the speaker inset when the picture-in-picture option is on, side by side when
 * off — and the picture-in-picture button enters the browser's picture-in-picture or says,
 * translated, why it cannot.
 */
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { expect, expectMoving, setOption, STEADY, test } from './helpers';

const PIP_ERRORS = {
  en: /^(This browser does not offer picture-in-picture\.|The browser refused picture-in-picture\.)$/,
  zh: /^(此浏览器不支持画中画。|浏览器拒绝了画中画。)$/,
} as const;

test('the picture-in-picture button enters picture-in-picture or explains why not', async ({ page, server, lang }) => {
  await openMeetingControls(page, server, lang, 'supervisor');
  await setOption(page, 'preview', true, lang);
  await setOption(page, 'newWindow', false, lang);
  await setOption(page, 'hideVideo', false, lang);
  const preview = page.getByTestId('supervisor-preview');
  // a participant whose camera stays on (the simulated ones switch theirs off now and then)
  await preview.getByRole('combobox', { name: lang === 'en' ? 'Preview participant' : '预览对象' }).fill(STEADY.name);
  await page.getByRole('option', { name: STEADY.name, exact: true }).first().click();
  await expect(preview).toHaveAttribute('data-target', STEADY.usrId);
  await expect(preview.getByRole('button', { name: lang === 'en' ? 'Picture-in-picture' : '画中画' })).toHaveCount(0);
  await setOption(page, 'pipDualStream', true, lang);
  const button = preview.getByRole('button', { name: lang === 'en' ? 'Picture-in-picture' : '画中画' });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  const supported = await page.evaluate(() => document.pictureInPictureEnabled === true);
  // which tile entered picture-in-picture (the simulated camera may go off right after, which ends it)
  await page.evaluate(() =>
    document.addEventListener(
      'enterpictureinpicture',
      (e) =>
        ((window as unknown as { pipTile?: string }).pipTile =
          (e.target as Element).closest('[data-testid]')?.getAttribute('data-testid') ?? ''),
      true,
    ),
  );
  await button.click();
  await expect(preview).toHaveAttribute('data-pip', /.+/);
  const outcome = await preview.getAttribute('data-pip');
  if (outcome === 'entered') {
    expect(supported).toBe(true);
    // the tile the event named, else the one in picture-in-picture now (the event was seen to go
    // unrecorded once in a full run)
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window as unknown as { pipTile?: string }).pipTile ??
            document.pictureInPictureElement?.closest('[data-testid]')?.getAttribute('data-testid') ??
            undefined,
        ),
      )
      .toMatch(/^preview-(tile|inset)$/);
    await page.evaluate(() => (document.pictureInPictureElement ? document.exitPictureInPicture() : undefined));
  } else {
    await expect(preview.getByTestId('pip-error')).toHaveText(PIP_ERRORS[lang]);
  }
});

test('with picture-in-picture turned off in the browser, the button says so, translated', async ({ page, server, lang }) => {
  await openMeetingControls(page, server, lang, 'supervisor');
  // as a policy or the user's setting would: the page sees picture-in-picture disabled
  await page.evaluate(() => Object.defineProperty(document, 'pictureInPictureEnabled', { configurable: true, get: () => false }));
  await setOption(page, 'preview', true, lang);
  await setOption(page, 'newWindow', false, lang);
  await setOption(page, 'hideVideo', false, lang);
  await setOption(page, 'pipDualStream', true, lang);
  const preview = page.getByTestId('supervisor-preview');
  await preview.getByRole('combobox', { name: lang === 'en' ? 'Preview participant' : '预览对象' }).fill(STEADY.name);
  await page.getByRole('option', { name: STEADY.name, exact: true }).first().click();
  await preview.getByRole('button', { name: lang === 'en' ? 'Picture-in-picture' : '画中画' }).click();
  await expect(preview).toHaveAttribute('data-pip', 'unsupported');
  await expect(preview.getByTestId('pip-error')).toHaveText(
    lang === 'en' ? 'This browser does not offer picture-in-picture.' : '此浏览器不支持画中画。',
  );
  expect(await page.evaluate(() => document.pictureInPictureElement)).toBeNull();
});

test('while someone presents, the preview shows the content with the speaker inset, or side by side', async ({ page, server, lang }) => {
  test.setTimeout(120_000);
  await openMeetingControls(page, server, lang, 'supervisor');
  const api = await ParticipantsApi.forWorker(server, 'host');
  await setOption(page, 'preview', true, lang);
  await setOption(page, 'newWindow', false, lang);
  await setOption(page, 'hideVideo', false, lang);
  await setOption(page, 'pipDualStream', true, lang);
  // the simulated endpoints share content now and then (everyone may); wait for one
  let presenter: string | undefined;
  await expect
    .poll(
      async () => {
        presenter = [...(await api.endpointStates()).values()].find((s) => s.flags.cont_sender === 1)?.usrId;
        return presenter;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBeTruthy();
  const preview = page.getByTestId('supervisor-preview');
  await expect(preview).toHaveAttribute('data-dual', 'inset', { timeout: 10_000 });
  const content = preview.getByTestId('preview-content');
  await expect(content).toHaveAttribute('data-usr-id', presenter!);
  await expect(content.getByTestId('preview-inset')).toBeVisible();
  await expectMoving(content);

  await setOption(page, 'pipDualStream', false, lang);
  await expect(preview).toHaveAttribute('data-dual', 'side-by-side');
  await expect(content.getByTestId('preview-inset')).toHaveCount(0);
  await expect(preview.getByTestId('preview-tile')).toBeVisible();
});
