/**
 * Issue 16 item 2: while mute all is on, a live tally says how many it
 * binds of how many, matching the server; a participant another controller unmutes is named with
 * who did it; cancelling mute all takes the tally away.
 */
import { test, expect } from '../fixtures';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';
import { ParticipantsApi } from '../pages/ParticipantsApi';

const TEXT = {
  en: {
    muted: (b: number, of: number) => `Muted ${b} of ${of}`,
    by: (name: string) => `${name} (by Supervisor, 127.0.0.1)`,
    mark: 'Against the ban',
    markBy: 'by Supervisor, 127.0.0.1',
  },
  zh: {
    muted: (b: number, of: number) => `已静音 ${b} / ${of}`,
    by: (name: string) => `${name}（由监管员，127.0.0.1）`,
    mark: '违反禁令',
    markBy: '由监管员，127.0.0.1',
  },
} as const;

test('mute all: a tally that matches the server, and who unmuted against it', async ({ page, server, lang }, testInfo) => {
  const { panel, api } = await openParticipants(page, server, lang);
  const p = await pickOnline(panel, api);
  // an honoured guest, whom mute all spares
  const guest = await pickOnline(panel, api, [p.usrId]);
  await api.eps('chair', [guest.usrId], 1);
  const tally = page.getByTestId('ban-tally');
  await expect(tally).toBeHidden();
  // right after the switch the meeting status is there before the participant flags: the tally
  // must not flash "everyone unmuted against the rule" meanwhile
  await page.evaluate(() => {
    const w = window as unknown as { breachesSeen: number };
    w.breachesSeen = 0;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="ban-breaches"], [data-breach]')) w.breachesSeen += 1;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  try {
    await panel.button(panel.n.muteAll).click();
    const mute = tally.locator('[data-ban="mute"]');
    await expect(mute).toBeVisible();
    // the server's count: mute all is the audience's mute (all_guests_mute), so the audience in
    // the meeting (online, not waiting; not the main venue, an honoured guest or a host) is in reach
    const serverCount = async () => {
      const states = [...(await api.endpointStates()).values()].filter(
        (s) => !s.flags.waiting && !s.flags.speaker && !s.flags.chair && !s.flags.host,
      );
      return [states.filter((s) => s.flags.a_rx === 0).length, states.length];
    };
    const shown = async () => [Number(await mute.getAttribute('data-bound')), Number(await mute.getAttribute('data-in-scope'))];
    await expect.poll(async () => JSON.stringify(await shown()) === JSON.stringify(await serverCount()), { timeout: 15_000 }).toBe(true);
    const [bound, of] = await shown();
    await expect(mute).toContainText(TEXT[lang].muted(bound, of));
    await expect(mute).not.toHaveAttribute('data-settling');
    // who is spared and why: the exempt, by group, with their names behind a disclosure (keyboard)
    const spared = [...(await api.endpointStates()).values()].filter(
      (s) => !s.flags.waiting && (s.flags.speaker || s.flags.chair || s.flags.host),
    );
    expect(spared.map((s) => s.usrId)).toContain(guest.usrId);
    const exempt = mute.getByTestId('ban-exempt');
    await expect(exempt).toContainText(String(spared.length));
    await expect(exempt.getByTestId('ban-exempt-names')).toBeHidden();
    await exempt.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(exempt.locator('[data-exempt="honouredGuest"]')).toContainText(guest.name);
    for (const s of spared.slice(0, 3)) await expect(exempt.getByTestId('ban-exempt-names')).toContainText(s.name);
    await page.screenshot({ path: `test-results/screens/ban-tally-exempt-${lang}.png` });
    expect(await page.evaluate(() => (window as unknown as { breachesSeen: number }).breachesSeen)).toBe(0);

    // another controller unmutes p: named, with who did it
    const supervisor = await ParticipantsApi.forWorker(server, 'supervisor');
    await supervisor.eps('a_rx', [p.usrId], 1);
    await expect(tally.getByTestId('ban-breaches')).toContainText(TEXT[lang].by(p.name), { timeout: 15_000 });
    // and marked on their row, with who did it
    const mark = panel.row(p.name).locator('[data-breach="mute"]');
    await expect(mark).toContainText(TEXT[lang].mark);
    await expect(mark).toHaveAttribute('title', new RegExp(TEXT[lang].markBy));
    await expect(panel.table.locator('[data-breach]')).toHaveCount(1);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath(`ban-tally-${lang}.png`) });
  } finally {
    await api.modStatus('all_guests_mute', 0);
    await api.eps('chair', [guest.usrId], 0);
  }
  await expect(tally).toBeHidden();
});
