/**
 * Outages lose nothing silently (issue 23 item 5): behind `--upstream`, the platform becomes
 * unreachable while the console is in use. A mute clicked then is not lost: it waits for the
 * connection and goes out once the platform answers again, and the "temporarily inaccessible"
 * alert, which advised no reload (this tab can log in again by itself), goes away by itself.
 *
 * Between the console server and the platform sits a forwarder this spec owns: "down" it drops
 * every new request (the proxy answers 502, result 9988) while the platform, its meeting and the
 * console's session stay as they were, as across a network cut. The long poll is held instead of
 * dropped until the spec cuts it: the click must land while the console still shows the meeting
 * live. (A poll dropped a fixed 3 s after the outage raced the click on a loaded machine: when the
 * console noticed first, the mute waited without a request, no request failed, and the §8 alert the
 * spec waits for never came.)
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { test, expect } from '../fixtures';
import { freePort, startTestServer, type TestServer } from '../server';
import { LoginPage } from '../pages/LoginPage';
import { ParticipantsApi } from '../pages/ParticipantsApi';
import { ParticipantsPanel } from '../pages/ParticipantsPanel';
import { pickUnmuted } from '../pages/ParticipantsSession';
import { acknowledgeReminders } from '../pages/reminders';
import { MeetingControlsPanel } from '../pages/MeetingControlsPanel';
import { signIn } from '../pages/signIn';

interface Forwarder {
  url: string;
  /** the platform becomes unreachable: new requests are dropped, new long polls held unanswered */
  down(): void;
  /** the long polls open now are dropped too, and every later one at once: the console's feed notices */
  cutPolls(): void;
  up(): void;
  stop(): Promise<void>;
}

const isPoll = (req: IncomingMessage) => req.url?.split('?')[0].endsWith('/changes') === true;

/** An HTTP forwarder to `target` that can be taken down (new requests cut) and brought back. */
async function startForwarder(target: URL): Promise<Forwarder> {
  let down = false;
  let pollsCut = false;
  // the console's open long polls (held here while down, or forwarded before): a cut drops them
  const polls = new Set<Socket>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    if (down) {
      if (isPoll(req) && !pollsCut) polls.add(req.socket);
      else req.socket.destroy();
      return;
    }
    if (isPoll(req)) polls.add(req.socket);
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => {
      sockets.delete(s);
      polls.delete(s);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    down: () => {
      down = true;
    },
    cutPolls: () => {
      pollsCut = true;
      for (const s of polls) s.destroy();
    },
    up: () => {
      down = false;
      pollsCut = false;
    },
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test.describe('an outage behind --upstream', () => {
  let platform: TestServer;
  let proxy: TestServer;
  let forwarder: Awaited<ReturnType<typeof startForwarder>>;

  test.beforeAll(async () => {
    platform = await startTestServer({ env: { SIM_ENDPOINTS: '0' } });
    forwarder = await startForwarder(new URL(platform.baseURL));
    proxy = await startTestServer({ env: { UPSTREAM_URL: forwarder.url } });
  });

  test.afterAll(async () => {
    await proxy?.stop();
    await forwarder?.stop();
    await platform?.stop();
  });

  test('a mute clicked while the platform is unreachable is applied once it is back, and the alert goes by itself', async ({
    browser,
    consoleErrors,
  }) => {
    const context = await browser.newContext({ baseURL: proxy.baseURL });
    try {
      consoleErrors.watchContext(context);
      consoleErrors.allow(/Failed to load resource.*50[24]/);
      const page = await context.newPage();
      await acknowledgeReminders(page);
      // through the form: the password stays in this tab's memory, so a re-login is possible
      const loginPage = new LoginPage(page, platform);
      await loginPage.goto('/login');
      await loginPage.loginAsHost();
      await expect(page).toHaveURL(`/control?mr-id=${platform.mrId}`);

      const panel = new ParticipantsPanel(page, 'en');
      await expect(panel.table).toBeVisible({ timeout: 20_000 });
      const api = await ParticipantsApi.login(platform);
      const p = await pickUnmuted(panel, api);
      await expect(panel.button(panel.n.mute(p.name))).toBeEnabled();

      // the platform becomes unreachable; the feed has not noticed (its poll is held), so the
      // row still takes the click — the request meets the outage (502, result 9988)
      forwarder.down();
      await panel.button(panel.n.mute(p.name)).click();
      const waiting = page.getByRole('alert').filter({ hasText: `Mute (${p.name}) is sent once the connection is back.` });
      await expect(waiting).toBeVisible();
      // the §8 alert's own content (the notification around it is an alert too)
      const outage = page.locator('[role="alert"][data-outage]').filter({ hasText: 'Services are temporarily inaccessible' });
      await expect(outage).toBeVisible();
      // this tab can log in again by itself: a reload would discard that, so none is advised
      await expect(outage).toContainText('Do not reload the page');
      await expect(outage.getByRole('button', { name: 'Reload the page' })).toHaveCount(0);
      // the feed notices too once its poll is cut, and the commands wait
      forwarder.cutPolls();
      await expect(page.getByRole('alert').filter({ hasText: 'Connection lost' })).toBeVisible({ timeout: 20_000 });
      expect((await api.flags(p.usrId))?.a_rx).toBe(1);

      // the platform is back: the held mute goes out and is applied; both notices go by themselves
      forwarder.up();
      await expect.poll(async () => (await api.flags(p.usrId))?.a_rx, { timeout: 45_000 }).toBe(0);
      await expect(panel.button(panel.n.unmute(p.name))).toBeVisible({ timeout: 20_000 });
      await expect(outage).toHaveCount(0, { timeout: 20_000 });
      await expect(waiting).toHaveCount(0);
      await api.logout();
    } finally {
      await context.close();
    }
  });
});

/**
 * The same console in front of a platform as strict as the evidence (`WIRE=platform` without the
 * `meeting-passwords` group, issue 23 item 3): the assumed call `mr-pwd` is refused as an unknown
 * path, and the console says the control is not offered, with the reason, instead of an error.
 */
test.describe('an assumed call a strict platform refuses', () => {
  let strict: TestServer;

  test.beforeAll(async () => {
    // PLATFORM_ASSUME: the picture verify code and the controllers list of the sign-in and the
    // control screen; meeting-passwords stays off, it is this test's subject
    strict = await startTestServer({ wire: 'platform', env: { SIM_ENDPOINTS: '0', PLATFORM_ASSUME: 'picture-code,controllers' } });
  });

  test.afterAll(async () => {
    await strict?.stop();
  });

  test('meeting passwords are shown as not offered with the reason, never as an error, and Save waits no more', async ({
    browser,
    consoleErrors,
  }) => {
    const context = await browser.newContext({ baseURL: strict.baseURL });
    try {
      consoleErrors.watchContext(context);
      consoleErrors.allow(/Failed to load resource.*404/);
      const page = await context.newPage();
      const pwdCalls: number[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.endsWith('/mr-pwd')) pwdCalls.push(r.status());
      });
      await acknowledgeReminders(page);
      await signIn(page, strict, 'en');
      const panel = new MeetingControlsPanel(page, 'en');
      await expect(panel.root).toBeVisible({ timeout: 20_000 });

      await page.getByRole('button', { name: 'Meeting passwords', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Meeting passwords' });
      await dialog.getByLabel('Join password', { exact: true }).fill('111');
      await dialog.getByLabel('Host password').fill('222333');
      await dialog.getByLabel('Supervisor password').fill('444555');
      await dialog.getByRole('button', { name: 'Save passwords' }).click();

      const reason = 'Not offered by this platform: the server refused mr-pwd (404, result 9999)';
      // the notice names the control (the open dialog keeps the notices out of the accessibility tree)
      await expect(page.getByText('Meeting passwords: not offered by this platform')).toBeVisible();
      await expect(dialog.getByText(reason)).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Save passwords' })).toBeDisabled();
      await expect(page.getByText(/Request link does not exist/)).toHaveCount(0);
      expect(pwdCalls).toEqual([404]);
    } finally {
      await context.close();
    }
  });
});
