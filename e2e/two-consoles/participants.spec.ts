/**
 * Two consoles logged in to the same meeting at once see each other's participant changes
 * (issue 5 §7): a mute or a rename made in one shows in the other, and both match the server.
 */
import { test, expect } from '../fixtures';
import { openParticipants, pickOnline } from '../pages/ParticipantsSession';

test.describe('two consoles: participants', () => {
  // one console in English and one in Chinese: each language reads the other's change
  test('a mute in one console shows in the other, in English and Chinese', { tag: '@platform' }, async ({ newConsole, server }) => {
    const one = await newConsole({ locale: 'en-US' });
    const two = await newConsole({ locale: 'en-US' });
    const a = await openParticipants(one.page, server, 'en');
    const b = await openParticipants(two.page, server, 'zh');
    const p = await pickOnline(a.panel, a.api);
    await a.api.eps('a_rx', [p.usrId], 1);
    await expect(b.panel.button(b.panel.n.mute(p.name))).toBeVisible();
    await a.panel.button(a.panel.n.mute(p.name)).click();
    await expect.poll(async () => (await a.api.flags(p.usrId))?.a_rx).toBe(0);
    await expect(b.panel.button(b.panel.n.unmute(p.name))).toHaveAttribute('data-state', 'off', { timeout: 5_000 });
    await b.panel.button(b.panel.n.unmute(p.name)).click();
    await expect(a.panel.button(a.panel.n.mute(p.name))).toHaveAttribute('data-state', 'on', { timeout: 5_000 });
    expect((await a.api.flags(p.usrId))?.a_rx).toBe(1);
  });

  test('a rename in one console shows in the other', async ({ newConsole, server }) => {
    const one = await newConsole({ locale: 'en-US' });
    const two = await newConsole({ locale: 'en-US' });
    const a = await openParticipants(one.page, server, 'en');
    const b = await openParticipants(two.page, server, 'en');
    const p = await pickOnline(a.panel, a.api);
    await expect(b.panel.row(p.name)).toBeVisible();
    const newName = `two-consoles-${Date.now() % 100000}`;
    await a.panel.rowOperation(p.name, a.panel.n.rename);
    await one.page.getByRole('textbox', { name: a.panel.n.newName }).fill(newName);
    await a.panel.button(a.panel.n.save).click();
    await expect(b.panel.row(newName)).toBeVisible({ timeout: 5_000 });
    expect((await b.api.endpointStates()).get(p.usrId)?.name).toBe(newName);
  });
});
