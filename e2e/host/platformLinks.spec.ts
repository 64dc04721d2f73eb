/**
 * Issue 12, item 8: the login screen's platform links and the meeting share link lead to the
 * platform pages configured on the server (LINK_*_URL), never to a page of this server that
 * answers 404.
 */
import { testWithServer, expect } from '../fixtures';
import { openMeetingControls } from '../pages/MeetingControlsSession';

const LINKS = {
  LINK_JOIN_URL: 'https://meet.example.com/join',
  LINK_MANAGE_URL: 'https://meet.example.com/manage/',
  LINK_USER_URL: 'https://meet.example.com/user/',
  LINK_DOWNLOAD_URL: 'https://meet.example.com/download/',
  LINK_HELP_URL: 'https://help.example.com/',
};
const test = testWithServer(LINKS);

const NAMES = {
  en: {
    nav: 'Platform links',
    join: 'Join meeting',
    manage: 'Platform management',
    user: 'User self-service',
    download: 'App download',
    help: 'Help centre',
  },
  zh: { nav: '平台链接', join: '加入会议', manage: '平台管理', user: '用户自助服务', download: 'App 下载', help: '帮助中心' },
} as const;

test('the login links lead to the configured platform pages', async ({ page, loginPage, lang }) => {
  await loginPage.goto();
  if (lang === 'zh') await loginPage.switchLanguage('中文');
  const n = NAMES[lang];
  const nav = page.getByRole('navigation', { name: n.nav });
  await expect(nav.getByRole('link', { name: n.join })).toHaveAttribute('href', LINKS.LINK_JOIN_URL);
  await expect(nav.getByRole('link', { name: n.manage })).toHaveAttribute('href', LINKS.LINK_MANAGE_URL);
  await expect(nav.getByRole('link', { name: n.user })).toHaveAttribute('href', LINKS.LINK_USER_URL);
  await expect(nav.getByRole('link', { name: n.download })).toHaveAttribute('href', LINKS.LINK_DOWNLOAD_URL);
  const help = nav.getByRole('link', { name: n.help });
  await expect(help).toHaveAttribute('href', LINKS.LINK_HELP_URL);
  await expect(help).toHaveAttribute('target', '_blank');
});

test('the meeting share link is the configured join page with the meeting number', async ({ page, server, lang }) => {
  const { panel } = await openMeetingControls(page, server, lang);
  await panel.button(panel.names.share).click();
  const share = page.getByTestId('share-panel');
  await expect(share.getByLabel(panel.names.shareLink, { exact: true })).toHaveValue(`${LINKS.LINK_JOIN_URL}?mr-id=${server.mrId}`);
});
