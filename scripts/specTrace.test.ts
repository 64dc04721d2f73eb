import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsLine, specStatements, testTitles, traceProblems, traceRows } from './specTrace';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('docs/spec-trace.md', () => {
  const spec = read('docs/console-spec.md');
  const trace = read('docs/spec-trace.md');

  it('traces every statement of the spec once, each built and tested or N/A with a reason, every file and test it names there', () => {
    expect(traceProblems(spec, trace, root)).toEqual([]);
  });

  it('carries the counts of its own rows', () => {
    expect(trace.split('\n').find((line) => line.startsWith('**Counts:**'))).toBe(countsLine(traceRows(trace)));
  });

  // CI's clean clone has no ../shared; where it exists the copy must be the spec itself
  const shared = join(root, '..', 'shared', 'spec', 'console-spec.md');
  it('docs/console-spec.md is the shared spec as it stands, where ../shared is there', () => {
    if (existsSync(shared)) expect(spec).toBe(readFileSync(shared, 'utf8'));
    expect(specStatements(spec).length).toBeGreaterThan(300);
  });
});

describe('specStatements', () => {
  const spec = [
    '# Title',
    '',
    'First sentence. Second one, with "quotes".',
    '',
    '## 2. Section',
    '',
    'Items:',
    '- one thing',
    '- two things. And a third.',
    '',
    '**Sub**',
    '',
    '| Key | Value |',
    '|---|---|',
    '| a | 1 |',
    '| **b** | |',
    '',
    '**Label:** text after a label.',
  ].join('\n');

  it('counts sentences of paragraphs and bullets and body rows of tables, under their heading, sub-heading and lead-in', () => {
    expect(specStatements(spec).map((s) => [s.context, s.text])).toEqual([
      ['Title', 'First sentence.'],
      ['Title', 'Second one, with "quotes".'],
      ['2. Section › Items', 'one thing'],
      ['2. Section › Items', 'two things.'],
      ['2. Section › Items', 'And a third.'],
      ['2. Section › Sub', 'a — 1'],
      ['2. Section › Sub', 'b'],
      ['2. Section', 'Label: text after a label.'],
    ]);
  });
});

describe('traceProblems', () => {
  const spec = ['# Spec', '', '## A', '', 'Alpha is one. Beta is two.', '', '## B', '', '- alpha again', '- gamma'].join('\n');
  let repo: string;
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'spec-trace-'));
    mkdirSync(join(repo, 'src'));
    writeFileSync(join(repo, 'src', 'alpha.ts'), 'export function alpha() {}\n');
    writeFileSync(join(repo, 'src', 'alpha.test.ts'), "it('alpha works', () => {});\nit.each([1, 2])('alpha %s', () => {});\n");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  const header = '| Statement | Status | Implementation | Tests | Note |\n|---|---|---|---|---|';
  const good = {
    A: [
      '| Alpha is one. | built | `src/alpha.ts` › `alpha` | `src/alpha.test.ts` › `alpha works` | |',
      '| Beta is… | N/A | | | Says nothing to build. |',
    ],
    B: [
      '| alpha again | partial | `src/alpha.ts` | `src/alpha.test.ts` › `alpha %s` | Half of it. |',
      '| gamma | N/A | | | not built yet (issue 30) |',
    ],
  };
  const traceOf = (rows: { A: string[]; B: string[] }) =>
    `# Trace\n\n## A\n\n${header}\n${rows.A.join('\n')}\n\n## B\n\n${header}\n${rows.B.join('\n')}\n`;
  const problems = (rows: { A: string[]; B: string[] }) => traceProblems(spec, traceOf(rows), repo);

  it('passes a complete trace whose references hold', () => {
    expect(problems(good)).toEqual([]);
  });

  it('names a statement without a row', () => {
    expect(problems({ ...good, B: [good.B[0]] })).toEqual([expect.stringMatching(/\("gamma"\) under "B" has no row/)]);
  });

  it('refuses a quote of nothing, a statement quoted twice and a quote under another heading', () => {
    expect(problems({ ...good, B: [...good.B, '| delta | N/A | | | x |'] })).toEqual([
      expect.stringMatching(/"delta"\): quotes no statement of "B"/),
    ]);
    expect(problems({ ...good, B: [...good.B, '| gamma | N/A | | | twice |'] })).toEqual([expect.stringMatching(/already traced/)]);
    const moved = problems({ A: [good.A[0]], B: [...good.B, good.A[1]] });
    expect(moved).toEqual([
      expect.stringMatching(/"Beta is"\): quotes no statement of "B"/),
      expect.stringMatching(/\("Beta is two\."\) under "A" has no row/),
    ]);
  });

  it('refuses a quote that starts several statements, and one that cuts a word', () => {
    const spec2 = ['## A', '', 'Alpha is one. Alpha is two.'].join('\n');
    const rows = (q: string) => `## A\n\n${header}\n| ${q} | N/A | | | x |\n| Alpha is two. | N/A | | | x |\n`;
    expect(traceProblems(spec2, rows('Alpha is…'), repo)[0]).toMatch(/starts 2 statements/);
    expect(traceProblems(spec2, rows('Alpha is o…'), repo)[0]).toMatch(/quotes no statement/);
  });

  it('refuses built or partial without an implementation or a test, partial without saying what is missing, N/A without a reason, an unknown status', () => {
    expect(problems({ ...good, A: ['| Alpha is one. | built | | `src/alpha.test.ts` › `alpha works` | |', good.A[1]] })).toEqual([
      expect.stringMatching(/built but no implementation named/),
    ]);
    expect(problems({ ...good, A: ['| Alpha is one. | built | `src/alpha.ts` | | |', good.A[1]] })).toEqual([
      expect.stringMatching(/built but no test named/),
    ]);
    expect(
      problems({ ...good, B: ['| alpha again | partial | `src/alpha.ts` | `src/alpha.test.ts` › `alpha works` | |', good.B[1]] }),
    ).toEqual([expect.stringMatching(/partial without saying what is missing/)]);
    expect(problems({ ...good, B: [good.B[0], '| gamma | N/A | | | |'] })).toEqual([expect.stringMatching(/N\/A without a reason/)]);
    expect(problems({ ...good, B: [good.B[0], '| gamma | done | | | |'] })).toEqual([
      expect.stringMatching(/status "done" is none of built, partial, N\/A/),
    ]);
  });

  it('refuses a file that does not exist, a symbol not in the file, a test title not in the test file, and a test file without a title', () => {
    const row = (impl: string, test: string) => ({ ...good, A: [`| Alpha is one. | built | ${impl} | ${test} | |`, good.A[1]] });
    expect(problems(row('`src/gone.ts`', '`src/alpha.test.ts` › `alpha works`'))).toEqual([
      expect.stringMatching(/src\/gone\.ts does not exist/),
    ]);
    expect(problems(row('`src/alpha.ts` › `beta`', '`src/alpha.test.ts` › `alpha works`'))).toEqual([
      expect.stringMatching(/src\/alpha\.ts has no "beta"/),
    ]);
    expect(problems(row('`src/alpha.ts`', '`src/alpha.test.ts` › `alpha fails`'))).toEqual([
      expect.stringMatching(/has no test "alpha fails"/),
    ]);
    expect(problems(row('`src/alpha.ts`', '`src/alpha.test.ts`'))).toEqual([expect.stringMatching(/named without the test's title/)]);
  });
});

describe('testTitles', () => {
  it('reads it/test/describe titles in any quotes, escapes undone, and it.each titles', () => {
    const source = [
      "describe('group', () => {",
      '  it("double \\"quoted\\"", () => {});',
      "  test('single \\'quoted\\'', async () => {});",
      '  test.describe(`template ${x}`, () => {});',
      "  it.each([['a', { b: 1 }], ['c', f(2)]])('each %s', () => {});",
      '});',
    ].join('\n');
    expect([...testTitles(source)].sort()).toEqual(['double "quoted"', 'each %s', 'group', "single 'quoted'", 'template ${x}'].sort());
  });
});

describe('countsLine', () => {
  it('counts built, partial and N/A, and the N/A rows not built yet', () => {
    const row = (status: string, note = '') => ({ context: '', quote: '', status, implementation: [], tests: [], note, line: 0 });
    expect(
      countsLine([row('built'), row('built'), row('partial', 'x'), row('N/A', 'not shown'), row('N/A', 'not built yet (issue 30)')]),
    ).toBe('**Counts:** 5 statements: 2 built, 1 partial, 2 N/A (1 of them not built yet).');
  });
});
