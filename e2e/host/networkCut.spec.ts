/**
 * Issue 4 §7: the network of the console is cut while another controller changes the meeting;
 * when it returns, the console shows the connection recovering and holds exactly the server's
 * participants again: none lost, none duplicated, the changes made meanwhile applied.
 */
import type { Page } from '@playwright/test';
import { testWithServer, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import type { ParticipantsPanel } from '../pages/ParticipantsPanel';
import type { ParticipantsApi } from '../pages/ParticipantsApi';
import { keepAlive } from '../pages/keepAlive';

/** the server's session timeout here (no poll for this long ends a session; 30 s by default) */
const SESSION_TIMEOUT_SECONDS = 10;

// A server of its own with a larger population: specs sharing the worker's server hang up or end
// the meeting, and the checks below need people online (and still muted) after the long cut. Its
// session timeout is short, so a cut past it takes seconds of the suite, not a minute.
const test = testWithServer({ SIM_ENDPOINTS: '20', SESSION_TIMEOUT_SECONDS: String(SESSION_TIMEOUT_SECONDS) });

/** The tabs' counts equal the server's, and no participant is listed twice. */
async function expectInStep(panel: ParticipantsPanel, api: ParticipantsApi): Promise<void> {
  await expect
    .poll(
      async () => {
        const [roster, states] = await Promise.all([api.roster(), api.endpointStates()]);
        const ids = new Set([...roster.added_usr_ids, ...states.keys()]);
        const online = [...states.values()].filter((s) => !s.flags.waiting).length;
        return [(await panel.tabCount('all')) === ids.size, (await panel.tabCount('online')) === online];
      },
      { timeout: 20_000 },
    )
    .toEqual([true, true]);
  await panel.openTab('all');
  const rendered = await panel.table
    .locator('[role="row"][data-usr-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-usr-id')));
  expect(new Set(rendered).size).toBe(rendered.length);
}

/**
 * Cut lengths: a short one the session survives, and one well past the server's session timeout,
 * after which the console resumes its session with the login's resume token (docs/protocol.md
 * "Session resume") instead of asking for a new login. `NETCUT_SECONDS` overrides the list.
 */
const CUT_SECONDS = (process.env.NETCUT_SECONDS ?? '4,22').split(',').map(Number);

/** The tab's stored session id (the console's current server session). */
function storedSessId(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const raw = sessionStorage.getItem('podium.session');
    return raw ? (JSON.parse(raw) as { sessId?: string }).sessId : undefined;
  });
}

test.describe('network cut', () => {
  for (const seconds of CUT_SECONDS) {
    const expires = seconds > SESSION_TIMEOUT_SECONDS;
    test(`offline for ${seconds} s while another controller acts: back in step, nothing lost or duplicated`, async ({
      page,
      context,
      server,
      consoleErrors,
      lang,
    }) => {
      test.setTimeout(60_000 + seconds * 1000);
      // the browser reports the failed requests of the cut itself (and the expired session's 404)
      consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to load resource|Failed to fetch|net::/);
      const { panel, api } = await openParticipants(page, server, lang);
      // the other controller's own session outlives a long cut (the server drops one SESSION_TIMEOUT_SECONDS after its last poll)
      const stopKeepAlive = keepAlive(api, (SESSION_TIMEOUT_SECONDS * 1000) / 3);
      try {
        const connection = page.locator('[data-connection]');
        await expect(connection).toHaveAttribute('data-connection', 'live', { timeout: 20_000 });
        await expectInStep(panel, api);
        const sessionBefore = await storedSessId(page);
        expect(sessionBefore).toBeTruthy();

        await context.setOffline(true);
        const cutAt = Date.now();
        await expect(connection).toHaveAttribute('data-connection', 'reconnecting', { timeout: 15_000 });
        // meanwhile: everyone online is muted and someone is dropped
        const states = await api.endpointStates();
        const online = [...states.entries()].filter(([, s]) => !s.flags.waiting).map(([id]) => id);
        await api.eps('a_rx', online, 0);
        if (online.length > 1) await api.eps('drop', [online[0]]);
        if (expires) {
          // and once the console's session has expired on the server, one more change
          await page.waitForTimeout(Math.max(0, (SESSION_TIMEOUT_SECONDS + 6) * 1000 - (Date.now() - cutAt)));
          const later = [...(await api.endpointStates()).entries()].filter(([, s]) => !s.flags.waiting).map(([id]) => id);
          if (later.length > 1) await api.eps('drop', [later[later.length - 1]]);
        }
        // the browser really stays offline for the whole cut
        await page.waitForTimeout(Math.max(0, seconds * 1000 - (Date.now() - cutAt)));
        expect(Date.now() - cutAt).toBeGreaterThanOrEqual(seconds * 1000);
        await context.setOffline(false);

        await expect(connection).toHaveAttribute('data-connection', expires ? 'resynced' : /^(live|reconnected|resynced)$/, {
          timeout: 30_000,
        });
        await expectInStep(panel, api);
        // still logged in, no session-end warning; a long cut went on in a new server session
        await expect(page).toHaveURL(/\/control/);
        await expect(connection).not.toHaveAttribute('data-connection', 'ended');
        const sessionAfter = await storedSessId(page);
        if (expires) expect(sessionAfter).not.toBe(sessionBefore);
        else expect(sessionAfter).toBe(sessionBefore);
        // the mute made during the cut shows on the rows still muted on the server
        await panel.openTab('online');
        const rows = panel.table.locator('[role="row"][data-online="true"][data-waiting="false"]');
        const shown = await rows.count();
        const now = await api.endpointStates();
        let checked = 0;
        for (let i = 0; i < shown; i++) {
          const usrId = (await rows.nth(i).getAttribute('data-usr-id')) ?? '';
          const name = (await rows.nth(i).getAttribute('aria-label')) ?? '';
          if (now.get(usrId)?.flags.a_rx === 0) {
            await expect(panel.button(panel.n.unmute(name))).toBeVisible();
            checked++;
          }
        }
        expect(checked).toBeGreaterThan(0);
        await api.logout();
      } finally {
        stopKeepAlive();
      }
    });
  }
});
