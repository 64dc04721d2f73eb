/**
 * The repo's source tree as the lint scripts read it: which folders are skipped, how the tsconfig
 * aliases map to folders, and a walk over the files of a folder. Shared by scripts/lint.mjs and
 * scripts/importCircles.mjs so both read the same files the same way.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'coverage', 'data', '.tmp']);

/** tsconfig.json's `paths`, prefix → folder */
export const ALIASES = { '#/': 'src', '@machines/': 'machines', '@protocol/': 'protocol' };

/** Every file under `dir` (skipped folders left out) whose name matches `pattern`. */
export function* walkFiles(dir, pattern) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walkFiles(path, pattern);
    else if (pattern.test(name)) yield path;
  }
}

/** The path a relative or aliased specifier names (not yet resolved to a file), or null for a package. */
export function specTarget(root, file, spec) {
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  for (const [prefix, dir] of Object.entries(ALIASES)) if (spec.startsWith(prefix)) return join(root, dir, spec.slice(prefix.length));
  return null;
}
