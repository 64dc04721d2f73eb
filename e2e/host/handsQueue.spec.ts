/**
 * Issue 13 §6: the raise-hand tab is a queue, oldest raise first, each row
 * saying for how long; selected hands are permitted or refused together, and the toast says how
 * many. Hands come from the simulated endpoints (muted ones raise them), on a server of its own.
 */
import { testWithServer, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import type { ParticipantsApi } from '../pages/ParticipantsApi';

const test = testWithServer({ SIM_ENDPOINTS: '60' });

async function raisedHands(api: ParticipantsApi): Promise<string[]> {
  return [...(await api.endpointStates()).values()].filter((s) => s.flags.hand === 1 && !s.flags.waiting).map((s) => s.usrId);
}

const TEXT = {
  en: { justNow: 'just now', permitted: /^\d+ raised hands permitted$/, refused: /raised hands? refused$/ },
  zh: { justNow: '刚刚', permitted: /^已允许 \d+ 个举手发言$/, refused: /^已拒绝 .*举手$/ },
} as const;

test('raised hands: oldest first with how long, permit and refuse the selected', async ({ page, server, consoleErrors, lang }, testInfo) => {
  // a simulated person may lower a hand between the pick and the click: the server refuses (403)
  // and the pick is made again
  consoleErrors.allow(/status of 403/);
  test.setTimeout(120_000);
  const { panel, api } = await openParticipants(page, server, lang);
  await api.modStatus('all_guests_mute', 1);
  // the first hands, then at least one more raised later
  let first: string[] = [];
  await expect.poll(async () => (first = await raisedHands(api)).length, { timeout: 40_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(() => panel.tabCount('hand'), { timeout: 10_000 }).toBeGreaterThanOrEqual(first.length);
  const seenFirst = new Set(first);
  let later: string[] = [];
  await expect
    .poll(async () => (later = (await raisedHands(api)).filter((id) => !seenFirst.has(id))).length, { timeout: 40_000, intervals: [300] })
    .toBeGreaterThanOrEqual(1);
  await panel.openTab('hand');
  const rows = panel.table.locator('[role="row"][data-usr-id]');
  await expect.poll(async () => (await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-usr-id')))).includes(later[0]), { timeout: 10_000 }).toBe(true);
  const order = await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-usr-id') ?? ''));
  // every hand still up from the first look comes before the one raised later
  const laterAt = order.indexOf(later[0]);
  for (const id of first) if (order.includes(id)) expect(order.indexOf(id), `${id} raised before ${later[0]}`).toBeLessThan(laterAt);
  await expect(rows.first().getByTestId('raised-for')).toHaveText(/\S/);
  await expect(rows.last().getByTestId('raised-for')).toHaveText(TEXT[lang].justNow);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`hand-queue-${lang}-${width}.png`) });
  }

  // permit two selected hands at once (simulated people may lower a hand themselves meanwhile:
  // then the pick is made again)
  const pick = async (i: number) => ({ usrId: (await rows.nth(i).getAttribute('data-usr-id'))!, name: (await rows.nth(i).getAttribute('aria-label'))! });
  let a = { usrId: '', name: '' };
  let b = { usrId: '', name: '' };
  await expect(async () => {
    await panel.button(lang === 'en' ? 'Clear selection' : '清除选择').click({ timeout: 2_000 }).catch(() => undefined);
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    [a, b] = [await pick(0), await pick(1)];
    await page.getByRole('checkbox', { name: panel.n.select(a.name), exact: true }).check({ timeout: 2_000 });
    await page.getByRole('checkbox', { name: panel.n.select(b.name), exact: true }).check({ timeout: 2_000 });
    await panel.button(panel.n.permitSelected).click({ timeout: 2_000 });
    await expect(panel.toast('handsPermitted')).toHaveText(TEXT[lang].permitted, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect
    .poll(async () => {
      const [fa, fb] = [await api.flags(a.usrId), await api.flags(b.usrId)];
      return [fa?.hand, fa?.a_rx, fb?.hand, fb?.a_rx];
    })
    .toEqual([0, 1, 0, 1]);

  // refuse the next selected hand: lowered, still muted
  await api.eps('a_rx', [a.usrId, b.usrId], 0);
  let c = { usrId: '', name: '' };
  await expect(async () => {
    await panel.button(lang === 'en' ? 'Clear selection' : '清除选择').click({ timeout: 2_000 }).catch(() => undefined);
    expect(await rows.count()).toBeGreaterThanOrEqual(1);
    c = await pick(0);
    await page.getByRole('checkbox', { name: panel.n.select(c.name), exact: true }).check({ timeout: 2_000 });
    await panel.button(panel.n.refuseSelected).click({ timeout: 2_000 });
    await expect(panel.toast('handsRefused')).toHaveText(TEXT[lang].refused, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect.poll(async () => { const f = await api.flags(c.usrId); return [f?.hand, f?.a_rx]; }).toEqual([0, 0]);
  await api.modStatus('all_guests_mute', 0);
});
