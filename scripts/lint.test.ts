import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('./lint.mjs', import.meta.url).pathname;
let dirs: string[] = [];

const DESCRIBED_PARENTS = ['src/features', 'src/screens', 'server/engine'];

/** The READMEs a tree's folders need (each folder of a described parent named in its line), unless a test leaves them out. */
function withReadmes(files: Record<string, string>): Record<string, string> {
  const out = { ...files };
  for (const parent of DESCRIBED_PARENTS) {
    const names = new Set(
      Object.keys(files)
        .filter((path) => path.startsWith(parent + '/') && path.slice(parent.length + 1).includes('/'))
        .map((path) => path.slice(parent.length + 1).split('/')[0]),
    );
    if (names.size > 0 && !(parent + '/README.md' in out))
      out[parent + '/README.md'] = [...names].map((name) => `- \`${name}/\` — a folder`).join('\n');
  }
  return out;
}

function lintTree(given: Record<string, string>, { readmes = true } = {}) {
  const files = readmes ? withReadmes(given) : given;
  const dir = mkdtempSync(join(tmpdir(), 'podium-lint-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const r = spawnSync(process.execPath, [script], { env: { ...process.env, LINT_ROOT: dir }, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('scripts/lint.mjs', () => {
  it('passes a clean tree', () => {
    const r = lintTree({
      'machines/a/aMachine.ts': "import { setup } from 'xstate';\nimport type { X } from '../../protocol/wire';\n",
      'protocol/wire.ts': "import { md5 } from '@noble/hashes/legacy.js';\n",
      'src/x.test.ts': "it('runs', () => {});\n",
    });
    expect(r.out).toContain('lint: ok');
    expect(r.status).toBe(0);
  });

  it('reports UI and transport imports in machines/ and protocol/', () => {
    const r = lintTree({
      'machines/a/aMachine.ts': "import { useState } from 'react';\nimport ky from 'ky';\n",
      'protocol/codes.ts': "import { msg } from '@lingui/core/macro';\nimport { Button } from '@mantine/core';\n",
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('machines/a/aMachine.ts:1: machines/ must not import react');
    expect(r.out).toContain('machines/a/aMachine.ts:2: machines/ must not import ky');
    expect(r.out).toContain('protocol/codes.ts:1: protocol/ must not import @lingui/core/macro');
    expect(r.out).toContain('protocol/codes.ts:2: protocol/ must not import @mantine/core');
  });

  it('reports I/O modules in protocol/', () => {
    const r = lintTree({ 'protocol/io.ts': "import { readFileSync } from 'node:fs';\nimport * as net from 'net';\n" });
    expect(r.status).toBe(1);
    expect(r.out).toContain('protocol/io.ts:1: protocol/ does no I/O: node:fs');
    expect(r.out).toContain('protocol/io.ts:2: protocol/ does no I/O: net');
  });

  it('reports an import circle, a type-only one too, once as its shortest ring', () => {
    const r = lintTree({
      'src/features/t/Table.tsx': "import { Row } from './Row';\nexport type Column = string;\n",
      'src/features/t/Row.tsx': "import type { Column } from './Table';\nexport const Row = 1;\n",
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      'src/features/t/Row.tsx:1: import circle: src/features/t/Row.tsx → (type) src/features/t/Table.tsx → src/features/t/Row.tsx',
    );
    expect(r.out).toContain('lint: 1 problem(s)');
  });

  it('reports focused and skipped tests', () => {
    // assembled at run time so this file does not trip the rule it tests
    const call = (target: string, modifier: string) => `${target}.${modifier}('x', () => {});\n`;
    const r = lintTree({
      'server/a.test.ts': call('describe', 'only') + call('it', 'skip'),
      'e2e/host/login.spec.ts': call('test.describe', 'skip'),
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('server/a.test.ts:1: no .only');
    expect(r.out).toContain('server/a.test.ts:2: no .skip');
    expect(r.out).toContain('e2e/host/login.spec.ts:1: no .skip');
  });

  it('reports a feature importing another feature, a screen or a route', () => {
    const r = lintTree({
      'src/features/a/A.tsx':
        "import { B } from '../b/B';\nimport { C } from '#/features/c/C';\nimport { S } from '#/screens/control/S';\n",
      'src/features/a/A.test.tsx': "import { B } from '#/features/b/testKit';\n",
      'src/features/b/B.tsx': 'export const B = 1;\n',
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('src/features/a/A.tsx:1: a feature imports no other feature: features/a -> features/b');
    expect(r.out).toContain('src/features/a/A.tsx:2: a feature imports no other feature: features/a -> features/c');
    expect(r.out).toContain('src/features/a/A.tsx:3: a feature imports no screen');
    expect(r.out).toContain('src/features/a/A.test.tsx:1: a feature imports no other feature');
  });

  it('lets a feature import its own files, the shared folders and packages; a screen composes features', () => {
    const r = lintTree({
      'src/features/a/A.tsx':
        "import { x } from './x';\nimport { y } from '#/features/a/y';\nimport { s } from '#/session/s';\nimport { Button } from '@mantine/core';\n",
      'src/screens/control/Screen.tsx': "import { A } from '#/features/a/A';\nimport { B } from '../../features/b/B';\n",
    });
    expect(r.out).toContain('lint: ok');
    expect(r.status).toBe(0);
  });

  it('reports production code that imports a test kit, and lets tests, kits and benchmarks use them', () => {
    const r = lintTree({
      'machines/testing/fakeApi.ts': "import { setup } from 'xstate';\nimport { seed } from './seed';\n",
      'machines/testing/seed.ts': 'export const seed = 1;\n',
      'machines/a/aMachine.ts': "import { fakeApi } from '../testing/fakeApi';\n",
      'machines/a/aMachine.test.ts': "import { fakeApi } from '../testing/fakeApi';\n",
      'src/features/f/View.tsx': "import { renderUi } from '#/testing/render';\nimport { x } from '@machines/testing/fakeApi';\n",
      'src/features/f/View.test.tsx': "import { renderUi } from '#/testing/render';\n",
      'src/testing/render.tsx': "import { render } from '@testing-library/react';\n",
      'server/http/routes.ts': "import { TestClient } from './testing/client';\n",
      'bench/figures.ts': "import { fakeApi } from '../machines/testing/fakeApi';\n",
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('machines/a/aMachine.ts:1: production code imports no test kit (testing/): ../testing/fakeApi');
    expect(r.out).toContain('src/features/f/View.tsx:1: production code imports no test kit (testing/): #/testing/render');
    expect(r.out).toContain('src/features/f/View.tsx:2: production code imports no test kit (testing/): @machines/testing/fakeApi');
    expect(r.out).toContain('server/http/routes.ts:1: production code imports no test kit (testing/): ./testing/client');
    expect(r.out).toContain('lint: 4 problem(s)');
  });
  it('keeps one road to the server: API clients only where it starts, no actor context read outside tests', () => {
    const r = lintTree({
      'src/api/index.ts': 'export function createApiClient() {}\nconst c = createApiClient();\n',
      'src/session/createSessionActor.ts': 'const api = createSessionApi({ platform, login });\n',
      'src/main.tsx': 'const platform = createPlatformApi();\n',
      'src/screens/control/Sidebar.tsx': "import { createApiClient } from '#/api';\nconst client = createApiClient();\n",
      'src/features/f/useDigits.ts': 'const p = createPlatformApi().getPlatform();\n',
      'src/features/f/Panel.tsx': 'const store = actor.getSnapshot().context.store;\nconst a = ref?.getSnapshot()?.context.api;\n',
      'src/features/f/Panel.test.tsx': 'expect(actor.getSnapshot().context.store).toBeTruthy();\nconst c = createApiClient();\n',
      'src/testing/kit.ts': 'const c = createApiClient();\n',
      'machines/a/aMachine.ts': 'const held = commands.getSnapshot().context.pending;\n',
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('src/screens/control/Sidebar.tsx:2: no API client outside src/api and src/session (createApiClient)');
    expect(r.out).toContain('src/features/f/useDigits.ts:1: no API client outside src/api and src/session (createPlatformApi)');
    expect(r.out).toContain("src/features/f/Panel.tsx:1: no actor's context read in src/");
    expect(r.out).toContain("src/features/f/Panel.tsx:2: no actor's context read in src/");
    expect(r.out).toContain('lint: 4 problem(s)');
  });
  it("keeps one road to the server: no src/ code outside where the road starts holds the session's client through a selector", () => {
    const r = lintTree({
      'src/session/useSessionApi.ts': 'const api = useSelector(session, (s) => s.context.api);\n',
      'src/features/f/useSnapshot.ts': 'const api = sessionSelectors.selectApi(session.getSnapshot());\nconst p = selectPlatformApi(s);\n',
      'src/features/f/useInline.ts': 'const api = useSelector(session, (s) => s?.context?.api);\n',
      'src/features/f/Panel.tsx': 'const a = ref.getSnapshot().context.api;\nconst d = useSelector(s, (x) => x.context.apiary);\n',
      'src/features/f/Panel.test.tsx': 'const api = sessionSelectors.selectApi(session.getSnapshot());\n',
      'machines/session/selectors.ts': 'export const selectApi = (s) => s.context.api;\n',
    });
    expect(r.status).toBe(1);
    expect(r.out).toContain('src/features/f/useSnapshot.ts:1: no session client held in src/');
    expect(r.out).toContain('src/features/f/useSnapshot.ts:2: no session client held in src/');
    expect(r.out).toContain('src/features/f/useInline.ts:1: no session client held in src/');
    // read through getSnapshot(): told once, as an actor's context read
    expect(r.out).toContain("src/features/f/Panel.tsx:1: no actor's context read in src/");
    expect(r.out).toContain('lint: 4 problem(s)');
  });

  it('reports a folder of src/features, src/screens or server/engine that its README does not describe', () => {
    const r = lintTree(
      {
        'src/features/alpha/Alpha.tsx': 'export const A = 1;\n',
        'src/features/beta/Beta.tsx': 'export const B = 1;\n',
        'src/features/README.md': '- `alpha/` — the alpha panel\n',
        'server/engine/eps/a.ts': 'export const E = 1;\n',
      },
      { readmes: false },
    );
    expect(r.out).toContain('src/features/README.md:1: folder src/features/beta/ is not described');
    expect(r.out).toContain('server/engine/README.md:1: folder server/engine/eps/ is not described');
    expect(r.out).not.toContain('src/features/alpha/ is not described');
    expect(r.out).toContain('lint: 2 problem(s)');
  });

  it("reports an assign written inline in a machine's config, and lets setup() name them", () => {
    const machine = (inline: boolean) =>
      [
        "import { assign, setup } from 'xstate';",
        'export const m = setup({ actions: { bump: assign({ n: ({ context }) => context.n + 1 }) } }).createMachine({',
        '  context: { n: 0 },',
        inline
          ? '  on: { go: { actions: assign({ n: 1 }) }, merge: { actions: () => Object.assign({}, {}) } },'
          : "  on: { go: { actions: 'bump' } },",
        '});',
      ].join('\n');
    const bad = lintTree({ 'machines/a/aMachine.ts': machine(true) });
    expect(bad.out).toContain("machines/a/aMachine.ts:4: an assign inline in the machine's config");
    expect(bad.out).toContain('lint: 1 problem(s)');
    const good = lintTree({ 'machines/a/aMachine.ts': machine(false) });
    expect(good.out).toContain('lint: ok');
  });
});
