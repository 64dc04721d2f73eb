import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of `npm test`, without type declarations
import { flakyTests } from './flakyTests.mjs';

/** The shape Playwright's JSON reporter writes (taken from a run with one test passing on its retry). */
const report = {
  stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 0 },
  suites: [
    {
      title: 'host/login.spec.ts',
      file: 'host/login.spec.ts',
      specs: [{ title: 'top level', file: 'host/login.spec.ts', line: 3, tests: [{ projectName: 'en', status: 'expected' }] }],
      suites: [
        {
          title: 'login screen',
          file: 'host/login.spec.ts',
          specs: [
            {
              title: 'host logs in',
              file: 'host/login.spec.ts',
              line: 36,
              tests: [
                { projectName: 'en', status: 'flaky' },
                { projectName: 'platform', status: 'expected' },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('flakyTests', () => {
  it('names each test that passed only on its retry, with project, place and titles', () => {
    expect(flakyTests(report)).toEqual(['[en] host/login.spec.ts:36 › login screen › host logs in']);
  });

  it('names none in a report without flaky tests, or without a report', () => {
    const steady = { ...report, suites: [{ ...report.suites[0], suites: [] }] };
    expect(flakyTests(steady)).toEqual([]);
    expect(flakyTests(null)).toEqual([]);
  });
});
