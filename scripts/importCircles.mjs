#!/usr/bin/env node
/**
 * Import circles in src/, machines/, protocol/ and server/ (issue 25 item 1): two files that import
 * each other, directly or around a longer ring, cannot be read, tested or moved one without the other.
 *
 * Decisions:
 * - `import type` counts. A type-only circle emits no runtime cycle, but it still couples the two
 *   files' meaning: neither can change its shape without the other, and the type usually belongs in a
 *   module below both. The report marks such edges `(type)` so the reader sees the cheap break.
 * - Dynamic `import()` and `export … from` count too: both are an arrow from one file to another.
 * - Test files and test kits are nodes like any file. A test imports production code and nothing
 *   imports a test, so a test can only stand in a circle when something imports it (or tests import
 *   each other), which is itself worth a report; no exclusion list to keep.
 * - Specifiers are read with TypeScript's own scanner (`preProcessFile`), so an import written inside a
 *   comment or a string (the lint's fixtures) is not an arrow. Relative specifiers and the tsconfig
 *   aliases (`#/*`, `@protocol/*`, `@machines/*`) resolve to `.ts`, `.tsx` or an `index` file; packages,
 *   CSS and JSON are not nodes.
 *
 * `findImportCircles(root)` returns one entry per knot (a strongly connected component of more than one
 * file, or a file importing itself): the shortest ring through its first file, as a readable path
 * `a.ts → b.ts → a.ts`, and the other files of the knot when it holds more than that ring.
 * Run directly, it prints them and exits non-zero when there is any; scripts/lint.mjs calls it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { specTarget, walkFiles } from './sourceTree.mjs';

export const CIRCLE_FOLDERS = ['src', 'machines', 'protocol', 'server'];
const SOURCE = /\.(tsx?|mts|cts)$/;

const walk = (dir) => [...walkFiles(dir, SOURCE)].filter((path) => !path.endsWith('.d.ts'));

/** The source file a specifier names, or null for a package or a non-source asset. */
function resolveSpec(root, file, spec) {
  let base = specTarget(root, file, spec);
  if (base === null) return null;
  base = base.replace(/\?.*$/, '');
  // ESM-style `./x.js` names the `./x.ts` it is compiled from
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  for (const c of candidates) if (SOURCE.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** Each import of a file that lands on a source file: target, line, and whether it is `import type`/`export type`. */
function arrowsOf(root, file) {
  const text = readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const arrows = [];
  for (const { fileName, pos } of importedFiles) {
    const target = resolveSpec(root, file, fileName);
    if (target === null) continue;
    const before = text.slice(0, pos);
    const statement = before.slice(Math.max(before.lastIndexOf('import'), before.lastIndexOf('export')));
    arrows.push({ target, line: before.split('\n').length, typeOnly: /^(import|export)\s+type\s/.test(statement) });
  }
  return arrows;
}

/** Tarjan's strongly connected components, iterative so a deep chain cannot overflow the stack. */
function stronglyConnected(nodes, next) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = next(frame.node);
      if (frame.i < targets.length) {
        const w = targets[frame.i++];
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** The shortest ring from `start` back to it, staying inside `members` (breadth first). */
function shortestRing(start, members, next) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const w of next(node)) {
      if (!members.has(w)) continue;
      if (w === start) {
        const ring = [start];
        for (let n = node; n !== start; n = cameFrom.get(n)) ring.splice(1, 0, n);
        return [...ring, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, node);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/**
 * Every import circle under `root`'s src/, machines/, protocol/ and server/.
 * @returns {{ file: string, line: number, ring: string[], path: string, others: string[] }[]}
 *   `file` and `line` are where the ring's first arrow is written (paths relative to root).
 */
export function findImportCircles(root, folders = CIRCLE_FOLDERS) {
  const arrows = new Map();
  for (const folder of folders) for (const file of walk(join(root, folder))) arrows.set(file, arrowsOf(root, file));
  const nodes = [...arrows.keys()].sort();
  const targetsOf = new Map(nodes.map((n) => [n, [...new Set(arrows.get(n).map((a) => a.target))].filter((t) => arrows.has(t)).sort()]));
  const next = (n) => targetsOf.get(n);
  const rel = (p) => relative(root, p).split(sep).join('/');
  const circles = [];
  for (const component of stronglyConnected(nodes, next)) {
    const selfImport = component.length === 1 && next(component[0]).includes(component[0]);
    if (component.length < 2 && !selfImport) continue;
    const members = new Set(component);
    const start = [...component].sort()[0];
    const ring = shortestRing(start, members, next);
    const steps = ring.slice(1).map((to, i) => {
      const arrow = arrows.get(ring[i]).find((a) => a.target === to);
      return { to, arrow };
    });
    const path = [rel(ring[0]), ...steps.map(({ to, arrow }) => `${arrow.typeOnly ? '(type) ' : ''}${rel(to)}`)].join(' → ');
    const inRing = new Set(ring);
    circles.push({
      file: rel(ring[0]),
      line: steps[0].arrow.line,
      ring: ring.map(rel),
      path,
      others: component
        .filter((n) => !inRing.has(n))
        .map(rel)
        .sort(),
    });
  }
  return circles.sort((a, b) => a.file.localeCompare(b.file));
}

/** One line per circle, in the lint's `file:line: why` form. */
export function describeCircle(circle) {
  const more = circle.others.length > 0 ? `; the knot also holds ${circle.others.join(', ')}` : '';
  return `${circle.file}:${circle.line}: import circle: ${circle.path}${more} (move what both need into a module below them)`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.env.LINT_ROOT ?? fileURLToPath(new URL('..', import.meta.url)));
  const circles = findImportCircles(root);
  for (const c of circles) console.error(describeCircle(c));
  console.log(circles.length === 0 ? 'import circles: none' : `import circles: ${circles.length}`);
  process.exit(circles.length === 0 ? 0 : 1);
}
