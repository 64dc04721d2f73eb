/**
 * Opens the control screen as host in a given language (signed in through the API, e2e/pages/signIn.ts)
 * and returns the participant page object with this worker's API session to check the server's state.
 */
import { expect, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { ParticipantsApi } from './ParticipantsApi';
import { ParticipantsPanel, type Lang } from './ParticipantsPanel';
import type { TestServer } from '../server';
import { isSteadyEndpointId } from '../../server/sim/steady';
import { acknowledgeReminders } from './reminders';

export async function openParticipants(
  page: Page,
  server: TestServer,
  lang: Lang,
): Promise<{ panel: ParticipantsPanel; api: ParticipantsApi }> {
  await acknowledgeReminders(page);
  await signIn(page, server, lang, 'host');
  const panel = new ParticipantsPanel(page, lang);
  await expect(panel.table).toBeVisible({ timeout: 20_000 });
  // the first full load has arrived once the roster shows
  await expect.poll(() => panel.tabCount('all'), { timeout: 20_000 }).toBeGreaterThan(0);
  const api = await ParticipantsApi.forWorker(server);
  return { panel, api };
}

/**
 * An online participant (not waiting) that is both on screen and online on the server, so a
 * command can be checked against the server right away. It is always one of the test server's
 * steady endpoints (e2e/server.ts), which the simulation never takes away mid-spec; those an
 * earlier spec hung up or refused are called back first.
 */
export async function pickOnline(
  panel: ParticipantsPanel,
  api: ParticipantsApi,
  skip: string[] = [],
): Promise<{ name: string; usrId: string }> {
  await api.callBackSteady();
  let found: { name: string; usrId: string } | undefined;
  await expect
    .poll(
      async () => {
        const states = await api.endpointStates();
        const rows = panel.table.locator('[role="row"][data-online="true"][data-waiting="false"][data-pending="false"]');
        const n = await rows.count();
        for (let i = 0; i < n; i++) {
          const usrId = (await rows.nth(i).getAttribute('data-usr-id')) ?? '';
          if (!isSteadyEndpointId(usrId)) continue;
          const name = (await rows.nth(i).getAttribute('aria-label')) ?? '';
          const st = states.get(usrId);
          // names on screen can lag a rename by the 800 ms participant batch: match the server's
          if (st && !st.flags.waiting && !skip.includes(usrId) && st.name === name) {
            found = { name, usrId };
            return true;
          }
        }
        // the table is windowed (a few rows beyond the view): the steady endpoints may sit below it
        await scrollTableOnePage(panel);
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** A steady online participant (as {@link pickOnline}) whose audio is in the mix, unmuted from its row when it was not. */
export async function pickUnmuted(panel: ParticipantsPanel, api: ParticipantsApi): Promise<{ name: string; usrId: string }> {
  const p = await pickOnline(panel, api);
  if ((await api.flags(p.usrId))?.a_rx === 0) {
    await panel.button(panel.n.unmute(p.name)).click();
    await expect.poll(async () => (await api.flags(p.usrId))?.a_rx).toBe(1);
  }
  return p;
}

/** Scrolls the participant table one view further, back to the top after the last. */
async function scrollTableOnePage(panel: ParticipantsPanel): Promise<void> {
  await panel.table.getByTestId('participant-scroller').evaluate((el) => {
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
    el.scrollTop = atEnd ? 0 : el.scrollTop + el.clientHeight;
  });
}
