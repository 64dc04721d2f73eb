/**
 * Chat permission, live chat, meeting mode, polling and the waiting room against the real
 * server: every change is read back from the server.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';

test.describe('chat, modes and waiting room', () => {
  test('chat permission, live chat and meeting mode reach the server', async ({ page, server, lang }) => {
    const { panel, api } = await openMeetingControls(page, server, lang);
    await api.setStatus({ chat_permission: 1, live_chat: 1, meeting_mode: 'speaker' });
    await panel.openSection(panel.names.chatAndMode);
    const section = page.getByTestId('chat-and-mode');
    await section.getByRole('combobox', { name: panel.names.chatPermission }).click();
    await page.getByRole('option', { name: panel.names.publicOnly, exact: true }).click();
    await expect.poll(async () => (await api.status()).chat_permission).toBe(2);

    await panel.clickLabel(section, panel.names.allowLiveChat);
    await expect.poll(async () => (await api.status()).live_chat).toBe(0);

    await section.getByText(panel.names.discussion, { exact: true }).click();
    await expect.poll(async () => (await api.status()).meeting_mode).toBe('discussion');
    await api.setStatus({ meeting_mode: 'speaker', live_chat: 1, chat_permission: 1 });
  });

  test('polling of the audience view reaches the server', async ({ page, server, lang }) => {
    const { panel, api } = await openMeetingControls(page, server, lang);
    const before = Number((await api.status()).guest_poll);
    await panel.openSection(panel.names.polling);
    await panel.clickLabel(page.getByTestId('polling-control'), panel.names.pollAudience);
    await expect.poll(async () => Number((await api.status()).guest_poll)).toBe(before ? 0 : 1);
    await api.setStatus({ guest_poll: before });
  });

  test('waiting room: enable, move a participant in, permit them back', async ({ page, server, lang }, testInfo) => {
    const { panel, api } = await openMeetingControls(page, server, lang);
    await api.setStatus({ waiting_room: 0 });
    await panel.openSection(panel.names.waitingRoom);
    const section = page.getByTestId('waiting-room');
    await expect(section).toHaveAttribute('data-state', 'off');
    await panel.clickLabel(section, panel.names.waitingRoom);
    await expect.poll(async () => (await api.status()).waiting_room).toBe(1);
    await expect(section).toHaveAttribute('data-state', 'on');

    const waitingBefore = new Set(await api.waitingIds());
    const target = (await api.steadyOnline()).find((p) => !waitingBefore.has(p.usrId) && p.name);
    expect(target, 'an online participant outside the waiting room').toBeTruthy();
    await section.getByRole('combobox', { name: panel.names.moveToWaiting }).fill(target!.name);
    await page.getByRole('option', { name: target!.name, exact: true }).first().click();
    await section.screenshot({ animations: 'disabled', path: testInfo.outputPath(`waiting-room-picked-${lang}.png`) });
    await section.getByRole('button', { name: panel.names.moveIn, exact: true }).click();
    await expect.poll(async () => await api.waitingIds(), { timeout: 10_000 }).toContain(target!.usrId);

    await expect(section.getByRole('button', { name: panel.names.permit(target!.name), exact: true })).toBeVisible({ timeout: 10_000 });
    await section.getByRole('button', { name: panel.names.permit(target!.name), exact: true }).click();
    await expect.poll(async () => await api.waitingIds(), { timeout: 10_000 }).not.toContain(target!.usrId);
    await api.setStatus({ waiting_room: 0 });
  });

  test('waiting room: two moved in are refused together', async ({ page, server, lang }) => {
    const { panel, api } = await openMeetingControls(page, server, lang);
    await api.setStatus({ waiting_room: 1 });
    await panel.openSection(panel.names.waitingRoom);
    const section = page.getByTestId('waiting-room');
    await expect(section).toHaveAttribute('data-state', 'on');
    const waitingBefore = new Set(await api.waitingIds());
    const two = (await api.steadyOnline()).filter((p) => !waitingBefore.has(p.usrId) && p.name).slice(0, 2);
    expect(two).toHaveLength(2);
    const picker = section.getByRole('combobox', { name: panel.names.moveToWaiting });
    for (const p of two) {
      await picker.fill(p.name);
      await page.getByRole('option', { name: p.name, exact: true }).first().click();
    }
    await section.getByRole('button', { name: panel.names.moveIn, exact: true }).click();
    // two at once leave the meeting together: asked first (issue 13 §2)
    const question = page.getByRole('dialog').filter({ has: page.getByTestId('confirm-message') });
    await question.getByRole('button').last().click();
    await expect
      .poll(
        async () => {
          const w = new Set(await api.waitingIds());
          return two.every((p) => w.has(p.usrId));
        },
        { timeout: 10_000 },
      )
      .toBe(true);

    for (const p of two)
      await section.getByRole('checkbox', { name: panel.names.selectWaiting(p.name), exact: true }).check({ force: true });
    await section.getByRole('button', { name: panel.names.refuseSelected(2), exact: true }).click();
    // refusing asks first, naming who (issue 13 §2); nobody is refused before the answer
    for (const p of two) await expect(question.getByTestId('confirm-message')).toContainText(p.name);
    expect((await api.waitingIds()).filter((id) => two.some((p) => p.usrId === id))).toHaveLength(2);
    await question.getByRole('button').last().click();
    await expect
      .poll(
        async () => {
          const w = new Set(await api.waitingIds());
          return two.some((p) => w.has(p.usrId));
        },
        { timeout: 10_000 },
      )
      .toBe(false);
    await api.setStatus({ waiting_room: 0 });
  });
});
