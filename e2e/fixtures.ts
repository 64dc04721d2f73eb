/**
 * The one fixture file of the e2e suite:
 * - `server`: the reference server for this worker (free port, temp data, known verify code),
 *   speaking the wire of the Playwright project's `wire` option (playwright.config.ts: `podium`,
 *   or `platform` for the specs that must also hold in front of the platform);
 * - a console-error guard on every page of every context: a test fails when the console logged an
 *   error or the page threw, unless the test declared that error as expected (`consoleErrors.allow`);
 * - `lang`: the screen's language of this run (a project option, playwright.config.ts): a spec
 *   runs once, in the language its project gives, and specs of text and layout run in both;
 * - `signIn()`: /control signed in through the API (e2e/pages/signIn.ts); only login specs use the form;
 * - page objects (`loginPage`) and `newConsole()` for a second, independent browser console.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startTestServer, TEST_CODE, type TestServer } from './server';
import type { WireMode } from '../protocol/wire';
import { LoginPage } from './pages/LoginPage';
import { ControlPage } from './pages/ControlPage';
import { signIn, type Lang, type Role } from './pages/signIn';
import type { LoginResult } from '../machines/login/loginMachine';

export { expect, TEST_CODE };

/** A 404 of one of the assumed GETs (protocol/assumptions.ts), as the browser logs it. */
const ASSUMED_GET_404 =
  /status of 404 \(Not Found\) @ \S*\/rest\/v1\/meetings\/(verify-code|\d+\/sessions\/[^/\s]+\/(controllers|activity[^/\s]*|mr-pwd|run-of-show|transcript(\?\S*)?))$/;
export type { Lang, Role };

/** Collects console errors and uncaught page errors of the test's pages. */
export class ConsoleErrors {
  private readonly allowed: RegExp[] = [];
  readonly unexpected: string[] = [];
  /**
   * The server's answers to the 401s the pages got (its result code and which check refused):
   * the browser logs only "401 (Unauthorized)", which did not say why when one came unasked
   */
  readonly refusals: string[] = [];

  /** Declares errors this test provokes on purpose (e.g. the 403 of a wrong password). */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  watch(page: Page): void {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} @ ${message.location().url}`;
      if (!this.allowed.some((re) => re.test(text))) this.unexpected.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => this.unexpected.push(`uncaught: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() !== 401) return;
      const path = new URL(response.url()).pathname;
      response.text().then(
        (body) => this.refusals.push(`${path}: ${body.slice(0, 300)}`),
        () => {},
      );
    });
  }

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
  }
}

/** An extra browser console: its own context (own storage), page and page objects. */
export interface Console {
  context: BrowserContext;
  page: Page;
  loginPage: LoginPage;
  controlPage: ControlPage;
}

/** Options a Playwright project sets per test (playwright.config.ts `projects[].use`). */
export interface TestOptions {
  /** the language the spec drives the screen in (and names controls by) */
  lang: Lang;
}

interface TestFixtures {
  /** opens /control on `page` signed in as `role` (host unless given) in `lang`, without the form */
  signIn: (role?: Role) => Promise<LoginResult>;
  consoleErrors: ConsoleErrors;
  loginPage: LoginPage;
  controlPage: ControlPage;
  /** opens another independent console (browser context) against the same server */
  newConsole: (options?: { locale?: string; userAgent?: string }) => Promise<Console>;
}

interface WorkerFixtures {
  server: TestServer;
}

/** Options a Playwright project sets (playwright.config.ts `projects[].use`). */
export interface WorkerOptions {
  /**
   * what the test server speaks (`WIRE`): podium, or only what the platform offers; unset: the
   * `WIRE` of the run's environment, else podium (e2e/server.ts)
   */
  wire: WireMode | undefined;
  /**
   * `PLATFORM_ASSUME` of a platform-mode server: the groups of assumed calls it offers beyond the
   * evidence (protocol/assumptions.ts). Unset: none, the strict platform. A spec file whose
   * feature needs a group says so with `test.use({ assume: '…' })`, which gives it a server of
   * its own; it has no effect on a podium server, which offers every group.
   */
  assume: string | undefined;
}

export const test = base.extend<TestFixtures & TestOptions, WorkerFixtures & WorkerOptions>({
  wire: [undefined, { scope: 'worker', option: true }],
  assume: [undefined, { scope: 'worker', option: true }],
  lang: ['en', { option: true }],
  signIn: async ({ page, server, lang }, use) => {
    await use((role = 'host') => signIn(page, server, lang, role));
  },
  server: [
    async ({ wire, assume }, use) => {
      const server = await startTestServer({ wire, env: assumeEnv(wire, assume) });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  consoleErrors: async ({ wire }, use) => {
    const errors = new ConsoleErrors();
    // in front of a strict platform the console asks once for each assumed GET it may use (the
    // controllers list, the activity log, the picture verify code…) and the 404 is how it learns
    // that the platform does not offer it; the browser logs every such answer as an error
    if ((wire ?? process.env.WIRE) === 'platform') errors.allow(ASSUMED_GET_404);
    await use(errors);
    const why = errors.refusals.length ? `; the server's 401 answers: ${errors.refusals.join(' | ')}` : '';
    expect(errors.unexpected, `the console logged errors${why}`).toEqual([]);
  },
  context: async ({ context, consoleErrors }, use) => {
    consoleErrors.watchContext(context);
    await use(context);
  },
  loginPage: async ({ page, server }, use) => {
    await use(new LoginPage(page, server));
  },
  controlPage: async ({ page }, use) => {
    await use(new ControlPage(page));
  },
  newConsole: async ({ browser, server, consoleErrors }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        locale: options.locale ?? 'zh-CN',
        userAgent: options.userAgent,
      });
      contexts.push(context);
      consoleErrors.watchContext(context);
      const page = await context.newPage();
      return { context, page, loginPage: new LoginPage(page, server), controlPage: new ControlPage(page) };
    });
    for (const context of contexts) await context.close();
  },
});

/**
 * The same fixtures with a server of this spec file's own (per worker), started with `env`:
 * for specs that need another population or setting, or that must not share a server others empty.
 */
export function testWithServer(env: Record<string, string>) {
  return test.extend<object, WorkerFixtures>({
    server: [
      async ({ wire, assume }, use) => {
        const server = await startTestServer({ env: { ...assumeEnv(wire, assume), ...env }, wire });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}

/** The `PLATFORM_ASSUME` of a worker's server: only a platform-mode server takes one. */
function assumeEnv(wire: WireMode | undefined, assume: string | undefined): Record<string, string> {
  const platform = (wire ?? process.env.WIRE) === 'platform';
  return platform ? { PLATFORM_ASSUME: assume ?? 'none' } : {};
}
