/**
 * Issue 30, honoured guests (`ctrl_mr_eps` `chair` 1/0, facts §3.1) in Chromium against the real
 * server: set from a participant's row and for a selection from the toolbar, marked in the row and
 * listed by the "Honoured guests" tab, then cancelled in bulk; every step checked on the server.
 * Screenshots of the tab at 1280 and 1920 px in both languages (the spec runs in English, playwright.config.ts; the
 * other language is switched to in the page for the screenshots).
 */
import { test, expect } from '../fixtures';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { ParticipantsPanel } from '../pages/ParticipantsPanel';
import { expectNoSeriousViolations } from '../a11y';
import { keepAlive } from '../pages/keepAlive';
import { inBothLanguages } from '../pages/bothLanguages';

// the API session that checks the server polls while the test runs (an axe scan can outlast its 30 s)
const stops: (() => void)[] = [];
test.afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const N = {
  en: {
    set: 'Set as honoured guest',
    mark: 'Honoured guest',
    tab: 'Honoured guests',
    bulk: 'Honoured guests',
    make: (n: number) => `Make the ${n} selected honoured guests`,
    cancel: (n: number) => `Cancel honoured guest for the ${n} selected`,
  },
  zh: {
    set: '设为嘉宾',
    mark: '嘉宾',
    tab: '嘉宾',
    bulk: '嘉宾',
    make: (n: number) => `将所选 ${n} 位设为嘉宾`,
    cancel: (n: number) => `取消所选 ${n} 位的嘉宾身份`,
  },
} as const;

test('honoured guests: set from a row and in bulk, marked, listed by their tab, cancelled in bulk', async ({
  page,
  server,
  lang,
}, testInfo) => {
  test.setTimeout(180_000);
  const n = N[lang];
  const { panel, api } = await openParticipants(page, server, lang);
  stops.push(keepAlive(api));
  const chair = async (usrId: string) => (await api.flags(usrId))?.chair;

  // one from the row's operations
  const a = await pickOnline(panel, api);
  await panel.rowOperation(a.name, n.set);
  await expect.poll(() => chair(a.usrId)).toBe(1);
  await expect(panel.row(a.name).locator('[data-role="chair"]')).toHaveText(n.mark);

  // another through the toolbar, for the selection
  const b = await pickOnline(panel, api, [a.usrId]);
  await panel
    .row(b.name)
    .getByRole('checkbox', { name: panel.n.select(b.name) })
    .check();
  await panel.button(n.bulk).click();
  await page.getByRole('menuitem', { name: n.make(1), exact: true }).click();
  await expect.poll(() => chair(b.usrId)).toBe(1);

  // the tab lists exactly the honoured guests the server has
  const tab = page.getByRole('tab', { name: n.tab, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const serverGuests = async () => [...(await api.endpointStates()).values()].filter((s) => s.flags.chair === 1 && !s.flags.waiting).length;
  await expect.poll(async () => Number(await tab.getAttribute('data-count'))).toBe(await serverGuests());
  await expect(panel.row(a.name)).toBeVisible();
  await expect(panel.row(b.name)).toBeVisible();
  // the tab in both languages: the other one switched to in the page, then back
  await inBothLanguages(page, lang, async (l) => {
    const inL = new ParticipantsPanel(page, l);
    await expect(page.getByRole('tab', { name: N[l].tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(inL.row(b.name).locator('[data-role="chair"]')).toHaveText(N[l].mark);
      await page.screenshot({ animations: 'disabled', path: `test-results/screens/honoured-guests-${width}-${l}.png` });
    }
  });
  await expectNoSeriousViolations(page, testInfo, 'honoured guests tab');

  // both cancelled at once, selected in the tab (a new tab starts with nothing selected)
  for (const p of [a, b])
    await panel
      .row(p.name)
      .getByRole('checkbox', { name: panel.n.select(p.name) })
      .check();
  await panel.button(n.bulk).click();
  await page.getByRole('menuitem', { name: n.cancel(2), exact: true }).click();
  await expect.poll(async () => [await chair(a.usrId), await chair(b.usrId)]).toEqual([0, 0]);
  await expect(panel.row(a.name)).toBeHidden();
});
