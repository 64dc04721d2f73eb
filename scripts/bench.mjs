#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark of bench/ (each prints its own figures) one after the
 * other, building the console first when no build exists (the browser benchmarks use dist/).
 * `npm run bench -- server` runs only the benchmarks whose file name contains "server".
 * Exits non-zero when a benchmark failed to run; figures are reported, never judged here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const filter = process.argv[2];
const benches = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
  .filter((f) => !filter || f.includes(filter))
  .sort();

if (benches.length === 0) {
  console.error(`bench: nothing matches ${filter ?? 'bench/*.ts'}`);
  process.exit(1);
}

if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.log('bench: no dist/ build found, running npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const failed = [];
for (const file of benches) {
  console.log(`\n=== bench/${file} ${'='.repeat(Math.max(0, 64 - file.length))}`);
  const r = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed.push(file);
}
if (failed.length > 0) {
  console.error(`\nbench: failed to run: ${failed.join(', ')}`);
  process.exit(1);
}
