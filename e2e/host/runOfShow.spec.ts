/**
 * Issue 28: a run of show of three segments (imported as the JSON file the panel exports) is
 * taken through with the Take button and the T key; after each Take the server's meeting has the
 * segment's main venue, audience layout and banner, in rehearsal mode (each segment's time is then
 * shown beside it). A fourth segment is built through the editor (its sections scroll inside the
 * editor at 1280×720, Save stays in sight) and taken: the audience may no longer watch. A second
 * console (a supervisor) shows the same segment on air. Screenshots of the panel at 1280, 1440 and
 * 1920 px, and of the editor at 1280×720. A second, short walk (also in the platform project) takes
 * a segment, holds and resumes it and undoes it by the keys, on either wire, its timer on the
 * endpoints' banner until the Undo. A third walk presses U while the Hold is out (its answer held
 * by the test): Undo is not sent, the panel says so, and U pressed again goes.
 */
import type { Page } from '@playwright/test';
import { test, expect, type Lang } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import { signIn } from '../pages/signIn';
import { isSteadyEndpointId } from '../../server/sim/steady';
import { defaultBanner, type RunOfShow } from '../../protocol/runOfShow';
import type { MosicConfigEntry, MrStatus, TitleConfig } from '../../protocol/wire';

const TEXT = {
  en: {
    open: 'Run of show',
    take: 'Take',
    names: ['Opening', 'Branch report', 'Closing'],
    add: 'Add segment',
    save: 'Save segment',
    name: 'Segment name',
    setLw: 'Set what the audience may hear and see',
    watch: 'Audience may watch',
    built: 'Q&A',
  },
  zh: {
    open: '流程单',
    take: '切换',
    names: ['开幕', '分会场汇报', '闭幕'],
    add: '添加环节',
    save: '保存环节',
    name: '环节名称',
    setLw: '设置听众可收听和收看的内容',
    watch: '听众可收看',
    built: '问答',
  },
} as const;

test('run of show: three segments taken through, the server applies each, a second console sees the segment on air', async ({
  page,
  server,
  lang,
  newConsole,
}) => {
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
      {
        id: 'open',
        name: text.names[0],
        main_venue: a,
        mosaics: { guest: layout('1', [['1010']]) },
        banner: defaultBanner({ zh: '欢迎', en: 'Welcome' }),
        timer: { secs: 120, warn_share: 0.8, on_endpoints: false },
      },
      { id: 'report', name: text.names[1], main_venue: b, mosaics: { guest: layout('1*1', [['1010'], [a]]) }, banner: null },
      {
        id: 'close',
        name: text.names[2],
        main_venue: a,
        mosaics: { guest: layout('2*2', [['0'], ['0'], ['0'], ['0']]) },
        banner: defaultBanner({ en: 'Thank you' }),
      },
    ],
  };

  await page.getByRole('button', { name: text.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.open });
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-show', /idle|onAir|held/);
  await page
    .locator('input[type="file"][accept*="json"]')
    .setInputFiles({ name: 'show.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  await expect(dialog.getByTestId('run-of-show-segments').locator('tbody tr')).toHaveCount(3);
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-work', 'steady');
  // the server holds what the panel saved
  await expect
    .poll(async () => (await api.get<{ doc: RunOfShow }>('run-of-show')).doc.segments.map((s) => s.id))
    .toEqual(['open', 'report', 'close']);
  await dialog
    .getByTestId('segment-0')
    .getByRole('button', { name: new RegExp(text.names[0]) })
    .first()
    .click();
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-cue', '0');
  // rehearsal mode: the server records each segment's time on the Take that ends it
  // the switch follows the server's state (it turns once the command is answered): click, then wait
  await dialog.getByRole('switch').click();
  await expect(dialog.getByRole('switch')).toBeChecked();
  await expect(dialog.getByTestId('run-of-show-rehearsal-badge')).toBeVisible();
  // a rehearsal Take with a segment on air writes that segment's time (a new revision): its answer
  // carries the document, so this console does not read it again when the feed announces it
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/run-of-show$/.test(new URL(r.url()).pathname)) reads.push(r.url());
  });

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
      .poll(
        async () =>
          (await api.get<{ config_info: MosicConfigEntry[] }>('mosic-config')).config_info.find((c) => c.role === 'guest')?.mosic_id,
      )
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
  await expect(dialog.getByTestId('segment-0').getByTestId('segment-rehearsed')).toHaveText(/^\d+:\d\d$/);
  await expect(dialog.getByTestId('segment-1').getByTestId('segment-rehearsed')).toHaveText(/^\d+:\d\d$/);
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-work', 'steady');
  expect(reads).toEqual([]);

  // a fourth segment built through the editor, at 1280×720: the sections scroll in their own region
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: text.add, exact: true }).click();
  const editor = dialog.getByTestId('segment-editor');
  await editor.getByLabel(text.name, { exact: true }).fill(text.built);
  await editor.getByRole('checkbox', { name: text.setLw }).check();
  await editor.getByRole('checkbox', { name: text.watch }).uncheck();
  const scroller = editor.getByTestId('segment-editor-scroll');
  // the editor fits the window whole: scrolled into view, its region and its Save button are both seen
  await editor.getByRole('button', { name: text.save, exact: true }).scrollIntoViewIfNeeded();
  expect((await editor.boundingBox())!.height).toBeLessThan(720 - 100);
  await expect(editor.getByRole('button', { name: text.save, exact: true })).toBeInViewport();
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.screenshot({ animations: 'disabled', path: `test-results/screens/runofshow-editor-1280x720-${lang}.png` });
  await editor.getByRole('button', { name: text.save, exact: true }).click();
  await expect
    .poll(async () => (await api.get<{ doc: RunOfShow }>('run-of-show')).doc.segments[3])
    .toMatchObject({ name: text.built, listen_watch: { audience_listen: true, audience_watch: false } });
  await dialog
    .getByTestId('segment-3')
    .getByRole('button', { name: new RegExp(text.built) })
    .first()
    .click();
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-cue', '3');
  await dialog.getByRole('button', { name: text.take, exact: true }).click();
  await expect(dialog.getByTestId('run-of-show')).toHaveAttribute('data-current', '3');
  await expect.poll(async () => ((await api.status()) as MrStatus).mr_vtx_mode).toBe(1);

  // a second console (the supervisor) sees the same segment on air
  const other = await newConsole();
  await signIn(other.page, server, lang, 'supervisor');
  await other.page.getByRole('button', { name: new RegExp(`${text.open}.*${text.built}`) }).click();
  await expect(other.page.getByRole('dialog', { name: text.open }).getByTestId('run-of-show')).toHaveAttribute('data-current', '3');
});

/**
 * Opens the run of show, imports `doc` (one segment) and cues its segment. The button names the
 * segment on air, if any: the worker's server may have one from a walk before.
 */
async function openWithOneSegment(page: Page, lang: Lang, doc: RunOfShow) {
  const text = TEXT[lang];
  await page.getByRole('button', { name: new RegExp(`^${text.open}`) }).click();
  const dialog = page.getByRole('dialog', { name: text.open });
  const panel = dialog.getByTestId('run-of-show');
  await expect(panel).toHaveAttribute('data-work', 'steady');
  await page
    .locator('input[type="file"][accept*="json"]')
    .setInputFiles({ name: `${doc.name}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  await expect(dialog.getByTestId('run-of-show-segments').locator('tbody tr')).toHaveCount(1);
  await expect(panel).toHaveAttribute('data-work', 'steady');
  await dialog
    .getByTestId('segment-0')
    .getByRole('button', { name: new RegExp(doc.segments[0].name) })
    .first()
    .click();
  await expect(panel).toHaveAttribute('data-cue', '0');
  return { dialog, panel };
}

// One walk on either wire: against Podium the keys send the server's take/hold/undo commands; in
// front of the platform (no run-of-show call) the browser keeps the run of show, Take and Undo send
// the platform's own commands and Hold stops this browser's clock. Either way the server's main
// venue follows the Take and comes back with Undo.
test(
  'run of show: Take, Hold and Undo by their keys; Undo puts the main venue back',
  { tag: '@platform' },
  async ({ page, server, lang, wire }) => {
    const text = TEXT[lang];
    const platform = (wire ?? process.env.WIRE) === 'platform';
    const { api } = await openParticipants(page, server, lang);
    await api.callBackSteady();
    const before = (await api.status()).spk_usr_id;
    const to = [...(await api.endpointStates()).keys()].filter(isSteadyEndpointId).find((id) => id !== before)!;
    const doc: RunOfShow = {
      version: 1,
      name: 'Keys',
      segments: [{ id: 'keys', name: text.names[1], main_venue: to, timer: { secs: 600, warn_share: 0.8, on_endpoints: true } }],
    };
    const { dialog, panel } = await openWithOneSegment(page, lang, doc);
    await expect(dialog.getByTestId('run-of-show-local')).toHaveCount(platform ? 1 : 0);

    // keys while no field has the focus
    await dialog.getByTestId('run-of-show-on-air').click();
    await page.keyboard.press('t');
    await expect(panel).toHaveAttribute('data-current', '0');
    await expect.poll(async () => (await api.status()).spk_usr_id).toBe(to);
    if (platform) await expect(dialog.getByTestId('run-of-show-progress')).toHaveAttribute('data-state', 'done');
    // the timer on every endpoint's banner: written by the server, or in front of the platform by this console
    const banner = async () => (await api.get<{ message: string; has_title: number }>('title-config')).message;
    await expect.poll(banner).toBe('剩余 10:00 / 10:00 left');
    await expect(panel).toHaveAttribute('data-work', 'steady');
    await page.keyboard.press('h');
    await expect(panel).toHaveAttribute('data-show', 'held');
    const held = await dialog.getByTestId('run-of-show-timer').textContent();
    await page.waitForTimeout(2_100);
    await expect(dialog.getByTestId('run-of-show-timer')).toHaveText(held!);
    await expect(panel).toHaveAttribute('data-work', 'steady');
    await page.keyboard.press('h');
    await expect(panel).toHaveAttribute('data-show', 'onAir');
    // a key is pressed only once the last command is answered: one pressed while a command is out
    // is not sent but reported (the walk below; the flake of 2026-11-28, 'u' while the resume was out)
    await expect(panel).toHaveAttribute('data-work', 'steady');
    await page.keyboard.press('u');
    await expect.poll(async () => (await api.status()).spk_usr_id).toBe(before);
    await expect.poll(banner).not.toContain('left');
    await expect(panel).toHaveAttribute('data-work', 'steady');
    await expect(dialog.getByRole('button', { name: new RegExp(`^${lang === 'zh' ? '撤销切换' : 'Undo take'}`) })).toBeDisabled();
    if (platform) await expect(dialog.getByTestId('run-of-show-progress')).toHaveAttribute('data-state', 'done');
  },
);

// A key pressed while a command is out is neither sent nor lost without a word (the flake of
// 2026-11-28: 'u' came while the resume was still out and Undo never went). The server's answer
// to the Hold is held by the test, so the U is pressed, deterministically, while it is out: the
// panel says Undo was not sent and never sends it later; U pressed again once answered goes.
test('run of show: U pressed while the Hold is out is not sent, and the panel says so; pressed again it goes', async ({
  page,
  server,
  lang,
}) => {
  const text = TEXT[lang];
  const notSent =
    lang === 'zh'
      ? '撤销切换未发送：上一次暂停或继续仍在等待回应。请再按一次 U。'
      : 'Undo was not sent: the last Hold or Resume was still being answered. Press U again.';
  const { api } = await openParticipants(page, server, lang);
  await api.callBackSteady();
  const before = (await api.status()).spk_usr_id;
  const to = [...(await api.endpointStates()).keys()].filter(isSteadyEndpointId).find((id) => id !== before)!;
  const doc: RunOfShow = { version: 1, name: 'Not sent', segments: [{ id: 'ns', name: text.names[2], main_venue: to }] };

  // the run of show's commands, seen on their way (signed: the address has a query); the Hold's
  // is held until the test lets it go. The route is set before the panel sends anything: Chromium
  // takes a moment to route a page's requests once its first route is set, and a request sent
  // within it goes out unseen (the flake of 2026-11-28: the H pressed just after page.route went
  // to the server unrouted, the segment was held and the test waited for a Hold it never saw)
  const commands: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holdOut = false;
  const runOfShow = (url: URL) => /\/sessions\/[^/]+\/run-of-show$/.test(url.pathname);
  await page.route(runOfShow, async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.fallback();
    const body = req.postData();
    // a body the route cannot read is named, not taken for "no command"
    commands.push(body === null ? '(no body)' : ((JSON.parse(body) as { cmdid?: string }).cmdid ?? '(no cmdid)'));
    if (commands.at(-1) === 'hold_segment') {
      holdOut = true;
      await released;
    }
    await route.fallback();
  });

  const { dialog, panel } = await openWithOneSegment(page, lang, doc);
  await dialog.getByTestId('run-of-show-on-air').click();
  await page.keyboard.press('t');
  await expect(panel).toHaveAttribute('data-current', '0');
  await expect(panel).toHaveAttribute('data-work', 'steady');
  await expect.poll(async () => (await api.status()).spk_usr_id).toBe(to);
  // the route sees this page's commands: the Take went through it
  expect(commands.at(-1)).toBe('take_segment');
  commands.length = 0;

  await page.keyboard.press('h');
  // on failure the value names what the route saw instead
  await expect.poll(() => (holdOut ? 'hold out' : `commands seen: ${JSON.stringify(commands)}`)).toBe('hold out');
  await expect(panel).toHaveAttribute('data-work', 'holding');
  await page.keyboard.press('u');
  const note = dialog.getByTestId('run-of-show-not-sent');
  await expect(note).toHaveText(notSent);
  await expect(note).toHaveAttribute('role', 'status');
  // how the line sits by the buttons, in both languages (opened and looked at when this changes)
  await dialog.screenshot({ animations: 'disabled', path: `test-results/screens/runofshow-not-sent-${lang}.png` });
  release();
  // the Hold applied; the Undo not sent, not even once the Hold was answered
  await expect(panel).toHaveAttribute('data-show', 'held');
  await expect(panel).toHaveAttribute('data-work', 'steady');
  await expect.poll(async () => (await api.get<{ state: { held_since: number } }>('run-of-show')).state.held_since).toBeGreaterThan(0);
  expect((await api.status()).spk_usr_id).toBe(to);
  expect(commands).toEqual(['hold_segment']);
  await expect(note).toHaveText(notSent);

  // U again, with nothing out: Undo goes, the main venue comes back and the note is gone
  await page.keyboard.press('u');
  await expect.poll(async () => (await api.status()).spk_usr_id).toBe(before);
  expect(commands).toEqual(['hold_segment', 'undo_take']);
  await expect(note).toHaveText('');
  await page.unroute(runOfShow);
});
