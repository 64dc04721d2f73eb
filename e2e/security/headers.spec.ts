/**
 * Issue 17 item 7: the console runs under a strict Content-Security-Policy without a single
 * violation, and no other site can frame the control screen.
 */
import { test, expect } from '../fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test.describe('security headers', () => {
  test('console pages carry a strict CSP, a referrer and a permissions policy', async ({ page, server }) => {
    const res = await page.goto('/login');
    const h = res!.headers();
    const csp = h['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(h['referrer-policy']).toBe('same-origin');
    expect(h['permissions-policy']).toContain('camera=()');
    expect(h['permissions-policy']).toContain('microphone=(self)');
    expect((await page.request.get(`${server.baseURL}/control`)).headers()['content-security-policy']).toBe(csp);
  });

  test('the login screen and the control screen run with no CSP violation', async ({
    page,
    loginPage,
    controlPage,
    server,
    signIn,
  }, testInfo) => {
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await loginPage.goto();
    await expect(loginPage.meetingNumber).toBeVisible();
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    // the control screen (a new document: the listener above is installed again)
    await signIn();
    await expect(controlPage.meetingNumber).toHaveText(server.mrId);
    // the participants' rows, the video tiles and the charts have rendered their styles
    await page.waitForTimeout(1500);
    await page.screenshot({ animations: 'disabled', path: testInfo.outputPath('control-under-csp.png') });
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  });

  test('another site cannot frame the console', async ({ page, server, consoleErrors }) => {
    consoleErrors.allow(/frame-ancestors|Refused to (display|frame)/);
    await page.route('http://other-site.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe id="f" src="${server.baseURL}/login"></iframe>` }),
    );
    await page.goto('http://other-site.test/', { waitUntil: 'load' });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // Chromium replaces a refused frame by its error page: the login form never renders there
    await expect.poll(() => frame!.url()).toMatch(/^chrome-error:/);
    expect(await frame!.locator('input').count()).toBe(0);
  });
});
