/**
 * Issue 4 §7: the network of the console is cut while another controller changes the meeting;
 * when it returns, the console shows the connection recovering and holds exactly the server's
 * participants again: none lost, none duplicated, the changes made meanwhile applied.
 */
import { test, expect } from '../fixtures';
import { openParticipants } from '../pages/ParticipantsSession';
import type { ParticipantsPanel } from '../pages/ParticipantsPanel';
import type { ParticipantsApi } from '../pages/ParticipantsApi';

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
  const rendered = await panel.table.locator('[role="row"][data-usr-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-usr-id')));
  expect(new Set(rendered).size).toBe(rendered.length);
}

/**
 * Cut lengths. The issue also asks for 60 s; the reference server ends a session after 30 s
 * without a poll (architecture §3), so a 60 s cut ends the session (the console then shows it
 * disconnected) until the server keeps sessions longer. `NETCUT_SECONDS=5,60` runs both.
 */
const CUT_SECONDS = (process.env.NETCUT_SECONDS ?? '5').split(',').map(Number);

test.describe('network cut', () => {
  for (const seconds of CUT_SECONDS) {
    test(`offline for ${seconds} s while another controller acts: back in step, nothing lost or duplicated`, async ({ page, context, server, consoleErrors }) => {
      test.setTimeout(90_000 + seconds * 1000);
      // the browser reports the failed requests of the cut itself
      consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to load resource|Failed to fetch|net::/);
      const { panel, api } = await openParticipants(page, server, 'en');
      const connection = page.locator('[data-connection]');
      await expect(connection).toHaveAttribute('data-connection', 'live', { timeout: 20_000 });
      await expectInStep(panel, api);

      await context.setOffline(true);
      await expect(connection).toHaveAttribute('data-connection', 'reconnecting', { timeout: 15_000 });
      // meanwhile: everyone online is muted and someone is dropped
      const states = await api.endpointStates();
      const online = [...states.entries()].filter(([, s]) => !s.flags.waiting).map(([id]) => id);
      await api.eps('a_rx', online, 0);
      if (online.length > 1) await api.eps('drop', [online[0]]);
      await page.waitForTimeout(seconds * 1000);
      await context.setOffline(false);

      await expect(connection).toHaveAttribute('data-connection', /^(live|reconnected|resynced)$/, { timeout: 20_000 });
      await expectInStep(panel, api);
      // the mute made during the cut shows on the rows still muted on the server
      await panel.openTab('online');
      const rows = panel.table.locator('[role="row"][data-online="true"][data-waiting="false"]');
      const shown = Math.min(5, await rows.count());
      const now = await api.endpointStates();
      for (let i = 0; i < shown; i++) {
        const usrId = (await rows.nth(i).getAttribute('data-usr-id')) ?? '';
        const name = (await rows.nth(i).getAttribute('aria-label')) ?? '';
        if (now.get(usrId)?.flags.a_rx === 0) await expect(panel.button(panel.n.unmute(name))).toBeVisible();
      }
      await api.logout();
    });
  }
});
