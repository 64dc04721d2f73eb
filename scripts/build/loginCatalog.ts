/**
 * Vite plugin: a catalog of the login screen's own messages (issue 27 item 2). The whole catalog of
 * a language is about 17 KiB Brotli and the login screen shows a few dozen of its messages, on the
 * one screen where every byte delays a usable form. `virtual:login-catalog/zh` (and `/en`) is the
 * language's catalog cut down, at build time, to the message ids that occur in the code the login
 * screen runs: the entry and the login routes' chunks, the language menu they open, and every
 * chunk those import. The ids are read from each module after the Lingui macro has compiled it;
 * an id that is not a message (an element's `id="…"`) matches no catalog entry and is dropped.
 * Outside a build (the dev server, Vitest) the module is the whole catalog. The other screens load
 * the whole catalog before they draw (src/i18n/i18n.ts, catalogBeforeScreen).
 */
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:login-catalog/';
const RESOLVED = '\0podium-login-catalog:';
const placeholder = (locale: string) => `__PODIUM_LOGIN_CATALOG_${locale}__`;

/** where a compiled message id appears: `{ id: "aECUiN" }`, `id: 'x'`, `<Trans id="x" />` */
const MESSAGE_ID = /\bid\s*[:=]\s*["']([A-Za-z0-9+/=_-]{1,32})["']/g;

/** modules the login screen loads on its own, beyond what its routes import */
const LOGIN_LAZY_MODULES = [/src[\\/]i18n[\\/]LanguageMenuPopup\.tsx$/];
/** the routes that draw the login screen (their split chunks carry `?tsr-split=…`) */
const LOGIN_ROUTES = /src[\\/]routes[\\/](login|index)\.tsx(\?|$)/;

export interface ChunkInfo {
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
}

/** The chunks the login screen runs: the entry's, the login routes', the language menu's, and what they import. */
export function loginChunks(chunks: Readonly<Record<string, ChunkInfo>>): Set<string> {
  const seeds = Object.entries(chunks)
    .filter(
      ([, c]) =>
        c.isEntry ||
        c.moduleIds.some((m) => LOGIN_ROUTES.test(m)) ||
        (c.facadeModuleId !== null && LOGIN_LAZY_MODULES.some((re) => re.test(c.facadeModuleId!))),
    )
    .map(([name]) => name);
  const out = new Set<string>();
  const stack = [...seeds];
  while (stack.length) {
    const name = stack.pop()!;
    if (out.has(name) || !chunks[name]) continue;
    out.add(name);
    stack.push(...chunks[name].imports);
  }
  return out;
}

/** The message ids written in a module's compiled code. */
export function messageIdsIn(code: string): string[] {
  return [...code.matchAll(MESSAGE_ID)].map((m) => m[1]);
}

/** The entries of `messages` whose id is in `ids`. */
export function pickMessages<T>(messages: Readonly<Record<string, T>>, ids: ReadonlySet<string>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const id of Object.keys(messages)) if (ids.has(id)) out[id] = messages[id];
  return out;
}

export function loginCatalog(): Plugin {
  const config = getConfig();
  const idsByModule = new Map<string, string[]>();
  let building = false;
  const rootDir = config.rootDir ?? process.cwd();
  const catalogFile = (locale: string) => resolve(rootDir, `locales/${locale}/messages.po`);

  async function translations(locale: string): Promise<Record<string, string>> {
    const found = getCatalogForFile(relative(rootDir, catalogFile(locale)), await getCatalogs(config));
    if (!found) throw new Error(`loginCatalog: no Lingui catalog for ${locale}`);
    // as @lingui/vite-plugin reads them, so both modules hold the same translations
    const options = { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale };
    const { messages } = await found.catalog.getTranslations(found.locale, options as Parameters<typeof found.catalog.getTranslations>[1]);
    return messages as Record<string, string>;
  }

  return {
    name: 'podium-login-catalog',
    configResolved(resolved) {
      building = resolved.command === 'build' && !process.env.VITEST;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      if (!config.locales.includes(locale)) throw new Error(`loginCatalog: unknown locale ${locale}`);
      // the dev server and the tests: the whole catalog, compiled by @lingui/vite-plugin
      if (!building) return `export { messages } from ${JSON.stringify(catalogFile(locale))};`;
      // filled in once the chunks are known (renderChunk); a string, which minifying leaves alone
      return `export const messages = JSON.parse(${JSON.stringify(placeholder(locale))});`;
    },
    transform(code, id) {
      if (building && !id.includes('node_modules') && /\.[cm]?[jt]sx?(\?|$)/.test(id)) {
        const ids = messageIdsIn(code);
        if (ids.length) idsByModule.set(id, ids);
        else idsByModule.delete(id);
      }
      return undefined;
    },
    async renderChunk(code, chunk, _options, meta) {
      const own = chunk.moduleIds.find((m) => m.startsWith(RESOLVED));
      if (!own) return null;
      const locale = own.slice(RESOLVED.length);
      const ids = new Set<string>();
      for (const name of loginChunks(meta.chunks))
        for (const m of meta.chunks[name].moduleIds) for (const i of idsByModule.get(m) ?? []) ids.add(i);
      const picked = pickMessages(await translations(locale), ids);
      const { source, errors } = createCompiledCatalog(locale, picked, { namespace: 'json' });
      if (errors.length) throw new Error(`loginCatalog: ${errors.length} messages of ${locale} do not compile`);
      const compiled = (JSON.parse(source) as { messages: unknown }).messages;
      const found = new RegExp(`(["'])${placeholder(locale)}\\1`).exec(code);
      if (!found) throw new Error(`loginCatalog: the ${locale} placeholder is not in its chunk`);
      this.info(`login catalog ${locale}: ${Object.keys(picked).length} messages`);
      const literal = JSON.stringify(JSON.stringify(compiled));
      // map null: the chunk is this one statement, nothing before the string moves
      return { code: code.slice(0, found.index) + literal + code.slice(found.index + found[0].length), map: null };
    },
  };
}
