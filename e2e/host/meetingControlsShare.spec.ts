/**
 * Meeting share against the real server: the link, address and codes
 * shown are the server's, and the mini-program code (no mini-program configured on the test
 * server) shows its failure message.
 */
import { test, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';

const MINI_FAILED = { en: 'Failed to get the mini-program QR code', zh: '获取小程序二维码失败' } as const;
const LINK_FAILED = { en: 'Failed to get the share link', zh: '获取分享链接失败' } as const;
const APP_CODE = { en: 'App QR code', zh: 'App 二维码' } as const;

test("meeting share shows the server's link, address and codes, and words a failed item", async ({ page, server, lang }) => {
  const { panel, api } = await openMeetingControls(page, server, lang);
  const info = await api.shareInfo();
  await panel.button(panel.names.share).click();
  const share = page.getByTestId('share-panel');
  // no join page configured on the test server (LINK_JOIN_URL): no link to a 404, but its failure message
  expect(info.share_link.result).not.toBe(0);
  await expect(share.locator('[data-share-item="share_link"]')).toHaveAttribute('data-state', 'failed');
  await expect(share.getByText(LINK_FAILED[lang])).toBeVisible();
  await expect(share.locator('[data-share-item="mr_addr"] input')).toHaveValue(info.mr_addr.value!);
  await expect(share.getByRole('img', { name: APP_CODE[lang] })).toHaveAttribute('data-qr-text', info.app_qrcode.value!);
  expect(info.mini_qrcode.result).not.toBe(0);
  await expect(share.locator('[data-share-item="mini_qrcode"]')).toHaveAttribute('data-state', 'failed');
  await expect(share.getByText(MINI_FAILED[lang])).toBeVisible();
});
