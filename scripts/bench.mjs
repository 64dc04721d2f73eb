#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark of bench/ (each prints its own details) one after the
 * other, building the console first when no build exists (the bundle and browser benchmarks use
 * dist/), then prints ONE table of every figure: figure, value, target, met. Benchmarks hand
 * their figures over through the file named by BENCH_FIGURES (bench/figures.ts).
 * `npm run bench -- server` runs only the benchmarks whose file name contains "server"; further
 * arguments go to each benchmark (`npm run bench -- server polls`).
 * Exits non-zero when a benchmark failed to run; a target not met is reported, not an error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const [filter, ...benchArgs] = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && f !== 'figures.ts')
  .filter((f) => !filter || f.includes(filter))
  .sort();

if (benches.length === 0) {
  console.error(`bench: nothing matches ${filter ?? 'bench/*.ts'}`);
  process.exit(1);
}

// DIST_DIR (another build, e.g. the parent commit's) is measured as it is: building dist/ would
// not make it exist, and the benchmarks would serve the other one
const chosenDist = process.env.DIST_DIR;
if (chosenDist && !existsSync(resolve(root, chosenDist, '.vite', 'manifest.json'))) {
  console.error(`bench: DIST_DIR=${chosenDist} has no build with a manifest; build it first (npx vite build --outDir ${chosenDist})`);
  process.exit(1);
}
if (!chosenDist && !existsSync(join(root, 'dist', '.vite', 'manifest.json'))) {
  console.log('bench: no dist/ build with a manifest found, running npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'podium-bench-'));
const figuresFile = join(dir, 'figures.jsonl');
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores`;
const startLoad = load();
const failed = [];
for (const file of benches) {
  console.log(`\n=== bench/${file} ${'='.repeat(Math.max(0, 64 - file.length))}`);
  const r = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join('bench', file), ...benchArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIGURES: figuresFile },
  });
  if (r.status !== 0) failed.push(file);
}

const figures = existsSync(figuresFile)
  ? readFileSync(figuresFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(dir, { recursive: true, force: true });
const fmt = (value, unit) => `${Number.isInteger(value) ? value : value.toFixed(unit === 'ms' ? 2 : 1)}${unit ? ` ${unit}` : ''}`;
const rows = figures.map((f) => [
  f.figure,
  fmt(f.value, f.unit),
  f.max === undefined ? '' : `≤ ${fmt(f.max, f.unit)}`,
  f.max === undefined ? '' : f.value <= f.max ? 'yes' : 'NO',
]);
const head = ['figure', 'value', 'target', 'met'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) =>
  r
    .map((c, i) => c.padEnd(widths[i]))
    .join(' | ')
    .trimEnd();
console.log(`\nbench: ${figures.length} figures; ${startLoad} at the start, ${load()} at the end\n`);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
if (failed.length > 0) {
  console.error(`\nbench: failed to run: ${failed.join(', ')}`);
  process.exit(1);
}
