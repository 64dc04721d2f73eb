/**
 * Issue 13 §6: the raise-hand tab is a queue, oldest raise first, each row
 * saying for how long; selected hands are permitted or refused together, and the toast says how
 * many. Hands come from the simulated endpoints (muted ones raise them), on a server of its own.
 * A second console logging in later reads the same times, counted from when each hand went up.
 */
import { testWithServer, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import type { ParticipantsApi } from '../pages/ParticipantsApi';
import type { OnlineEpsStatus } from '../../protocol/wire';
import { decodeUsrStats } from '../../protocol/usrStats';

const test = testWithServer({ SIM_ENDPOINTS: '60' });

async function raisedHands(api: ParticipantsApi): Promise<string[]> {
  return [...(await api.endpointStates()).values()].filter((s) => s.flags.hand === 1 && !s.flags.waiting).map((s) => s.usrId);
}

/** usr_id → when the server says the hand went up (Unix seconds), for the hands up now */
async function handsUpSince(api: ParticipantsApi): Promise<Map<string, number>> {
  const status = await api.get<OnlineEpsStatus>('eps-status');
  const out = new Map<string, number>();
  status.usr_ids.forEach((id, i) => {
    const at = status.hand_up_dtms?.[i] ?? 0;
    if (at > 0) out.set(id, at);
  });
  return out;
}

/**
 * What a command left on each endpoint, read from one `eps-status`: the hand down (or up again
 * since `since`, Unix seconds: a simulated person raising it anew after the command, which the
 * server stamps with the new time) and the microphone; 'offline' when the endpoint is not online.
 */
async function afterCommand(api: ParticipantsApi, usrIds: string[], since: number): Promise<Array<[boolean, number] | 'offline'>> {
  const status = await api.get<OnlineEpsStatus>('eps-status');
  return usrIds.map((id) => {
    const i = status.usr_ids.indexOf(id);
    if (i < 0) return 'offline';
    const flags = decodeUsrStats(status.usr_stats[i], status.stats_desc);
    return [flags.hand === 0 || (status.hand_up_dtms?.[i] ?? 0) >= since, flags.a_rx ?? -1];
  });
}

const TEXT = {
  en: {
    justNow: 'just now',
    minutes: (n: number) => `${n} min`,
    permitted: /^\d+ raised hands permitted$/,
    refused: /raised hands? refused$/,
  },
  zh: { justNow: '刚刚', minutes: (n: number) => `${n}分钟`, permitted: /^已允许 \d+ 个举手发言$/, refused: /^已拒绝 .*举手$/ },
} as const;

test('raised hands: oldest first with how long, permit and refuse the selected', async ({
  page,
  server,
  consoleErrors,
  lang,
}, testInfo) => {
  // a simulated person may lower a hand between the pick and the click: the server refuses (403)
  // and the pick is made again
  consoleErrors.allow(/status of 403/);
  test.setTimeout(210_000);
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
  await expect
    .poll(async () => (await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-usr-id')))).includes(later[0]), { timeout: 10_000 })
    .toBe(true);
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
  // then the pick is made again). A row's usr_id and name come from one read: the queue moves
  // under us, and two reads could take the id of one row and the name of the next, so the check
  // below read a hand the command never went to (the flake: it left, or sat lowered and muted)
  const pick = (i: number) =>
    rows.nth(i).evaluate((r) => ({ usrId: r.getAttribute('data-usr-id') ?? '', name: r.getAttribute('aria-label') ?? '' }), undefined, {
      timeout: 2_000,
    });
  // a hand up since after the second of the pick was raised anew, not left up by the command
  let since = 0;
  let a = { usrId: '', name: '' };
  let b = { usrId: '', name: '' };
  await expect(async () => {
    await panel
      .button(lang === 'en' ? 'Clear selection' : '清除选择')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    // the toast read below is this attempt's, not one still up from an attempt before
    await expect(panel.toast('handsPermitted')).toHaveCount(0, { timeout: 6_000 });
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    [a, b] = [await pick(0), await pick(1)];
    since = Math.floor(Date.now() / 1000) + 1;
    await page.getByRole('checkbox', { name: panel.n.select(a.name), exact: true }).check({ timeout: 2_000 });
    await page.getByRole('checkbox', { name: panel.n.select(b.name), exact: true }).check({ timeout: 2_000 });
    await panel.button(panel.n.permitSelected).click({ timeout: 2_000 });
    await expect(panel.toast('handsPermitted')).toHaveText(TEXT[lang].permitted, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  // hands down and microphones on; a simulated person may raise a hand again right away (it keeps
  // the microphone) — a hand the command left up still has its old time and fails here
  await expect
    .poll(() => afterCommand(api, [a.usrId, b.usrId], since))
    .toEqual([
      [true, 1],
      [true, 1],
    ]);

  // refuse the next selected hand: lowered, still muted (those permitted are muted again; one may
  // have left meanwhile)
  const back = await api.endpointStates();
  const stillHere = [a.usrId, b.usrId].filter((id) => back.has(id));
  if (stillHere.length) await api.eps('a_rx', stillHere, 0);
  let c = { usrId: '', name: '' };
  await expect(async () => {
    await panel
      .button(lang === 'en' ? 'Clear selection' : '清除选择')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await expect(panel.toast('handsRefused')).toHaveCount(0, { timeout: 6_000 });
    expect(await rows.count()).toBeGreaterThanOrEqual(1);
    c = await pick(0);
    since = Math.floor(Date.now() / 1000) + 1;
    await page.getByRole('checkbox', { name: panel.n.select(c.name), exact: true }).check({ timeout: 2_000 });
    await panel.button(panel.n.refuseSelected).click({ timeout: 2_000 });
    await expect(panel.toast('handsRefused')).toHaveText(TEXT[lang].refused, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect.poll(() => afterCommand(api, [c.usrId], since)).toEqual([[true, 0]]);

  // issue 26 item 7: a console that logs in later shows how long each hand has really been up,
  // not "just now" from its own first sight. A hand the server says went up over a minute ago
  // (the first ones went up at the start of this walk; simulated people keep a hand up for about
  // three minutes) is read on a second page that logs in fresh now.
  const oldHands = async () => {
    const now = Date.now() / 1000;
    return [...(await handsUpSince(api))].filter(([, since]) => now - since >= 65);
  };
  await expect.poll(async () => (await oldHands()).length, { timeout: 90_000, intervals: [1_000] }).toBeGreaterThan(0);
  const fresh = await page.context().newPage();
  const second = await openParticipants(fresh, server, lang);
  await second.panel.openTab('hand');
  // a simulated person may lower the hand between the reads: then another old one is read
  await expect(async () => {
    const [usrId, since] = (await oldHands())[0];
    const raisedFor = second.panel.table.locator(`[role="row"][data-usr-id="${usrId}"]`).getByTestId('raised-for');
    const shown = await raisedFor.textContent({ timeout: 3_000 });
    // whole minutes since the server's raise time (either side of a minute turning meanwhile)
    const minutes = Math.floor((Date.now() / 1000 - since) / 60);
    expect([minutes - 1, minutes].map(TEXT[lang].minutes), `the fresh login reads how long ${usrId}'s hand has been up`).toContain(shown);
  }).toPass({ timeout: 20_000 });
  await fresh.close();
  await api.modStatus('all_guests_mute', 0);
});
