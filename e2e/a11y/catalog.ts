/**
 * The a11y specs walk every dialog and popover in both languages; rather than a second copy of
 * fifty translations, they look the Chinese text up in the zh catalog the console is built from.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Lang } from '../pages/signIn';

export type { Lang };

let zhCatalog: Map<string, string> | null = null;

function loadZh(): Map<string, string> {
  const text = readFileSync(fileURLToPath(new URL('../../locales/zh/messages.po', import.meta.url)), 'utf8');
  const entries = new Map<string, string>();
  for (const match of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    entries.set(JSON.parse(match[1]) as string, JSON.parse(match[2]) as string);
  }
  return entries;
}

/** The text of the English message `english` in `lang`, with `{placeholders}` filled from `values`. */
export function text(lang: Lang, english: string, values: Record<string, string> = {}): string {
  let message = english;
  if (lang === 'zh') {
    zhCatalog ??= loadZh();
    const translated = zhCatalog.get(english);
    if (translated === undefined) throw new Error(`no zh translation of "${english}"`);
    message = translated;
  }
  return message.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}
