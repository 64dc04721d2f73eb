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
  // CI retries a failed spec once: the simulated endpoints act at random (one may leave just as a
  // spec picks it), and the summary of scripts/test.mjs names every spec that needed the retry
  retries: process.env.CI ? 1 : 0,
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
