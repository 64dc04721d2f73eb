import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { failOnXstateWarnings, recordXstateWarnings } from './xstateWarnings';

describe('the test setup and XState warnings', () => {
  it('fails on a custom action that calls assign() directly, and only on XState warnings', () => {
    recordXstateWarnings(); // already on through setup.ts; a second call changes nothing
    console.warn('some other warning');
    expect(() => failOnXstateWarnings()).not.toThrow();

    const wrong = setup({
      actions: {
        // the mistake the setup catches: assign() called inside a custom action does nothing
        remember: () => void assign({ n: 1 }),
      },
    }).createMachine({ entry: 'remember' });
    createActor(wrong).start();

    // taken here, so this test's own afterEach finds the list empty again
    expect(() => failOnXstateWarnings()).toThrow(/XState warned[\s\S]*Custom actions should not call `assign\(\)` directly/);
    expect(() => failOnXstateWarnings()).not.toThrow();
  });
});
