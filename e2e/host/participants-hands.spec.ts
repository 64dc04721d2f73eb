/**
 * Raised hands come from the simulated endpoints themselves (muted ones raise them more often),
 * so these specs run against a server of their own with a larger population, where hands go
 * up within seconds once everyone is muted. Each result is checked on the server.
 */
import { testWithServer, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import type { ParticipantsApi } from '../pages/ParticipantsApi';

const test = testWithServer({ SIM_ENDPOINTS: '60' });

async function raisedHands(api: ParticipantsApi): Promise<string[]> {
  return [...(await api.endpointStates()).values()].filter((s) => s.flags.hand === 1 && !s.flags.waiting).map((s) => s.usrId);
}

async function waitForHands(api: ParticipantsApi, count: number): Promise<string[]> {
  // mute all as the platform's client does it (all_guests_mute): the muted audience raises hands
  await api.modStatus('all_guests_mute', 1);
  let hands: string[] = [];
  await expect.poll(async () => (hands = await raisedHands(api)).length, { timeout: 40_000 }).toBeGreaterThanOrEqual(count);
  return hands;
}

test.describe('raised hands', () => {
  test('the raise-hand tab lists raised hands; permitting one lets the person speak and shows them on screen (the talk recipe), refusing one keeps them muted', async ({
    page,
    server,
    lang,
  }) => {
    test.setTimeout(90_000);
    const { panel, api } = await openParticipants(page, server, lang);
    await waitForHands(api, 2);
    await panel.openTab('hand');
    await expect.poll(() => panel.table.locator('[role="row"][data-usr-id]').count()).toBeGreaterThanOrEqual(2);
    const rows = panel.table.locator('[role="row"][data-usr-id]');
    const [first, second] = [rows.nth(0), rows.nth(1)];
    const usrId = (await first.getAttribute('data-usr-id'))!;
    const name = (await first.getAttribute('aria-label'))!;
    const otherId = (await second.getAttribute('data-usr-id'))!;
    const otherName = (await second.getAttribute('aria-label'))!;
    // both answers inside their cell: Refuse ran over the video column at 1440 px
    const refuse = panel.button(panel.n.refuseHand(otherName));
    const cell = second.getByRole('cell').filter({ has: refuse });
    const [refuseBox, cellBox] = [await refuse.boundingBox(), await cell.boundingBox()];
    expect(refuseBox!.x + refuseBox!.width, 'Refuse ends inside the raised-hand cell').toBeLessThanOrEqual(
      cellBox!.x + cellBox!.width + 0.5,
    );
    await refuse.click();
    await expect
      .poll(async () => {
        const f = await api.flags(otherId);
        return [f?.hand, f?.a_rx];
      })
      .toEqual([0, 0]);
    await panel.button(panel.n.permit(name)).click();
    await expect
      .poll(async () => {
        const f = await api.flags(usrId);
        return [f?.hand, f?.a_rx];
      })
      .toEqual([0, 1]);
    // "Show the talker on screen" is on by default: the evidence's talk layout, main venue beside the talker for the audience
    await expect
      .poll(async () => {
        const { config_info } = await api.get<{ config_info: { role: string; mosic_id: string; roles_lst: string[][] }[] }>('mosic-config');
        const of = (role: string) => config_info.find((c) => c.role === role);
        return [of('speaker')?.mosic_id, of('speaker')?.roles_lst, of('guest')?.mosic_id, of('guest')?.roles_lst];
      })
      .toEqual(['1', [[usrId]], '1*1', [['1010'], [usrId]]]);
    await api.modStatus('all_guests_mute', 0);
  });

  test('lower all hands lowers every raised hand on the server', { tag: '@platform' }, async ({ page, server, lang }) => {
    test.setTimeout(90_000);
    const { panel, api } = await openParticipants(page, server, lang);
    const before = await waitForHands(api, 2);
    await expect.poll(() => panel.tabCount('hand')).toBeGreaterThanOrEqual(2);
    await (await panel.toolbarButton(panel.n.lowerAllHands)).click();
    await expect
      .poll(async () => {
        const now = new Set(await raisedHands(api));
        return before.filter((id) => now.has(id)).length;
      })
      .toBe(0);
    await api.modStatus('all_guests_mute', 0);
  });
});
