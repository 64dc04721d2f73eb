/**
 * Push stream settings against the real server: the address rules and
 * their exact messages (spec §8), then a push that the server reports running and stopped.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';
import { codeMessage, RC } from '../../protocol/codes';

test('push stream: address rules, then start and stop on the server', async ({ page, server, lang }) => {
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
  await expect
    .poll(async () => {
      const s = await api.status();
      return [s.bypass_enabled, s.bypass_url];
    })
    .toEqual([1, url]);
  await expect(section).toHaveAttribute('data-state', 'on');
  await section.getByRole('switch', { name: panel.names.pushStream }).click({ force: true });
  await expect.poll(async () => (await api.status()).bypass_enabled).toBe(0);
  await expect(section).toHaveAttribute('data-state', 'off');
});

const LIVE = {
  en: { push: 'Live push address', pull: 'Live pull address', save: 'Save live addresses' },
  zh: { push: '直播推流地址', pull: '直播拉流地址', save: '保存直播地址' },
} as const;

test('live addresses: both required, saved while live is off, locked while live is on', async ({ page, server, lang }) => {
  const { panel, api } = await openMeetingControls(page, server, lang);
  await api.setStatus({ enable_live: 0 });
  await panel.openSection(panel.names.pushSettings);
  const section = page.getByTestId('live-addresses');
  await expect(section).toHaveAttribute('data-editable', 'true');
  const push = section.getByLabel(LIVE[lang].push);
  const pull = section.getByLabel(LIVE[lang].pull);
  await push.fill('rtmp://127.0.0.1/live/a');
  await pull.fill('');
  await section.getByRole('button', { name: LIVE[lang].save }).click();
  await expect(section.getByRole('alert')).toHaveText(codeMessage(RC.pullAddressRequired, lang));

  const pushUrl = `rtmp://127.0.0.1:1935/live/${lang}-push`;
  const pullUrl = `http://127.0.0.1/liveplay/${lang}-pull.flv`;
  await push.fill(pushUrl);
  await pull.fill(pullUrl);
  await section.getByRole('button', { name: LIVE[lang].save }).click();
  await expect
    .poll(async () => {
      const s = await api.status();
      return [s.push_url, s.rtmp_url];
    })
    .toEqual([pushUrl, pullUrl]);

  await api.setStatus({ enable_live: 1 });
  await expect(section).toHaveAttribute('data-editable', 'false');
  await expect(section.getByTestId('live-addresses-locked')).toHaveText(codeMessage(RC.liveAddressWhileLiveOn, lang));
  await expect(push).toBeDisabled();
  await api.setStatus({ enable_live: 0 });
});
