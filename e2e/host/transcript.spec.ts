/**
 * Issue 30, audio-to-text and the live transcript in Chromium against a real server of its own
 * with a busy population (40 simulated endpoints: several often talk at once). The host opens the
 * transcript, reads that only the two loudest channels are recognised, switches audio-to-text on
 * (the server's status says so), and the lines that appear are the server's, never more than two
 * speakers in one second; pause holds new lines and resume shows them; one line goes out as the
 * subtitle and the server's banner of every role carries it. Screenshots at 1280 and 1920 px in both
 * languages (the other switched to in the page).
 */
import { testWithServer, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import { MeetingControlsApi } from '../pages/MeetingControlsApi';
import { inOtherLanguage } from '../pages/bothLanguages';
import type { TranscriptLine, TranscriptPage } from '../../protocol/wire';

const test = testWithServer({ SIM_ENDPOINTS: '40' });

const N = {
  en: {
    open: 'Transcript',
    panel: 'Live transcript',
    asr: 'Audio-to-text',
    note: /at most the two loudest audio channels/,
    pause: 'Pause',
    resume: /^Resume \(\d+ new\)$/,
    send: 'Send as subtitle: ',
  },
  zh: {
    open: '转写',
    panel: '实时转写',
    asr: '语音转文字',
    note: /最多识别音量最大的两路音频/,
    pause: '暂停',
    resume: /^继续（\d+ 条新内容）$/,
    send: '作为字幕发送：',
  },
} as const;

test('transcript: audio-to-text on, the server’s lines of the two loudest shown, paused and resumed, one sent as the subtitle', async ({
  page,
  server,
  lang,
}) => {
  test.setTimeout(150_000);
  const n = N[lang];
  const { api } = await openParticipants(page, server, lang);
  const titlesApi = await MeetingControlsApi.forWorker(server);
  const serverLines = async () => (await api.get<TranscriptPage>('transcript')).lines;

  await page.getByRole('button', { name: n.open, exact: true }).click();
  const panel = page.getByRole('dialog', { name: n.panel });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('asr-note')).toHaveText(n.note);
  const asr = panel.getByRole('switch', { name: n.asr, exact: true });
  // the panel opens on its first control
  await expect(asr).toBeFocused();
  await expect(asr).not.toBeChecked();

  await asr.click({ force: true });
  await expect.poll(async () => (await api.status()).asr_enabled).toBe(1);
  await expect(asr).toBeChecked();

  // lines arrive live; each shown line is the server's, by id, speaker and text
  const rows = panel.getByTestId('transcript-lines').getByRole('listitem');
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
  await panel.getByRole('button', { name: n.pause, exact: true }).click();
  const shown = await rows.evaluateAll((els) =>
    els.map((el) => ({ id: Number(el.getAttribute('data-line-id')), usr: el.getAttribute('data-usr-id'), text: el.textContent ?? '' })),
  );
  const kept = new Map((await serverLines()).map((l) => [l.id, l]));
  for (const s of shown) {
    const l = kept.get(s.id);
    expect(l, `line ${s.id} is one the server kept`).toBeDefined();
    expect(s.usr).toBe(l!.usr_id);
    expect(s.text).toContain(l!.text);
  }
  // the recogniser hears two channels: never three speakers within one second
  const bySecond = new Map<number, Set<string>>();
  for (const l of kept.values()) bySecond.set(l.dtm, (bySecond.get(l.dtm) ?? new Set()).add(l.usr_id));
  for (const [dtm, who] of bySecond) expect(who.size, `speakers at ${dtm}`).toBeLessThanOrEqual(2);

  // paused: the list stands still while the server goes on; resume shows the held lines
  const last = shown[shown.length - 1].id;
  await expect.poll(async () => (await serverLines()).filter((l) => l.id > last).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const resume = panel.getByRole('button', { name: n.resume });
  await expect(resume).toBeVisible();
  expect(await rows.last().getAttribute('data-line-id')).toBe(String(last));

  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(panel).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: `test-results/screens/transcript-${width}-${lang}.png` });
  }
  // the panel in the other language, switched in the page (the drawer covers the top bar, so it
  // is closed for the switch; the pause is the session's and holds meanwhile)
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await inOtherLanguage(page, lang, async (l) => {
    await page.getByRole('button', { name: N[l].open, exact: true }).click();
    const inL = page.getByRole('dialog', { name: N[l].panel });
    await expect(inL.getByTestId('asr-note')).toHaveText(N[l].note);
    await expect(inL.getByRole('button', { name: N[l].resume })).toBeVisible();
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(inL).toBeVisible();
      await page.screenshot({ animations: 'disabled', path: `test-results/screens/transcript-${width}-${l}.png` });
    }
    await page.keyboard.press('Escape');
    await expect(inL).toBeHidden();
  });
  await page.getByRole('button', { name: n.open, exact: true }).click();
  await expect(panel).toBeVisible();
  await resume.click();
  await expect.poll(async () => Number(await rows.last().getAttribute('data-line-id'))).toBeGreaterThan(last);

  // one line as the subtitle: the banner of every role carries "name: text"
  await panel.getByRole('button', { name: n.pause, exact: true }).click();
  const pick = rows.last();
  const pickedId = Number(await pick.getAttribute('data-line-id'));
  const line = (await serverLines()).find((l) => l.id === pickedId) as TranscriptLine;
  await pick.getByRole('button', { name: new RegExp(`^${n.send}`) }).click();
  const expected = `${line.name}: ${line.text}`;
  await expect
    .poll(async () =>
      (await titlesApi.titles()).filter((t) => ['guest', 'speaker', 'chair'].includes(t.to_role)).map((t) => [t.message, t.has_title]),
    )
    .toEqual([
      [expected, 1],
      [expected, 1],
      [expected, 1],
    ]);

  // off again: the server stops recognising
  await asr.click({ force: true });
  await expect.poll(async () => (await api.status()).asr_enabled).toBe(0);
});
