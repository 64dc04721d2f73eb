/**
 * Push stream settings against the real server, in English and Chinese: the address rules and
 * their exact messages (spec §8), then a push that the server reports running and stopped.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import type { Lang } from '../pages/MeetingControlsPanel';
import { codeMessage, RC } from '../../protocol/codes';

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`push stream: address rules, then start and stop on the server (${lang})`, async ({ page, server }) => {
    const { panel, api } = await openMeetingControls(page, server, lang);
    await api.setStatus({ enable_bypass: 0 }).catch(() => {});
    await panel.openSection(panel.names.pushSettings);
    const section = page.getByTestId('push-stream');
    const address = section.getByLabel(panel.names.pushAddress);
    await address.fill('');
    await section.getByRole('button', { name: panel.names.saveAndPush }).click();
    await expect(section.getByText(codeMessage(RC.pushAddressNotSet, lang))).toBeVisible();
    await address.fill('http://127.0.0.1/live/e2e');
    await section.getByRole('button', { name: panel.names.saveAndPush }).click();
    await expect(section.getByText(codeMessage(RC.pushAddressNotRtmp, lang))).toBeVisible();
    expect((await api.status()).bypass_enabled).toBe(0);

    const url = `rtmp://127.0.0.1:1935/live/e2e-${lang}`;
    await address.fill(url);
    await section.getByRole('button', { name: panel.names.saveAndPush }).click();
    await expect.poll(async () => { const s = await api.status(); return [s.bypass_enabled, s.bypass_url]; }).toEqual([1, url]);
    await expect(section).toHaveAttribute('data-state', 'on');
    await section.getByRole('switch', { name: panel.names.pushStream }).click({ force: true });
    await expect.poll(async () => (await api.status()).bypass_enabled).toBe(0);
    await expect(section).toHaveAttribute('data-state', 'off');
  });
}
