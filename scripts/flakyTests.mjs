/**
 * The tests of a Playwright JSON report that passed only on a retry (CI retries once): project,
 * file:line and title, so the summary can name them.
 */
export function flakyTests(report) {
  const out = [];
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.spec.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'flaky') out.push(`[${t.projectName}] ${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}
