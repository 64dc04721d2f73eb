/**
 * Screens of the sub-site list (issue 30) at 1280 and 1920 px in both languages (the project's,
 * then the other switched to in the page): two
 * sub-sites, one hidden and one inside its Undo window (the page's clock held still), written to
 * test-results/screens. Undone and shown again afterwards, so the meeting is left as found.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ensureSubSites, SubSiteList } from '../pages/SubSites';
import { inBothLanguages } from '../pages/bothLanguages';

test('sub-site list screens at 1280 and 1920 px', async ({ page, server, lang }) => {
  await page.clock.install();
  const { api } = await openMeetingControls(page, server, lang);
  const [first, second] = await ensureSubSites(api, 2);
  const list = new SubSiteList(page, lang);
  await expect(list.row(second.usrId)).toBeVisible();
  await list.toggleHide(first.usrId);
  await expect(list.row(first.usrId)).toHaveAttribute('data-state', 'hidden');
  // the list in both languages: the other one switched to in the page (the clock running, so
  // the menu's transitions finish), each shot inside a Delete's Undo window, undone after it
  await inBothLanguages(page, lang, async (l) => {
    const inL = new SubSiteList(page, l);
    await expect(inL.row(first.usrId)).toHaveAttribute('data-state', 'hidden');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await inL.deleteButton(second.name).click();
    await expect(inL.undoButton(second.name)).toBeVisible();
    try {
      for (const [width, height] of [
        [1280, 720],
        [1920, 1080],
      ]) {
        await page.setViewportSize({ width, height });
        await inL.root.scrollIntoViewIfNeeded();
        await expect(inL.undoButton(second.name)).toBeInViewport();
        await page.screenshot({ animations: 'disabled', path: `test-results/screens/subSites-${width}-${l}.png` });
      }
    } finally {
      await inL.undoButton(second.name).click();
      await page.clock.resume();
      await expect(inL.row(second.usrId)).toHaveAttribute('data-state', 'shown');
    }
  });
  await list.toggleHide(first.usrId);
  await expect(list.row(first.usrId)).toHaveAttribute('data-state', 'shown');
});
