import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * End-to-end tests: Debian Chromium against the built console served by the real reference
 * server. The server is started per worker by the `server` fixture of e2e/fixtures.ts on a free
 * port with a temporary data directory, so runs never touch ./data or a running `npm start`.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // no retries: a spec acts on the server's steady endpoints (SIM_STEADY_ENDPOINTS, e2e/server.ts),
  // which the simulation never takes away, so a failure is a real one
  retries: 0,
  forbidOnly: true,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_REPORTER === 'json' ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
