/**
 * Puts events into the console's change feed that the reference server cannot produce (a
 * platform's numeric forced-logout reason, warnings of codes it never sends): the next long poll
 * of the page is answered with them instead of going to the server.
 */
import type { Page } from '@playwright/test';

export async function injectFeedEvents(page: Page, events: Record<string, unknown>[]): Promise<void> {
  let delivered = false;
  await page.route('**/sessions/*/changes', async (route) => {
    if (delivered) return route.fallback();
    delivered = true;
    const since = Number((route.request().postDataJSON() as { since_seq?: number } | null)?.since_seq ?? 0);
    // one past the cursor: a one-shot event above what the console has seen, never taken as stale
    const body = events.map((e) => ({ ...e, seq: since + 1 }));
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
}
