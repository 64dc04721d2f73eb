/**
 * Vitest setup: Testing Library's `findBy…` / `waitFor` give up after 1 s by default, which a
 * loaded CI machine (two cores, a browser suite beside it) can exceed when a lazy chunk or a
 * catalog loads; the tests wait for behaviour, not for speed.
 */
import { configure } from '@testing-library/dom';
import { afterAll, afterEach } from 'vitest';
import { failOnXstateWarnings, recordXstateWarnings } from './xstateWarnings';
import { loadCodeTexts } from '../i18n/codeTexts';

configure({ asyncUtilTimeout: 5000 });

// The result codes' texts, which the app loads before a refusal or a screen can show them
// (src/i18n/codeTexts.ts): loaded for every test, as a component test draws a refusal directly.
await loadCodeTexts();

/**
 * happy-dom lays nothing out, so Mantine's focus trap finds no element it deems tabbable in an
 * open menu and logs the whole DOM node with its React fibre (tens of thousands of lines per test
 * in the run's log). That one message says nothing about the code under test: it is dropped, every
 * other warning stays. Focus inside menus is tested in the browser (e2e/a11y).
 */
const FOCUS_TRAP_NOISE = '[@mantine/hooks/use-focus-trap] Failed to find focusable element';
for (const level of ['warn', 'error'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(FOCUS_TRAP_NOISE)) return;
    original(...args);
  };
}

// XState's warnings about a machine written wrong fail the test that printed them (xstateWarnings.ts)
recordXstateWarnings();
afterEach(failOnXstateWarnings);
afterAll(failOnXstateWarnings);
