/**
 * Vite plugin: the login screen's first paint comes from index.html itself (issue 27 item 3).
 * The page carries a static copy of the login form (for `/` and `/login`) or of the control
 * screen's header with "Loading…" (for `/control` and `/layout`), in both languages, with its
 * styles inline; a small inline script picks the route's shell and the visitor's language the
 * way the console does (src/i18n/locale.ts: the kept choice, else English when a browser
 * language contains "en", else Chinese) before anything is drawn. The React app takes over in
 * src/loginShell/takeOver.ts, carrying typed text, focus and caret into its own form.
 *
 * The texts are the catalogs' own (locales/{en,zh}/messages.po, read at build time), so the
 * shell says what the form will say; the build fails when one is missing or untranslated. The
 * server allows the inline script by its hash (server/http/static.ts computes it from the file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { SHELL_MESSAGES, type ShellKey } from '../../src/loginShell/shellMessages';
import { EARLY_PLATFORM_GLOBAL, GET_PLATFORM_PATH } from '../../src/api/earlyPlatform';

export type ShellTexts = Record<ShellKey, string>;

/** msgid → msgstr of a .po catalog (the single-line and continued-line forms lingui writes). */
export function readPoCatalog(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  let field: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id !== '') entries.set(id, str);
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    const m = /^(msgid|msgstr) (".*")\s*$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') {
        flush();
        field = 'id';
        id = unquote(m[2]);
      } else {
        field = 'str';
        str = unquote(m[2]);
      }
    } else if (/^".*"\s*$/.test(line) && field) {
      if (field === 'id') id += unquote(line.trim());
      else str += unquote(line.trim());
    } else if (line.trim() === '') field = null;
  }
  flush();
  return entries;
}

/** The shell's texts in `locale`, from the catalog in `root`/locales. */
export function shellTexts(root: string, locale: 'en' | 'zh'): ShellTexts {
  const catalog = readPoCatalog(readFileSync(join(root, 'locales', locale, 'messages.po'), 'utf8'));
  const texts = {} as ShellTexts;
  for (const [key, source] of Object.entries(SHELL_MESSAGES) as [ShellKey, string][]) {
    const translated = catalog.get(source);
    if (translated === undefined) throw new Error(`login shell: "${source}" is not in locales/${locale}/messages.po`);
    if (translated === '' && locale !== 'en') throw new Error(`login shell: "${source}" has no ${locale} translation`);
    texts[key] = translated || source;
  }
  return texts;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The header bar without the platform's name: that comes from the platform (getPlatform), and a
 * default name replaced a moment later would be the flash the shell is there to avoid.
 */
function header(right: string): string {
  return `<header class="ps-hd"><span></span>${right}</header>`;
}

/** The login form's shell: the same fields, names and labels as src/features/login/LoginPanel.tsx. */
export function loginShellHtml(t: ShellTexts): string {
  const field = (name: string, label: string, attrs: string, hint = '') =>
    `<div class="ps-f"><label class="ps-l" for="ps-${name}">${escapeHtml(label)}</label>${hint ? `<p class="ps-d">${escapeHtml(hint)}</p>` : ''}<input class="ps-i" id="ps-${name}" name="${name}" ${attrs}></div>`;
  const nav = `<nav class="ps-nav" aria-label="${escapeHtml(t.links)}"><a class="ps-a" href="login" aria-current="page">${escapeHtml(t.title)}</a></nav>`;
  // the header follows the form in the page and is drawn above it (order), as the app's login
  // screen does: the form is the first Tab stop in the shell as in the app
  return (
    `<main class="ps-main"><div class="ps-paper"><h2 class="ps-title">${escapeHtml(t.title)}</h2>` +
    `<form class="ps-form" aria-label="${escapeHtml(t.form)}" novalidate>` +
    field('mr-id', t.mrId, 'inputmode="numeric" autocomplete="off"') +
    field('password', t.password, 'type="password" autocomplete="current-password"', t.passwordHint) +
    `<div class="ps-row">${field('code', t.code, 'autocomplete="off"')}<div class="ps-pic" role="img" aria-label="${escapeHtml(t.codeLoading)}"><span class="ps-spin"></span></div></div>` +
    `<button class="ps-b" type="submit">${escapeHtml(t.submit)}</button></form></div></main>` +
    header(nav)
  );
}

/** The control screen's shell: its header bar and "Loading…". */
export function controlShellHtml(t: ShellTexts): string {
  return (
    header('') + `<main class="ps-main"><p class="ps-wait" role="status"><span class="ps-spin"></span>${escapeHtml(t.loading)}</p></main>`
  );
}

/**
 * Runs before the first paint: picks the shell for the route and the language, prefills the
 * meeting number like the form does (URL, else the last login) and focuses the first field to
 * fill in. A submit before the app is there is kept and done by the app (takeOver.ts). It also
 * asks for getPlatform, which every screen's first signed request waits for, under the page's
 * path prefix as src/api/basePath.ts has it: the app takes the answer (src/api/earlyPlatform.ts)
 * instead of asking once its script has arrived and run, a second or more later on a slow link.
 */
function pickerScript(pages: Record<'login' | 'control', Record<'en' | 'zh', string>>, preload: Preload = NO_PRELOAD): string {
  return `(function(){var P=${JSON.stringify(pages).replace(/</g, '\\u003c')},R=${JSON.stringify(preload).replace(/</g, '\\u003c')};
var d=document,el=d.getElementById('podium-shell'),l=null,s=location.pathname.replace(/\\/+$/,'').split('/').pop()||'';
try{l=localStorage.getItem('podium.language')}catch(e){}
if(l!=='en'&&l!=='zh'){var ls=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''];l='zh';for(var i=0;i<ls.length;i++)if(String(ls[i]).toLowerCase().indexOf('en')>=0)l='en'}
var k=s===''||s==='login'||s==='index.html'?'login':s==='control'||s==='layout'?'control':null;
if(!k){el.parentNode.removeChild(el);return}
try{var b=location.pathname.replace(/\\/+$/,'');if(s!==''&&b.slice(-s.length-1)==='/'+s)b=b.slice(0,-s.length-1);var g=fetch(location.origin+b+'${GET_PLATFORM_PATH}',{headers:{Accept:'application/json, text/plain, */*'}});g.catch(function(){});window.${EARLY_PLATFORM_GLOBAL}={url:location.origin+b+'${GET_PLATFORM_PATH}',response:g}}catch(e){}
d.documentElement.lang=l==='zh'?'zh-CN':'en';d.documentElement.style.fontSize=innerWidth/110+'px';
el.innerHTML=P[k][l];el.setAttribute('data-shell',k);
R[k].concat(R[k==='login'?'login.'+l:l]).forEach(function(h){var n=d.createElement('link');n.rel='modulepreload';n.href=h;d.head.appendChild(n)});
if(k!=='login')return;
var f=el.querySelector('form'),m=el.querySelector('[name="mr-id"]'),q=new URLSearchParams(location.search).get('mr-id'),v=q;
if(v===null)try{v=localStorage.getItem('podium.mr_id')}catch(e){}
if(v)m.defaultValue=v;(v?el.querySelector('[name="password"]'):m).focus();
f.addEventListener('submit',function(e){e.preventDefault();f.setAttribute('data-submitted','')})})()`;
}

const STYLE = `
#podium-shell{position:fixed;inset:0;z-index:10000;display:flex;flex-direction:column;background:#f8f9fa;color:#000;overflow:auto;
font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif,Apple Color Emoji,Segoe UI Emoji;font-size:1rem;line-height:1.55;-webkit-font-smoothing:antialiased}
#podium-shell *{box-sizing:border-box}
.ps-hd{order:-1;display:flex;align-items:center;justify-content:space-between;flex-wrap:wrap;gap:1rem;padding:.625rem 1rem;background:#fff;border-bottom:1px solid #dee2e6;min-height:calc(28px + 1.25rem + 1px)}
.ps-nav{display:flex;gap:1rem}.ps-a{font-size:.875rem;color:#1971c2;text-decoration:none}
.ps-main{flex:1;display:flex;align-items:center;justify-content:center;padding:1rem}
.ps-paper{width:28rem;max-width:100%;padding:2rem;background:#fff;border:1px solid #dee2e6;border-radius:.25rem;box-shadow:0 1px 3px rgba(0,0,0,.05),rgba(0,0,0,.05) 0 10px 15px -5px,rgba(0,0,0,.04) 0 7px 7px -5px}
.ps-title{margin:0 0 1rem;text-align:center;font-size:1.375rem;font-weight:700;line-height:1.4}
.ps-form{display:flex;flex-direction:column;gap:.75rem;margin:0}
.ps-l{display:block;font-size:.875rem;font-weight:600;line-height:1.55;margin-bottom:1px}
.ps-d{margin:0 0 .3125rem;font-size:.75rem;line-height:1.2;color:#495057}
.ps-l+.ps-i{margin-top:0}
.ps-i{display:block;width:100%;height:2.25rem;padding:0 .75rem;font:inherit;font-size:.875rem;border:1px solid #ced4da;border-radius:.25rem;background:#fff;color:#000;outline:none}
.ps-i:focus{border-color:#1971c2}
.ps-row{display:flex;align-items:flex-start;gap:.625rem}.ps-row .ps-f{flex:1}
.ps-pic{flex:none;width:9rem;height:2.6rem;margin-top:calc(1.55rem + 2px);border:1px solid #ced4da;border-radius:4px;display:flex;align-items:center;justify-content:center}
.ps-b{height:2.25rem;padding:0 1.125rem;border:0;border-radius:.25rem;background:#1971c2;color:#fff;font:inherit;font-size:.875rem;font-weight:600;cursor:pointer}
.ps-wait{display:flex;align-items:center;gap:.625rem;margin:0;color:#495057}
.ps-spin{width:1.1rem;height:1.1rem;border:.15rem solid #dee2e6;border-top-color:#1971c2;border-radius:50%;animation:ps-turn .8s linear infinite}
@keyframes ps-turn{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.ps-spin{animation:none}}
`
  .replace(/\n/g, '')
  .trim();

/**
 * The chunks a screen needs that the entry only asks for once it has run (its catalog, then the
 * route's chunks, in turn): on a slow link each waited for the one before. The picker script asks
 * for them at once, for its route and language only (`login`, `control`, and the catalog: the
 * whole one, `en` or `zh`, for the control screen, the login screen's share, `login.en` or
 * `login.zh`, for the login screen).
 */
export type Preload = Record<'login' | 'control' | 'en' | 'zh' | 'login.en' | 'login.zh', string[]>;
const NO_PRELOAD: Preload = { login: [], control: [], en: [], zh: [], 'login.en': [], 'login.zh': [] };

/** The route modules (and the session chunk) each screen draws with; a chunk holding one is preloaded. */
const SCREEN_MODULES: Record<keyof Preload, RegExp> = {
  login: /src\/routes\/login\.tsx\?tsr-split=component/,
  control: /src\/routes\/_authed(\.tsx|\/control\.tsx)\?tsr-split=component|src\/session\/createSessionActor\.ts$/,
  en: /locales\/en\/messages\.po$/,
  zh: /locales\/zh\/messages\.po$/,
  // the login screen loads only its share of the catalog (loginCatalog.ts)
  'login.en': /podium-login-catalog:en$/,
  'login.zh': /podium-login-catalog:zh$/,
};

/** Each screen's chunks and their static imports, less what the entry loads anyway. */
export function preloadOf(bundle: Rollup.OutputBundle, base = './'): Preload {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entryClosure = new Set<string>();
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
  };
  for (const c of chunks) if (c.isEntry) closure(c.fileName, entryClosure);
  const out = { ...NO_PRELOAD };
  for (const key of Object.keys(SCREEN_MODULES) as (keyof Preload)[]) {
    const files = new Set<string>();
    for (const c of chunks) if (c.moduleIds.some((id) => SCREEN_MODULES[key].test(id.replace(/\\/g, '/')))) closure(c.fileName, files);
    out[key] = [...files].filter((f) => !entryClosure.has(f)).map((f) => base + f);
  }
  return out;
}

export function loginShell(): Plugin {
  let root = process.cwd();
  return {
    name: 'podium:login-shell',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const shellTags = shellHead(root, ctx.bundle ? preloadOf(ctx.bundle) : NO_PRELOAD);
        // The app's stylesheet moves from the head to just before #root: in the head it holds
        // back the first paint until it has arrived (200 KiB of Mantine on a slow link); after
        // the shell it holds back only what follows it, and the app's script still waits for it.
        // Before #root, not after: the theme's variables that Mantine writes inside #root must
        // come later in the cascade than the stylesheet's defaults.
        const links: string[] = [];
        const withoutLinks = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        return { html: withoutLinks.replace('<div id="root">', `${links.join('\n')}\n<div id="root">`), tags: shellTags };
      },
    },
  };
}

/** The shell's style (head), its empty place and the script that fills it (start of the body). */
function shellHead(root: string, preload: Preload) {
  const texts = { en: shellTexts(root, 'en'), zh: shellTexts(root, 'zh') };
  const pages = {
    login: { en: loginShellHtml(texts.en), zh: loginShellHtml(texts.zh) },
    control: { en: controlShellHtml(texts.en), zh: controlShellHtml(texts.zh) },
  };
  return [
    // first in the page, before any stylesheet: see loginStylesLayer
    { tag: 'style', attrs: { id: 'podium-layers' }, children: LAYER_ORDER, injectTo: 'head-prepend' as const },
    { tag: 'style', attrs: { id: 'podium-shell-style' }, children: STYLE, injectTo: 'head' as const },
    { tag: 'div', attrs: { id: 'podium-shell' }, injectTo: 'body-prepend' as const },
    { tag: 'script', children: pickerScript(pages, preload), injectTo: 'body-prepend' as const },
  ];
}

/** The login screen's share of Mantine's styles ranks below all of them, wherever each sheet is. */
export const LAYER_ORDER = '@layer mantine-login, mantine;';

/**
 * Vite plugin: Mantine's per-component stylesheets (imported only by src/styles/loginScreen.ts,
 * the login screen's share; the other screens load Mantine's whole stylesheet) go into the
 * `mantine-login` cascade layer, which index.html declares below `mantine` (LAYER_ORDER). The
 * entry's stylesheet sits at the end of the body (not to hold back the shell's paint) while the
 * whole stylesheet, loaded later, goes into the head: in one layer the share's rules came later
 * in the page and won over the whole sheet's, e.g. UnstyledButton's reset over the Tabs' padding.
 */
export function loginStylesLayer(): Plugin {
  return {
    name: 'podium:login-styles-layer',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@mantine[\\/]core[\\/]styles[\\/][^\\/]+\.layer\.css(\?|$)/.test(id)) return null;
      return { code: code.replace(/@layer mantine\b/g, '@layer mantine-login'), map: null };
    },
  };
}
