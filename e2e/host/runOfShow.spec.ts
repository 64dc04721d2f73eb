/**
 * Issue 28: a run of show of three segments (imported as the JSON file the panel exports) is
 * taken through with the Take button and the T key; after each Take the server's meeting has the
 * segment's main venue, audience layout and banner. A second console (a supervisor) shows the same
 * segment on air. Screenshots of the panel at 1280, 1440 and 1920 px.
 */
import { test, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import { signIn } from '../pages/signIn';
import { isSteadyEndpointId } from '../../server/sim/steady';
import { defaultBanner, type RunOfShow } from '../../protocol/runOfShow';
import type { MosicConfigEntry, MrStatus, TitleConfig } from '../../protocol/wire';

const TEXT = {
  en: { open: 'Run of show', take: 'Take', names: ['Opening', 'Branch report', 'Closing'] },
  zh: { open: '流程单', take: '切换', names: ['开幕', '分会场汇报', '闭幕'] },
} as const;

test('run of show: three segments taken through, the server applies each, a second console sees the segment on air', async ({ page, server, lang, newConsole }) => {
  test.setTimeout(150_000);
  const text = TEXT[lang];
  const { api } = await openParticipants(page, server, lang);
  await api.callBackSteady();
  const steady = [...(await api.endpointStates()).keys()].filter(isSteadyEndpointId);
  expect(steady.length).toBeGreaterThanOrEqual(2);
  const [a, b] = steady;
  const layout = (mosic_id: string, roles_lst: string[][]) => ({ mosic_id, roles_lst, poll_secs: 10, view_has_self: 0 as const });
  const doc: RunOfShow = {
    version: 1,
    name: 'E2E',
    segments: [
      { id: 'open', name: text.names[0], main_venue: a, mosaics: { guest: layout('1', [['1010']]) }, banner: defaultBanner({ zh: '欢迎', en: 'Welcome' }), timer: { secs: 120, warn_share: 0.8, on_endpoints: false } },
      { id: 'report', name: text.names[1], main_venue: b, mosaics: { guest: layout('1*1', [['1010'], [a]]) }, banner: null },
      { id: 'close', name: text.names[2], main_venue: a, mosaics: { guest: layout('2*2', [['0'], ['0'], ['0'], ['0']]) }, banner: defaultBanner({ en: 'Thank you' }) },
    ],
  };

  await page.getByRole('button', { name: text.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.open });
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-show', /idle|onAir|held/);
  await page.locator('input[type="file"][accept*="json"]').setInputFiles({ name: 'show.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  await expect(dialog.getByTestId('run-of-show-segments').locator('tbody tr')).toHaveCount(3);
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-work', 'steady');
  // the server holds what the panel saved
  await expect.poll(async () => (await api.get<{ doc: RunOfShow }>('run-of-show')).doc.segments.map((s) => s.id)).toEqual(['open', 'report', 'close']);
  await dialog.getByTestId('segment-0').getByRole('button', { name: new RegExp(text.names[0]) }).first().click();
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-cue', '0');

  for (let i = 0; i < 3; i++) {
    const seg = doc.segments[i];
    if (i === 0) await dialog.getByRole('button', { name: text.take, exact: true }).click();
    else {
      await dialog.getByTestId('run-of-show-on-air').click();
      await page.keyboard.press('t');
    }
    await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-current', String(i));
    await expect.poll(async () => (await api.status()).spk_usr_id).toBe(seg.main_venue);
    await expect
      .poll(async () => (await api.get<{ config_info: MosicConfigEntry[] }>('mosic-config')).config_info.find((c) => c.role === 'guest')?.mosic_id)
      .toBe(seg.mosaics!.guest!.mosic_id);
    const titles = (await api.get<{ titles: TitleConfig[] }>('title-config')).titles;
    const all = titles.find((t) => t.to_role === 'all')!;
    expect(all.has_title).toBe(seg.banner ? 1 : 0);
    if (seg.banner) expect(all.message).toBe(seg.banner.text.zh ? '欢迎 / Welcome' : 'Thank you');
    if (i === 0) {
      for (const [w, h] of [
        [1280, 800],
        [1440, 900],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ animations: 'disabled', path: `test-results/screens/runofshow-${w}-${lang}.png` });
      }
    }
  }
  expect(((await api.status()) as MrStatus).spk_usr_id).toBe(a);

  // a second console (the supervisor) sees the same segment on air
  const other = await newConsole();
  await signIn(other.page, server, lang, 'supervisor');
  await other.page.getByRole('button', { name: new RegExp(`${text.open}.*${text.names[2]}`) }).click();
  await expect(other.page.getByRole('dialog', { name: text.open }).getByTestId('run-of-show')).toHaveAttribute('data-current', '2');
});
