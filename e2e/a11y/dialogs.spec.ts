/**
 * Issue 14.3 and 14.4: every dialog and popover of the control screen, in English and Chinese,
 * has no critical or serious axe violation; each dialog puts focus in its body (its first field,
 * not its close button), Escape closes it, and focus goes back to what opened it (for a row's
 * menu item, the row's operations button). The login, control and layout screens themselves are
 * scanned in screens.spec.ts.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect } from '../fixtures';
import { expectSurfaceAccessible, OPEN_SURFACES } from '../a11y';
import { text, type Lang } from './catalog';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ensureSubSites, SubSiteList } from '../pages/SubSites';
import { BOOKING_NAMES, loginToManagement } from '../pages/booking';

// what the scan reads is the surface at rest: with the fades on, a dialog was scanned mid-fade on
// busy machines (white text at 3.6–4.2:1 on End meeting) however long the scan waited for animations
test.use({ reducedMotion: 'reduce' });

const STEADY = 'Steady 01';

/**
 * Opens a dialog with `opener`, scans it, checks where focus is, closes it with Escape and checks
 * focus came back to `returnTo` (the opener unless it lived in a menu).
 */
async function checkDialog(page: Page, testInfo: TestInfo, what: string, open: () => Promise<void>, returnTo: Locator): Promise<void> {
  await open();
  // the latest dialog, not a service reminder that may pop up meanwhile in a corner
  const dialog = page
    .getByRole('dialog')
    .filter({ hasNot: page.getByTestId('service-expiry-text') })
    .filter({ hasNot: page.getByTestId('booking-conflict-text') })
    .last();
  await expectSurfaceAccessible(dialog, testInfo, what, OPEN_SURFACES);
  // focus is in the dialog's body, not on its close button
  const focusIn = () =>
    dialog.evaluate((d) => {
      const el = document.activeElement;
      if (!el || !d.contains(el)) return `outside: ${el?.tagName} ${el?.getAttribute('aria-label') ?? el?.textContent?.slice(0, 40)}`;
      return el.hasAttribute('data-dialog-close') ? 'close button' : 'body';
    });
  await expect.poll(focusIn, { message: `${what}: focus in the body` }).toBe('body');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnTo, `${what}: focus back on its opener`).toBeFocused();
}

/** Opens a popover or menu with `opener`, scans it, closes it with Escape, focus back on `opener`. */
async function checkPopover(page: Page, testInfo: TestInfo, what: string, opener: Locator, surface: Locator): Promise<void> {
  await opener.click();
  await expectSurfaceAccessible(surface, testInfo, what, OPEN_SURFACES);
  await page.keyboard.press('Escape');
  await expect(surface).toBeHidden();
  await expect(opener, `${what}: focus back on its opener`).toBeFocused();
}

// Start recording asks first (issue 26 item 4): its question is a dialog like the others
const SIDEBAR_DIALOGS = [
  'Subtitle settings',
  'Screen layout',
  'Meeting share',
  'Platform management login',
  'Meeting passwords',
  'End meeting',
  'Request delay',
  'Start recording',
];
const TABLE_DIALOGS = ['Roll call', 'Temporary call', 'New tab', 'Add from address book', 'Activity'];
const ROW_DIALOGS = ['Rename', 'Camera control', 'Microphone adjustment', 'Statistics'];

const tr = (lang: Lang, english: string, values?: Record<string, string>) => text(lang, english, values);
const button = (page: Page, lang: Lang, english: string, values?: Record<string, string>) =>
  page.getByRole('button', { name: tr(lang, english, values), exact: true });

test.describe('dialogs and popovers pass axe, focus their body, close on Escape and give focus back', () => {
  for (const [group, list] of [
    ['the sidebar', SIDEBAR_DIALOGS],
    ['above the table', TABLE_DIALOGS],
  ] as const) {
    test(`the dialogs of ${group}`, async ({ page, server, lang }, testInfo) => {
      test.setTimeout(180_000);
      await openMeetingControls(page, server, lang, 'host');
      for (const english of list) {
        const onPage = button(page, lang, english).first();
        // a participant-toolbar action that does not fit its line is in its More list (issue 26):
        // opened from there, its dialog gives focus back to More
        const more = page.getByTestId('participant-toolbar-more');
        const inMore = group === 'above the table' && (await onPage.count()) === 0 && (await more.count()) > 0;
        const opener = inMore ? more : onPage;
        const open = async () => {
          if (!inMore) return onPage.click();
          await more.click();
          await page
            .getByTestId('participant-toolbar-more-list')
            .getByRole('button', { name: tr(lang, english), exact: true })
            .click();
        };
        await checkDialog(page, testInfo, `${english} (${lang})`, open, opener);
      }
    });
  }

  test("a participant's dialogs, the menus and the popovers", async ({ page, server, lang }, testInfo) => {
    test.setTimeout(180_000);
    await openMeetingControls(page, server, lang, 'host');
    // dialogs opened from a participant's operations menu: focus returns to the menu's button
    const ops = button(page, lang, 'Operations for {name}', { name: STEADY });
    for (const english of ROW_DIALOGS) {
      await checkDialog(
        page,
        testInfo,
        `${english} (${lang})`,
        async () => {
          await ops.click();
          await page.getByRole('menuitem', { name: tr(lang, english), exact: true }).click();
        },
        ops,
      );
    }
    await checkPopover(page, testInfo, `operations menu (${lang})`, ops, page.getByRole('menu'));
    await checkPopover(
      page,
      testInfo,
      `language menu (${lang})`,
      page.getByRole('button', { name: tr(lang, 'Language: {0}', { '0': lang === 'en' ? 'English' : '中文' }) }),
      page.getByRole('menu'),
    );
    for (const english of ['Controllers', 'Failed calls', 'Left members']) {
      const opener = page.getByRole('button', { name: new RegExp(`^${tr(lang, english)}`) }).first();
      await checkPopover(page, testInfo, `${english} list (${lang})`, opener, page.getByRole('dialog').last());
    }
  });
});

/** Focuses `opener` and presses Enter: the surface opens from the keyboard, as the walk needs it. */
async function pressOpen(opener: Locator): Promise<void> {
  await opener.focus();
  await opener.press('Enter');
}

// the panels and dialogs of issues 28 and 30, each opened from the keyboard; one page load per group
test.describe('the run of show, transcript, address book departments, focus chip, sub-sites and booking by keyboard', () => {
  test('beside the table: run of show, transcript, department search and the focus chip', async ({ page, server, lang }, testInfo) => {
    test.setTimeout(180_000);
    const { api } = await openMeetingControls(page, server, lang, 'host');
    for (const [opener, what] of [
      [page.getByTestId('run-of-show-open'), 'Run of show'],
      [page.getByTestId('transcript-open'), 'Transcript'],
    ] as const) {
      await checkDialog(page, testInfo, `${what} (${lang})`, () => pressOpen(opener), opener);
    }

    // the address book with a department search's answer on screen
    const addressBook = button(page, lang, 'Add from address book').first();
    await pressOpen(addressBook);
    const book = page.getByRole('dialog').last();
    const search = book.getByRole('textbox', { name: tr(lang, 'Search departments') });
    await search.focus();
    await page.keyboard.type('华东');
    await book.getByRole('button', { name: tr(lang, 'Find departments') }).press('Enter');
    await expect(book.getByTestId('department-search-total')).toBeVisible();
    await expectSurfaceAccessible(book, testInfo, `department search (${lang})`, OPEN_SURFACES);
    await page.keyboard.press('Escape');
    await expect(book).toBeHidden();
    await expect(addressBook, 'address book: focus back on its opener').toBeFocused();

    // the focus chip: specified focus arranged on the server, the popover opened and the focus ended by keyboard
    const [who] = await api.steadyOnline();
    await api.session.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'focus', usr_ids: [who.usrId], value: 1 });
    const chip = page.getByTestId('meeting-state').locator('[data-chip="focus"]');
    try {
      await expect(chip).toBeVisible({ timeout: 20_000 });
      await pressOpen(chip);
      const popover = page.getByTestId('focus-popover');
      await expectSurfaceAccessible(popover, testInfo, `focus chip (${lang})`, OPEN_SURFACES);
      await expect
        .poll(() => popover.evaluate((p) => p.contains(document.activeElement)), { message: 'focus chip: focus in its popover' })
        .toBe(true);
      await page.keyboard.press('Escape');
      await expect(popover).toBeHidden();
      await expect(chip, 'focus chip: focus back on the chip').toBeFocused();
      await pressOpen(chip);
      await popover.getByRole('button', { name: tr(lang, 'No focus'), exact: true }).press('Enter');
      await expect.poll(async () => (await api.status()).spec_focus_usr_ids).toEqual([]);
      await expect(chip).toHaveCount(0);
    } finally {
      await api.session.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'focus', usr_ids: [who.usrId], value: 0 });
    }
  });

  test('in the sidebar: the sub-site list, the management session facts and the booking dialog', async ({
    page,
    server,
    lang,
  }, testInfo) => {
    test.setTimeout(180_000);
    // Delete's Undo lasts 200 ms: the page's clock is held while the keyboard walks Delete → Undo
    // (no axe scan while it is held: the scan waits for animation frames, which stop with it)
    await page.clock.install();
    const { panel, api } = await openMeetingControls(page, server, lang, 'host');
    const [site] = await ensureSubSites(api, 1);
    const list = new SubSiteList(page, lang);
    await expect(list.row(site.usrId)).toBeVisible();
    await expectSurfaceAccessible(list.root, testInfo, `sub-sites (${lang})`, '[data-testid="sub-sites"]');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    try {
      await pressOpen(list.deleteButton(site.name));
      await expect(list.undoButton(site.name), 'sub-site Delete hands focus to Undo').toBeFocused();
      await page.keyboard.press('Enter');
      await expect(list.deleteButton(site.name), 'sub-site Undo gives focus back to Delete').toBeFocused();
    } finally {
      if (await list.undoButton(site.name).isVisible()) await list.undoButton(site.name).click();
      await page.clock.resume();
    }
    await expect(list.row(site.usrId)).toHaveAttribute('data-state', 'shown');

    // the management login's success state, then the booking dialog opened from it by keyboard
    const mgmt = await loginToManagement(page, panel, lang);
    await expectSurfaceAccessible(mgmt.getByTestId('mgmt-session'), testInfo, `management session facts (${lang})`, OPEN_SURFACES);
    // the booking dialog takes the management dialog's place: on close, focus goes back to the sidebar's button (named
    // for the session it now holds)
    const bookButton = mgmt.getByRole('button', { name: BOOKING_NAMES[lang].book, exact: true });
    await checkDialog(
      page,
      testInfo,
      `Book next meeting (${lang})`,
      () => pressOpen(bookButton),
      button(page, lang, 'Platform management (logged in)'),
    );
  });
});
