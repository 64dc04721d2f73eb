/**
 * Sub-sites (cascade points, issue 30) against the real server: the list in the cascade control,
 * hiding one from the participant table, Delete with Undo inside the spec's 200 ms removal delay
 * (the page's clock is held still so the window does not depend on the machine's speed), deleting
 * the last one and then switching to non-cascade, each effect checked on the server.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { ParticipantsPanel } from '../pages/ParticipantsPanel';
import { ensureSubSites, serverSubSites, SubSiteList } from '../pages/SubSites';

test('sub-sites: listed, hidden from the table, deleted with undo, the last deleted, then non-cascade', async ({ page, server, lang }) => {
  // timers run as usual until the test holds the clock around a Delete
  await page.clock.install();
  const { panel, api } = await openMeetingControls(page, server, lang);
  const [sub] = await ensureSubSites(api, 1);
  const list = new SubSiteList(page, lang);
  const table = new ParticipantsPanel(page, lang);
  try {
    // every sub-site on the server is listed with its name and id
    const onServer = await serverSubSites(api);
    await expect(list.root.getByTestId('sub-site')).toHaveCount(onServer.length);
    await expect(list.row(sub.usrId)).toContainText(sub.name);
    await expect(list.row(sub.usrId)).toContainText(sub.usrId);

    // hidden: out of the participant table, still in the list; shown again: back
    await table.search.fill(sub.name);
    await expect(table.row(sub.name)).toBeVisible();
    await list.toggleHide(sub.usrId);
    await expect(list.row(sub.usrId)).toHaveAttribute('data-state', 'hidden');
    await expect(table.row(sub.name)).toHaveCount(0);
    await list.toggleHide(sub.usrId);
    await expect(list.row(sub.usrId)).toHaveAttribute('data-state', 'shown');
    await expect(table.row(sub.name)).toBeVisible();
    await table.search.fill('');

    // Delete, then Undo inside the 200 ms: nothing reaches the server, even after the delay
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await list.deleteButton(sub.name).click();
    await expect(list.row(sub.usrId)).toHaveAttribute('data-state', 'undoable');
    await list.undoButton(sub.name).click();
    await page.clock.runFor(1000);
    await expect(list.row(sub.usrId)).toHaveAttribute('data-state', 'shown');
    await page.screenshot({ animations: 'disabled', path: test.info().outputPath(`sub-site-undone-${lang}.png`) });
    expect((await serverSubSites(api)).map((s) => s.usrId)).toEqual(onServer.map((s) => s.usrId));

    // every sub-site deleted: sent once its delay is over, gone from the server and the list
    for (const s of onServer) {
      await list.deleteButton(s.name).click();
      await expect(list.row(s.usrId)).toHaveAttribute('data-state', 'undoable');
      expect((await serverSubSites(api)).some((x) => x.usrId === s.usrId)).toBe(true);
      await page.clock.runFor(200);
    }
    await page.clock.resume();
    await expect.poll(async () => (await serverSubSites(api)).length).toBe(0);
    expect((await api.status()).cascade_points).toBe(0);
    await expect(list.root.getByText(list.names.none)).toBeVisible();

    // with the last one gone, non-cascade is taken
    await panel.cascade.getByText(panel.names.nonCascade, { exact: true }).click();
    await expect.poll(async () => (await api.status()).cascade_mode).toBe('');
    await expect(panel.cascade).toHaveAttribute('data-state', 'nonCascade');
    await expect(panel.cascade.getByRole('alert')).toHaveCount(0);
  } finally {
    await page.clock.resume().catch(() => undefined);
    // the demo meeting as the other specs of this worker expect it: a parent meeting with a sub-site
    await ensureSubSites(api, 1);
  }
});
