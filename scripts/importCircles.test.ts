import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of `npm test`, without type declarations
import { describeCircle, findImportCircles } from './importCircles.mjs';

type Circle = { file: string; line: number; ring: string[]; path: string; others: string[] };
let dirs: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'podium-circles-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
const circlesOf = (files: Record<string, string>): Circle[] => findImportCircles(tree(files));

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('scripts/importCircles.mjs', () => {
  it('finds none in a tree whose arrows go one way, whatever the specifier style', () => {
    const circles = circlesOf({
      'src/features/a/A.tsx': "import { b } from './b';\nimport { s } from '#/session/s';\nimport { m } from '@machines/m/m';\n",
      'src/features/a/b.ts': "import { w } from '@protocol/wire';\nimport css from './a.module.css';\n",
      'src/features/a/A.test.tsx': "import { A } from './A';\n",
      'src/session/s.ts': "import { m } from '../../machines/m';\n",
      'machines/m/m.ts': "import type { W } from '../../protocol/wire';\nimport { setup } from 'xstate';\n",
      'machines/m/index.ts': "export * from './m';\n",
      'protocol/wire.ts': "import { md5 } from '@noble/hashes/legacy.js';\n",
    });
    expect(circles).toEqual([]);
  });

  it('reports two files that import each other, a type-only arrow marked, at the first arrow', () => {
    const circles = circlesOf({
      'src/features/t/Table.tsx': "import { Row } from './Row';\nexport type Column = string;\n",
      'src/features/t/Row.tsx': "import type { Column } from './Table';\nexport const Row = 1;\n",
    });
    expect(circles.map(describeCircle)).toEqual([
      'src/features/t/Row.tsx:1: import circle: src/features/t/Row.tsx → (type) src/features/t/Table.tsx → src/features/t/Row.tsx ' +
        '(move what both need into a module below them)',
    ]);
  });

  it('follows aliases, index files, re-exports and dynamic imports around a longer ring, across folders', () => {
    const circles = circlesOf({
      'server/http/routes.ts': "\n\nimport { manage } from './manage';\n",
      'server/http/manage.ts': "export { cm } from './cm/index';\n",
      'server/http/cm/index.ts': "const r = await import('../routes');\n",
      'machines/a/a.ts': "import { b } from '@machines/b';\n",
      'machines/b/index.ts': "import { a } from '../a/a';\n",
    });
    expect(circles.map((c) => c.path)).toEqual([
      'machines/a/a.ts → machines/b/index.ts → machines/a/a.ts',
      'server/http/cm/index.ts → server/http/routes.ts → server/http/manage.ts → server/http/cm/index.ts',
    ]);
    expect(circles[1]).toMatchObject({ file: 'server/http/cm/index.ts', line: 1 });
  });

  it('reports one knot once, with the files beyond its shortest ring, and a file importing itself', () => {
    const circles = circlesOf({
      'server/engine/engine.ts': "import { a } from './a';\nimport { b } from './b';\n",
      'server/engine/a.ts': "import type { Engine } from './engine';\n",
      'server/engine/b.ts': "import { c } from './c';\n",
      'server/engine/c.ts': "import type { Engine } from './engine';\n",
      'src/self.ts': "import { me } from './self';\nexport const me = 1;\n",
    });
    expect(circles.map(describeCircle)).toEqual([
      'server/engine/a.ts:1: import circle: server/engine/a.ts → (type) server/engine/engine.ts → server/engine/a.ts; ' +
        'the knot also holds server/engine/b.ts, server/engine/c.ts (move what both need into a module below them)',
      'src/self.ts:1: import circle: src/self.ts → src/self.ts (move what both need into a module below them)',
    ]);
  });

  it('does not take an import written in a comment or a string for an arrow', () => {
    const circles = circlesOf({
      'src/a.ts': "import { b } from './b';\n",
      'src/b.ts': "// import { a } from './a';\nconst fixture = \"import { a } from './a';\";\n/* export * from './a'; */\n",
    });
    expect(circles).toEqual([]);
  });

  it('leaves out e2e/, bench/ and scripts/, which compose the tree from above', () => {
    const circles = circlesOf({
      'e2e/a.ts': "import { b } from './b';\n",
      'e2e/b.ts': "import { a } from './a';\n",
    });
    expect(circles).toEqual([]);
  });
});
