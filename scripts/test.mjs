#!/usr/bin/env node
/**
 * `npm test`: everything a reviewer needs, in order — typecheck, lint (layout and ESLint), format, catalog check, unit tests,
 * production build, end-to-end tests in Debian Chromium. Every step runs (except the e2e suite
 * when the build failed) so one report shows all problems; the exit code is non-zero when any
 * step failed. The last line sums up: tests of vitest and Playwright count one each, the other
 * steps count as one check each.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flakyTests } from './flakyTests.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const CHROMIUM = '/usr/bin/chromium';
const reportDir = join(root, '.tmp', 'test-report');

function sh(command, args, extraEnv = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (r.error) console.error(r.error.message);
  return r.status === 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `test: ${CHROMIUM} is missing and this user cannot install it.\n` +
        '      Install Debian Chromium as root: apt-get update && apt-get install -y chromium',
    );
    return false;
  }
  // fonts-noto-cjk: the Chinese screens are readable in screenshots and traces
  console.log(`test: ${CHROMIUM} missing, installing Debian Chromium (apt-get)`);
  const ok =
    sh('apt-get', ['update'], { DEBIAN_FRONTEND: 'noninteractive' }) &&
    sh('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], { DEBIAN_FRONTEND: 'noninteractive' });
  if (!ok || !existsSync(CHROMIUM)) {
    console.error('test: installing chromium failed; run as root: apt-get update && apt-get install -y chromium');
    return false;
  }
  return true;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const results = [];
const flaky = [];
let passed = 0;
let failed = 0;

function check(name, ok) {
  results.push(`${ok ? 'PASS' : 'FAIL'}  ${name} (${took()})`);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

let stepStarted = Date.now();
function banner(name) {
  stepStarted = Date.now();
  console.log(`\n=== ${name} ${'='.repeat(Math.max(0, 70 - name.length))}`);
}
const took = () => `${((Date.now() - stepStarted) / 1000).toFixed(1)} s`;

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

banner('chromium');
const haveChromium = check('chromium present', ensureChromium());

banner('typecheck (tsc)');
// the route tree is generated; tsc needs it before the first build
sh(bin('tsr'), ['generate']);
check('typecheck', sh(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']));

banner('lint (layout, ESLint)');
const layoutOk = sh(process.execPath, [join(root, 'scripts', 'lint.mjs')]);
// ESLint's recommended rules (eslint.config.js); warnings fail too. The cache in .tmp/ keeps a
// second run to the files that changed since the last one.
const eslintOk = sh(bin('eslint'), ['--cache', '--cache-location', join(root, '.tmp', 'eslintcache'), '--max-warnings', '0', '.']);
check('lint', layoutOk && eslintOk);

banner('format (prettier --check)');
// one formatter for the whole tree (.prettierrc.json); `npx prettier --write .` mends what this lists
check('format', sh(bin('prettier'), ['--check', '.', '--log-level', 'warn']));

banner('i18n catalogs');
check('i18n check', sh(process.execPath, [join(root, 'scripts', 'i18n-check.mjs')]));

banner('unit tests (vitest)');
const vitestJson = join(reportDir, 'vitest.json');
const vitestOk = sh(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitestOk || vitest.numFailedTests ? 0 : 1);
  results.push(`${vitestOk ? 'PASS' : 'FAIL'}  vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed (${took()})`);
} else {
  check('vitest (no report)', false);
}

banner('build (npm run build)');
const built = check('build', sh('npm', ['run', 'build']));

banner('end-to-end tests (playwright)');
if (!built || !haveChromium) {
  check(`playwright (not run: ${built ? 'no chromium' : 'build failed'})`, false);
} else {
  const pwJson = join(reportDir, 'playwright.json');
  const pwOk = sh(bin('playwright'), ['test'], { PLAYWRIGHT_REPORTER: 'json', PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  const report = readJson(pwJson);
  const stats = report?.stats;
  if (stats) {
    flaky.push(...flakyTests(report));
    // a flaky test failed once and passed on its CI retry: it counts as passed and is named in
    // the summary, so it is seen and mended rather than hidden
    const bad = stats.unexpected ?? 0;
    const flakyCount = stats.flaky ?? 0;
    passed += (stats.expected ?? 0) + flakyCount;
    failed += bad + (pwOk || bad ? 0 : 1);
    const flakyNote = flakyCount ? `, ${flakyCount} flaky (passed on retry)` : '';
    results.push(
      `${pwOk ? 'PASS' : 'FAIL'}  playwright: ${(stats.expected ?? 0) + flakyCount} passed, ${bad} failed${flakyNote} (${took()})`,
    );
  } else {
    check('playwright (no report)', false);
  }
}

banner('summary');
for (const line of results) console.log(line);
if (flaky.length) {
  console.log(`\nflaky (failed, then passed on the CI retry: mend each, see playwright.config.ts retries)`);
  for (const name of flaky) console.log(`  ${name}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
