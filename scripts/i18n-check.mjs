#!/usr/bin/env node
/**
 * Fails when the message catalogs are stale (running `lingui extract --clean` would change them)
 * or a translation is missing (`lingui compile --strict`). Works on a temporary copy of the
 * catalogs, so the check never edits the working tree; `npm run i18n:extract` updates the real
 * ones.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const LOCALES = ['zh', 'en'];
const lingui = join(root, 'node_modules', '.bin', 'lingui');

/** msgid → msgstr of a .po file (enough to explain a difference; not a full PO parser) */
function messagesOf(text) {
  const map = new Map();
  const unquote = (lines) => lines.map((l) => JSON.parse(l.replace(/^(msgid|msgstr)\s+/, ''))).join('');
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const idAt = lines.findIndex((l) => l.startsWith('msgid '));
    const strAt = lines.findIndex((l) => l.startsWith('msgstr '));
    if (idAt < 0 || strAt < 0) continue;
    const id = unquote(lines.slice(idAt, strAt));
    if (id === '') continue;
    map.set(id, unquote(lines.slice(strAt)));
  }
  return map;
}

function run(args, cwd) {
  const r = spawnSync(lingui, args, { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

const work = mkdtempSync(join(tmpdir(), 'podium-i18n-'));
let failed = false;
try {
  for (const locale of LOCALES) {
    const src = join(root, 'locales', locale, 'messages.po');
    if (!existsSync(src)) {
      console.error(`i18n: missing catalog locales/${locale}/messages.po (run npm run i18n:extract)`);
      failed = true;
      continue;
    }
    cpSync(src, join(work, locale, 'messages.po'));
  }
  if (failed) process.exit(1);

  const config = join(work, 'lingui.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      rootDir: root,
      locales: LOCALES,
      sourceLocale: 'en',
      fallbackLocales: { default: 'en' },
      catalogs: [{ path: join(work, '{locale}', 'messages'), include: ['<rootDir>/src'], exclude: ['**/node_modules/**', '**/*.test.*'] }],
      format: 'po',
      formatOptions: { origins: true, lineNumbers: false },
    }),
  );
  // The copy must use the same settings as the project config, or the comparison is meaningless.
  const projectConfig = readFileSync(join(root, 'lingui.config.ts'), 'utf8');
  for (const needle of ["sourceLocale: 'en'", 'lineNumbers: false', "format: 'po'", '/locales/{locale}/messages', "'<rootDir>/src'"]) {
    if (!projectConfig.includes(needle)) {
      console.error(`i18n: lingui.config.ts no longer contains ${needle}; update scripts/i18n-check.mjs`);
      process.exit(1);
    }
  }

  const extract = run(['extract', '--clean', '--config', config], root);
  if (!extract.ok) {
    console.error(extract.out);
    console.error('i18n: extraction failed');
    process.exit(1);
  }
  for (const locale of LOCALES) {
    const before = readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8');
    const after = readFileSync(join(work, locale, 'messages.po'), 'utf8');
    if (before === after) continue;
    failed = true;
    const was = messagesOf(before);
    const now = messagesOf(after);
    const added = [...now.keys()].filter((id) => !was.has(id));
    const removed = [...was.keys()].filter((id) => !now.has(id));
    console.error(`i18n: locales/${locale}/messages.po is stale (run npm run i18n:extract)`);
    for (const id of added.slice(0, 20)) console.error(`  + ${id}`);
    for (const id of removed.slice(0, 20)) console.error(`  - ${id}`);
    if (added.length + removed.length > 40) console.error(`  … ${added.length} new, ${removed.length} obsolete in all`);
    if (added.length + removed.length === 0) console.error('  (comments, origins or order differ)');
  }

  const compile = run(['compile', '--strict', '--config', config], root);
  if (!compile.ok) {
    failed = true;
    console.error(compile.out.trim());
    console.error('i18n: some messages have no translation (lingui compile --strict)');
  }
  // compile --strict only knows "missing"; an empty Chinese text copied from the id also counts.
  const zh = messagesOf(readFileSync(join(work, 'zh', 'messages.po'), 'utf8'));
  const untranslated = [...zh].filter(([, str]) => str.trim() === '').map(([id]) => id);
  if (untranslated.length > 0 && compile.ok) {
    failed = true;
    console.error(`i18n: ${untranslated.length} messages lack a Chinese translation:`);
    for (const id of untranslated.slice(0, 40)) console.error(`  ${id}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failed) process.exit(1);
console.log('i18n: catalogs are up to date and complete');
