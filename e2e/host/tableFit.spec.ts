/**
 * State you can read, actions you can predict (issue 13 §7) and a screen that fits the windows
 * hosts use (§8), against the real server (in both languages): at 1280×720 the participant
 * table needs no sideways scrolling (secondary columns step back behind the column menu), state
 * cells carry an icon, a colour, a word and a tooltip that the selection highlight does not hide,
 * Index is the participant's own number, the toolbar offers what fits the tab, long names show in
 * full on keyboard focus, and the subtitle dialog
 * fits 1920×1080 with a true-to-size preview. Screenshots at 1280, 1440 and 1920.
 */
import { testWithServer, expect } from '../fixtures';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { expectNoSeriousViolations } from '../a11y';
import { keepAlive } from '../pages/keepAlive';

// A server of its own: these specs hang up, call and refuse participants and rename one.
const test = testWithServer({ SIM_ENDPOINTS: '12' });

// API sessions that arrange the meeting poll while the test runs, and stop after it
const stops: (() => void)[] = [];
test.afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const N = {
  en: {
    columns: 'Columns',
    protocol: 'Protocol',
    clickMute: (n: string) => `Click to mute ${n}`,
    clickUnmute: (n: string) => `Click to unmute ${n}`,
    callAllOffline: /^Call all offline \(\d+\)$/,
    // the simulated endpoints that join while the waiting room is on wait too: the count is 2 or more
    admitAll: /^Admit all \(\d+\)$/,
    refuseAll: /^Refuse all \(\d+\)$/,
    refuseConfirm: 'Refuse all',
    refuseTitle: 'Refuse everyone waiting?',
    subtitleSettings: 'Subtitle settings',
    apply: 'Apply subtitle',
    cancel: 'Cancel',
    content: 'Subtitle content',
  },
  zh: {
    columns: '列',
    protocol: '协议',
    clickMute: (n: string) => `点击将 ${n} 静音`,
    clickUnmute: (n: string) => `点击取消 ${n} 的静音`,
    callAllOffline: /^呼叫全部离线（\d+）$/,
    admitAll: /^全部准入（\d+）$/,
    refuseAll: /^全部拒绝（\d+）$/,
    refuseConfirm: '全部拒绝',
    refuseTitle: '拒绝所有等候者？',
    subtitleSettings: '字幕设置',
    apply: '应用字幕',
    cancel: '取消',
    content: '字幕内容',
  },
} as const;

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [w, h] of [
    [1280, 720],
    [1440, 900],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`${name}-${w}x${h}.png`) });
  }
}

/** The table's box scrolls sideways only when its content is wider than it. */
async function scrollsSideways(table: Locator): Promise<boolean> {
  return table.evaluate((el) => {
    const box = el.parentElement!;
    return box.scrollWidth > box.clientWidth + 1;
  });
}

/**
 * How far the table's body ends above the foot of its column, and whether the column has to
 * scroll: the table fills the column's height (at most the column's bottom padding is left) and
 * does not overshoot it.
 */
async function tableFill(page: Page): Promise<{ gapFits: boolean; columnScrolls: boolean; gap: number }> {
  return page.evaluate(() => {
    const area = document.querySelector<HTMLElement>('[data-testid="participant-area"]')!;
    const body = document.querySelector<HTMLElement>('[data-testid="participant-scroller"]')!;
    const gap = Math.round(area.getBoundingClientRect().bottom - body.getBoundingClientRect().bottom);
    return { gapFits: gap >= 0 && gap <= 12, columnScrolls: area.scrollHeight > area.clientHeight + 1, gap };
  });
}

async function expectTableFillsColumn(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const { gapFits, columnScrolls } = await tableFill(page);
      return { gapFits, columnScrolls };
    })
    .toEqual({ gapFits: true, columnScrolls: false });
}

const bg = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe('table fit and state cells', () => {
  // the accessibility scans of a full table take their time on a busy machine
  test.describe.configure({ timeout: 180_000 });
  test('at 1280×720 every column and the operations are on screen without sideways scrolling; the column menu brings back a stepped-back column', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    await shoot(page, testInfo, `control-table-${lang}`);
    await page.setViewportSize({ width: 1280, height: 720 });

    const p = await pickOnline(panel, api);
    // the row may sit below the table's fold: bring it up, then its operations must be wholly on screen
    await panel.row(p.name).scrollIntoViewIfNeeded();
    await expect(panel.button(panel.n.ops(p.name))).toBeInViewport({ ratio: 1 });
    for (const header of await panel.table.getByRole('columnheader').all()) await expect(header).toBeInViewport({ ratio: 1 });
    expect(await scrollsSideways(panel.table)).toBe(false);
    await expectTableFillsColumn(page);
    await expect(panel.table.getByRole('columnheader', { name: N[lang].protocol })).toHaveCount(0);

    // the column menu lists the stepped-back column unchecked; choosing it shows it
    await panel.table.getByRole('button', { name: N[lang].columns }).click();
    const item = page.getByRole('menuitemcheckbox', { name: N[lang].protocol });
    await expect(item).toHaveAttribute('aria-checked', 'false');
    await item.click();
    await expect(panel.table.getByRole('columnheader', { name: N[lang].protocol })).toHaveCount(1);
    await expect(item).toHaveAttribute('aria-checked', 'true');
    await expectNoSeriousViolations(page, testInfo, `column menu`);
    await item.click();
    await page.keyboard.press('Escape');
    await expect(panel.table.getByRole('columnheader', { name: N[lang].protocol })).toHaveCount(0);
    expect(await scrollsSideways(panel.table)).toBe(false);
    await api.logout();
  });

  test('at 1920×1080 the sidebar holds its controls whole and no column heading runs into the next', async ({ page, server, lang }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    await expect(panel.table.getByRole('columnheader').first()).toBeVisible();
    // the text grows with the window (root font = width / 110): the sidebar and the columns with it
    const sidebar = page.getByTestId('control-sidebar');
    await expect(sidebar).toBeVisible();
    const cut = await sidebar.evaluate((el) => {
      const box = el.parentElement!.getBoundingClientRect();
      return [...el.querySelectorAll('button')]
        .filter((b) => b.getBoundingClientRect().width > 0 && b.getBoundingClientRect().right > box.right + 1)
        .map((b) => b.textContent?.trim());
    });
    expect(cut, 'sidebar buttons reaching past its edge').toEqual([]);
    const overflowing = await panel.table
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent?.trim()));
    expect(overflowing, 'column headings wider than their column').toEqual([]);
    expect(await scrollsSideways(panel.table)).toBe(false);
    await expectTableFillsColumn(page);
    // the window shrinks: the table follows its column down, without a reload
    await page.setViewportSize({ width: 1280, height: 720 });
    await expectTableFillsColumn(page);
    await api.logout();
  });

  test('audio, listening and watching cells show icon, colour, word and the click in a tooltip; the selection never hides them; Index is the same in every tab', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    const p = await pickOnline(panel, api);
    await api.eps('a_rx', [p.usrId], 1);
    const row = panel.row(p.name);
    const on = panel.button(panel.n.mute(p.name));
    await expect(on).toHaveAttribute('title', N[lang].clickMute(p.name));
    await expect(on.locator('svg')).toHaveAttribute('data-off', 'false');
    const onColour = await bg(on);

    // selected, the row turns blue; the state chip keeps its own background
    await row.getByRole('checkbox').check();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    expect(await bg(on)).toBe(onColour);
    expect(await bg(on)).not.toBe(await bg(row));
    await expectNoSeriousViolations(page, testInfo, `selected row with state cells`);

    await on.click();
    await expect.poll(async () => (await api.flags(p.usrId))?.a_rx).toBe(0);
    const off = panel.button(panel.n.unmute(p.name));
    await expect(off).toHaveAttribute('title', N[lang].clickUnmute(p.name));
    await expect(off.locator('svg')).toHaveAttribute('data-off', 'true');
    expect(await bg(off)).not.toBe(onColour);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`state-cells-${lang}-1280x720.png`) });
    await off.click();
    await expect.poll(async () => (await api.flags(p.usrId))?.a_rx).toBe(1);

    // Index is the participant's own number: the same in the online tab as in All
    const indexIn = async () => (await row.getByRole('cell').nth(2).textContent())?.trim();
    const inAll = await indexIn();
    await panel.openTab('online');
    await expect(row).toBeVisible();
    expect(await indexIn()).toBe(inAll);
    await api.logout();
  });

  test('a long name is shown whole on hover (title) and on keyboard focus', async ({ page, server, lang }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    const p = await pickOnline(panel, api);
    const long = `${p.name} Regional Office, Northern Provinces`;
    await api.eps('displayname', [p.usrId], long);
    const row = panel.row(long);
    await expect(row).toBeVisible({ timeout: 10_000 });
    const cell = row.getByRole('cell').nth(1);
    await expect(cell).toHaveAttribute('title', long);
    expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await row.getByRole('checkbox').focus();
    await page.keyboard.press('Tab');
    await expect(cell).toBeFocused();
    // focused, the cell grows to its text: nothing is clipped
    expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await api.eps('displayname', [p.usrId], p.name);
    await api.logout();
  });

  test('the toolbar fits the tab: call all offline; admit all and refuse all (after a confirmation) in the waiting room', async ({
    page,
    server,
    lang,
  }) => {
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    const a = await pickOnline(panel, api);
    const b = await pickOnline(panel, api, [a.usrId]);
    // the online tab offers none of these
    await panel.openTab('online');
    await expect(page.getByTestId('tab-shortcuts')).toHaveCount(0);

    await api.eps('drop', [a.usrId]);
    await expect.poll(async () => (await api.flags(a.usrId)) === undefined).toBe(true);
    await panel.openTab('offline');
    // the console learns of the hang-up with its next batch: call all once the row is there
    await expect(panel.row(a.name)).toBeVisible();
    const callAll = page.getByRole('button', { name: N[lang].callAllOffline });
    await expect(callAll).toBeEnabled();
    await callAll.click();
    await expect.poll(async () => (await api.flags(a.usrId)) !== undefined, { timeout: 15_000 }).toBe(true);

    await api.modStatus('waiting_room', 1);
    await api.callBackSteady();
    await api.eps('waiting_move', [a.usrId, b.usrId]);
    await panel.openTab('waiting');
    await expect(panel.row(a.name)).toBeVisible();
    await page.getByRole('button', { name: N[lang].admitAll }).click();
    await expect.poll(async () => [(await api.flags(a.usrId))?.waiting, (await api.flags(b.usrId))?.waiting]).toEqual([0, 0]);
    // moved back only once the console has seen them admitted: a row still shown from before
    // would pass for the new waiting one
    await expect(panel.row(a.name)).toHaveCount(0);

    await api.eps('waiting_move', [a.usrId, b.usrId]);
    await expect(panel.row(a.name)).toBeVisible();
    await page.getByRole('button', { name: N[lang].refuseAll }).click();
    // the question says how many (its words are unit-tested; the count here may grow meanwhile)
    const confirm = page.getByRole('dialog', { name: N[lang].refuseTitle });
    await expect(confirm).toContainText(/\d/);
    await confirm.getByRole('button', { name: N[lang].refuseConfirm, exact: true }).click();
    await expect
      .poll(async () => [(await api.flags(a.usrId))?.waiting, (await api.flags(b.usrId))?.waiting])
      .toEqual([undefined, undefined]);
    await api.modStatus('waiting_room', 0);
    await api.callBackSteady();
    await api.logout();
  });

  test('the participant toolbar holds one line at 1280, 1440 and 1920 in every tab, the rest behind a keyboard-operable More; screenshots', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    const { panel, api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    const bar = page.getByTestId('participant-toolbar');
    const more = page.getByTestId('participant-toolbar-more');
    for (const [w, h] of [
      [1280, 720],
      [1440, 900],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      for (const tab of ['all', 'hand', 'waiting'] as const) {
        await panel.openTab(tab);
        // one line: no taller than one control, every control's middle on one line, nothing cut
        await expect
          .poll(() =>
            bar.evaluate((el) => {
              const controls = [...el.querySelectorAll<HTMLElement>(':scope > [data-toolbar-item], :scope > [data-toolbar-more]')];
              const mids = controls.map((c) => c.getBoundingClientRect()).map((r) => r.top + r.height / 2);
              const tallest = Math.max(...controls.map((c) => c.getBoundingClientRect().height));
              return {
                oneLine: Math.max(...mids) - Math.min(...mids) < 4,
                height: el.getBoundingClientRect().height <= tallest + 2,
                uncut: el.scrollWidth <= el.clientWidth + 1,
              };
            }),
          )
          .toEqual({ oneLine: true, height: true, uncut: true });
        const hidden = ((await bar.getAttribute('data-hidden-items')) ?? '').split(' ').filter(Boolean);
        testInfo.annotations.push({ type: 'toolbar', description: `${lang} ${w} ${tab}: in More ${hidden.join(', ') || 'nothing'}` });
        console.log(`toolbar ${lang} ${w} ${tab}: in More ${hidden.join(', ') || 'nothing'}`);
        // the frequent actions stay on the line
        await expect(bar.getByRole('button', { name: panel.n.tempCall, exact: true })).toBeVisible();
        if (tab === 'all') await expect(bar.getByRole('button', { name: panel.n.muteSelected, exact: true })).toBeVisible();
        if (tab === 'hand') await expect(bar.getByRole('button', { name: panel.n.permitSelected, exact: true })).toBeVisible();
        if (tab === 'waiting') await expect(bar.getByRole('button', { name: panel.n.admitSelected, exact: true })).toBeVisible();
        await expect(more).toHaveCount(hidden.length > 0 ? 1 : 0);
      }
      await panel.openTab('all');
      await page.screenshot({ animations: 'disabled', path: `test-results/screens/toolbar-${lang}-${w}.png` });
    }
    // at 1280 the rarely used are in More: opened by keyboard, a control acts from there, Escape gives focus back
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(more).toBeVisible();
    await more.focus();
    await page.keyboard.press('Enter');
    const list = page.getByTestId('participant-toolbar-more-list');
    await expect(list).toBeVisible();
    await page.screenshot({ animations: 'disabled', path: `test-results/screens/toolbar-more-${lang}-1280.png` });
    await expectNoSeriousViolations(page, testInfo, 'the participant toolbar’s More list');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(more).toBeFocused();
    // the page object reaches a control wherever it is: a switch from More at 1280 acts on the server
    await panel.toggleSwitch(panel.n.audienceNoListen);
    await expect.poll(async () => (await api.status()).mr_atx_mode, { timeout: 15_000 }).toBe(1);
    await panel.toggleSwitch(panel.n.audienceNoListen);
    await expect.poll(async () => (await api.status()).mr_atx_mode, { timeout: 15_000 }).toBe(0);
    await api.logout();
  });

  test('the subtitle dialog fits 1920×1080 with its buttons on screen, and the preview draws the subtitle to scale', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const { api } = await openParticipants(page, server, lang);
    stops.push(keepAlive(api));
    await page.getByRole('button', { name: N[lang].subtitleSettings, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: N[lang].subtitleSettings });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: N[lang].content }).fill(lang === 'zh' ? '欢迎参加年度大会' : 'Welcome to the annual meeting');
    await expect(dialog.getByRole('button', { name: N[lang].apply })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: N[lang].cancel })).toBeInViewport({ ratio: 1 });
    const preview = dialog.getByTestId('subtitle-preview');
    await expect(preview).toBeInViewport({ ratio: 1 });
    // the 1920×1080 frame scaled as a whole: the text's on-screen size is its font size × the scale
    const scale = Number(await preview.getAttribute('data-scale'));
    const text = dialog.getByTestId('subtitle-preview-text');
    await expect(text).toBeVisible();
    const fontSize = await text.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const box = await text.boundingBox();
    expect(box!.height).toBeGreaterThan(fontSize * scale * 0.9);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`subtitle-dialog-${lang}-1920x1080.png`) });
    await api.logout();
  });
});
