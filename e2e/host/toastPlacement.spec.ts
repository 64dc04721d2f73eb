/**
 * Toasts never cover a control (issue 26 item 2): the quality alert (the one interrupting alert
 * the budget allows) and the results of the host's own commands appear in the well at the foot of
 * the sidebar, at 1280 and at 1920 px; no visible toast's box meets a visible button, tab, input
 * or link, and a result shows while the alert is up (the alert does not push it out).
 */
import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { openParticipants } from '../pages/ParticipantsSession';

const QUALITY_ALERT = '.mantine-Notification-root.podium-quality-alert';

/** The visible toasts that meet a visible control, each named: none is the point. */
async function toastsOverControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' && r.bottom > 0 && r.top < innerHeight
      );
    };
    const toasts = [...document.querySelectorAll('.mantine-Notification-root')].filter(visible);
    const controls = [
      ...document.querySelectorAll(
        'button, [role="tab"], [role="button"], input, select, textarea, a[href], [role="switch"], [role="checkbox"]',
      ),
    ]
      .filter((el) => !el.closest('.mantine-Notification-root') && visible(el))
      // a control inside a scroll area counts only where the area shows it
      .map((el) => {
        const r = el.getBoundingClientRect();
        let top = r.top;
        let bottom = r.bottom;
        for (let p = el.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowY;
          if (o === 'auto' || o === 'scroll' || o === 'hidden') {
            const pr = p.getBoundingClientRect();
            top = Math.max(top, pr.top);
            bottom = Math.min(bottom, pr.bottom);
          }
        }
        return { el, left: r.left, right: r.right, top, bottom };
      })
      .filter((c) => c.bottom > c.top);
    const hits: string[] = [];
    for (const toast of toasts) {
      const t = toast.getBoundingClientRect();
      for (const c of controls) {
        if (c.left < t.right && c.right > t.left && c.top < t.bottom && c.bottom > t.top) {
          hits.push(
            `${toast.textContent?.slice(0, 40)} over ${c.el.tagName} "${(c.el.getAttribute('aria-label') ?? c.el.textContent ?? '').slice(0, 30)}"`,
          );
        }
      }
    }
    return hits;
  });
}

test.describe('toasts', () => {
  test('the quality alert and a command result sit in the sidebar’s well, over no control, at 1280 and 1920 px', async ({
    page,
    server,
    lang,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    const { panel } = await openParticipants(page, server, lang);
    const well = page.getByTestId('toast-well');
    await expect(well).toBeVisible();
    // the simulated poor line alerts once it has lasted 10 s; that toast lasts 10 s itself
    const alert = page.locator(QUALITY_ALERT);
    await expect(alert).toBeVisible({ timeout: 60_000 });
    expect(await toastsOverControls(page)).toEqual([]);
    // a command's result while the alert is up: both shown, the result not pushed out
    await panel.button(panel.n.muteAll).click();
    await expect(panel.toast('guestMuteOn')).toBeVisible();
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: width === 1280 ? 720 : 1080 });
      await expect(panel.toast('guestMuteOn')).toBeVisible();
      expect(await toastsOverControls(page), `toasts over controls at ${width} px`).toEqual([]);
      // inside the well: its box holds every toast
      const wellBox = (await well.boundingBox())!;
      for (const toast of await page.locator('.mantine-Notification-root').all()) {
        const box = await toast.boundingBox();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(wellBox.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(wellBox.x + wellBox.width + 1);
        expect(box.y).toBeGreaterThanOrEqual(wellBox.y - 1);
      }
      await page.screenshot({ animations: 'disabled', path: `test-results/screens/toasts-${lang}-${width}.png` });
    }
    await panel.button(panel.n.cancelMuteAll).click();
    await expect(panel.toast('guestMuteOff')).toBeVisible();
    expect(await toastsOverControls(page)).toEqual([]);
  });
});
