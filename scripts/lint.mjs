#!/usr/bin/env node
/**
 * The repo's small lint: import boundaries of the layered layout and focused/skipped tests.
 * - machines/ and protocol/ import no UI or transport library (react, @mantine, @lingui, ky) and
 *   nothing from src/;
 * - protocol/ does no I/O (no node: file, network or process modules);
 * - no test is focused or skipped (`.only`, `.skip`, `.skipIf`) in unit tests or e2e specs;
 * - a feature (src/features/X) imports no other feature and no screen or route: what two features
 *   share lives below them (src/components, src/session, machines/), and what composes several
 *   features is a screen (src/screens/), which the route files render (issue 25). Tests included,
 *   so that a feature's test never borrows another feature's kit.
 * - test kits (fakes, fixtures, harnesses, the render helper) live in `testing/` folders, and only
 *   tests, other kits, the e2e specs and the benchmarks import them: production code never does.
 * - one road to the server: no API client is made in src/ outside src/api, src/session and
 *   src/main.tsx, and no src/ code outside a test reads an actor's context (`getSnapshot().context`)
 *   or holds the session's client through a selector (`selectApi`, `s.context.api`).
 * - no import circle in src/, machines/, protocol/ or server/, type-only arrows included: each knot
 *   is reported once as its shortest ring (scripts/importCircles.mjs says what counts and why).
 * - a machine's reducers are named in its setup(): no `assign(` inline in `createMachine({...})`;
 * - each folder of src/features, src/screens and server/engine is named (`name/`) in its parent's
 *   README.md with what it holds.
 * Exits non-zero and lists every violation as file:line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeCircle, findImportCircles } from './importCircles.mjs';
import { SKIP_DIRS, specTarget, walkFiles } from './sourceTree.mjs';

// LINT_ROOT lets the script's own test point it at a fixture tree.
const root = resolve(process.env.LINT_ROOT ?? fileURLToPath(new URL('..', import.meta.url)));
const walk = (dir) => walkFiles(dir, /\.(m?[jt]sx?)$/);

/** Every module specifier a file imports, with its line number. */
export function importsOf(text) {
  const found = [];
  const patterns = [
    /^\s*(?:import|export)\s+(?:type\s+)?[^'"`;]*?\s+from\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const line = text.slice(0, m.index).split('\n').length + (m[0].match(/^\s*/)[0].split('\n').length - 1);
      found.push({ spec: m[1], line });
    }
  }
  return found;
}

const UI_OR_TRANSPORT = [/^react($|\/|-dom)/, /^@mantine\//, /^@lingui\//, /^ky($|\/)/, /^@xstate\/react/, /^@tanstack\/react-/];
const NODE_IO = /^(node:)?(fs|fs\/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|readline|cluster|process)$/;

const violations = [];
const report = (file, line, why) => violations.push(`${relative(root, file)}:${line}: ${why}`);

for (const folder of ['machines', 'protocol']) {
  for (const file of walk(join(root, folder))) {
    const text = readFileSync(file, 'utf8');
    for (const { spec, line } of importsOf(text)) {
      if (UI_OR_TRANSPORT.some((re) => re.test(spec))) report(file, line, `${folder}/ must not import ${spec}`);
      if (spec.startsWith('#/') || /(^|\/)src\//.test(spec)) report(file, line, `${folder}/ must not import from src/ (${spec})`);
      if (folder === 'protocol' && NODE_IO.test(spec) && !/\.test\.ts$/.test(file)) {
        report(file, line, `protocol/ does no I/O: ${spec}`);
      }
    }
  }
}

/** The folder under src/ a specifier points at (`features/X`, `screens`, …), or null outside src/. */
function srcTarget(file, spec) {
  const target = specTarget(root, file, spec);
  if (target === null) return null;
  const rel = relative(join(root, 'src'), target);
  if (rel.startsWith('..')) return null;
  const [top, second] = rel.split(sep);
  return top === 'features' && second ? `features/${second}` : top;
}

const featuresDir = join(root, 'src', 'features');
for (const file of walk(featuresDir)) {
  const own = `features/${relative(featuresDir, file).split(sep)[0]}`;
  for (const { spec, line } of importsOf(readFileSync(file, 'utf8'))) {
    const target = srcTarget(file, spec);
    if (target === null || target === own) continue;
    if (target.startsWith('features/')) report(file, line, `a feature imports no other feature: ${own} -> ${target} (${spec})`);
    else if (target === 'screens' || target === 'routes') report(file, line, `a feature imports no ${target.slice(0, -1)}: ${spec}`);
  }
}

/** A test kit: any file under a folder named `testing` (the one name kits go by). */
const isKit = (path) => relative(root, path).split(sep).includes('testing');
const isTestFile = (file) => /\.(test|spec)\.[mc]?[jt]sx?$/.test(file);
const resolveSpec = (file, spec) => specTarget(root, file, spec);
for (const dir of ['src', 'machines', 'protocol', 'server', 'scripts']) {
  for (const file of walk(join(root, dir))) {
    if (isTestFile(file) || isKit(file)) continue;
    for (const { spec, line } of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolveSpec(file, spec);
      if (target !== null && isKit(target)) report(file, line, `production code imports no test kit (testing/): ${spec}`);
    }
  }
}

// One road to the server (issue 25 item 2): the UI reaches it through the session's actors only.
// The API clients are made where the road starts (src/api, src/session, the entry src/main.tsx),
// and no code of src/ outside a test reads an actor's context: it sends events, reads selectors.
const CLIENT_FACTORY = /\b(createApiClient|createPlatformApi|createLoginApi|createSessionApi|createTransport)\(/g;
const ACTOR_CONTEXT = /\.getSnapshot\(\)\s*\??\.\s*context\b/g;
// a selector handing out the client (`selectApi`, `selectSessionApi`…) or reading it inline (`(s) => s.context.api`);
// a read through getSnapshot() is already ACTOR_CONTEXT's
const CLIENT_READ = /\bselect\w*Api\b|(?<!getSnapshot\(\)\s*\??)\.\s*context\s*\??\.\s*api\b/g;
const ROAD_START = [join('src', 'api') + sep, join('src', 'session') + sep, join('src', 'main.tsx')];
for (const file of walk(join(root, 'src'))) {
  if (/\.(test|spec)\.[mc]?[jt]sx?$/.test(file) || relative(root, file).split(sep).includes('testing')) continue;
  const rel = relative(root, file);
  const text = readFileSync(file, 'utf8');
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  if (!ROAD_START.some((start) => rel === start || rel.startsWith(start))) {
    for (const m of text.matchAll(CLIENT_FACTORY)) {
      report(file, lineOf(m.index), `no API client outside src/api and src/session (${m[1]}): send the session's actors an event`);
    }
    for (const m of text.matchAll(CLIENT_READ)) {
      report(file, lineOf(m.index), "no session client held in src/ outside src/api and src/session: send the session's actors an event");
    }
  }
  for (const m of text.matchAll(ACTOR_CONTEXT)) {
    report(file, lineOf(m.index), "no actor's context read in src/ (getSnapshot().context): read it through a named selector");
  }
}

// Files that import each other can only be read, tested and moved together (issue 25 item 1).
for (const circle of findImportCircles(root)) violations.push(describeCircle(circle));

// A machine's reducers are named in its setup() (issue 25 item 4): the visualizer shows their names and
// the setup reads as the machine's vocabulary; an assign written inline in the config is neither.
const INLINE_ASSIGN = /(?<![.\w])assign\(/g;
for (const file of walk(join(root, 'machines'))) {
  if (isTestFile(file) || isKit(file)) continue;
  const text = readFileSync(file, 'utf8');
  const config = text.search(/\.createMachine\(/);
  if (config < 0) continue;
  for (const m of text.slice(config).matchAll(INLINE_ASSIGN)) {
    const line = text.slice(0, config + m.index).split('\n').length;
    report(file, line, "an assign inline in the machine's config: name it in setup({ actions })");
  }
}

// A newcomer finds where a change goes from the folder names (issue 25 item 6): each folder of these
// says in its parent's README what it holds, so a new folder comes with its line.
for (const parent of [join('src', 'features'), join('src', 'screens'), join('server', 'engine')]) {
  const dir = join(root, parent);
  let entries;
  try {
    entries = readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory() && !SKIP_DIRS.has(name));
  } catch {
    continue;
  }
  if (entries.length === 0) continue;
  let readme = '';
  try {
    readme = readFileSync(join(dir, 'README.md'), 'utf8');
  } catch {
    // no README: every folder is reported below
  }
  for (const name of entries) {
    if (!readme.includes('`' + name + '/`'))
      report(join(dir, 'README.md'), 1, `folder ${parent}/${name}/ is not described: add a line "\`${name}/\` — what it holds"`);
  }
}

const FOCUS_OR_SKIP = /\b(?:it|test|describe|suite|bench)(?:\.\w+)*\.(only|skip|skipIf|runIf)\s*\(/g;
for (const dir of ['src', 'machines', 'protocol', 'server', 'scripts', 'e2e', 'bench']) {
  for (const file of walk(join(root, dir))) {
    if (!/\.(test|spec)\.[mc]?[jt]sx?$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(FOCUS_OR_SKIP)) {
      const line = text.slice(0, m.index).split('\n').length;
      report(file, line, `no .${m[1]} in tests: every test runs`);
    }
  }
}

if (violations.length > 0) {
  for (const v of violations) console.error(v);
  console.error(`lint: ${violations.length} problem(s)`);
  process.exit(1);
}
console.log('lint: ok');
