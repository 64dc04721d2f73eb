/**
 * Issue 13 §4: when the change feed is lost (its long poll aborted by
 * request interception, its retries left hanging) a full-width bar says since when the meeting on
 * screen is stale, the table is dimmed and busy, and commands wait (disabled, the bar as their
 * reason) while the search still works; when the feed is back, "Back in step" shows and the
 * controls act again.
 */
import type { Route } from '@playwright/test';
import { test, expect } from '../fixtures';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { keepAlive } from '../pages/keepAlive';
import { describeViolations, scanAccessibility } from '../a11y';

const TEXT = {
  en: {
    lost: /^Connection lost — showing the meeting as of \d\d:\d\d:\d\d, reconnecting…/,
    back: 'Back in step',
    endMeeting: 'End meeting',
  },
  zh: { lost: /^连接已断开 — 显示的是 \d\d:\d\d:\d\d 时的会议状态，正在重新连接…/, back: '已恢复同步', endMeeting: '结束会议' },
} as const;

const POLL = '**/sessions/*/changes';

test('a lost feed shows a bar, a stale table and paused commands until it is back in step', async ({
  page,
  server,
  consoleErrors,
  lang,
}, testInfo) => {
  // a login, a cut with its backoff and an axe scan of the whole screen: slow on a loaded machine
  test.setTimeout(180_000);
  // the aborted polls are reported by the browser itself
  consoleErrors.allow(/Failed to load resource|net::ERR_FAILED/);
  const { panel, api } = await openParticipants(page, server, lang);
  // the arranging session outlives the cut (the server ends one that has not polled for 30 s)
  const stopKeepAlive = keepAlive(api);
  const p = await pickOnline(panel, api);
  const bar = page.locator('[data-feed="lost"]');
  const muteAll = panel.button(panel.n.muteAll);
  await expect(muteAll).toBeEnabled();
  await expect(bar).toHaveCount(0);

  // cut the feed: the next poll fails, and the retries after it hang as on a dead network; a
  // change answers the poll held now
  const hanging: Route[] = [];
  let polls = 0;
  await page.route(POLL, (route) => (polls++ === 0 ? route.abort('failed') : void hanging.push(route)));
  await api.eps('a_rx', [p.usrId], 0);
  await expect(bar).toBeVisible({ timeout: 20_000 });
  await expect(bar).toHaveText(TEXT[lang].lost);
  await expect(bar).toHaveAttribute('role', 'alert');
  // a retry on its way is no reconnection: the bar stays and commands keep waiting
  await expect.poll(() => hanging.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(bar).toBeVisible();

  // commands wait: meeting-wide, per row and in the sidebar; the bar is their description
  await expect(muteAll).toBeDisabled();
  await expect(panel.button(panel.n.ops(p.name))).toBeDisabled();
  await expect(page.getByTestId('end-meeting')).toBeDisabled();
  const paused = page.locator('fieldset[data-paused="true"]').filter({ has: panel.table });
  await expect(paused).toHaveAttribute('aria-busy', 'true');
  // each paused group is described by the bar's reason, and shows it as a tooltip
  for (const group of [paused, page.locator('fieldset[data-paused="true"]').filter({ has: page.getByTestId('end-meeting') })]) {
    await expect(group).toHaveAccessibleDescription(TEXT[lang].lost);
    await expect(group).toHaveAttribute('title', /\S/);
  }
  // reading goes on: the search still filters the (stale) table
  await panel.search.fill(p.usrId);
  await expect.poll(() => panel.renderedNames()).toEqual([p.name]);
  await panel.search.fill('');
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`feed-lost-${lang}-${width}.png`) });
  }
  // (the reconnecting indicator animates until the feed is back: scanned without waiting for it)
  const scan = await scanAccessibility(page);
  expect(describeViolations(scan.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')), `axe: feed lost`).toEqual(
    [],
  );

  // the feed returns: back in step, the change made meanwhile shows, commands act again
  await page.unroute(POLL);
  // (a retry the console gave up on meanwhile is gone: continuing it is a no-op or refused)
  for (const route of hanging) await route.continue().catch(() => undefined);
  await expect(page.locator('[data-feed="back"]')).toContainText(TEXT[lang].back, { timeout: 40_000 });
  await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`feed-back-${lang}.png`) });
  await expect(bar).toHaveCount(0);
  await expect(muteAll).toBeEnabled();
  await expect(panel.button(panel.n.unmute(p.name))).toBeVisible();
  await panel.button(panel.n.unmute(p.name)).click();
  await expect.poll(async () => (await api.flags(p.usrId))?.a_rx).toBe(1);
  // the notice is short
  await expect(page.locator('[data-feed="back"]')).toHaveCount(0, { timeout: 10_000 });
  stopKeepAlive();
});
