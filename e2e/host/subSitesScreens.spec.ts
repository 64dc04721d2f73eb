/**
 * Screens of the sub-site list (issue 30) at 1280 and 1920 px in the project's language: two
 * sub-sites, one hidden and one inside its Undo window (the page's clock held still), written to
 * test-results/screens. Undone and shown again afterwards, so the meeting is left as found.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ensureSubSites, SubSiteList } from '../pages/SubSites';

test('sub-site list screens at 1280 and 1920 px', async ({ page, server, lang }) => {
  await page.clock.install();
  const { api } = await openMeetingControls(page, server, lang);
  const [first, second] = await ensureSubSites(api, 2);
  const list = new SubSiteList(page, lang);
  await expect(list.row(second.usrId)).toBeVisible();
  await list.toggleHide(first.usrId);
  await expect(list.row(first.usrId)).toHaveAttribute('data-state', 'hidden');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await list.deleteButton(second.name).click();
  await expect(list.undoButton(second.name)).toBeVisible();
  try {
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ]) {
      await page.setViewportSize({ width, height });
      await list.root.scrollIntoViewIfNeeded();
      await expect(list.undoButton(second.name)).toBeInViewport();
      await page.screenshot({ animations: 'disabled', path: `test-results/screens/subSites-${width}-${lang}.png` });
    }
  } finally {
    await list.undoButton(second.name).click();
    await page.clock.resume();
    await expect(list.row(second.usrId)).toHaveAttribute('data-state', 'shown');
    await list.toggleHide(first.usrId);
    await expect(list.row(first.usrId)).toHaveAttribute('data-state', 'shown');
  }
});
