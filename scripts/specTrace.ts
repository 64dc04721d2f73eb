/**
 * The spec trace (docs/spec-trace.md) checked against the spec (docs/console-spec.md, the copy of
 * ../shared/spec/console-spec.md that a clean clone has): every statement of the spec quoted by
 * exactly one row, every row either built (where, and which test shows it) or N/A with a reason,
 * every file it names present and every test it names found in that file.
 *
 * A statement is one sentence of a paragraph or of a bullet, or one body row of a table. Headings
 * (#, and a line that is bold text only) and lead-in lines ending in ':' are not statements; they
 * name the context a statement is traced under ("4. States and transitions › Login"), which tells
 * two identical sentences apart ("Roll call: start, next, end." is both a dialog and a state).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SpecStatement {
  /** heading › bold sub-heading › lead-in, as the trace's `##` heading repeats it */
  context: string;
  text: string;
  /** 1-based line of the spec */
  line: number;
}

/** Markdown emphasis and code marks removed, runs of white space made one space. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\*\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sentences end at '.', '!' or '?' followed by a space and a capital, a quote or a bracket. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z"(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => plainText(c));
}

export function specStatements(markdown: string): SpecStatement[] {
  const out: SpecStatement[] = [];
  const lines = markdown.split('\n');
  let heading = '';
  let subHeading = '';
  let leadIn = '';
  let tableRow = 0;
  const context = () => [heading, subHeading, leadIn].filter(Boolean).join(' › ');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const lineNo = i + 1;
    if (!line.startsWith('|')) tableRow = 0;
    if (!line) return;
    const headingMatch = /^#+\s+(.*)$/.exec(line);
    if (headingMatch) {
      heading = plainText(headingMatch[1]);
      subHeading = '';
      leadIn = '';
      return;
    }
    if (/^\*\*[^*]+\*\*$/.test(line) && !plainText(line).endsWith(':')) {
      subHeading = plainText(line);
      leadIn = '';
      return;
    }
    // a paragraph that opens with a bold label starts a topic of its own, outside the sub-heading
    if (/^\*\*/.test(line)) subHeading = '';
    if (line.startsWith('|')) {
      tableRow += 1;
      // the first row names the columns, the second is the |---| separator
      if (tableRow <= 2) return;
      const text = tableCells(line).filter(Boolean).join(' — ');
      if (text) out.push({ context: context(), text, line: lineNo });
      return;
    }
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (!bullet) leadIn = '';
    const parts = sentences(plainText(bullet ? bullet[1] : line));
    // a paragraph ending in ':' leads in the bullets or table below it: its last sentence is
    // their context, the sentences before it are statements
    const lead = !bullet && parts[parts.length - 1].endsWith(':') ? parts.pop()! : '';
    for (const sentence of parts) out.push({ context: context(), text: sentence, line: lineNo });
    if (lead) leadIn = lead.slice(0, -1);
  });
  return out;
}

export type TraceStatus = 'built' | 'partial' | 'N/A';

export interface Reference {
  path: string;
  /** a symbol of an implementation file, or the title of a test in a test file */
  name?: string;
}

export interface TraceRow {
  context: string;
  quote: string;
  status: string;
  implementation: Reference[];
  tests: Reference[];
  note: string;
  line: number;
}

/** `path` or `path` › `name`, several in one cell. */
export function references(cell: string): Reference[] {
  const refs: Reference[] = [];
  for (const m of cell.matchAll(/`([^`]+)`(?:\s*›\s*`([^`]+)`)?/g)) refs.push(m[2] ? { path: m[1], name: m[2] } : { path: m[1] });
  return refs;
}

const ROW_HEADER = /^\|\s*Statement\s*\|/;

/** The rows of the trace, each under the `##` heading that names its spec context. */
export function traceRows(markdown: string): TraceRow[] {
  const rows: TraceRow[] = [];
  let context = '';
  markdown.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const heading = /^##\s+(.*)$/.exec(line);
    if (heading) {
      context = heading[1].trim();
      return;
    }
    if (!line.startsWith('|') || ROW_HEADER.test(line) || /^\|[\s|:-]+\|$/.test(line)) return;
    // cells split on | not escaped as \|
    const cells = line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|'));
    const [quote = '', status = '', implementation = '', tests = '', note = ''] = cells;
    rows.push({
      context,
      quote: plainText(quote).replace(/…$/, '').trim(),
      status,
      implementation: references(implementation),
      tests: references(tests),
      note: note.trim(),
      line: i + 1,
    });
  });
  return rows;
}

/** Titles of it/test/describe calls in a test file, string escapes undone. */
export function testTitles(source: string): Set<string> {
  const titles = new Set<string>();
  const re = /\b(?:it|test|describe)(?:\.\w+)*\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)/g;
  // it.each([...])('title %s', …): the title follows the table (brackets nested a few deep)
  const each = /\.each\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)/g;
  for (const m of [...source.matchAll(re), ...source.matchAll(each)]) titles.add(m[1].slice(1, -1).replace(/\\(.)/g, '$1'));
  return titles;
}

const startsWithWords = (text: string, quote: string) =>
  quote.length > 0 &&
  text.startsWith(quote) &&
  (text.length === quote.length || /^[\s.,;:!?)"'—]/.test(text.slice(quote.length)) || /[\s—]$/.test(quote));

/**
 * Every way the trace is untrue to the spec or to the repo, as sentences naming the row's line
 * (or the statement's spec line). Empty when the trace is complete and every reference holds.
 */
export function traceProblems(spec: string, trace: string, repoRoot: string): string[] {
  const problems: string[] = [];
  const statements = specStatements(spec);
  const rows = traceRows(trace);
  const quotedBy = new Map<SpecStatement, TraceRow>();
  const fileCache = new Map<string, string | null>();
  const read = (path: string) => {
    if (!fileCache.has(path)) {
      const full = join(repoRoot, path);
      fileCache.set(path, existsSync(full) ? readFileSync(full, 'utf8') : null);
    }
    return fileCache.get(path) ?? null;
  };

  for (const row of rows) {
    const where = `trace line ${row.line} ("${row.quote}")`;
    const inContext = statements.filter((s) => s.context === row.context);
    if (inContext.length === 0) {
      problems.push(`${where}: the heading "${row.context}" is no context of the spec`);
      continue;
    }
    const exact = inContext.filter((s) => s.text === row.quote);
    const prefixed = inContext.filter((s) => startsWithWords(s.text, row.quote));
    const matches = exact.length === 1 ? exact : prefixed;
    if (matches.length === 0) problems.push(`${where}: quotes no statement of "${row.context}"`);
    else if (matches.length > 1) problems.push(`${where}: the quote starts ${matches.length} statements; quote more words`);
    else {
      const earlier = quotedBy.get(matches[0]);
      if (earlier) problems.push(`${where}: the statement is already traced at trace line ${earlier.line}`);
      else quotedBy.set(matches[0], row);
    }

    if (row.status === 'built' || row.status === 'partial') {
      if (row.implementation.length === 0) problems.push(`${where}: ${row.status} but no implementation named`);
      if (row.tests.length === 0) problems.push(`${where}: ${row.status} but no test named`);
      if (row.status === 'partial' && !row.note) problems.push(`${where}: partial without saying what is missing`);
    } else if (row.status === 'N/A') {
      if (!row.note) problems.push(`${where}: N/A without a reason`);
    } else problems.push(`${where}: status "${row.status}" is none of built, partial, N/A`);

    for (const ref of row.implementation) {
      const text = read(ref.path);
      if (text === null) problems.push(`${where}: ${ref.path} does not exist`);
      else if (ref.name && !text.includes(ref.name)) problems.push(`${where}: ${ref.path} has no "${ref.name}"`);
    }
    for (const ref of row.tests) {
      const text = read(ref.path);
      if (text === null) problems.push(`${where}: ${ref.path} does not exist`);
      else if (!ref.name) problems.push(`${where}: ${ref.path} is named without the test's title`);
      else if (!testTitles(text).has(ref.name)) problems.push(`${where}: ${ref.path} has no test "${ref.name}"`);
    }
  }

  for (const s of statements) {
    if (!quotedBy.has(s)) problems.push(`spec line ${s.line} ("${s.text}") under "${s.context}" has no row in the trace`);
  }
  return problems;
}

/** A row marked "not built yet" is N/A only until its work lands (issue 30). */
export const NOT_BUILT_YET = /not built yet/i;

/**
 * The counts line the trace carries, computed from its rows, so the summary cannot drift from
 * the table: "**Counts:** 340 statements: 250 built, 40 partial, 50 N/A (20 of them not built yet)."
 */
export function countsLine(rows: readonly TraceRow[]): string {
  const count = (status: TraceStatus) => rows.filter((r) => r.status === status).length;
  const notYet = rows.filter((r) => r.status === 'N/A' && NOT_BUILT_YET.test(r.note)).length;
  return `**Counts:** ${rows.length} statements: ${count('built')} built, ${count('partial')} partial, ${count('N/A')} N/A (${notYet} of them not built yet).`;
}

/**
 * `npx tsx scripts/specTrace.ts`: lists what the check would refuse and rewrites the counts line
 * of docs/spec-trace.md from its rows (after a row changed status).
 */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const tracePath = join(root, 'docs', 'spec-trace.md');
  const trace = readFileSync(tracePath, 'utf8');
  const line = countsLine(traceRows(trace));
  writeFileSync(tracePath, trace.replace(/^\*\*Counts:\*\*.*$/m, line));
  const problems = traceProblems(readFileSync(join(root, 'docs', 'console-spec.md'), 'utf8'), trace, root);
  for (const p of problems) console.log(p);
  console.log(line);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
